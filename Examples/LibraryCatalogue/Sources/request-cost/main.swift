import Configuration
import Foundation
import Hummingbird
import LibraryCatalogue
import Logging
import NIOCore
import NIOEmbedded
import Synchronization

// One request's cost in the server, without sockets or wrk: the app's router answers
// `GET PATH` COUNT times in one process (routing, RequestScopeMiddleware for /books, the
// handler, the SQLite read, the response's JSON), and prints the process's CPU time per request
// (every thread's, in microseconds; the start-up left out). A profiler (`perf record -g`) sees
// only the requests. Scripts/request-cost.sh compares the two wirings with it.
//
//   request-cost PATH COUNT      e.g. request-cost /books/first 4000, /direct/books/first
//
// `first` in PATH is replaced by the id of the first book (20 are added at start).
let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]) else {
  print("usage: request-cost PATH COUNT")
  exit(2)
}
let directory = FileManager.default.temporaryDirectory
  .appendingPathComponent("request-cost-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let logger = {
  var logger = Logger(label: "request-cost")
  logger.logLevel = .warning
  return logger
}()
let container = makeContainer(
  configuration: ConfigReader(
    provider: InMemoryProvider(values: [
      "library.database": ConfigValue(
        .string(directory.appendingPathComponent("library.sqlite").path), isSecret: false),
      "library.port": ConfigValue(.int(0), isSecret: false),
    ])),
  logger: logger)

/// The CPU time of the process so far (every thread), in microseconds.
func processCPUTime() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
}

/// Answers `count` requests for `path` with `app`'s responder: the status of the last one and
/// the process's CPU time per request meanwhile, in microseconds.
nonisolated func run<App: ApplicationProtocol>(_ app: App, path: String, count: Int) async throws
  -> (status: HTTPResponse.Status, microseconds: Double)
where App.Responder.Context.Source == ApplicationRequestContextSource {
  let responder = try await app.responder
  let channel = EmbeddedChannel()
  func request(_ method: HTTPRequest.Method, _ path: String, _ body: String = "") -> Request {
    Request(
      head: HTTPRequest(
        method: method, scheme: "http", authority: "localhost", path: path,
        headerFields: [.contentType: "application/json"]),
      body: RequestBody(buffer: ByteBuffer(string: body)))
  }
  func context() -> App.Responder.Context {
    App.Responder.Context(source: ApplicationRequestContextSource(channel: channel, logger: logger))
  }
  var first = ""
  for n in 1...20 {
    let response = try await responder.respond(
      to: request(.post, "/books", #"{"title":"Book \#(n)","author":"Author","year":1900}"#),
      context: context())
    if n == 1 {
      let writer = CollectingWriter()
      try await response.body.write(writer)
      first = String(buffer: writer.collected.buffer).replacingOccurrences(
        of: #"^.*"id":"([^"]+)".*$"#, with: "$1", options: .regularExpression)
    }
  }
  let target = path.replacingOccurrences(of: "first", with: first)
  var status = HTTPResponse.Status.ok
  let start = processCPUTime()
  for _ in 0..<count {
    status = try await responder.respond(to: request(.get, target), context: context()).status
  }
  return (status, (processCPUTime() - start) / Double(count))
}

/// Keeps what a response body writes.
struct CollectingWriter: ResponseBodyWriter {
  final class Collected: @unchecked Sendable { var buffer = ByteBuffer() }
  let collected = Collected()
  mutating func write(_ part: ByteBuffer) async throws {
    collected.buffer.writeImmutableBuffer(part)
  }
  consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

// Off the main actor, as a server's request handling is. Not with a top-level `await`: the
// main thread would then wait in `sigsuspend`, which valgrind 3.19 cannot run
// (Scripts/request-instructions.sh runs this program under callgrind).
let outcome = Mutex<Result<(status: HTTPResponse.Status, microseconds: Double), any Error>?>(nil)
let finished = DispatchSemaphore(value: 0)
Task.detached {
  do {
    let report = container.validate()
    guard report.isValid else { fatalError("\(report)") }
    let app = makeApplication(
      container: container, database: try await container.tryResolve(LibraryDatabase.self),
      settings: try await container.tryResolve(Settings.self), logger: logger)
    let measured = try await run(app, path: arguments[1], count: count)
    outcome.withLock { $0 = .success(measured) }
  } catch {
    outcome.withLock { $0 = .failure(error) }
  }
  finished.signal()
}
finished.wait()
let (status, microseconds) = try outcome.withLock { $0! }.get()
container.close()
guard status == .ok else {
  print("GET \(arguments[1]): \(status)")
  exit(1)
}
print(String(format: "%.2f", microseconds))
