import Squire

/// Main-actor, async and throwing components: what the samples of "Concurrency: actors, async,
/// Sendable" and the README's section on it use when they do not declare their own types
/// (`<!-- sample: uses Court -->`).
enum Court {
  final class Service: Sendable {
    init() {}
  }

  final class Formatter: Sendable {
    init() {}
  }

  @MainActor
  final class ViewModel {
    let service: Service
    var formatter: Formatter?
    private(set) var started = false
    init(service: Service) { self.service = service }
    func start() { started = true }
  }

  final class Database: Sendable {
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
    static func fetch() async throws -> Settings { Settings(port: 8080) }
  }

  final class SearchIndex: Sendable {
    init() {}
  }

  actor Library {
    private(set) var index: SearchIndex?
    init() {}
    func load(_ index: SearchIndex) { self.index = index }
  }
}
