import Testing

@testable import Squire

@Suite("Registration")
struct RegistrationTests {
  private func partsContainer() -> Container {
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self)
    container.register(SteelWheel.init).as(Wheel.self)
    container.register(SportBody.init).as(Body.self)
    return container
  }

  @Test func initializerReferenceWithoutLabels() {
    let container = partsContainer()
    container.register(Car.init)
    let car: Car = container.resolve()
    #expect(car.engine is BMWEngine)
    #expect(car.wheel is SteelWheel)
    #expect(car.body is SportBody)
  }

  @Test func initializerReferenceWithLabels() {
    let container = partsContainer()
    container.register(Car.init(engine:wheel:body:))
    #expect(container.resolve(Car.self).engine is BMWEngine)
  }

  @Test func closureWithAnonymousParameters() {
    let container = partsContainer()
    container.register { Car(engine: $0, wheel: $1, body: $2) }
    #expect(container.resolve(Car.self).body is SportBody)
  }

  @Test func closureCanBuildPartsItselfAndSeesResolvedOnes() {
    let container = partsContainer()
    container.register { Car(engine: OtherEngine(), wheel: $0, body: $1) }
    let car: Car = container.resolve()
    #expect(car.engine is OtherEngine)
    #expect(car.wheel is SteelWheel)
  }

  @Test func anyArityThroughParameterPacks() {
    let container = Container()
    container.register { 1 }
    container.register { Int8(2) }
    container.register { Int16(3) }
    container.register { Int32(4) }
    container.register { Int64(5) }
    container.register { UInt(6) }
    container.register { UInt8(7) }
    container.register { UInt16(8) }
    container.register { UInt32(9) }
    container.register { UInt64(10) }
    container.register(Ten.init)
    #expect(container.resolve(Ten.self).values == Array(1...10))
  }

  @Test func valueTypesAreComponentsToo() {
    let container = Container()
    container.register { Config(name: "garrison") }
    #expect(container.resolve(Config.self).name == "garrison")
  }

  @Test func registeringAfterResolvingTakesEffect() {
    let container = Container()
    container.register { Config(name: "first") }
    #expect(container.resolve(Config.self).name == "first")
    container.register(BMWEngine.init).as(Engine.self)
    #expect(container.resolve(Engine.self) is BMWEngine)
  }

  @Test func laterOptionsApplyToTheNextResolve() {
    let container = Container()
    let component = container.register(Service.init)
    let first = container.resolve(Service.self)
    #expect(first !== container.resolve(Service.self))
    component.lifetime(.perContainer)
    let shared = container.resolve(Service.self)
    #expect(shared === container.resolve(Service.self))
  }
}
