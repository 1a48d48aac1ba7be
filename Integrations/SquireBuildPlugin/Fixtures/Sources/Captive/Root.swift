import Squire

final class Session {}

final class Middle {
  init(session: Session) {}
}

final class Cache: Sendable {
  init(middle: Middle) {}
}

func makeContainer() -> Container {
  let container = Container()
  container.register(Session.init).lifetime(.objectGraph)
  container.register(Middle.init)
  container.register(Cache.init).lifetime(.single)
  return container
}
