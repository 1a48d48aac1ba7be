import Synchronization

/// Everything a resolve needs, linked once and then only read: published by the container and
/// read without a lock. Registering anything afterwards makes the container build a new one at
/// the next resolve; a root frees the old one once no resolve can be reading it (see
/// `Reclamation.swift`).
///
/// A child container's snapshot is incremental: it stands on its parent's snapshot (``base``)
/// and links only its own components and the parents' components whose dependencies its own
/// registrations change; every other component is the parent's producer as it is.
@usableFromInline
final class Snapshot: @unchecked Sendable {
  /// Unqualified types that some container in the chain provides without ambiguity. Empty for
  /// an incremental snapshot, whose lookups go through ``slowProducer(for:qualifier:)``.
  @usableFromInline let table: TypeTable
  /// The same for names and tags.
  @usableFromInline let qualified: [LookupKey: AnyProducer]
  /// The `.single`s this snapshot linked itself, and its decorated `.single` instances.
  private let ownSingles: [(record: ComponentRecord, producer: AnyProducer)]
  /// Every `.single` visible from the container, for `initializeSingletons()`. Put together
  /// when asked, so that a child linked per request does not copy its parents' list.
  var singles: [(record: ComponentRecord, producer: AnyProducer)] {
    guard let base else { return ownSingles }
    return ownSingles + base.singles
  }
  /// The parent's snapshot an incremental snapshot stands on; kept alive by it, since its
  /// producers call the parent's.
  let base: Snapshot?
  /// How many of the container's own records this snapshot includes: those registered later
  /// make the next one.
  let recordCount: Int
  /// A root's snapshot standing on a base: the records it added, and those whose options
  /// changed; merged into the next snapshot when its layer grows as large (see `Container`).
  let layer: [ComponentRecord]
  let touched: [ComponentRecord]
  /// Why every resolve through this snapshot fails: the container is closed.
  private let closedError: ResolutionError?

  /// Slow paths (modifiers and failures asked for at the top level) link more producers on
  /// demand; they share the linker under this lock and cache what they make.
  private let lock = Lock()
  private let linker: Linker
  private var extra: [LookupKey: AnyProducer] = [:]
  /// Guards `extra`: read shared by resolves, written (under `lock` too) when linking on demand.
  private let extraLock = ReadWriteLock()
  /// How many entries `extra` has; guarded by `lock`.
  private var extraCount = 0
  /// The producer of every component this snapshot linked itself; never changes after `init`,
  /// so children read it without a lock.
  private let own: [ObjectIdentifier: AnyProducer]
  /// Who asks for each key, made the first time a child needs it (see ``dependents(of:)``).
  private let dependentsIndex = LazyReference<Dependents>()

  deinit {
    linker.breakCycles()
  }

  init(linker: Linker) {
    self.linker = linker
    self.base = nil
    self.closedError = nil
    self.layer = []
    self.touched = []
    var plain: [ObjectIdentifier: AnyProducer?] = [:]
    var qualified: [LookupKey: AnyProducer] = [:]
    // Link every component, in registration order (so that the recorded dependencies come in
    // the same order every run), not only those reached from a resolve: a graph is linked in
    // one pass that is linear in components plus dependencies. That includes components no key
    // chooses (hidden by a child's override, or ambiguous), so that validation knows their
    // dependencies too.
    // The link tables are made at their size, not grown by doubling.
    let records = linker.records
    var forwards = 0
    for record in records { forwards += record.forwards.count }
    linker.linked.reserveCapacity(records.count)
    linker.forwarded.reserveCapacity(forwards)
    for record in records { _ = linker.producer(of: record) }
    linker.linkPostponed()
    func add(_ key: LookupKey, _ choice: Choice) {
      guard case .found(let candidate) = choice else { return }
      let producer = linker.producer(of: candidate)
      if key.qualifier == .none {
        plain[key.type] = producer
      } else {
        qualified[key] = producer
      }
    }
    if linker.levels.count == 1 {
      // A root linked whole: each key's candidates are at hand, no lookup needed.
      let index = linker.levels[0].index
      plain.reserveCapacity(index.count)
      for (key, candidates) in index where !candidates.isEmpty {
        add(key, Linker.decide(among: candidates))
      }
    } else {
      for key in linker.keys { add(key, linker.choose(key)) }
    }
    self.table = TypeTable(plain)
    self.qualified = qualified
    self.recordCount = linker.records.count
    self.ownSingles =
      linker.records.filter { $0.lifetime == .single }.map { ($0, linker.producer(of: $0)) }
      + linker.decoratedSingles
    self.own = linker.linkedProducers
  }

