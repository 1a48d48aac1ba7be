import Testing

@testable import Squire

@Suite("A factory that returns an Optional")
struct OptionalFactoryTests {
  @Test func aValueIsResolvableAsTheWrappedTypeAndAsTheOptional() {
    let container = Container()
    let maybe: Service? = Service()
    container.register { maybe }
    #expect(container.resolve(Service.self) === maybe)
    #expect(container.resolve(Service?.self) === maybe)
    #expect(container.validate().isValid)
  }

  @Test func nilIsAbsent() throws {
    let container = Container()
    let none: Service? = nil
    container.register { none }
    container.register(Consumer.init(service:))
    #expect(container.resolve(Service?.self) == nil)
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Consumer.self)
    }
    #expect(error.reason == .absent(component: "Optional<Service>"))
    #expect(error.path == ["Consumer"])
    #expect(error.description.contains("returned `nil`"))
  }

  @Test func aDependencyAskedForAsOptionalGetsNil() {
    final class Reader {
      let service: Service?
      init(service: Service?) { self.service = service }
    }
    let container = Container()
    container.register { nil as Service? }
    container.register(Reader.init(service:))
    #expect(container.resolve(Reader.self).service == nil)
    #expect(container.validate().isValid)
  }

  @Test func anAsOfTheWrappedValueIsCheckedThroughTheOptional() {
    let container = Container()
    container.register { BMWEngine() as BMWEngine? }.as(Engine.self)
    #expect(container.resolve(Engine.self) is BMWEngine)
    #expect(container.validate().isValid, "\(container.validate())")
    #expect(
      container.registrations[0].keys.map(\.description) == [
        "Optional<BMWEngine>", "BMWEngine", "Engine",
      ])
  }
}
