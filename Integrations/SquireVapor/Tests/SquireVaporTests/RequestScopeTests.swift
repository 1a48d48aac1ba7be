#if Vapor
import Squire
import Testing
import Vapor
import VaporTesting

@testable import SquireVapor

struct NotRegistered: Sendable {}

/// Its factory fails with a text the client must never see.
struct Vault: Sendable {}
struct VaultLocked: Error, CustomStringConvertible {
  var description: String { "the vault's password is hunter2" }
}

/// Its factory answers for the app: a 404 that keeps its status.
struct Shelf: Sendable {}

/// Built on the main actor.
@MainActor final class Badge {
  let text = "made on the main actor"
}

/// Built by an async factory.
struct Catalogue: Sendable {
  let count: Int
}

/// Needs the request's logger: the scope hands it over.
struct Auditor: Sendable {
  let logger: Logger
  var requestID: String { logger[metadataKey: "request-id"]?.description ?? "none" }
}

/// A route group's middleware that resolves from the request's scope, as the handler does.
struct TransactionHeader: AsyncMiddleware {
  func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
    let transaction = try await request.resolve(Transaction.self)
    let response = try await next.respond(to: request)
    response.headers.replaceOrAdd(name: "X-Transaction", value: "\(transaction.id)")
    return response
  }
}

/// The app under test: its components and its routes.
func configure(_ app: Application, tracker: Tracker, gate: Gate? = nil) {
  let squire = app.squire
  squire.register { Transaction(tracker: tracker) }
    .lifetime(.perContainer)
    .onClose { tracker.closed($0.id) }
  squire.register { (request: Request) in Journal(tracker: tracker, request: request) }
    .lifetime(.perContainer)
    .onClose { await $0.flush() }
  squire.register { (transaction: Transaction, request: Request) in
    BookReader(transaction: transaction, path: request.url.path)
  }
  squire.register(BookWriter.init)
  squire.register(Auditor.init)
  squire.register { () throws -> Vault in throw VaultLocked() }
  squire.register { () throws -> Shelf in throw Abort(.notFound, reason: "no such shelf") }
  squire.register { @MainActor in Badge() }
  squire.register { () async -> Catalogue in
    await Task.yield()
    return Catalogue(count: 3)
  }

  app.get("books") { req async throws -> String in
    let reader = try await req.resolve(BookReader.self)
    let writer = try await req.resolve(BookWriter.self)
    _ = try await req.resolve(Journal.self)
    await gate?.arrive()
    #expect(reader.transaction === writer.transaction, "one transaction per request")
    return "\(reader.transaction.id) \(reader.path)"
  }
  app.get("fail") { req async throws -> String in
    _ = try await req.resolve(BookReader.self)
    throw Abort(.badRequest, reason: "no such book")
  }
  app.get("missing") { req async throws -> String in
    _ = try await req.resolve(NotRegistered.self)
    return "unreachable"
  }
  app.get("vault") { req async throws -> String in
    _ = try await req.resolve(Vault.self)
    return "unreachable"
  }
  app.get("shelf") { req async throws -> String in
    _ = try await req.resolve(Shelf.self)
    return "unreachable"
  }
  app.get("badge") { req async throws -> String in
    let badge = try await req.resolve(Badge.self)
    let catalogue = try await req.resolve(Catalogue.self)
    return "\(badge.text), \(catalogue.count) books"
  }
  app.get("auditor") { req async throws -> String in
    try await req.resolve(Auditor.self).requestID
  }
  app.get("plain") { _ in "no scope" }
  app.grouped(TransactionHeader()).get("grouped") { req async throws -> String in
    "\(try await req.resolve(Transaction.self).id)"
  }
}

@Suite("SquireVapor: a request scope per request, over HTTP and in memory")
struct RequestScopeTests {
  @Test("1,000 concurrent requests each get their own request-scoped instances, all closed")
  func thousandConcurrentRequests() async throws {
    let tracker = Tracker()
    let count = 1000
    try await withTestApp { app in
      configure(app, tracker: tracker, gate: Gate(count: count))
      app.http.client.configuration.connectionPool = .init(
        idleTimeout: .seconds(5), concurrentHTTP1ConnectionsPerHostSoftLimit: count)
      app.http.server.configuration.backlog = count
      let port = try await startServer(app)
      let bodies = try await withThrowingTaskGroup(of: String.self) { group in
        for index in 0..<count {
          group.addTask {
            let response = try await app.client.get("http://127.0.0.1:\(port)/books?n=\(index)")
            #expect(response.status == .ok)
            return response.body.map { String(buffer: $0) } ?? ""
          }
        }
        var bodies: [String] = []
        for try await body in group { bodies.append(body) }
        return bodies
      }
      await app.server.shutdown()
      let ids = bodies.compactMap { $0.split(separator: " ").first.flatMap { Int($0) } }
      #expect(Set(ids).count == count, "each request its own transaction, all alive at once")
      #expect(bodies.allSatisfy { $0.hasSuffix(" /books") }, "the request was injected")
      try await tracker.wait { $0.events.count == count }
    }
    #expect(tracker.madeCount == count)
    #expect(Set(tracker.closedIDs) == Set(1...count), "every transaction's cleanup ran")
    #expect(tracker.closedIDs.count == count, "each once")
    #expect(tracker.events.count == count, "every journal's async cleanup ran")
    #expect(tracker.alive == 0, "no transaction outlives its request")
  }

