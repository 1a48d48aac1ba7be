import Squire
import Testing

@testable import SquireTesting

/// A mock that must be made on the main actor, and handed to the container as a value.
@MainActor final class MainActorMock {
  let text = "made on the main actor"
}

/// Something a test's setup awaits before it registers.
private func fetchGreeting() async -> String {
  await Task.yield()
  return "awaited"
}

/// FactoryTesting's overrides closure is `@isolated(any) async`: SquireTesting's takes the same.
@Suite struct AsyncOverridesTests {
  @Test(
    .container(App.base) { @MainActor test in
      MainActor.assertIsolated()
      let text = MainActorMock().text
      test.register { FixedGreeting(text: text) }.as((any Greeting).self)
    })
  func overridesIsolatedToTheMainActorRunThere() {
    #expect(Container.ambient.resolve(Greeter.self).greeting.text == "made on the main actor")
  }

  @Test(
    .container(App.base) { test in
      let text = await fetchGreeting()
      test.register { FixedGreeting(text: text) }.as((any Greeting).self)
    })
  func overridesThatAwaitRegisterWhatTheyAwaited() {
    #expect(Container.ambient.resolve(Greeter.self).greeting.text == "awaited")
  }

  @Test func aSynchronousClosureStillConverts() async throws {
    let overrides: @Sendable (Container) throws -> Void = {
      $0.register { FixedGreeting(text: "sync") }.as((any Greeting).self)
    }
    let trait: ContainerTrait = .container(App.base, overrides)
    try await trait.withContainer(for: "sync") {
      #expect(Container.ambient.resolve(Greeter.self).greeting.text == "sync")
    }
  }
}
