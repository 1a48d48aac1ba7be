import Squire

/// Seed 004's cars, built through their initializers: what the documentation's samples of
/// initializer injection and modifiers use when they do not declare their own types
/// (`<!-- sample: uses Garage -->`).
enum Garage {
  protocol Engine: AnyObject {}
  protocol Wheel: AnyObject {}
  protocol Body: AnyObject {}
  final class BMWEngine: Engine, Sendable {}
  final class OtherEngine: Engine {}
  final class AlloyWheel: Wheel {}
  final class SteelBody: Body {}
  final class SportBody: Body {}
  /// Tags.
  enum BMWBody {}
  enum Sport {}

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
    let engine: Engine
    let wheels: [Wheel]
    let body: Body
    init(engine: Engine, wheels: [Wheel], body: Body) {
      self.engine = engine
      self.wheels = wheels
      self.body = body
    }
  }
}

/// Cars whose parts are injected into properties and methods
/// (`<!-- sample: uses Workshop -->`).
enum Workshop {
  protocol Engine: AnyObject {}
  protocol Wheel: AnyObject {}
  protocol Body: AnyObject {}
  final class BMWEngine: Engine, Sendable {}
  final class OtherEngine: Engine {}
  final class AlloyWheel: Wheel {}
  final class SteelBody: Body {}

  final class Driver {
    weak var car: Car?  // weak: the car holds its driver
    init() {}
  }

  final class Car {
    var engine: Engine!
    var wheels: [Wheel] = []
    var body: Body?
    var driver: Driver?
    private(set) var started = false

    init() {}

    func setup(engine: Engine, wheels: [Wheel], body: Body) {
      self.engine = engine
      self.wheels = wheels
      self.body = body
    }

    func start() { started = true }
  }
}

/// The quick start's knight and his armour (`<!-- sample: uses Armory -->`).
enum Armory {
  protocol Armor: AnyObject { var pieces: [String] { get } }

  final class Forge: Sendable {
    func forge(_ piece: String) -> String { piece }
  }

  final class PlateArmor: Armor {
    let pieces: [String]
    init(forge: Forge) { pieces = ["helm", "cuirass"].map(forge.forge) }
  }

  final class Knight {
    let armor: Armor
    init(armor: Armor) { self.armor = armor }
  }
}

extension Armory {
  final class Keep {
    let knight: Knight
    init(knight: Knight) { self.knight = knight }
  }
}