  @Test("A request that throws has its scope closed too; its error keeps its status")
  func throwingRequest() async throws {
    let tracker = Tracker()
    try await withTestApp { app in
      configure(app, tracker: tracker)
      let tester = try app.testing()
      try await tester.test(.GET, "fail") { #expect($0.status == .badRequest) }
      try await tester.test(.GET, "books") { #expect($0.status == .ok) }
      #expect(tracker.closedIDs.sorted() == [1, 2])
    }
    #expect(tracker.alive == 0)
  }

  @Test("A request whose client went away has its scope closed when its handler ends")
  func clientWentAway() async throws {
    let tracker = Tracker()
    let release = AsyncStream<Void>.makeStream()
    let started = AsyncStream<Void>.makeStream()
    try await withTestApp { app in
      configure(app, tracker: tracker)
      app.get("slow") { req async throws -> String in
        _ = try await req.resolve(Transaction.self)
        started.continuation.yield()
        for await _ in release.stream { break }
        return "late"
      }
      let port = try await startServer(app)
      // The client gives up while the handler waits for `release`. Its timeout leaves the
      // server time to start the handler on a busy machine: with 300 ms, a request the server
      // had not read yet never reached a handler, and the test waited for it forever.
      await #expect(throws: (any Error).self) {
        try await app.client.get("http://127.0.0.1:\(port)/slow") {
          $0.timeout = .seconds(2)
        }
      }
      try #require(await next(started.stream), "the handler started")
      #expect(tracker.closedIDs.isEmpty, "the handler still runs")
      release.continuation.yield()
      try await tracker.wait { $0.closedIDs.count == 1 }
      #expect(tracker.closedIDs == [1], "closed although nobody reads the answer")
      await app.server.shutdown()
    }
    #expect(tracker.alive == 0)
  }

  @Test("A failing factory is a 500 that tells the client nothing; the report is logged")
  func failingFactory() async throws {
    let logs = LogCapture()
    try await withTestApp(logs: logs) { app in
      configure(app, tracker: Tracker())
      let tester = try app.testing()
      try await tester.test(.GET, "vault") { response in
        #expect(response.status == .internalServerError)
        #expect(!response.body.string.contains("hunter2"), "\(response.body.string)")
        #expect(!response.body.string.contains("Vault"), "\(response.body.string)")
      }
      try await tester.test(.GET, "missing") { response in
        #expect(response.status == .internalServerError)
        #expect(!response.body.string.contains("NotRegistered"), "\(response.body.string)")
      }
      try await tester.test(.GET, "shelf") { #expect($0.status == .notFound) }
      try await tester.test(.GET, "books") { #expect($0.status == .ok) }
    }
    let diagnostics = logs.all.filter { $0.contains("squire.diagnostic=") }
    #expect(diagnostics.count == 2, "\(logs.all)")
    #expect(diagnostics.first?.contains("hunter2") == true, "\(diagnostics)")
    #expect(diagnostics.last?.contains("NotRegistered") == true, "\(diagnostics)")
  }

  @Test("A route group's middleware and the handler resolve in the same scope")
  func middlewareAndHandlerShareTheScope() async throws {
    let tracker = Tracker()
    try await withTestApp { app in
      configure(app, tracker: tracker)
      let tester = try app.testing()
      for _ in 0..<2 {
        try await tester.test(.GET, "grouped") { response in
          #expect(response.headers.first(name: "X-Transaction") == response.body.string)
        }
      }
    }
    #expect(tracker.closedIDs.sorted() == [1, 2])
  }

  @Test("A handler resolves @MainActor and async components")
  func mainActorAndAsync() async throws {
    try await withTestApp { app in
      configure(app, tracker: Tracker())
      try await app.testing().test(.GET, "badge") { response in
        #expect(response.status == .ok)
        #expect(response.body.string == "made on the main actor, 3 books")
      }
    }
  }

  @Test("The scope holds the request and its logger")
  func requestAndLogger() async throws {
    try await withTestApp { app in
      configure(app, tracker: Tracker())
      try await app.testing().test(.GET, "auditor", headers: ["X-Request-Id": "r-42"]) {
        #expect($0.body.string == "r-42")
      }
      try await app.testing().test(.GET, "books") { #expect($0.body.string == "1 /books") }
      let outside = #expect(throws: ResolutionError.self) {
        try app.squire.tryResolve(Request.self, isolation: nil)
      }
      #expect(outside?.underlyingError is NotInARequestScope, "\(String(describing: outside))")
    }
  }

  @Test("A request that never asks makes no scope; the first ask makes it, later ones reuse it")
  func scopeMadeOnFirstUse() async throws {
    try await withTestApp { app in
      configure(app, tracker: Tracker())
      app.get("peek") { req async -> String in
        let before = req.storage.contains(RequestScopeKey.self)
        let first = req.requestScope
        let again = req.requestScope
        return "\(before) \(req.storage.contains(RequestScopeKey.self)) \(first === again)"
      }
      try await app.testing().test(.GET, "peek") { #expect($0.body.string == "false true true") }
    }
  }
}
#endif
