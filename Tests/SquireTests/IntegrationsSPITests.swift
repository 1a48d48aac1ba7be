import Synchronization
import Testing

@_spi(Integrations) @testable import Squire

// The entry points integration packages use (SquireServiceLifecycle, SquireHummingbird):
// `singlesInDependencyOrder()` starts services in that order and stops them in the reverse one;
// `isDependedOn(_:)` decides whether a request scope registers the request's values.
//
// Every graph is registered dependents first, so that registration order (what the walk falls
// back on when there is no order) is the wrong answer.

private final class SPIPool: Sendable {
  init() {}
}

private final class SPIQueue: Sendable {
  let pool: SPIPool
  init(pool: SPIPool) { self.pool = pool }
}

private final class SPIServer: Sendable {
  let queue: SPIQueue
  init(queue: SPIQueue) { self.queue = queue }
}

/// A `.prototype` between two `.single`s.
private final class SPIHandler: Sendable {
  let pool: SPIPool
  init(pool: SPIPool) { self.pool = pool }
}

private final class SPIFrontend: Sendable {
  let handler: SPIHandler
  init(handler: SPIHandler) { self.handler = handler }
}

private final class SPILazyHolder: Sendable {
  let pool: Lazy<SPIPool>
  init(pool: Lazy<SPIPool>) { self.pool = pool }
}

private final class SPIProviderHolder: Sendable {
  let pool: Provider<SPIPool>
  init(pool: Provider<SPIPool>) { self.pool = pool }
}

private final class SPIOptionalHolder: Sendable {
  let pool: SPIPool?
  init(pool: SPIPool?) { self.pool = pool }
}

private final class SPIMetrics: Sendable {
  init() {}
}

private protocol SPIStore: Sendable {}
private final class SPIPlainStore: SPIStore {
  init() {}
}
private final class SPIMeteredStore: SPIStore {
  let inner: any SPIStore
  let metrics: SPIMetrics
  init(inner: any SPIStore, metrics: SPIMetrics) {
    self.inner = inner
    self.metrics = metrics
  }
}

private final class SPIStoreUser: Sendable {
  let store: any SPIStore
  init(store: any SPIStore) { self.store = store }
}

/// The request's value that `isDependedOn` is asked about.
private struct SPIRequest: Sendable {
  let path: String
}

private final class SPIRouteHandler: Sendable {
  init(request: SPIRequest) {}
}

private final class SPIOptionalRouteHandler: Sendable {
  init(request: SPIRequest?) {}
}

private final class SPILazyRouteHandler: Sendable {
  init(request: Lazy<SPIRequest>) {}
}

private final class SPIProviderRouteHandler: Sendable {
  init(request: Provider<SPIRequest>) {}
}

private final class SPIManyRouteHandler: Sendable {
  init(requests: [SPIRequest]) {}
}

private final class SPIArgumentRouteHandler: Sendable {
  init(request: SPIRequest) {}
}

private enum SPITag {}

private final class SPIUnrelated: Sendable {
  init() {}
}

@Suite("Integration entry points: .single components in dependency order")
struct SinglesInDependencyOrderTests {
  /// The components' names, in the order the call gives them.
  private func order(_ container: Container) async throws -> [String] {
    try await container.singlesInDependencyOrder().map(\.typeName)
  }

  @Test func plainDependenciesComeFirst() async throws {
    let container = Container()
    container.register(SPIServer.init).lifetime(.single)
    container.register(SPIQueue.init).lifetime(.single)
    container.register(SPIPool.init).lifetime(.single)
    let names = try await order(container)
    #expect(names == ["SPIPool", "SPIQueue", "SPIServer"])
  }

  @Test func theInstancesAreTheContainersOwn() async throws {
    let container = Container()
    container.register(SPIServer.init).lifetime(.single)
    container.register(SPIQueue.init).lifetime(.single)
    container.register(SPIPool.init).lifetime(.single)
    let singles = try await container.singlesInDependencyOrder()
    let pool = try #require(singles.first?.instance as? SPIPool)
    let resolvedPool = try await container.tryResolve(SPIPool.self)
    #expect(pool === resolvedPool)
    let server = try #require(singles.last?.instance as? SPIServer)
    let resolvedServer = try await container.tryResolve(SPIServer.self)
    #expect(server === resolvedServer)
    #expect(server.queue.pool === pool)
  }

