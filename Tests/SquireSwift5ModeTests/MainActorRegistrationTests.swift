// Compiled in the Swift 5 language mode, where a `@MainActor` function converts to a
// nonisolated one with at most a warning: every registration form must still pick the overload
// that builds on the main actor. A component registered off its actor would resolve
// synchronously off the main actor; one registered on it says `await` instead.
import Squire
import Testing

final class Service: Sendable {
  init() {}
}

@MainActor
final class Model {
  let service: Service
  init(service: Service) {
    MainActor.preconditionIsolated("Model.init ran off the main actor")
    self.service = service
  }
}

@MainActor
final class ArgumentModel {
  let id: Int
  init(id: Int, service: Service) {
    MainActor.preconditionIsolated("ArgumentModel.init ran off the main actor")
    self.id = id
  }
}

@MainActor
final class Page {
  var service: Service?
  init() {}
  func attach(_ service: Service) {
    MainActor.preconditionIsolated("Page.attach ran off the main actor")
    self.service = service
  }
}

/// Whether a synchronous resolve off the main actor refuses to build `T` (it says `await`).
func saysAwait<T>(_ type: T.Type, in container: Container) async -> Bool {
  let task = Task.detached { () -> Bool in
    do {
      _ = try container.tryResolve(T.self)
      return false
    } catch let error as ResolutionError {
      return error.description.contains("await")
    } catch {
      return false
    }
  }
  return await task.value
}

@Suite("@MainActor registrations in the Swift 5 language mode")
struct MainActorRegistrationTests {
  @Test func anInitializerIsBuiltOnTheMainActor() async {
    let container = Container()
    container.register(Service.init)
    container.register(Model.init)
    #expect(await saysAwait(Model.self, in: container))
    let model: Model = await container.resolve()
    _ = model
  }

  @Test func aClosureIsBuiltOnTheMainActor() async {
    let container = Container()
    container.register(Service.init)
    container.register { @MainActor in Model(service: $0) }
    #expect(await saysAwait(Model.self, in: container))
    let model: Model = await container.resolve()
    _ = model
  }

  @Test func theModifierFormIsBuiltOnTheMainActor() async {
    let container = Container()
    container.register(Service.init)
    container.register(ArgumentModel.init) { arg($0) }
    let model: ArgumentModel = await container.resolve(args: 3)
    #expect(model.id == 3)
    let task = Task.detached { () -> Bool in
      do {
        let _: ArgumentModel = try container.tryResolve(args: 3)
        return false
      } catch let error as ResolutionError {
        return error.description.contains("await")
      } catch {
        return false
      }
    }
    #expect(await task.value)
  }

  @Test func injectionsAndPostInitsRunOnTheMainActor() async {
    let container = Container()
    container.register(Service.init)
    container.register { @MainActor in Page() }
      .injectionOnMainActor { (page: Page, service: Service) in page.attach(service) }
      .postInitOnMainActor { _ in MainActor.preconditionIsolated("postInit off main") }
    let page: Page = await container.resolve()
    #expect(await page.service != nil)
  }
}
