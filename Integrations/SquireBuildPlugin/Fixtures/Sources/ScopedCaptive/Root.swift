import Squire

let session = Scope("session")
final class Session {}
final class Cache {
  init(session: Session) {}
}

func makeContainer() -> Container {
  let container = Container()
  container.register(Session.init).lifetime(.scoped(session))
  container.register(Cache.init).lifetime(.single)
  return container
}
