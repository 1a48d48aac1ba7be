/// The `.objectGraph` instances of one top-level resolve, and of the later resolves of the
/// `Lazy`s and `Provider`s made in it.
///
/// Until a `Lazy` or `Provider` captures it, only the resolving thread uses the graph, without a
/// lock. Once shared, any thread may resolve in it, while the first resolve still runs or
/// later, and every access takes the graph's lock, held only to read or change the tables:
/// never while user code runs, so resolves in one graph neither wait for each other's factories
/// nor deadlock when one factory uses another `Provider` of the graph.
@usableFromInline
final class ObjectGraph: @unchecked Sendable {
  /// Instances made while some resolve in the graph runs, held strongly.
  private var instances: [ObjectIdentifier: Any] = [:]

  /// Class instances of resolves that have ended, held weakly: a `Lazy` or `Provider` keeps the
  /// graph for later, and an instance that holds one of them must not be kept alive by it.
  /// Values (structs) are not kept past the resolves that made them.
  private var earlier: [ObjectIdentifier: WeakReference] = [:]

  /// The period of each scope this graph's resolves met first: they stay in it.
  private var periods: [ObjectIdentifier: AnyObject] = [:]

  /// Resolves running in the graph; when the last ends, the graph lets go of its instances.
  private var active = 1

  /// Made when a `Lazy` or `Provider` first captures the graph; guards the state above from
  /// then on.
  private var sharingLock: Lock?

  @usableFromInline
  init() {}

  /// Whether a `Lazy` or `Provider` keeps this graph for later.
  @usableFromInline
  var isShared: Bool { sharingLock != nil }

  private func locked<R>(_ body: () -> R) -> R {
    guard let sharingLock else { return body() }
    return sharingLock.withLock(body)
  }

  /// The instance a component made in this graph, if it still exists.
  @usableFromInline
  func instance(_ id: ObjectIdentifier) -> Any? {
    locked {
      if let made = instances[id] { return made }
      return earlier.isEmpty ? nil : earlier[id]?.object
    }
  }

  /// Keeps `instance` as component `id`'s, unless the graph has one already: then returns that
  /// one, which the caller uses instead (two threads resolving in one shared graph at once).
  @usableFromInline
  func keep(_ instance: Any, as id: ObjectIdentifier) -> Any? {
    locked {
      if let made = instances[id] ?? earlier[id]?.object { return made }
      instances[id] = instance
      return nil
    }
  }

  /// Keeps `instance` as component `id`'s. Two resolves that build the same component in one
  /// shared graph at the same moment (on two threads) each keep their own; the later one stays.
  @usableFromInline
  func store(_ instance: Any, as id: ObjectIdentifier) {
    locked { instances[id] = instance }
  }

  /// The period of `scope` this graph resolves in, if it met the scope already.
  func pinnedPeriod(of scope: Scope) -> AnyObject? {
    locked { periods.isEmpty ? nil : periods[ObjectIdentifier(scope)] }
  }

  /// Resolves in this graph stay in `period` of `scope`.
  func pin(_ period: AnyObject, of scope: Scope) {
    locked { periods[ObjectIdentifier(scope)] = period }
  }

  /// A later resolve starts in the graph (a `Lazy` or `Provider` used).
  func enter() {
    locked { active += 1 }
  }

  /// A resolve in the graph ends; the last one to end makes the graph hold its class instances
  /// weakly and drop the rest.
  @usableFromInline
  func leave() {
    locked {
      active -= 1
      guard active == 0 else { return }
      for (id, made) in instances where Swift.type(of: made) is AnyClass {
        earlier[id] = WeakReference(made as AnyObject)
      }
      instances = [:]
    }
  }

  fileprivate struct WeakReference {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
  }

  /// Called by the resolving thread when a `Lazy` or `Provider` captures this graph, before it
  /// can reach another thread.
  func share() {
    if sharingLock == nil { sharingLock = Lock() }
  }
}
