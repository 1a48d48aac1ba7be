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
