import Testing

@testable import Squire

@Suite("Lifetimes")
struct LifetimeTests {
  @Test func prototypeIsNewEveryTime() {
    let container = Container()
    container.register(Service.init)
    container.register(Consumer.init)
    container.register(Pair.init)
    let pair: Pair = container.resolve()
    #expect(pair.first.service !== pair.second.service)
    #expect(container.resolve(Service.self) !== container.resolve(Service.self))
  }

  @Test func objectGraphIsSharedWithinOneResolveOnly() {
    let container = Container()
    container.register(Service.init).lifetime(.objectGraph)
    container.register(Consumer.init)
    container.register(Pair.init)
    let pair: Pair = container.resolve()
    #expect(pair.first.service === pair.second.service)
    let other: Pair = container.resolve()
    #expect(other.first.service !== pair.first.service)
  }

  @Test func perContainerIsOnePerContainer() {
    let container = Container()
    container.register(Service.init).lifetime(.perContainer)
    #expect(container.resolve(Service.self) === container.resolve(Service.self))
    let child = Container(parent: container)
    let fromChild = child.resolve(Service.self)
    #expect(fromChild === child.resolve(Service.self))
    #expect(fromChild !== container.resolve(Service.self))
  }

  @Test func singleIsOnePerContainerTree() {
    let container = Container()
    container.register(Service.init).lifetime(.single)
    let child = Container(parent: container)
    #expect(container.resolve(Service.self) === child.resolve(Service.self))
  }

  @Test func initializeSingletonsBuildsThemNow() {
    let counter = Counter()
    let container = Container()
    container.register { () -> Service in
      counter.increment()
      return Service()
    }.lifetime(.single)
    #expect(counter.count == 0)
    container.initializeSingletons()
    #expect(counter.count == 1)
    _ = container.resolve(Service.self)
    #expect(counter.count == 1)
  }

  @Test func instancesSurviveRegisteringMore() {
    let container = Container()
    container.register(Service.init).lifetime(.perContainer)
    let before = container.resolve(Service.self)
    container.register(BMWEngine.init).as(Engine.self)
    #expect(container.resolve(Service.self) === before)
  }

  @Test func weakLivesAsLongAsSomeoneHoldsIt() {
    let counter = Counter()
    let container = Container()
    container.register { () -> Service in
      counter.increment()
      return Service()
    }.lifetime(.weak)
    var held: Service? = container.resolve()
    #expect(container.resolve(Service.self) === held)
    #expect(counter.count == 1)
    weak let released = held
    held = nil
    #expect(released == nil)
    _ = container.resolve(Service.self)
    #expect(counter.count == 2)
  }

  @Test func weakOfAValueTypeTraps() async {
    await #expect(processExitsWith: .failure) {
      let container = Container()
      container.register { Config(name: "x") }.lifetime(.weak)
    }
  }

  @Test func cachedInstancesAreReleasedWithTheirContainer() {
    weak var perContainer: Service?
    weak var single: BMWEngine?
    do {
      let container = Container()
      container.register(Service.init).lifetime(.perContainer)
      container.register(BMWEngine.init).lifetime(.single)
      perContainer = container.resolve()
      single = container.resolve()
      #expect(perContainer != nil)
      #expect(single != nil)
    }
    #expect(perContainer == nil)
    #expect(single == nil)
  }

  @Test func childInstancesAreReleasedWithTheChild() {
    let parent = Container()
    parent.register(Service.init).lifetime(.perContainer)
    weak var fromChild: Service?
    do {
      let child = Container(parent: parent)
      fromChild = child.resolve()
      #expect(fromChild != nil)
    }
    #expect(fromChild == nil)
  }
}
