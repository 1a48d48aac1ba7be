import Testing

@testable import Squire

private enum WheelPart: Part {
  static func load(container: Container) {
    container.register(SteelWheel.init).as(Wheel.self)
  }
}

@Suite("Composing in a closure, and removing every registration")
struct ComposeAndRemoveAllTests {
  @Test func aClosureRegistersTheContainersComponents() {
    let container = Container { container in
      container.register(Service.init).lifetime(.single)
      container.register(Consumer.init(service:))
    }
    #expect(container.resolve(Consumer.self).service === container.resolve(Service.self))
  }

  @Test func aChildAndADefaultLifetimeTooAndWhatTheClosureThrows() throws {
    struct Refused: Error {}
    let parent = Container(defaultLifetime: .perContainer) { $0.register(Service.init) }
    let child = Container(parent: parent) { $0.register(Consumer.init(service:)) }
    #expect(child.defaultLifetime == .perContainer)
    #expect(child.resolve(Consumer.self) === child.resolve(Consumer.self))
    #expect(throws: Refused.self) { _ = try Container { _ throws(Refused) in throw Refused() } }
  }

  @Test func removeAllForgetsRegistrationsAndInstances() {
    let container = Container()
    container.register(Service.init).lifetime(.perContainer)
    container.register(BMWEngine.init).as(Engine.self).lifetime(.single)
    container.append(part: WheelPart.self)
    let service: Service = container.resolve()
    _ = container.resolve(Engine.self)
    container.removeAll()
    #expect(!container.isRegistered(Service.self))
    #expect(!container.isRegistered(Engine.self))
    #expect(container.registrations.isEmpty)
    #expect(throws: ResolutionError.self) { try container.tryResolve(Wheel.self) }
    container.register(Service.init).lifetime(.perContainer)
    container.append(part: WheelPart.self)  // loaded again
    #expect(container.resolve(Service.self) !== service)
    #expect(container.resolve(Wheel.self) is SteelWheel)
  }

  @Test func removeAllInAChildLeavesTheParentsRegistrations() {
    let parent = Container()
    parent.register(Service.init)
    let child = Container(parent: parent)
    child.register(OtherEngine.init).as(Engine.self)
    _ = child.resolve(Engine.self)
    child.removeAll()
    #expect(child.isRegistered(Service.self))
    #expect(!child.isRegistered(Engine.self))
  }
}
