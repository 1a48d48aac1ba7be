import Synchronization

@testable import Squire

// Fixtures for isolation, async and throwing factories.

final class APIService: Sendable {
  init() {}
}

/// A main-actor view model whose initializer checks that it runs on the main actor.
@MainActor
final class ViewModel {
  let service: APIService
  init(service: APIService) {
    MainActor.preconditionIsolated("ViewModel.init ran off the main actor")
    self.service = service
  }
}

/// A nonisolated component that depends on a main-actor one.
final class Screen: Sendable {
  let model: ViewModel
  init(model: ViewModel) { self.model = model }
}

/// What a `Database` is resolved as in the `.as` tests.
protocol DatabaseConnection: AnyObject, Sendable {
  var url: String { get }
}

/// What a `ViewModel` is resolved as in the `.as` tests.
@MainActor protocol Presenter: AnyObject, Sendable {}

extension ViewModel: Presenter {}

final class Database: DatabaseConnection {
  let url: String
  private init(url: String) { self.url = url }

  static func connect(url: String) async -> Database {
    await Task.yield()
    return Database(url: url)
  }
}

final class Cache: Sendable {
  let database: Database
  init(database: Database) async {
    await Task.yield()
    self.database = database
  }
}

struct SettingsError: Error, Equatable {
  let file: String
}

struct Settings: Sendable {
  let port: Int
  static func load() throws -> Settings { throw SettingsError(file: "settings.json") }
  static func fetch() async throws -> Settings {
    await Task.yield()
    return Settings(port: 8080)
  }
}

/// Counts calls from any thread.
final class CallCounter: Sendable {
  private let count = Atomic<Int>(0)
  init() {}
  @discardableResult
  func next() -> Int { count.add(1, ordering: .relaxed).newValue }
  var value: Int { count.load(ordering: .relaxed) }
}

/// Resolves synchronously from a nonisolated synchronous function (the overload an async
/// caller cannot pick).
func resolveSynchronously<T>(_ type: T.Type, in container: Container) throws(ResolutionError) -> T {
  try container.tryResolve(T.self)
}

/// A part registered from a nonisolated context.
enum ViewModelPart: Part {
  static func load(container: Container) {
    container.register(APIService.init).lifetime(.single)
    container.register(ViewModel.init)
    container.register(Screen.init)
  }
}
