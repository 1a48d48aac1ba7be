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

/// Records the order parts load in and are told they loaded.
private enum PartLog {
  nonisolated(unsafe) static var entries: [String] = []
}

private enum GaragePart: Part {
  static func load(container: Container) {
    PartLog.entries.append("load Garage")
    container.register(BMWEngine.init).as(Engine.self)
  }
  static func loaded(container: Container) {
    PartLog.entries.append("loaded Garage")
  }
}

private enum WorkshopPart: Part {
  static func load(container: Container) {
    PartLog.entries.append("load Workshop")
    container.append(part: GaragePart.self)
    container.register(SteelWheel.init).as(Wheel.self)
  }
  static func loaded(container: Container) {
    // Everything appended with it is there: the engine resolves.
    PartLog.entries.append(
      "loaded Workshop, engine: \(container.resolve(Engine.self) is BMWEngine)")
  }
}

@Suite("A part's hook after loading", .serialized)
struct PartLoadedTests {
  @Test func loadedRunsOnceEveryPartAppendedWithItHasLoaded() {
    PartLog.entries = []
    let container = Container()
    container.append(part: WorkshopPart.self)
    #expect(
      PartLog.entries == [
        "load Workshop", "load Garage", "loaded Garage", "loaded Workshop, engine: true",
      ])
  }

  @Test func aPartAppendedAgainIsNotToldAgain() {
    PartLog.entries = []
    let container = Container()
    container.append(part: GaragePart.self)
    container.append(part: GaragePart.self)
    #expect(PartLog.entries == ["load Garage", "loaded Garage"])
  }

  @Test func aPartWithoutTheHookLoadsAsBefore() {
    let container = Container()
    container.append(part: CarPart.self)
    #expect(container.resolve(Car.self).engine is BMWEngine)
  }
}
