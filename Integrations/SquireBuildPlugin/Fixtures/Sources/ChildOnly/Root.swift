import Squire

final class Forge {}
final class Armor {
  init(forge: Forge) {}
}

func makeContainer() -> Container {
  let container = Container()
  container.register(Armor.init)
  let request = Container(parent: container)
  request.register(Forge.init)
  return container
}
