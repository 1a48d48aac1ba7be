import Squire

// Registrations the plugin generates factories for, resolved: what they build must be what
// Squire's generic registrations build (the fixture test reads what this prints).

protocol Engine: AnyObject { var name: String { get } }
protocol Wheel: AnyObject {}
enum Sport {}

final class V8: Engine {
  let name = "V8"
}

final class Electric: Engine {
  let name: String
  init(name: String) { self.name = name }
}

final class Alloy: Wheel {}

final class Car {
  let engine: Engine
  let wheel: Wheel
  init(engine: Engine, wheel: Wheel) {
    self.engine = engine
    self.wheel = wheel
  }
}

struct Settings {
  let mode: String
  init() throws { mode = "loaded" }
}

final class Garage {
  let sport: Engine
  let spare: Wheel?
  let cars: Provider<Car>
  init(_ sport: Engine, spare: Wheel?, cars: Provider<Car>) {
    self.sport = sport
    self.spare = spare
    self.cars = cars
  }
}

let container = Container()
container.register(V8.init).as(Engine.self).lifetime(.single)
container.register { Electric(name: "volt") }.as(Engine.self, name: "electric")
container.register { Electric(name: "sport") }.as(Engine.self, tag: Sport.self)
container.register(Alloy.init).as(Wheel.self)
container.register { Car(engine: $0, wheel: $1) }
container.register { () throws -> Settings in try Settings() }
container.register { Garage(by(tag: Sport.self, $0), spare: $1, cars: $2) }
try container.validate().requireValid()

let car: Car = container.resolve()
let electric: Engine = container.resolve(name: "electric")
let garage: Garage = container.resolve()
let settings: Settings = container.resolve()
print("car: \(car.engine.name), \(car.wheel is Alloy)")
print("single: \(car.engine === (container.resolve() as Car).engine)")
print("named: \(electric.name)")
print(
  "tagged: \(garage.sport.name), spare: \(garage.spare != nil), provided: \(garage.cars.value.engine.name)"
)
print("settings: \(settings.mode)")

// A child overrides what the parent's components get, as without the plugin.
let test = Container(parent: container)
test.register { Electric(name: "mock") }.as(Engine.self)
let mocked: Car = test.resolve()
print("child: \(mocked.engine.name)")

// A container the build read completely and found clean: `validate()` does not walk it again,
// and reports what a walk reports (a child with nothing of its own walks the same graph).
let checked = Container()
checked.register(V8.init).as(Engine.self).lifetime(.single)
checked.register(Alloy.init).as(Wheel.self)
checked.register { Car(engine: $0, wheel: $1) }
let skipped = checked.validate()
let walked = Container(parent: checked).validate()
print(
  "checked at build time: \(skipped.checkedAtBuildTime), valid: \(skipped.isValid), "
    + "counts: \(skipped.componentCount == walked.componentCount), "
    + "\(skipped.dependencyCount == walked.dependencyCount)"
)
