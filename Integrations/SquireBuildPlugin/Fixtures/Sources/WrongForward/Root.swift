import Squire

protocol Armor {}
final class Sword {}

func makeContainer() -> Container {
  let container = Container()
  container.register(Sword.init).as(Armor.self)
  return container
}
