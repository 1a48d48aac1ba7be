#if Vapor
import Logging
import Squire
import Synchronization
import Vapor

/// Counts instances alive and records cleanups, for one test.
final class Tracker: Sendable {
  private struct State {
    var alive = 0
    var made = 0
    var closed: [Int] = []
    var events: [String] = []
  }
  private let state = Mutex(State())

  func made() -> Int {
    state.withLock {
      $0.alive += 1
      $0.made += 1
      return $0.made
    }
  }
  func released() { state.withLock { $0.alive -= 1 } }
  func closed(_ id: Int) { state.withLock { $0.closed.append(id) } }
  func record(_ event: String) { state.withLock { $0.events.append(event) } }

  var alive: Int { state.withLock { $0.alive } }
  var madeCount: Int { state.withLock { $0.made } }
  var closedIDs: [Int] { state.withLock { $0.closed } }
  var events: [String] { state.withLock { $0.events } }

  /// Waits (at most `seconds`) until `condition` holds: for work that ends after the client
  /// has its answer.
  func wait(seconds: Double = 10, until condition: (Tracker) -> Bool) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(seconds)
    while !condition(self), clock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
  }
}

/// A request-scoped resource with a synchronous cleanup: one per request.
final class Transaction: Sendable {
  let id: Int
  let tracker: Tracker
  init(tracker: Tracker) {
    self.tracker = tracker
    self.id = tracker.made()
  }
  deinit { tracker.released() }
}

/// A request-scoped resource whose cleanup is async (it flushes): closing the scope awaits it.
final class Journal: Sendable {
  let tracker: Tracker
  let request: Request
  init(tracker: Tracker, request: Request) {
    self.tracker = tracker
    self.request = request
  }
  func flush() async {
    await Task.yield()
    tracker.record("flushed \(request.url.path)")
  }
}

/// Two components of one request that share its transaction; the reader needs the request.
struct BookReader: Sendable {
  let transaction: Transaction
  let path: String
}
struct BookWriter: Sendable {
  let transaction: Transaction
}

/// Lets `count` requests in at once: each waits until all have arrived, so that they overlap.
actor Gate {
  private let count: Int
  private var arrived = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []
  init(count: Int) { self.count = count }

  func arrive() async {
    arrived += 1
    if arrived >= count {
      for waiter in waiting { waiter.resume() }
      waiting = []
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }
}

/// Keeps what is logged at warning level and above.
final class LogCapture: Sendable {
  private let lines = Mutex<[String]>([])
  func append(_ line: String) { lines.withLock { $0.append(line) } }
  var all: [String] { lines.withLock { $0 } }

  func logger() -> Logger {
    Logger(label: "squire-vapor-tests") { _ in CapturingHandler(capture: self) }
  }
}

struct CapturingHandler: LogHandler {
  let capture: LogCapture
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .info

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    guard event.level >= .warning else { return }
    let metadata = self.metadata.merging(event.metadata ?? [:]) { $1 }
    let details = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    capture.append(([event.message.description] + details).joined(separator: " "))
  }
}

/// Runs `test` with an app made for it, and shuts the app down after, whatever happens.
func withTestApp<T>(
  logs: LogCapture = LogCapture(), _ test: (Application) async throws -> T
) async throws -> T {
  let app = try await Application.make(.testing, logger: logs.logger())
  do {
    let result = try await test(app)
    try await app.asyncShutdown()
    return result
  } catch {
    try? await app.asyncShutdown()
    throw error
  }
}

/// Whether `stream` yields within `seconds`: a test that waits for an event fails, rather than
/// hangs, when the event never comes.
func next(_ stream: AsyncStream<Void>, within seconds: Double = 30) async -> Bool {
  await withTaskGroup(of: Bool.self) { group in
    group.addTask {
      for await _ in stream { return true }
      return false
    }
    group.addTask {
      try? await Task.sleep(for: .seconds(seconds))
      return false
    }
    let first = await group.next() ?? false
    group.cancelAll()
    return first
  }
}

/// Starts `app`'s HTTP server on loopback, on a port the system picks; returns the port.
func startServer(_ app: Application) async throws -> Int {
  app.http.server.configuration.hostname = "127.0.0.1"
  app.http.server.configuration.port = 0
  try await app.asyncBoot()
  try await app.server.start(address: .hostname("127.0.0.1", port: 0))
  guard let port = app.http.server.shared.localAddress?.port else {
    throw Abort(.internalServerError, reason: "the server has no port")
  }
  return port
}
#endif