  /// A snapshot standing on `base` that links only what changed: the components of `layer`,
  /// those in `touched` (options changed after they were linked), and the components of `base`
  /// that depend, directly or not, on a key any of them provides; the rest is `base`'s.
  ///
  /// For a child, `layer` is its own registrations, and a parent's `.single` is never relinked:
  /// it is built by the container that registered it. For a root that registered after
  /// resolving, `layer` is what it registered since (a layer of the same container as `base`'s,
  /// so their candidates compete), and the fast table holds the changed keys in front of
  /// `base`'s.
  init(
    container: Container, layer: Level, touched: [ComponentRecord], base: Snapshot,
    isChild: Bool, recordCount: Int
  ) {
    var relinked = Set(layer.records.map(ObjectIdentifier.init))
    var order: [ComponentRecord] = layer.records
    var changedKeys = Set(layer.index.keys).union(layer.contextual.keys)
    // A decorator changes what every key of its type resolves to, in this container and below.
    if !layer.decorators.isEmpty {
      for level in base.linker.levels {
        for key in level.index.keys where layer.decorators[key.type] != nil {
          changedKeys.insert(key)
        }
        for key in level.contextual.keys where layer.decorators[key.type] != nil {
          changedKeys.insert(key)
        }
      }
    }
    for record in touched where relinked.insert(ObjectIdentifier(record)).inserted {
      order.append(record)
      changedKeys.formUnion(record.keys)
    }
    var pending = Array(changedKeys)
    while let key = pending.popLast() {
      for record in base.dependents(of: key) where !(isChild && record.lifetime == .single) {
        guard relinked.insert(ObjectIdentifier(record)).inserted else { continue }
        order.append(record)
        for provided in record.keys where changedKeys.insert(provided).inserted {
          pending.append(provided)
        }
      }
    }
    let linker = Linker(
      container: container, keepingCyclesInContainer: true,
      levels: [layer] + base.linker.levels, base: base, relinked: relinked)
    for record in order { _ = linker.producer(of: record) }
    linker.linkPostponed()
    self.linker = linker
    self.base = base
    self.closedError = nil
    self.recordCount = recordCount
    self.layer = layer.records
    self.touched = touched
    if isChild {
      // A child is resolved through `slowProducer`, which links what it is asked for.
      self.table = TypeTable([:])
      self.qualified = [:]
    } else {
      var plain: [ObjectIdentifier: AnyProducer?] = [:]
      var qualified: [LookupKey: AnyProducer] = [:]
      for key in changedKeys {
        let found = linker.decide(key).map { linker.producer(of: $0) }
        if key.qualifier == .none {
          plain[key.type] = .some(found)
        } else if let found {
          qualified[key] = found
        }
      }
      self.table = TypeTable(plain, fallback: base.table)
      self.qualified = qualified
    }
    self.ownSingles =
      order.filter { $0.lifetime == .single }.map { ($0, linker.producer(of: $0)) }
      + linker.decoratedSingles
    self.own = linker.linkedProducers
  }

  /// The snapshot of a closed container: every resolve through it fails with that reason.
  init(closed container: Container) {
    self.linker = Linker(container: container, levels: [])
    self.base = nil
    self.closedError = ResolutionError(reason: .containerClosed)
    self.layer = []
    self.touched = []
    self.recordCount = 0
    self.table = TypeTable([:])
    self.qualified = [:]
    self.ownSingles = []
    self.own = [:]
  }

