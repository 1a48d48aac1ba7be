import Squire

// `@MainActor` by inference: conforms to a `@MainActor` protocol, or inherits from a
// `@MainActor` class.
@MainActor protocol Screen {}
final class Home: Screen {
  init() {}
}
@MainActor class BaseModel {
  init() {}
}
final class ListModel: BaseModel {}

// Declared and registered only where a condition this build does not set holds.
protocol API: Sendable {}
#if SQUIRE_FIXTURE_NEVER_SET
final class MockAPI: API {}
#endif
final class RealAPI: API {}
final class Client {
  init(api: any API) {}
}

@MainActor func makeContainer() -> Container {
  let container = Container()
  registerLeft(in: container)
  registerRight(in: container)
  container.register(isolated: Home.init)
  container.register(isolated: ListModel.init)
  #if SQUIRE_FIXTURE_NEVER_SET
  container.register(MockAPI.init).as(API.self)
  #else
  container.register(RealAPI.init).as(API.self)
  #endif
  container.register(Client.init)
  return container
}
