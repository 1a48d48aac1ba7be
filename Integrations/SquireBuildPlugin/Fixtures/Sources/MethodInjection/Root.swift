import Squire

protocol Engine: Sendable {}
final class V8: Engine {}
final class Car {
  func install(_ engine: any Engine) {}
}

func makeContainer() -> Container {
  let container = Container()
  container.register(V8.init).as(Engine.self, name: "V8")
  container.register(Car.init).injection(name: "Audi") { $0.install($1) }
  return container
}
