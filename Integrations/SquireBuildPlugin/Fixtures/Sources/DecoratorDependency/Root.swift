import Squire

protocol Catalog: Sendable {}
final class RemoteCatalog: Catalog {}
final class Clock: Sendable {}
final class TimedCatalog: Catalog {
  init(inner: any Catalog, clock: Clock) {}
}

func makeContainer() -> Container {
  let container = Container()
  container.register(RemoteCatalog.init).as(Catalog.self)
  container.decorate(Catalog.self) { inner, clock in TimedCatalog(inner: inner, clock: clock) }
  return container
}
