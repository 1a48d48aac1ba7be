import Foundation
import Synchronization
import Vapor
import VaporNotes

// One request's cost in the app, without sockets: the app's responder (routing, the
// middleware, the handler, the SQLite read, the response's JSON) answers `GET PATH` COUNT
// times in one process. Scripts/request-instructions.sh counts the instructions of the two
// wirings with it, under callgrind. A path under /direct is answered by the app configured
// without Squire (`configureHandWired`: no app.squire, no RequestScopeMiddleware); any other
// by the app with Squire.
//
//   request-cost PATH COUNT      e.g. request-cost /notes/first 1000, /direct/notes/first
//
// `first` in PATH is replaced by the id of the first note (20 are added at start).
let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]) else {
  print("usage: request-cost PATH COUNT")
  exit(2)
}
let folder = FileManager.default.temporaryDirectory
  .appendingPathComponent("request-cost-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

/// Answers `count` requests for `path` with the app's responder; the last one's status.
func measure(path: String, count: Int) async throws -> HTTPStatus {
  var logger = Logger(label: "request-cost")
  logger.logLevel = .warning
  let app = try await Application.make(.production, logger: logger)
  do {
    let databasePath = folder.appendingPathComponent("notes.sqlite").path
    if path.hasPrefix("/direct/") {
      try configureHandWired(app, databasePath: databasePath)
    } else {
      try configure(app, databasePath: databasePath)
    }
    try await app.asyncBoot()
    // Made once: `app.responder.current` builds the router anew at each call.
    let responder = app.responder.current
    func request(_ method: HTTPMethod, _ path: String, body: String? = nil) -> Request {
      Request(
        application: app, method: method, url: URI(path: path),
        headers: ["Content-Type": "application/json"],
        collectedBody: body.map { ByteBuffer(string: $0) }, logger: logger,
        on: app.eventLoopGroup.next())
    }
    var first = ""
    for n in 1...20 {
      let response = try await responder.respond(
        to: request(.POST, "/direct/notes", body: #"{"text":"note \#(n)"}"#)
      ).get()
      if n == 1 {
        first = try JSONDecoder().decode(
          Note.self, from: Data(buffer: response.body.buffer ?? ByteBuffer())
        ).id
      }
    }
    let target = path.replacingOccurrences(of: "first", with: first)
    var status = HTTPStatus.ok
    for _ in 0..<count {
      status = try await responder.respond(to: request(.GET, target)).get().status
    }
    try await app.asyncShutdown()
    return status
  } catch {
    try? await app.asyncShutdown()
    throw error
  }
}

// Off the main thread, as a server's request handling is. Not with a top-level `await`: the
// main thread would then wait in `sigsuspend`, which valgrind 3.19 cannot run.
let outcome = Mutex<Result<HTTPStatus, any Error>?>(nil)
let finished = DispatchSemaphore(value: 0)
Task.detached {
  do {
    let status = try await measure(path: arguments[1], count: count)
    outcome.withLock { $0 = .success(status) }
  } catch {
    outcome.withLock { $0 = .failure(error) }
  }
  finished.signal()
}
finished.wait()
let status = try outcome.withLock { $0! }.get()
guard status == .ok else {
  print("GET \(arguments[1]): \(status)")
  exit(1)
}
print("GET \(arguments[1]) answered \(count) times: \(status)")
