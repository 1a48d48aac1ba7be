import Testing

@testable import Squire

@Suite("Custom scopes")
struct ScopeTests {
  @Test func oneInstancePerPeriodUntilTheScopeCloses() {
    let session = Scope("session")
    let container = Container()
    container.register(Service.init).lifetime(.scoped(session))
    let first: Service = container.resolve()
    #expect(container.resolve(Service.self) === first)
    session.close()
    let second: Service = container.resolve()
    #expect(second !== first)
    #expect(container.resolve(Service.self) === second)
  }

  @Test func closingReleasesTheInstances() {
    let session = Scope("session")
    let container = Container()
    container.register(Service.init).lifetime(.scoped(session))
    weak var made: Service?
    do {
      made = container.resolve()
      #expect(made != nil)
    }
    #expect(made != nil)
    session.close()
    #expect(made == nil)
  }

  @Test func aScopeIsSharedByContainers() {
    let session = Scope("session")
    let parent = Container()
    parent.register(Service.init).lifetime(.scoped(session))
    let child = Container(parent: parent)
    #expect(child.resolve(Service.self) === parent.resolve(Service.self))
  }

  @Test func describesItself() {
    #expect(Lifetime.scoped(Scope("battle")).description == "scoped(battle)")
  }

  @Test func aLongerLivedComponentHoldingAScopedOneIsCaptive() {
    let session = Scope("session")
    let container = Container()
    container.register(Service.init).lifetime(.scoped(session))
    container.register(Consumer.init).lifetime(.single)
    #expect(
      container.validate().problems.map(\.kind) == [
        .captiveDependency(
          holder: "Consumer", holderLifetime: .single, dependency: "Service",
          dependencyLifetime: .scoped(session))
      ])
  }

  @Test func aScopedComponentHoldingAnObjectGraphOneIsCaptive() {
    let session = Scope("session")
    let container = Container()
    container.register(Service.init).lifetime(.objectGraph)
    container.register(Consumer.init).lifetime(.scoped(session))
    #expect(container.validate().problems.count == 1)
  }
}

@Suite("A scope that holds its instances weakly")
struct WeakScopeTests {
  @Test func anInstanceLivesWhileSomethingOutsideHoldsIt() {
    let screens = Scope("screens", holdsWeakly: true)
    let made = Counter()
    let container = Container()
    container.register { () -> Service in
      made.increment()
      return Service()
    }.lifetime(.scoped(screens))
    var held: Service? = container.resolve()
    weak let old = held
    #expect(container.resolve(Service.self) === held)
    #expect(made.count == 1)
    held = nil
    #expect(old == nil)  // the scope did not keep it
    let again: Service = container.resolve()
    #expect(made.count == 2)
    #expect(container.resolve(Service.self) === again)
  }

  @Test func closingTheScopeStartsANewPeriod() {
    let screens = Scope("screens", holdsWeakly: true)
    let container = Container()
    container.register(Service.init).lifetime(.scoped(screens))
    let held: Service = container.resolve()
    screens.close()
    #expect(container.resolve(Service.self) !== held)
  }
}

@Suite("Nested scopes")
struct NestedScopeTests {
  @Test func closingTheInnerScopeKeepsTheOuterOnesInstances() {
    let session = Scope("session")
    let screen = Scope("screen", parent: session)
    let container = Container()
    container.register(Service.init).lifetime(.scoped(session))
    container.register(BMWEngine.init).lifetime(.scoped(screen))
    let service: Service = container.resolve()
    let engine: BMWEngine = container.resolve()
    screen.close()
    #expect(container.resolve(BMWEngine.self) !== engine)
    #expect(container.resolve(Service.self) === service)
    #expect(screen.parent === session)
  }

  @Test func closingTheOuterScopeClosesTheInnerOneFirst() {
    let log = Seen()
    let session = Scope("session")
    let screen = Scope("screen", parent: session)
    let container = Container()
    container.register(Service.init).lifetime(.scoped(session)).onClose { _ in log.add("session") }
    container.register(BMWEngine.init).lifetime(.scoped(screen)).onClose { _ in log.add("screen") }
    let service: Service = container.resolve()
    let engine: BMWEngine = container.resolve()
    let report = session.close()
    #expect(report.completed == 2)
    #expect(log.all == ["screen", "session"])
    #expect(container.resolve(BMWEngine.self) !== engine)
    #expect(container.resolve(Service.self) !== service)
  }
}

/// Names in the order they were added, from any thread.
private final class Seen: Sendable {
  private let names = Locked<[String]>([])
  func add(_ name: String) { names.withLock { $0.append(name) } }
  var all: [String] { names.withLock { $0 } }
}
