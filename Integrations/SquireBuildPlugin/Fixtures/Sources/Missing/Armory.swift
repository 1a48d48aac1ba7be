import Squire

protocol Armor: AnyObject {}

final class Forge: Sendable {}

final class PlateArmor: Armor {
  init(forge: Forge) {}
}

final class Knight {
  init(armor: Armor) {}
}

final class Keep {
  init(knight: Knight) {}
}

/// The armoury, in a part of its own, in another file than the root.
enum ArmoryPart: Part {
  static func load(container: Container) {
    container.register(PlateArmor.init(forge:)).as(Armor.self)
  }
}