  @Test func throughAPrototypeInBetween() async throws {
    // The frontend needs the pool through a `.prototype` handler, which is not listed.
    let container = Container()
    container.register(SPIFrontend.init).lifetime(.single)
    container.register(SPIHandler.init)
    container.register(SPIPool.init).lifetime(.single)
    let names = try await order(container)
    #expect(names == ["SPIPool", "SPIFrontend"])
  }

  @Test func throughALazy() async throws {
    let container = Container()
    container.register(SPILazyHolder.init).lifetime(.single)
    container.register(SPIPool.init).lifetime(.single)
    let names = try await order(container)
    #expect(names == ["SPIPool", "SPILazyHolder"])
  }

  @Test func throughAProvider() async throws {
    let container = Container()
    container.register(SPIProviderHolder.init).lifetime(.single)
    container.register(SPIPool.init).lifetime(.single)
    let names = try await order(container)
    #expect(names == ["SPIPool", "SPIProviderHolder"])
  }

  @Test func throughAnOptional() async throws {
    let container = Container()
    container.register(SPIOptionalHolder.init).lifetime(.single)
    container.register(SPIPool.init).lifetime(.single)
    let names = try await order(container)
    #expect(names == ["SPIPool", "SPIOptionalHolder"])
  }

  @Test func anOptionalThatIsAbsentIsNoDependency() async throws {
    let container = Container()
    container.register(SPIOptionalHolder.init).lifetime(.single)
    let singles = try await container.singlesInDependencyOrder()
    #expect(singles.map(\.typeName) == ["SPIOptionalHolder"])
    #expect((singles.first?.instance as? SPIOptionalHolder)?.pool == nil)
  }

  @Test func aChildListsItsParentsSinglesBeforeItsOwn() async throws {
    let parent = Container()
    parent.register(SPIPool.init).lifetime(.single)
    let child = Container(parent: parent)
    child.register(SPIServer.init).lifetime(.single)
    child.register(SPIQueue.init).lifetime(.single)
    let singles = try await child.singlesInDependencyOrder()
    #expect(singles.map(\.typeName) == ["SPIPool", "SPIQueue", "SPIServer"])
    // The parent's `.single` is the parent's instance: built there, shared with the child.
    let parentsPool = try await parent.tryResolve(SPIPool.self)
    #expect((singles.first?.instance as? SPIPool) === parentsPool)
    // The parent lists only its own.
    let parentNames = try await order(parent)
    #expect(parentNames == ["SPIPool"])
  }

  @Test func aDecoratorsDependenciesComeBeforeTheComponentItWraps() async throws {
    // Registered store first: without the decorator's dependency on the metrics, the store
    // would come first.
    let container = Container()
    container.register(SPIStoreUser.init).lifetime(.single)
    container.register(SPIPlainStore.init).as((any SPIStore).self).lifetime(.single)
    container.register(SPIMetrics.init).lifetime(.single)
    container.decorate((any SPIStore).self) { inner, metrics in
      SPIMeteredStore(inner: inner, metrics: metrics)
    }
    let names = try await order(container)
    let metrics = try #require(names.firstIndex(of: "SPIMetrics"))
    let store = try #require(names.firstIndex(of: "SPIPlainStore"))
    let user = try #require(names.firstIndex(of: "SPIStoreUser"))
    #expect(metrics < store)
    #expect(store < user)
  }

  @Test func componentsWithNoOrderBetweenThemKeepRegistrationOrder() async throws {
    let container = Container()
    container.register(SPIMetrics.init).lifetime(.single)
    container.register(SPIPool.init).lifetime(.single)
    container.register(SPIUnrelated.init).lifetime(.single)
    let names = try await order(container)
    #expect(names == ["SPIMetrics", "SPIPool", "SPIUnrelated"])
  }

  @Test func aSingleThatCannotBeBuiltThrows() async {
    let container = Container()
    container.register(SPIServer.init).lifetime(.single)
    container.register(SPIPool.init).lifetime(.single)
    // No SPIQueue: the server cannot be built.
    await #expect(throws: ResolutionError.self) { try await container.singlesInDependencyOrder() }
  }
}

