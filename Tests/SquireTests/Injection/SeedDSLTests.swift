import Testing

@testable import Squire

// Seed 004's documentation, compiled as written. Each section's types live in a namespace of
// their own so that every snippet can say `Car`, as the seed does.

enum InitializerSeed {
  protocol Engine: AnyObject {}
  protocol Wheel: AnyObject {}
  protocol Body: AnyObject {}
  final class BMWEngine: Engine {}
  final class AlloyWheel: Wheel {}
  final class SteelBody: Body {}
  final class CarbonBody: Body {}
  enum BMWBody {}

  final class Car {
    let engine: Engine
    let wheel: Wheel
    let body: Body
    init(engine: Engine, wheel: Wheel, body: Body) {
      self.engine = engine
      self.wheel = wheel
      self.body = body
    }
  }

  final class WheeledCar {
    let engine: Engine
    let wheels: [Wheel]
    let body: Body
    init(engine: Engine, wheels: [Wheel], body: Body) {
      self.engine = engine
      self.wheels = wheels
      self.body = body
    }
  }

  static func parts() -> Container {
    let container = Container()
    container.register(AlloyWheel.init).as(Wheel.self)
    container.register(AlloyWheel.init).as(Wheel.self).default()
    container.register(SteelBody.init).as(Body.self)
    container.register(CarbonBody.init).as(Body.self, tag: BMWBody.self)
    return container
  }
}

enum PropertySeed {
  protocol Engine: AnyObject {}
  protocol Wheel: AnyObject {}
  protocol Body: AnyObject {}
  final class BMWEngine: Engine {}
  final class OtherEngine: Engine {}
  final class EclipseEngine: Engine {}
  final class AlloyWheel: Wheel {}
  final class SteelBody: Body {}

  final class Car {
    var engine: Engine!
    var wheels: [Wheel] = []
    var body: Body?
    private(set) var log: [String] = []

    func setup(engine: Engine, wheels: [Wheel], body: Body) {
      self.engine = engine
      self.wheels = wheels
      self.body = body
      log.append("setup")
    }

    func start() { log.append("start") }
  }

  static func parts() -> Container {
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self).as(Engine.self, name: "BMW")
    container.register(OtherEngine.init)
    container.register(AlloyWheel.init).as(Wheel.self)
    container.register(AlloyWheel.init).as(Wheel.self)
    container.register(SteelBody.init).as(Body.self)
    return container
  }
}

@Suite("Seed 004, as written")
struct SeedDSLTests {
  @Test func initializerInjectionThreeWays() {
    typealias Car = InitializerSeed.Car
    for register in [
      { (container: Container) in container.register(Car.init) },
      { (container: Container) in container.register(Car.init(engine:wheel:body:)) },
      { (container: Container) in
        container.register {
          return Car(engine: $0, wheel: $1, body: $2)
        }
      },
    ] {
      let container = InitializerSeed.parts()
      container.register(InitializerSeed.BMWEngine.init).as(InitializerSeed.Engine.self)
      _ = register(container)
      let car: Car = container.resolve()
      #expect(car.engine is InitializerSeed.BMWEngine)
      #expect(car.body is InitializerSeed.SteelBody)
    }
  }

  @Test func closureWithModifiersAndAnUnregisteredPart() {
    typealias Car = InitializerSeed.WheeledCar
    typealias BMWEngine = InitializerSeed.BMWEngine
    typealias BMWBody = InitializerSeed.BMWBody
    let container = InitializerSeed.parts()
    container.register {
      Car(engine: BMWEngine(), wheels: many($0), body: by(tag: BMWBody.self, $1))
    }
    let car: Car = container.resolve()
    #expect(car.wheels.count == 2)
    #expect(car.body is InitializerSeed.CarbonBody)
  }

  @Test func firstParameterThroughAModifier() {
    typealias Car = InitializerSeed.Car
    typealias BMWEngine = InitializerSeed.BMWEngine
    for register in [
      { (container: Container) in container.register(Car.init) { arg($0) } },
      { (container: Container) in container.register(Car.init, modificator: { arg($0) }) },
    ] {
      let container = InitializerSeed.parts()
      _ = register(container)
      let engine = BMWEngine()
      let car: Car = container.resolve(args: engine)
      #expect(car.engine === engine)
    }
  }

  @Test func everyPropertyInjectionForm() {
    typealias Car = PropertySeed.Car
    typealias BMWEngine = PropertySeed.BMWEngine
    typealias OtherEngine = PropertySeed.OtherEngine
    let container = PropertySeed.parts()
    container.register(Car.init)
      .injection { car in car.engine = BMWEngine() }
      .injection { $0.engine = BMWEngine() }
      .injection { car, engine in car.engine = engine }
      .injection { $0.engine = $1 }
      .injection(\Car.engine)
      .injection(\.engine)
      .injection { $0.wheels = many($1) }
      .injection(\Car.wheels) { wheel in many(wheel) }
      .injection(\.wheels) { many($0) }
      .injection { $0.engine = $1 as OtherEngine }
      .injection(\Car.engine) { $0 as OtherEngine }
      .injection(cycle: true) { $0.engine = $1 }
      .injection(name: "BMW") { $0.engine = $1 }
      .postInit { car in car.start() }
    let car: Car = container.resolve()
    // The cyclic injection runs after the others, so its engine is the last one set.
    #expect(car.engine is BMWEngine)
    #expect(car.wheels.count == 2)
    #expect(car.log == ["start"])
  }

  @Test func keyPathWithModifierSetsTheConcreteType() {
    typealias Car = PropertySeed.Car
    let container = PropertySeed.parts()
    container.register(Car.init).injection(\Car.engine) { $0 as PropertySeed.OtherEngine }
    #expect(container.resolve(Car.self).engine is PropertySeed.OtherEngine)
  }

  @Test func methodInjection() {
    typealias Car = PropertySeed.Car
    let container = PropertySeed.parts()
    container.register(Car.init).injection { $0.setup(engine: $1, wheels: many($2), body: $3) }
    let car: Car = container.resolve()
    #expect(car.log == ["setup"])
    #expect(car.wheels.count == 2)
    #expect(car.body is PropertySeed.SteelBody)
  }

  @Test func namedComponentsWithDifferentInjections() {
    typealias Car = PropertySeed.Car
    let container = Container()
    container.register(Car.init)
      .as(Car.self, name: "BMW")
      .injection { $0.engine = PropertySeed.BMWEngine() }
    container.register(Car.init)
      .as(Car.self, name: "Eclipse")
      .injection { $0.engine = PropertySeed.EclipseEngine() }
    let bmw: Car = container.resolve(name: "BMW")
    let eclipse: Car = container.resolve(name: "Eclipse")
    #expect(bmw.engine is PropertySeed.BMWEngine)
    #expect(eclipse.engine is PropertySeed.EclipseEngine)
  }

  @Test func postInitRunsAfterEveryInjection() {
    typealias Car = PropertySeed.Car
    let container = PropertySeed.parts()
    nonisolated(unsafe) var seenAtPostInit: (engine: Bool, wheels: Int)?
    container.register(Car.init)
      .injection(\.engine)
      .injection(\.wheels) { many($0) }
      .injection(\.body)
      .postInit { car in seenAtPostInit = (car.engine != nil, car.wheels.count) }
    _ = container.resolve(Car.self)
    #expect(seenAtPostInit?.engine == true)
    #expect(seenAtPostInit?.wheels == 2)
  }
}
