import Squire

func makeContainer() -> Container {
  let container = Container()
  container.append(part: ArmoryPart.self)
  container.register(Knight.init)
  container.register(Keep.init(knight:))
  return container
}