@Suite("Integration entry points: whether a component depends on a type")
struct IsDependedOnTests {
  /// A container that declares the request supplied by each child, as SquireHummingbird's
  /// middleware does, with `register` adding the components under test.
  private func container(_ register: (Container) -> Void) -> Container {
    let container = Container()
    container.suppliedByEachChild(SPIRequest.self)
    container.register(SPIUnrelated.init)
    register(container)
    return container
  }

  @Test func noComponentDependsOnIt() {
    #expect(!container { _ in }.isDependedOn(SPIRequest.self))
  }

  @Test func aPlainDependency() {
    #expect(container { $0.register(SPIRouteHandler.init) }.isDependedOn(SPIRequest.self))
  }

  @Test func anOptional() {
    #expect(
      container { $0.register(SPIOptionalRouteHandler.init) }.isDependedOn(SPIRequest.self))
  }

  @Test func aLazy() {
    #expect(container { $0.register(SPILazyRouteHandler.init) }.isDependedOn(SPIRequest.self))
  }

  @Test func aProvider() {
    #expect(
      container { $0.register(SPIProviderRouteHandler.init) }.isDependedOn(SPIRequest.self))
  }

  @Test func aMany() {
    #expect(
      container { $0.register { SPIManyRouteHandler(requests: many($0)) } }
        .isDependedOn(SPIRequest.self))
  }

  @Test func underATag() {
    let container = Container()
    container.register { SPIRequest(path: "/") }.as(SPIRequest.self, tag: SPITag.self)
    container.register { SPIRouteHandler(request: by(tag: SPITag.self, $0)) }
    #expect(container.isDependedOn(SPIRequest.self))
  }

  @Test func aRuntimeArgumentIsNotADependency() {
    // An `arg` is passed to `resolve`, not resolved from the container.
    #expect(
      !container { $0.register(SPIArgumentRouteHandler.init) { arg($0) } }
        .isDependedOn(SPIRequest.self))
  }

  @Test func aDecoratorsDependency() {
    let container = container {
      $0.register(SPIPlainStore.init).as((any SPIStore).self)
      $0.decorate((any SPIStore).self) { (inner: any SPIStore, _: SPIRequest) in inner }
    }
    #expect(container.isDependedOn(SPIRequest.self))
  }

  @Test func aParentsComponentSeenFromAChild() {
    let parent = container { $0.register(SPIRouteHandler.init) }
    let child = Container(parent: parent)
    #expect(child.isDependedOn(SPIRequest.self))
  }

  @Test func aChildsComponentIsNotTheParents() {
    let parent = container { _ in }
    let child = Container(parent: parent)
    child.register(SPIRouteHandler.init)
    #expect(child.isDependedOn(SPIRequest.self))
    #expect(!parent.isDependedOn(SPIRequest.self))
  }

  @Test func anotherTypeIsNotThisOne() {
    let container = container { $0.register(SPIHandler.init) }
    container.register(SPIPool.init)
    #expect(!container.isDependedOn(SPIRequest.self))
    #expect(container.isDependedOn(SPIPool.self))
  }
}

/// A request's value, filled into each scope by an integration instead of being registered.
private final class SPISlotRequest: Sendable {
  let path: String
  init(path: String) { self.path = path }
}

private protocol SPISlotRequestProtocol: Sendable {}
extension SPISlotRequest: SPISlotRequestProtocol {}

private final class SPISlotHandler: Sendable {
  let request: SPISlotRequest
  init(request: SPISlotRequest) { self.request = request }
}

/// Counts how often the factory of the filled component runs, and its cleanup.
private final class SPISlotCounts: Sendable {
  let made = Mutex(0)
  let closed = Mutex(0)
}

@Suite("Integration entry points: a .perContainer instance filled in each child")
struct InstanceSlotTests {
  private func app(_ counts: SPISlotCounts) -> Container {
    let app = Container()
    app.register { () -> SPISlotRequest in
      counts.made.withLock { $0 += 1 }
      return SPISlotRequest(path: "made by the factory")
    }
    .lifetime(.perContainer)
    .onClose { _ in counts.closed.withLock { $0 += 1 } }
    app.register(SPISlotHandler.init)
    return app
  }

