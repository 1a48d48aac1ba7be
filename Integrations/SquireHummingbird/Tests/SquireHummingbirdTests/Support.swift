#if Hummingbird && ServiceLifecycle
import Hummingbird
import Logging
import Synchronization

/// Counts instances alive and records cleanups and lifecycle events, for one test.
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
}

/// A request-scoped resource: one per request, closed when the request ends.
final class Transaction: Sendable {
  let id: Int
  let tracker: Tracker
  init(tracker: Tracker) {
    self.tracker = tracker
    self.id = tracker.made()
  }
  deinit { tracker.released() }
}

/// Two components of one request that both use its transaction.
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

/// Keeps what is logged at error level, for the tests that check a diagnostic is logged.
final class LogCapture: Sendable {
  private let lines = Mutex<[String]>([])
  func append(_ line: String) { lines.withLock { $0.append(line) } }
  var all: [String] { lines.withLock { $0 } }

  func logger() -> Logger {
    Logger(label: "squire-tests") { _ in CapturingHandler(capture: self) }
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
    guard event.level >= .error else { return }
    let metadata = self.metadata.merging(event.metadata ?? [:]) { $1 }
    let details = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    capture.append(([event.message.description] + details).joined(separator: " "))
  }
}
#endif
