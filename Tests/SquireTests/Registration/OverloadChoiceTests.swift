import Testing

@testable import Squire

// Which `register`, `register(_:modificator:)` and `decorate` overload a call binds to, read
// from what it recorded: the three families (synchronous, `@MainActor`, async) are told apart
// by their factory's type alone, with no marker parameter (Scripts/generate-register.py). The
// same calls must keep picking the same families.

/// A component that takes nine dependencies: only the parameter-pack overload fits.
private final class Nine: Sendable {
  init(_: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int) {}
}

@globalActor private actor OverloadActor {
  static let shared = OverloadActor()
}

@OverloadActor private final class OnOtherActor {
  init(service: APIService) { _ = service }
}

@MainActor private final class Panel {
  init(title: String, service: APIService) { _ = (title, service) }
}

private final class Report: Sendable {
  init(month: Int, service: APIService) async { _ = (month, service) }
}

/// How the component registered by `register` runs its factory.
private func execution<Impl>(_ register: (Container) -> Component<Impl>) -> ComponentExecution {
  register(Container()).record.execution
}

/// How the decorator `decorate` adds runs.
private func decoratorExecution(_ decorate: (Container) -> Void) -> ComponentExecution? {
  let container = Container()
  decorate(container)
  return container.decorators.last?.execution
}

@Suite("Overload choice")
struct OverloadChoiceTests {
  @Test func aSynchronousFactoryTakesTheSynchronousOverload() {
    #expect(execution { $0.register(APIService.init) } == .sync)
    #expect(execution { $0.register { APIService() } } == .sync)
    #expect(execution { $0.register(Screen.init) } == .sync)
    #expect(execution { $0.register { () throws -> Settings in try Settings.load() } } == .sync)
    #expect(execution { $0.register(Nine.init) } == .sync)
  }

  @Test func aMainActorFactoryTakesTheMainActorOverload() {
    #expect(execution { $0.register(ViewModel.init) } == .mainActor)
    #expect(execution { $0.register { @MainActor in ViewModel(service: $0) } } == .mainActor)
    #expect(
      execution { $0.register { @MainActor (service: APIService) in ViewModel(service: service) } }
        == .mainActor)
  }

  @Test func anAsyncFactoryTakesTheAsyncOverload() {
    #expect(execution { $0.register(Cache.init) } == .async)
    #expect(execution { $0.register { () async in await Database.connect(url: "db") } } == .async)
    #expect(execution { $0.register { () async throws in try await Settings.fetch() } } == .async)
    #expect(execution { $0.register { @MainActor () async in APIService() } } == .async)
  }

  @Test func aFactoryOnAnotherGlobalActorTakesRegisterIsolated() {
    #expect(execution { $0.register(isolated: OnOtherActor.init) } == .async)
    #expect(
      execution { $0.register(isolated: { @OverloadActor in OnOtherActor(service: $0) }) }
        == .async)
  }

  @MainActor
  @Test func onTheMainActorTheSameCallsPickTheSameOverloads() {
    #expect(execution { $0.register(APIService.init) } == .sync)
    #expect(execution { $0.register { APIService() } } == .sync)
    #expect(execution { $0.register(ViewModel.init) } == .mainActor)
    #expect(execution { $0.register { @MainActor in ViewModel(service: $0) } } == .mainActor)
    #expect(execution { $0.register(Cache.init) } == .async)
  }

  @Test func theModificatorFormsFollowTheFactory() {
    #expect(execution { $0.register(Screen.init) { arg($0) } } == .sync)
    #expect(execution { $0.register(Screen.init, modificator: { arg($0) }) } == .sync)
    #expect(execution { $0.register(Panel.init) { arg($0) } } == .mainActor)
    #expect(execution { $0.register(Report.init) { arg($0) } } == .async)
    #expect(execution { $0.register(isolated: OnOtherActor.init) { arg($0) } } == .async)
  }

  @Test func aDecoratorTakesTheOverloadOfItsClosure() {
    #expect(decoratorExecution { $0.decorate(APIService.self) { $0 } } == .sync)
    #expect(
      decoratorExecution { $0.decorate(APIService.self) { (inner, _: Screen) in inner } } == .sync)
    #expect(
      decoratorExecution { $0.decorate(ViewModel.self) { @MainActor inner in inner } }
        == .mainActor)
    #expect(
      decoratorExecution {
        $0.decorate(APIService.self) { (inner: APIService) async -> APIService in inner }
      } == .async)
  }
}