  @Test func aFilledChildGivesItsInstanceToWhatDependsOnIt() throws {
    let counts = SPISlotCounts()
    let app = app(counts)
    let slot = try #require(app.perContainerSlot(for: SPISlotRequest.self))
    let first = Container(parent: app)
    let second = Container(parent: app)
    let firstRequest = SPISlotRequest(path: "/first")
    #expect(first.fill(slot, with: firstRequest))
    #expect(second.fill(slot, with: SPISlotRequest(path: "/second")))
    #expect(first.resolve(SPISlotHandler.self).request === firstRequest)
    #expect(first.resolve(SPISlotRequest.self) === firstRequest)
    #expect(second.resolve(SPISlotHandler.self).request.path == "/second")
    // The factory never ran, and closing does not run the cleanup of what it did not make.
    first.close()
    second.close()
    #expect(counts.made.withLock { $0 } == 0)
    #expect(counts.closed.withLock { $0 } == 0)
  }

  @Test func aChildThatIsNotFilledMakesItsOwn() throws {
    let counts = SPISlotCounts()
    let app = app(counts)
    let slot = try #require(app.perContainerSlot(for: SPISlotRequest.self))
    let filled = Container(parent: app)
    filled.fill(slot, with: SPISlotRequest(path: "/filled"))
    // Only the filled container has it: its own child, and another child, make their own.
    let nested = Container(parent: filled)
    #expect(nested.resolve(SPISlotRequest.self).path == "made by the factory")
    #expect(Container(parent: app).resolve(SPISlotRequest.self).path == "made by the factory")
    #expect(counts.made.withLock { $0 } == 2)
  }

  @Test func fillingTooLateChangesNothing() throws {
    let counts = SPISlotCounts()
    let app = app(counts)
    let slot = try #require(app.perContainerSlot(for: SPISlotRequest.self))
    let resolvedFirst = Container(parent: app)
    let made = resolvedFirst.resolve(SPISlotRequest.self)
    #expect(!resolvedFirst.fill(slot, with: SPISlotRequest(path: "/late")))
    #expect(resolvedFirst.resolve(SPISlotRequest.self) === made)

    let filledTwice = Container(parent: app)
    #expect(filledTwice.fill(slot, with: SPISlotRequest(path: "/once")))
    #expect(!filledTwice.fill(slot, with: SPISlotRequest(path: "/twice")))
    #expect(filledTwice.resolve(SPISlotRequest.self).path == "/once")

    let closed = Container(parent: app)
    closed.close()
    #expect(!closed.fill(slot, with: SPISlotRequest(path: "/closed")))
  }

  @Test func aChildsOwnRegistrationWins() throws {
    let counts = SPISlotCounts()
    let app = app(counts)
    let slot = try #require(app.perContainerSlot(for: SPISlotRequest.self))
    let child = Container(parent: app)
    child.register { SPISlotRequest(path: "/registered") }
    child.fill(slot, with: SPISlotRequest(path: "/filled"))
    #expect(child.resolve(SPISlotHandler.self).request.path == "/registered")
  }

  @Test func onlyAPerContainerComponentRegisteredAsItselfHasASlot() {
    let prototype = Container()
    prototype.register { SPISlotRequest(path: "/") }
    #expect(prototype.perContainerSlot(for: SPISlotRequest.self) == nil)

    let single = Container()
    single.register { SPISlotRequest(path: "/") }.lifetime(.single)
    #expect(single.perContainerSlot(for: SPISlotRequest.self) == nil)

    #expect(Container().perContainerSlot(for: SPISlotRequest.self) == nil)

    let forwarded = Container()
    forwarded.register { SPISlotRequest(path: "/") }.as((any SPISlotRequestProtocol).self)
      .lifetime(.perContainer)
    #expect(forwarded.perContainerSlot(for: (any SPISlotRequestProtocol).self) == nil)
    #expect(forwarded.perContainerSlot(for: SPISlotRequest.self) != nil)

    let decorated = Container()
    decorated.register { SPISlotRequest(path: "/") }.lifetime(.perContainer)
    decorated.decorate(SPISlotRequest.self) { $0 }
    #expect(decorated.perContainerSlot(for: SPISlotRequest.self) == nil)
  }
}
