import Testing

@testable import Squire

@Suite("Resetting a lifetime's instances")
struct ResetInstancesTests {
  @Test func perContainerInstancesAreMadeAgainAfterAReset() {
    let container = Container()
    container.register(Service.init).lifetime(.perContainer)
    container.register(BMWEngine.init).lifetime(.single)
    let first: Service = container.resolve()
    let engine: BMWEngine = container.resolve()
    container.resetInstances(of: .perContainer)
    #expect(container.resolve(Service.self) !== first)
    #expect(container.resolve(BMWEngine.self) === engine)
  }

  @Test func singleInstancesAreMadeAgainForTheWholeTree() {
    let parent = Container()
    parent.register(BMWEngine.init).lifetime(.single)
    let child = Container(parent: parent)
    let engine: BMWEngine = child.resolve()
    parent.resetInstances(of: .single)
    let again: BMWEngine = child.resolve()
    #expect(again !== engine)
    #expect(parent.resolve(BMWEngine.self) === again)
  }

  @Test func aChildsResetLeavesItsParentsInstances() {
    let parent = Container()
    parent.register(Service.init).lifetime(.perContainer)
    let child = Container(parent: parent)
    let parents: Service = parent.resolve()
    let childs: Service = child.resolve()
    child.resetInstances(of: .perContainer)
    #expect(parent.resolve(Service.self) === parents)
    #expect(child.resolve(Service.self) !== childs)
  }

  @Test func weakAndScopedInstancesAreLetGo() {
    let session = Scope("session")
    let container = Container()
    container.register(Service.init).lifetime(.weak)
    container.register(BMWEngine.init).lifetime(.scoped(session))
    let held: Service = container.resolve()
    let engine: BMWEngine = container.resolve()
    container.resetInstances(of: .weak)
    container.resetInstances(of: .scoped(session))
    #expect(container.resolve(Service.self) !== held)
    #expect(container.resolve(BMWEngine.self) !== engine)
  }
}

@Suite("Resetting one component's instances")
struct ResetComponentTests {
  @Test func onlyTheComponentsOfTheTypeAreMadeAgain() {
    let container = Container()
    container.register(Service.init).lifetime(.single)
    container.register(BMWEngine.init).as(Engine.self).lifetime(.perContainer)
    container.register(SteelWheel.init).as(Wheel.self).lifetime(.single)
    let service: Service = container.resolve()
    let engine: Engine = container.resolve()
    let wheel: Wheel = container.resolve()
    container.resetInstances(of: Service.self)
    container.resetInstances(of: Engine.self)  // through its `.as`
    #expect(container.resolve(Service.self) !== service)
    #expect(container.resolve(Engine.self) !== engine)
    #expect(container.resolve(Wheel.self) === wheel)
  }

  @Test func aScopedComponentIsMadeAgainInTheSamePeriod() {
    let session = Scope("session")
    let container = Container()
    container.register(Service.init).lifetime(.scoped(session))
    container.register(BMWEngine.init).lifetime(.scoped(session))
    let service: Service = container.resolve()
    let engine: BMWEngine = container.resolve()
    container.resetInstances(of: Service.self)
    #expect(container.resolve(Service.self) !== service)
    #expect(container.resolve(BMWEngine.self) === engine)
  }

  @Test func aWeakComponentIsMadeAgainWhileStillHeld() {
    let container = Container()
    container.register(Service.init).lifetime(.weak)
    let service: Service = container.resolve()
    container.resetInstances(of: Service.self)
    #expect(container.resolve(Service.self) !== service)
  }

  @Test func aLazyResolvesAgainAfterAReset() {
    final class Holder: Sendable {
      let service: Lazy<Service>
      init(service: Lazy<Service>) { self.service = service }
    }
    let container = Container()
    container.register(Service.init)
    container.register(Holder.init(service:))
    let holder: Holder = container.resolve()
    let first = holder.service.value
    #expect(holder.service.value === first)
    holder.service.reset()
    #expect(!holder.service.isResolved)
    #expect(holder.service.value !== first)
  }
}
