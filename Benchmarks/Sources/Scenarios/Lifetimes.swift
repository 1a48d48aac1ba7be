import Dispatch
import Squire
import Synchronization

/// S7 and S8, Squire's alone: the conditions real apps create. S7 is a child container per unit
/// of work (a request, a test) under a big parent; S8 registers and resolves in turn.
public final class UnitOfWork: Sendable {
  /// The ten-class graph and `extra` other components: the app's composition root.
  public let parent: Container

  /// Registers the ten-class graph and `extra` more components in the parent, and resolves
  /// once so that the parent is linked.
  public init(extra: Int = 1_000) {
    parent = Container()
    SquireBuilder.registerGraph(in: parent, sharing: nil)
    for index in 0..<extra {
      parent.register(Link.init(leaf:)).as(Link.self, name: "link \(index)")
    }
    _ = parent.resolve(Root.self)
  }

  /// S7 baseline: the ten-class graph resolved in the parent.
  @inline(never)
  public func inParent() -> Root {
    parent.resolve()
  }

  /// S7: a new child, the ten-class graph resolved in it, the child dropped.
  @inline(never)
  public func inNewChild() -> Root {
    Container(parent: parent).resolve()
  }

  /// S7 with a registration of the child's own, which one of the graph's classes depends on (a
  /// request's context, say): the child links that class and what depends on it, nothing more.
  @inline(never)
  public func inNewChildWithItsOwnRegistration() -> Root {
    let child = Container(parent: parent)
    child.register(E.init).as((any PE).self)
    return child.resolve()
  }

  /// S8: a new container in which, `rounds` times, one component is registered and then
  /// resolved. Returns the last one resolved.
  public static func registerAndResolveInTurn(rounds: Int) -> Link? {
    let container = Container()
    container.register(D.init).as((any PD).self)
    var last: Link?
    for index in 0..<rounds {
      container.register(Link.init(leaf:)).as(Link.self, name: "link \(index)")
      last = container.resolve(Link.self, name: "link \(index)")
    }
    return last
  }

  /// S8 while `readers` other threads resolve from the same container, through the lock-free
  /// path, until the rounds end: each round replaces the snapshot they read, which the
  /// container frees once they moved on. Returns how many resolves the readers made.
  public static func registerAndResolveInTurn(rounds: Int, readers: Int) -> Int {
    let container = Container()
    container.register(D.init).as((any PD).self)
    _ = container.resolve((any PD).self)
    let done = Atomic<Bool>(false)
    let reads = Atomic<Int>(0)
    let group = DispatchGroup()
    for _ in 0..<readers {
      DispatchQueue.global().async(group: group) {
        var count = 0
        while !done.load(ordering: .relaxed) {
          _ = container.resolve((any PD).self)
          count += 1
        }
        reads.add(count, ordering: .relaxed)
      }
    }
    for index in 0..<rounds {
      container.register(Link.init(leaf:)).as(Link.self, name: "link \(index)")
      _ = container.resolve(Link.self, name: "link \(index)")
    }
    done.store(true, ordering: .relaxed)
    group.wait()
    return reads.load(ordering: .relaxed)
  }
}
