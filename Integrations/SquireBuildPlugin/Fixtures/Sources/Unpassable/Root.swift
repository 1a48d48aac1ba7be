import Squire

final class Recruit {
  init(name: String) {}
}

final class Muster {
  init(recruit: Recruit) {}
}

func makeContainer() -> Container {
  let container = Container()
  container.register(Recruit.init) { arg($0) }
  container.register(Muster.init)
  return container
}
