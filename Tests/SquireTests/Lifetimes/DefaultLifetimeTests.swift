import Testing

@testable import Squire

@Suite("A container's default lifetime")
struct DefaultLifetimeTests {
  @Test func componentsTakeTheContainersDefault() {
    let container = Container(defaultLifetime: .objectGraph)
    container.register(Service.init)
    container.register(Consumer.init(service:))
    container.register(Pair.init(first:second:))
    let pair: Pair = container.resolve()
    #expect(pair.first === pair.second)
    #expect(pair.first.service === pair.second.service)
    #expect(container.resolve(Service.self) !== pair.first.service)
  }

  /// Issue 37, 5: a default scope that holds its instances weakly was applied to value types,
  /// which cannot be held weakly, while a `.weak` default let them be prototypes.
  @Test func aDefaultThatHoldsWeaklyLeavesValueTypesPrototypes() {
    let weakScope = Scope("screen", holdsWeakly: true)
    for lifetime in [Lifetime.weak, .scoped(weakScope)] {
      let container = Container(defaultLifetime: lifetime)
      container.register { Config(name: "x") }
      container.register(Service.init)
      let lifetimes = Dictionary(
        uniqueKeysWithValues: container.registrations.map { ("\($0.type)", $0.lifetime) })
      #expect(lifetimes["Config"] == .prototype, "\(lifetime)")
      #expect(lifetimes["Service"] == lifetime, "\(lifetime)")
    }
  }

  @Test func aLifetimeOnTheRegistrationWins() {
    let container = Container(defaultLifetime: .single)
    container.register(Service.init).lifetime(.prototype)
    #expect(container.resolve(Service.self) !== container.resolve(Service.self))
  }

  @Test func withoutADefaultComponentsArePrototypes() {
    let container = Container()
    #expect(container.defaultLifetime == .prototype)
    container.register(Service.init)
    #expect(container.resolve(Service.self) !== container.resolve(Service.self))
  }

  @Test func aChildTakesItsParentsDefaultOrItsOwn() {
    let parent = Container(defaultLifetime: .objectGraph)
    #expect(Container(parent: parent).defaultLifetime == .objectGraph)
    #expect(Container(parent: parent, closedByParent: false).defaultLifetime == .objectGraph)
    let child = Container(parent: parent, defaultLifetime: .perContainer)
    child.register(Service.init)
    #expect(child.resolve(Service.self) === child.resolve(Service.self))
    #expect(Container(parent: child).resolve(Service.self) !== child.resolve(Service.self))
  }

  @Test func aWeakDefaultLeavesValueTypesPrototypes() {
    let container = Container(defaultLifetime: .weak)
    container.register { Config(name: "castle") }
    container.register(Service.init)
    #expect(container.resolve(Config.self).name == "castle")
    let service: Service = container.resolve()
    #expect(container.resolve(Service.self) === service)
  }

  @Test func validationChecksTheLifetimesADefaultGives() {
    let container = Container(defaultLifetime: .single)
    container.register(Service.init).lifetime(.perContainer)
    container.register(Consumer.init(service:))
    let problems = container.validate().problems
    #expect(problems.count == 1)
    guard case .captiveDependency = problems.first?.kind else {
      Issue.record("expected a captive dependency: \(problems)")
      return
    }
  }
}
