import Squire
import Synchronization

/// What a decorated `Catalog` is made of, outermost first: `["Cached", "Timed", "Remote"]`.
protocol Catalog: AnyObject, Sendable {
  var layers: [String] { get }
}

final class RemoteCatalog: Catalog {
  let layers = ["Remote"]
}

final class LocalCatalog: Catalog {
  let layers = ["Local"]
}

final class TestClock: Sendable {
  let name: String
  init(name: String = "clock") { self.name = name }
}

final class TimedCatalog: Catalog {
  let inner: Catalog
  let clock: TestClock
  init(inner: Catalog, clock: TestClock) {
    self.inner = inner
    self.clock = clock
  }
  var layers: [String] { ["Timed"] + inner.layers }
}

final class CachedCatalog: Catalog {
  let inner: Catalog
  init(inner: Catalog) { self.inner = inner }
  var layers: [String] { ["Cached"] + inner.layers }
}

/// A decorator named by a string, for tests of order.
final class Layer: Catalog {
  let name: String
  let inner: Catalog
  init(_ name: String, _ inner: Catalog) {
    self.name = name
    self.inner = inner
  }
  var layers: [String] { [name] + inner.layers }
}

final class Shop: Sendable {
  let catalog: Catalog
  init(catalog: Catalog) { self.catalog = catalog }
}

/// A repository and the logger its logging decorator needs: the case that used to be reported
/// as a cycle.
protocol Repository: Sendable {
  func find(_ id: Int) -> String
}

final class SQLRepository: Repository {
  func find(_ id: Int) -> String { "row \(id)" }
}

final class RepositoryLog: Sendable {
  let lines = Mutex<[String]>([])
  func log(_ line: String) { lines.withLock { $0.append(line) } }
}

final class LoggingRepository: Repository {
  let inner: Repository
  let logger: RepositoryLog
  init(inner: Repository, logger: RepositoryLog) {
    self.inner = inner
    self.logger = logger
  }
  func find(_ id: Int) -> String {
    logger.log("find \(id)")
    return inner.find(id)
  }
}

/// Needs a `Catalog` to be made: with a decorator that needs it, a real cycle.
final class Auditor: Sendable {
  let catalog: Catalog
  init(catalog: Catalog) { self.catalog = catalog }
}

struct DecoratorFailure: Error {}

@MainActor
final class MainActorCatalog: Catalog {
  nonisolated let inner: Catalog
  init(inner: Catalog) { self.inner = inner }
  nonisolated var layers: [String] { ["Main"] + inner.layers }
}

protocol Loader: Sendable {
  var kind: String { get }
}

final class UsersLoader: Loader {
  let kind = "users"
}

final class PlainLoader: Loader {
  let kind = "plain"
}

final class OtherUsersLoader: Loader {
  let kind = "other users"
}

/// A loader that decorates another: `"logged users"`.
final class LoggedLoader: Loader {
  let inner: Loader
  init(inner: Loader) { self.inner = inner }
  var kind: String { "logged " + inner.kind }
}

protocol ListScreen: Sendable {}

final class UsersScreen: ListScreen {
  let loader: Loader
  init(loader: Loader) { self.loader = loader }
}

final class OrdersScreen: Sendable {
  let loader: Loader
  init(loader: Loader) { self.loader = loader }
}

/// Property injection: the loader is set after the screen is made.
final class SettingsScreen: @unchecked Sendable {
  var loader: Loader?
  init() {}
}
