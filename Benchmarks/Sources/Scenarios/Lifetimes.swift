import Dispatch
@_spi(Integrations) import Squire
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

// MARK: S13: a request scope, as a server makes one per request

/// The app's database in S13: a `.single` of the parent.
public final class ScopeDatabase: Sendable {
  /// Creates the database.
  public init() {}
}

/// A request's unit of work in S13: `.perContainer` in each request's scope, with a cleanup
/// that runs when the scope closes.
public final class ScopeTransaction: Sendable {
  /// The app's database.
  public let database: ScopeDatabase

  /// Opens the request's unit of work.
  public init(database: ScopeDatabase) {
    self.database = database
  }

  /// Ends the unit of work: the scope's `close()` calls it.
  public func close() {}
}

/// The request's values in S13, registered in each request's scope: what the request carries.
public struct ScopeRequest: Sendable {
  /// The request's number.
  public let id: Int
}

/// The same for the user an authentication middleware found.
public struct ScopeUser: Sendable {
  /// The user's name.
  public let name: String
}

/// What a route handler resolves in S13: over the request's transaction.
public final class ScopeHandler: Sendable {
  /// The request's transaction.
  public let transaction: ScopeTransaction

  /// Creates the handler.
  public init(transaction: ScopeTransaction) {
    self.transaction = transaction
  }
}

/// The same handler, for the user of the request (S13 with a value something depends on).
public final class ScopeUserHandler: Sendable {
  /// The request's transaction.
  public let transaction: ScopeTransaction
  /// The request's user.
  public let user: ScopeUser

  /// Creates the handler.
  public init(transaction: ScopeTransaction, user: ScopeUser) {
    self.transaction = transaction
    self.user = user
  }
}

/// S13: what a server's request scope costs: a child of the app's container made per request,
/// the request's values registered in it, a handler over a request-scoped transaction resolved
/// in it, the child closed (the transaction's cleanup runs).
public final class RequestScope: Sendable {
  /// The app's container: the S7 parent's 1,000 components and the request-scope graph.
  public let parent: Container

  /// Where each scope gets its user without registering it (`filled`).
  let userSlot: InstanceSlot<ScopeUser>?

  /// Registers the graph in a parent as big as S7's and resolves once, so that it is linked.
  /// With `userHandler`, the parent has a component that depends on the request's user; with
  /// `filled`, the user is a `.perContainer` component of the parent, which each scope is
  /// handed (as SquireHummingbird hands it the request) instead of registering it.
  public init(extra: Int = 1_000, userHandler: Bool = false, filled: Bool = false) {
    parent = Container()
    SquireBuilder.registerGraph(in: parent, sharing: nil)
    for index in 0..<extra {
      parent.register(Link.init(leaf:)).as(Link.self, name: "link \(index)")
    }
    parent.register(ScopeDatabase.init).lifetime(.single)
    parent.register(ScopeTransaction.init).lifetime(.perContainer).onClose { $0.close() }
    parent.register(ScopeHandler.init)
    if userHandler { parent.register(ScopeUserHandler.init) }
    parent.suppliedByEachChild(ScopeRequest.self)
    if filled {
      parent.register { ScopeUser(name: "nobody") }.lifetime(.perContainer)
      userSlot = parent.perContainerSlot(for: ScopeUser.self)
    } else {
      parent.suppliedByEachChild(ScopeUser.self)
      userSlot = nil
    }
    _ = parent.resolve(ScopeDatabase.self)
  }

  /// What a request's scope costs when the request resolves nothing: a child made and closed.
  @inline(never)
  public func empty() -> Container {
    let scope = Container(parent: parent)
    scope.close()
    return scope
  }

  /// S13 without the request's values: a child, the handler resolved in it, the child closed.
  @inline(never)
  public func withoutValues() -> ScopeHandler {
    let scope = Container(parent: parent)
    let handler: ScopeHandler = scope.resolve()
    scope.close()
    return handler
  }

  /// S13: a child, the request's two values registered in it (no component depends on them),
  /// the handler resolved, the child closed.
  @inline(never)
  public func withValues(_ id: Int) -> ScopeHandler {
    let scope = Container(parent: parent)
    scope.register { ScopeRequest(id: id) }
    scope.register { ScopeUser(name: "reader") }
    let handler: ScopeHandler = scope.resolve()
    scope.close()
    return handler
  }

  /// S13 as a server's middleware does it: a child, the handler resolved with `await`, the
  /// child closed with `await close()` (async cleanups would run too).
  @inline(never)
  public func withoutValuesAsync() async -> ScopeHandler {
    let scope = Container(parent: parent)
    let handler: ScopeHandler = await scope.resolve()
    await scope.close()
    return handler
  }

  /// `withoutValuesAsync` with a child its parent does not close (`closedByParent: false`), as
  /// RequestScopeMiddleware makes each request's scope: the parent's lock is not taken.
  @inline(never)
  public func withoutValuesUnshared() async -> ScopeHandler {
    let scope = Container(parent: parent, closedByParent: false)
    let handler: ScopeHandler = await scope.resolve()
    await scope.close()
    return handler
  }

  /// S13 with a handler that depends on one of the request's values (the user).
  @inline(never)
  public func withUsedValues(_ id: Int) -> ScopeUserHandler {
    let scope = Container(parent: parent)
    scope.register { ScopeRequest(id: id) }
    scope.register { ScopeUser(name: "reader") }
    let handler: ScopeUserHandler = scope.resolve()
    scope.close()
    return handler
  }

  /// S13 with a handler that depends on the user, handed to the scope as its instance of the
  /// parent's `.perContainer` user instead of a registration.
  @inline(never)
  public func withFilledValue() -> ScopeUserHandler {
    let scope = Container(parent: parent)
    scope.fill(userSlot!, with: ScopeUser(name: "reader"))
    let handler: ScopeUserHandler = scope.resolve()
    scope.close()
    return handler
  }
}
