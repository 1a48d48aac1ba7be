import Testing

@testable import Squire

private enum EnginePart: Part {
  nonisolated(unsafe) static var loads = 0
  static func load(container: Container) {
    loads += 1
    container.register(BMWEngine.init).as(Engine.self)
  }
}

private enum CarPart: Part {
  static func load(container: Container) {
    container.append(part: EnginePart.self)
    container.register(SteelWheel.init).as(Wheel.self)
    container.register(SportBody.init).as(Body.self)
    container.register(Car.init)
  }
}

@Suite("Parts", .serialized)
struct PartTests {
  @Test func partsRegisterAndIncludeParts() {
    let container = Container()
    container.append(part: CarPart.self)
    #expect(container.resolve(Car.self).engine is BMWEngine)
  }

  @Test func aPartAppendedTwiceLoadsOnce() {
    let container = Container()
    let before = EnginePart.loads
    container.append(part: EnginePart.self)
    container.append(part: CarPart.self)
    container.append(part: EnginePart.self)
    #expect(EnginePart.loads == before + 1)
    #expect(container.resolve(Engine.self) is BMWEngine)
  }
}
