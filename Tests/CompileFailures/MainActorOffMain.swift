// expect-error: call to main actor-isolated initializer 'init()' in a synchronous nonisolated context
// A closure that is not marked @MainActor cannot call a main-actor initializer synchronously:
// the fix is `{ @MainActor in Model() }` or `register(Model.init)`.
import Squire

@MainActor final class Model {
  init() {}
}

func register(in container: Container) {
  container.register { () -> Model in Model() }
}
