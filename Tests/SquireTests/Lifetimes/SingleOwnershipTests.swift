import Testing

@testable import Squire

final class Garage: Sendable {
  let engine: Engine
  init(engine: Engine) { self.engine = engine }
}

final class Dispatcher: Sendable {
  let engines: Provider<Engine>
  let spare: Lazy<Engine>
  init(engines: Provider<Engine>, spare: Lazy<Engine>) {
    self.engines = engines
    self.spare = spare
  }
}

/// A `.single` belongs to the container that registered it.
@Suite("Singles and children")
struct SingleOwnershipTests {
  @Test func aSingleFirstAskedForByAChildIsBuiltWithItsOwnContainersDependencies() {
    let app = Container()
    app.register(BMWEngine.init).as(Engine.self)
    app.register(Garage.init).lifetime(.single)
    let test = Container(parent: app)
    test.register(OtherEngine.init).as(Engine.self)
    let garage = test.resolve(Garage.self)
    #expect(garage.engine is BMWEngine)
    #expect(app.resolve(Garage.self) === garage)
  }

  @Test func aSinglesProviderAndLazyResolveInItsOwnContainerAfterTheChildGoes() throws {
    let app = Container()
    app.register(BMWEngine.init).as(Engine.self)
    app.register(Dispatcher.init).lifetime(.single)
    var test: Container? = Container(parent: app)
    test!.register(OtherEngine.init).as(Engine.self)
    let dispatcher = test!.resolve(Dispatcher.self)
    test = nil
    #expect(try dispatcher.engines.get() is BMWEngine)
    #expect(try dispatcher.spare.get() is BMWEngine)
  }

  @Test func toOverrideASingleInATestRegisterItInTheChild() {
    let app = Container()
    app.register(BMWEngine.init).as(Engine.self)
    app.register(Garage.init).lifetime(.single)
    let test = Container(parent: app)
    test.register(OtherEngine.init).as(Engine.self)
    test.register(Garage.init).lifetime(.single)
    #expect(test.resolve(Garage.self).engine is OtherEngine)
    #expect(app.resolve(Garage.self).engine is BMWEngine)
  }

  @Test func aSinglesPerContainerDependencyIsItsOwnContainers() {
    let app = Container()
    app.register(Service.init).lifetime(.perContainer)
    app.register(Consumer.init).lifetime(.single)
    let child = Container(parent: app)
    #expect(child.resolve(Consumer.self).service === app.resolve(Service.self))
  }
}
