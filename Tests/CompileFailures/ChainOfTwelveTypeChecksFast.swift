// expect-fast: a valid chain of twelve options type-checks in well under a second
// The check compiles it with -warn-long-expression-type-checking (see the script).
import Squire

protocol Vehicle: AnyObject {}
final class Engine { init() {} }
final class Wheel { init() {} }
final class Body { init() {} }
final class Radio { init() {} }
final class Car: Vehicle {
  var engine: Engine?
  var wheel: Wheel?
  var body: Body?
  var radio: Radio?
  var spare: Wheel?
  var wheels: [Wheel] = []
  var color = 0
  init(engine: Engine) {}
  func setup(engine: Engine, wheel: Wheel) {}
}

func compose(_ container: Container) {
  container.register(Car.init)
    .as(Vehicle.self)
    .lifetime(.single)
    .injection(\.wheel)
    .injection { $0.body = $1 }
    .injection(\.radio)
    .injection { car, engine in car.engine = engine }
    .injection(\.wheels) { many($0) }
    .injection { $0.color = 3 }
    .injection { $0.setup(engine: $1, wheel: $2) }
    .injection(\.spare)
    .postInit { _ in }
    .default()
}
