import Squire

protocol Engine: AnyObject {}
protocol Wheel: AnyObject {}
protocol Body: AnyObject {}
final class BMWEngine: Engine, Sendable {}
final class OtherEngine: Engine {}
final class DieselEngine: Engine {}
final class AlloyWheel: Wheel {}
final class SteelBody: Body {}
final class SportBody: Body {}
/// A tag.
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

final class Wagon {
  init(engine: Engine, wheels: [Wheel], body: Body) {}
}

final class Rental {
  init(customer: String, car: Car) {}
}

final class Driver {
  weak var car: Workshop?
  init() {}
}

final class Workshop {
  var engine: Engine!
  var wheels: [Wheel] = []
  var body: Body?
  var driver: Driver?
  init() {}
  func setup(engine: Engine, wheels: [Wheel], body: Body) {}
  func start() {}
}

/// Optional, Lazy, Provider and many parameters.
final class Garage {
  init(spare: Wheel?, engine: Lazy<Engine>, bodies: Provider<Body>) {}
}

protocol Clock: Sendable { var now: Int { get } }
struct FixedClock: Clock { let now = 42 }

final class Dashboard {
  @Injected var clock: Clock
  @Injected var banner: String?
  init() {}
}

@MainActor final class ViewModel {
  init(engine: Engine) {}
}

final class Database: Sendable {
  init() async {}
}

struct Settings: Sendable {
  init() throws {}
}

protocol Catalog: Sendable {}
struct RemoteCatalog: Catalog {}
struct CachedCatalog: Catalog {
  let inner: Catalog
}

final class Recruit {
  init(name: String, engine: Engine) {}
}

final class Mechanic {
  init(engine: Engine) {}
}

final class Apprentice {
  init(engine: Engine) {}
}
