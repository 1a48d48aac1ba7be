import Squire

protocol Weapon: Sendable {}
final class Sword: Weapon {}
final class Mace: Weapon {}
final class Squirrel {
  init(weapon: Weapon) {}
}

func makeContainer() -> Container {
  let container = Container()
  container.register(Sword.init).as(Weapon.self)
  container.register(Mace.init).as(Weapon.self)
  container.register { Squirrel(weapon: $0) }
  return container
}
