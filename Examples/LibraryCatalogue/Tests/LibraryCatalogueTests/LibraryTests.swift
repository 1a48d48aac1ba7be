import Configuration
import Foundation
import Hummingbird
import HummingbirdTesting
import LibraryCatalogue
import Logging
import NIOCore
import Squire
import Synchronization
import Testing

/// A fresh app on a fresh database file in a temporary directory.
func makeApp() throws -> (
  container: Container, database: LibraryDatabase, app: some ApplicationProtocol
) {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("library-\(UUID().uuidString).sqlite").path
  let logger = Logger(label: "library-tests")
  let container = makeContainer(configuration: configuration(path), logger: logger)
  let settings = try container.tryResolve(Settings.self)
  let database = try container.tryResolve(LibraryDatabase.self)
  let app = makeApplication(
    container: container, database: database, settings: settings, logger: logger)
  return (container, database, app)
}

/// The settings of a test: its own database file, any free port.
func configuration(_ path: String) -> ConfigReader {
  ConfigReader(
    provider: InMemoryProvider(values: [
      "library.database": ConfigValue(.string(path), isSecret: false),
      "library.port": ConfigValue(.int(0), isSecret: false),
    ]))
}

func json(_ value: some Encodable) throws -> ByteBuffer {
  ByteBuffer(data: try JSONEncoder().encode(value))
}

@Suite("Library catalogue over live HTTP")
struct LibraryTests {
  @Test("The composition root validates; a port that is not a number is reported")
  func validates() throws {
    let (container, _, _) = try makeApp()
    let report = container.validate()
    #expect(report.isValid, "\(report)")

    let broken = makeContainer(
      configuration: ConfigReader(provider: InMemoryProvider(values: ["library.port": "eighty"])),
      logger: Logger(label: "library-tests"))
    let problems = broken.validate()
    #expect(!problems.isValid)
    #expect("\(problems)".contains("library.port"), "\(problems)")
  }

  @Test(
    "Add, list, find, 404, and a failing request's writes rolled back",
    arguments: ["books", "direct/books"])
  func catalogue(prefix: String) async throws {
    let (_, database, app) = try makeApp()
    try await app.test(.live) { client in
      let created = try await client.execute(
        uri: "/\(prefix)", method: .post,
        body: try json(NewBook(title: "Dune", author: "Frank Herbert", year: 1965)))
      #expect(created.status == .created)
      let book = try JSONDecoder().decode(Book.self, from: Data(buffer: created.body))

      let invalid = try await client.execute(
        uri: "/\(prefix)", method: .post, body: try json(NewBook(title: "", author: "", year: 1)))
      #expect(invalid.status == .badRequest)

      let list = try await client.execute(uri: "/\(prefix)", method: .get)
      #expect(try JSONDecoder().decode([Book].self, from: Data(buffer: list.body)) == [book])
      let found = try await client.execute(uri: "/\(prefix)/\(book.id)", method: .get)
      #expect(try JSONDecoder().decode(Book.self, from: Data(buffer: found.body)) == book)
      let missing = try await client.execute(uri: "/\(prefix)/nope", method: .get)
      #expect(missing.status == .notFound)
    }
    let stats = database.stats.withLock { $0 }
    #expect(stats.opened == 5)
    #expect(stats.closed == 5, "every request's transaction closed, failing ones too")
    #expect(stats.committed == 1)
    #expect(stats.rolledBack == 1)
    #expect(stats.alive == 0, "no transaction outlives its request")
  }

  @Test("Concurrent requests each get their own transaction")
  func concurrent() async throws {
    let (_, database, app) = try makeApp()
    try await app.test(.live) { client in
      let port = try #require(client.port)
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<20 {
          group.addTask {
            try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
              let body = try json(NewBook(title: "Book \(index)", author: "A", year: 2000))
              let response = try await client.post("/books", body: body)
              #expect(response.status == .created)
            }
          }
        }
        try await group.waitForAll()
      }
      let list = try await client.execute(uri: "/books", method: .get)
      #expect(try JSONDecoder().decode([Book].self, from: Data(buffer: list.body)).count == 20)
    }
    let stats = database.stats.withLock { $0 }
    #expect(stats.opened == 21 && stats.closed == 21 && stats.committed == 20)
    #expect(stats.alive == 0)
  }

  @Test("Shutdown: the server stops before the database, then the container closes")
  func shutdownOrder() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("library-\(UUID().uuidString).sqlite").path
    // The app's, the database's and the service group's logger: records every message, in order.
    let log = LogRecorder()
    let logger = Logger(label: "library-tests") { _ in RecordingLogHandler(recorder: log) }
    let container = makeContainer(configuration: configuration(path), logger: logger)
    // Closing the container runs this cleanup: the last step of the shutdown.
    container.register { ShutdownProbe() }.lifetime(.single)
      .onClose { _ in log.record("container closed") }
    let services = try await makeServices(
      container: container, logger: logger, gracefulShutdownSignals: [])
    #expect(services.services.count == 2)
    #expect(services.services.first is LibraryDatabase, "the database starts first")
    let running = Task { try await services.run() }
    try await Task.sleep(for: .milliseconds(200))
    await services.triggerGracefulShutdown()
    try await running.value

    let messages = log.messages
    let databaseOpen = try #require(messages.firstIndex(of: "database open"), "\(messages)")
    let serverStarted = try #require(
      messages.firstIndex { $0.hasPrefix("Server started") }, "\(messages)")
    let serverStopped = try #require(messages.firstIndex(of: "HTTP server stopped"), "\(messages)")
    let databaseClosed = try #require(messages.firstIndex(of: "database closed"), "\(messages)")
    let containerClosed = try #require(messages.firstIndex(of: "container closed"), "\(messages)")
    #expect(databaseOpen < serverStarted, "the database starts before the server: \(messages)")
    #expect(serverStopped < databaseClosed, "the server stops before the database: \(messages)")
    #expect(databaseClosed < containerClosed, "the container closes last: \(messages)")
    #expect(container.isClosed)
    let database = services.services.first as? LibraryDatabase
    #expect(throws: (any Error).self, "the pool is closed") {
      try database?.pool.read { _ in }
    }
  }
}

/// A `.single` whose cleanup says when the container closes.
final class ShutdownProbe: Sendable {}

/// The messages logged, in order.
final class LogRecorder: Sendable {
  private let recorded = Mutex<[String]>([])

  var messages: [String] { recorded.withLock { $0 } }

  func record(_ message: String) {
    recorded.withLock { $0.append(message) }
  }
}

/// A log handler that records each message's text.
struct RecordingLogHandler: LogHandler {
  let recorder: LogRecorder
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .info

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    recorder.record(event.message.description)
  }
}
