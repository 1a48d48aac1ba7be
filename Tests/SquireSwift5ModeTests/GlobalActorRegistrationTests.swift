// Compiled in the Swift 5 language mode, where a function isolated to a global actor converts to
// a nonisolated one with at most a warning: `register(isolated:)` must still build on the actor.
import Squire
import Testing

@globalActor actor Vault {
  static let shared = Vault()
}

@Vault
final class Safe {
  let service: Service
  init(service: Service) {
    Vault.shared.preconditionIsolated("Safe.init ran off its actor")
    self.service = service
  }
}

@Vault
final class Drawer {
  let label: String
  init(label: String, service: Service) {
    Vault.shared.preconditionIsolated("Drawer.init ran off its actor")
    self.label = label
  }
}

@Suite("Global-actor registrations in the Swift 5 language mode")
struct GlobalActorRegistrationTests {
  @Test func anInitializerIsBuiltOnItsActor() async {
    let container = Container()
    container.register(Service.init)
    container.register(isolated: Safe.init)
    #expect(await saysAwait(Safe.self, in: container))
    let safe: Safe = await container.resolve()
    _ = safe
  }

  @Test func theModifierFormIsBuiltOnItsActor() async throws {
    let container = Container()
    container.register(Service.init)
    container.register(isolated: Drawer.init) { arg($0) }
    let drawer: Drawer = try await container.tryResolve(args: "socks")
    #expect(drawer.label == "socks")
  }
}
