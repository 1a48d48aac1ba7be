/// Everything a resolve needs, linked once and then only read: published by the container with
/// release ordering and read without a lock. Registering anything afterwards makes the container
/// (and its children) build a new one at the next resolve; the old one stays alive until the
/// container goes, since another thread may still be resolving through it.
@usableFromInline
final class Snapshot: @unchecked Sendable {
  /// Unqualified types that some container in the chain provides without ambiguity.
  @usableFromInline let table: TypeTable
  /// The same for names and tags.
  @usableFromInline let qualified: [LookupKey: AnyProducer]
  /// Every `.single` visible from the container, for `initializeSingletons()`.
  let singles: [(record: ComponentRecord, producer: AnyProducer)]

  /// Slow paths (modifiers and failures asked for at the top level) link more producers on
  /// demand; they share the linker under this lock and cache what they make.
  private let lock = Lock()
  private let linker: Linker
  private var extra: [LookupKey: AnyProducer] = [:]

  deinit {
    linker.breakCycles()
  }

  init(linker: Linker) {
    self.linker = linker
    var plain: [ObjectIdentifier: AnyProducer] = [:]
    var qualified: [LookupKey: AnyProducer] = [:]
    // Link every component, in registration order (so that the recorded dependencies come in
    // the same order every run), not only those reached from a resolve: a graph is linked in
    // one pass that is linear in components plus dependencies. That includes components no key
    // chooses (hidden by a child's override, or ambiguous), so that validation knows their
    // dependencies too.
    for record in linker.records { _ = linker.producer(of: record) }
    linker.linkPostponed()
    for key in linker.keys {
      guard case .found(let candidate) = linker.choose(key) else { continue }
      let producer = linker.producer(of: candidate)
      if key.qualifier == .none {
        plain[key.type] = producer
      } else {
        qualified[key] = producer
      }
    }
    self.table = TypeTable(plain)
    self.qualified = qualified
    self.singles = linker.records.filter { $0.lifetime == .single }.map {
      ($0, linker.producer(of: $0))
    }
  }

  /// Runs `body` with the linker (its edges, records and lookups), under the snapshot's lock.
  func withLinker<Result>(_ body: (Linker) -> Result) -> Result {
    lock.withLock { body(linker) }
  }

  /// A producer for what the fast table does not hold: a modifier (`Optional`), an ambiguous or
  /// missing type (a producer that throws why), or anything under a name or tag.
  @usableFromInline
  func slowProducer<T>(for type: T.Type, qualifier: Qualifier) -> Producer<T> {
    let key = LookupKey(type: ObjectIdentifier(T.self), qualifier: qualifier)
    return lock.withLock {
      if let made = extra[key] ?? qualified[key] { return made as! Producer<T> }
      let made = linker.producer(for: T.self, qualifier: qualifier)
      linker.linkPostponed()
      extra[key] = made
      return made
    }
  }
}