  /// Whether this snapshot links only what a child changes (validation needs a full one).
  var isIncremental: Bool { base != nil }

  /// The container whose snapshot this is.
  var linkerContainer: Container { linker.container }

  /// Runs `body` with the linker (its edges, records and lookups), under the snapshot's lock.
  func withLinker<Result>(_ body: (Linker) -> Result) -> Result {
    lock.withLock { body(linker) }
  }

  /// The producer `record` has through this snapshot: linked here, or its base's.
  func producer(of record: ComponentRecord) -> AnyProducer? {
    own[ObjectIdentifier(record)] ?? base?.producer(of: record)
  }

  /// The components that ask for `key` (as a plain, optional, `many`, modifier or injected
  /// dependency): what a child providing `key` must relink.
  func dependents(of key: LookupKey) -> [ComponentRecord] {
    let index =
      dependentsIndex.load()
      ?? dependentsIndex.storeIfNil(lock.withLock { Dependents(linker.edges) })
    // A child's own index holds what it relinked; what it did not is asked for in its bases.
    guard let base else { return index.askers[key] ?? [] }
    return (index.askers[key] ?? []) + base.dependents(of: key)
  }

  /// A producer for what the fast table does not hold: a modifier (`Optional`), an ambiguous or
  /// missing type (a producer that throws why), or anything under a name or tag.
  @usableFromInline
  func slowProducer<T>(for type: T.Type, qualifier: Qualifier) -> Producer<T> {
    if let closedError { return .failing(closedError) }
    // A child with no registrations of its own resolves through its parent's snapshot: its
    // table answers without the lock that every such child would share.
    if qualifier == .none, let found = table.producer(for: ObjectIdentifier(T.self)) {
      return unsafeDowncast(found.takeUnretainedValue(), to: Producer<T>.self)
    }
    let key = LookupKey(type: ObjectIdentifier(T.self), qualifier: qualifier)
    // Names and tags linked with the snapshot are read without a lock; what was linked on
    // demand since (modifiers, failures) under the lock held shared, so that threads resolving
    // by name, tag or `Optional` at once do not wait for each other.
    if let made = qualified[key] { return unsafeDowncast(made, to: Producer<T>.self) }
    extraLock.lockShared()
    let cached = extra[key]
    extraLock.unlock()
    if let cached { return unsafeDowncast(cached, to: Producer<T>.self) }
    // Linking reads the components' options: under the container chain's locks held shared,
    // as validation does, so that an option changed meanwhile waits.
    return linker.container.lockingChain { linkOnDemand(T.self, key: key, qualifier: qualifier) }
  }

  private func linkOnDemand<T>(
    _ type: T.Type, key: LookupKey, qualifier: Qualifier
  ) -> Producer<T> {
    lock.withLock {
      if let made = extraLock.withLock({ extra[key] }) {
        return unsafeDowncast(made, to: Producer<T>.self)
      }
      let made = linker.producer(for: T.self, qualifier: qualifier)
      linker.linkPostponed()
      // Bounded: keys asked for at run time (a name taken from input) must not grow memory
      // without limit. Past the bound, what is not cached is linked again when asked.
      if extraCount < Self.maximumExtra {
        extraLock.withLock { extra[key] = made }
        extraCount += 1
      }
      return made
    }
  }

  /// How many producers linked on demand this snapshot keeps now.
  var extraCountForTesting: Int { lock.withLock { extraCount } }

  /// How many producers linked on demand a snapshot keeps.
  static var maximumExtra: Int { 1_024 }
}

/// For each key, the components a snapshot linked itself that ask for it.
final class Dependents: Sendable {
  let askers: [LookupKey: [ComponentRecord]]

  init(_ edges: [DependencyEdge]) {
    // A component asking twice for a key is listed twice: the walk that reads this skips a
    // component it has seen.
    var askers: [LookupKey: [ComponentRecord]] = [:]
    for edge in edges { askers[edge.key, default: []].append(edge.from) }
    self.askers = askers
  }
}
