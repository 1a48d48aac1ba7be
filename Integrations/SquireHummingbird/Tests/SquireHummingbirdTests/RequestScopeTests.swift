#if Hummingbird && ServiceLifecycle
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Squire
import SquireHummingbird
import Testing

/// A context with an authenticated user, set by a middleware that runs before the scope's.
struct AppContext: RequestScopeContext {
  var coreContext: CoreRequestContextStorage
  var requestScope: Container?
  var user: User?

  init(source: Source) { coreContext = .init(source: source) }
}

struct User: Sendable { let name: String }

struct Greeting: Sendable {
  let user: User
  var text: String { "hello \(user.name)" }
}

struct NotRegistered: Sendable {}

/// Needs the request's context: the scope registers it.
struct RequestLabel: Sendable {
  let context: AppContext
  var text: String { context.user?.name ?? "anonymous" }
}

struct Authenticate: RouterMiddleware {
  func handle(
    _ request: Request, context: AppContext, next: (Request, AppContext) async throws -> Response
  ) async throws -> Response {
    var context = context
    if let name = request.headers[.authorization] { context.user = User(name: name) }
    return try await next(request, context)
  }
}

/// The request scope as an app declares it to have its work specialised for its context.
struct AppRequestScope: RequestScopeMiddlewareProtocol {
  let requestScope: RequestScopeMiddleware<AppContext>
}

/// The app under test: its container, its router, and what the tests observe.
///
/// - Parameter specialised: The scope is given by ``AppRequestScope`` (the app's own type)
///   rather than by `RequestScopeMiddleware` itself.
func makeApp(
  tracker: Tracker, gate: Gate? = nil, logs: LogCapture = LogCapture(), specialised: Bool = false
) -> (container: Container, app: some ApplicationProtocol) {
  let container = Container()
  container.register { Transaction(tracker: tracker) }
    .lifetime(.perContainer)
    .onClose { tracker.closed($0.id) }
  container.register { (transaction: Transaction, request: Request) in
    BookReader(transaction: transaction, path: request.uri.path)
  }
  container.register(BookWriter.init)
  container.register(Greeting.init)
  container.register(RequestLabel.init)
  container.suppliedByEachChild(User.self)

  let router = Router(context: AppContext.self)
  router.add(middleware: Authenticate())
  let requestScope = RequestScopeMiddleware<AppContext>(container) { scope, _, context in
    if let user = context.user { scope.register { user } }
  }
  if specialised {
    router.add(middleware: AppRequestScope(requestScope: requestScope))
  } else {
    router.add(middleware: requestScope)
  }
  router.get("books") { _, context -> String in
    let reader = try await context.resolve(BookReader.self)
    let writer = try await context.resolve(BookWriter.self)
    await gate?.arrive()
    #expect(reader.transaction === writer.transaction)
    return "\(reader.transaction.id) \(reader.path)"
  }
  router.get("fail") { _, context -> String in
    _ = try await context.resolve(BookReader.self)
    throw HTTPError(.badRequest, message: "no such book")
  }
  router.get("missing") { _, context -> String in
    _ = try await context.resolve(NotRegistered.self)
    return "unreachable"
  }
  router.get("label") { _, context -> String in
    try await context.resolve(RequestLabel.self).text
  }
  router.get("hello") { _, context -> String in
    try await context.resolve(Greeting.self).text
  }
  let app = Application(
    router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
    logger: logs.logger())
  return (container, app)
}

@Suite("SquireHummingbird over live HTTP")
struct RequestScopeTests {
  @Test("The root validates: Request, the context and the user are supplied by each request")
  func rootValidates() {
    let (container, _) = makeApp(tracker: Tracker())
    let report = container.validate()
    #expect(report.isValid, "\(report)")
  }

  @Test(
    "Concurrent requests each get their own request-scoped instances, all closed, none leak",
    arguments: [false, true])
  func concurrentRequests(specialised: Bool) async throws {
    let tracker = Tracker()
    let count = 16
    let (_, app) = makeApp(tracker: tracker, gate: Gate(count: count), specialised: specialised)
    try await app.test(.live) { client in
      let port = try #require(client.port)
      let bodies = try await withThrowingTaskGroup(of: String.self) { group in
        for index in 0..<count {
          group.addTask {
            try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
              let response = try await client.get("/books?n=\(index)")
              #expect(response.status == .ok)
              return String(buffer: response.body ?? ByteBuffer())
            }
          }
        }
        var bodies: [String] = []
        for try await body in group { bodies.append(body) }
        return bodies
      }
      let ids = bodies.compactMap { $0.split(separator: " ").first.flatMap { Int($0) } }
      #expect(Set(ids).count == count, "each request its own transaction: \(bodies)")
      #expect(bodies.allSatisfy { $0.hasSuffix(" /books") }, "the request was injected")
    }
    #expect(tracker.madeCount == count)
    #expect(Set(tracker.closedIDs) == Set(1...count))
    #expect(tracker.closedIDs.count == count, "each closed once")
    #expect(tracker.alive == 0, "no transaction outlives its request")
  }

  @Test(
    "A failing request's scope is closed too, and its error keeps its status",
    arguments: [false, true])
  func failingRequest(specialised: Bool) async throws {
    let tracker = Tracker()
    let (_, app) = makeApp(tracker: tracker, specialised: specialised)
    try await app.test(.live) { client in
      let failed = try await client.execute(uri: "/fail", method: .get)
      #expect(failed.status == .badRequest)
      let ok = try await client.execute(uri: "/books", method: .get)
      #expect(ok.status == .ok)
    }
    #expect(tracker.madeCount == 2)
    #expect(tracker.closedIDs.sorted() == [1, 2])
    #expect(tracker.alive == 0)
  }

  @Test(
    "A resolution failure is a 500 with the diagnostic logged; the server goes on",
    arguments: [false, true])
  func resolutionFailure(specialised: Bool) async throws {
    let tracker = Tracker()
    let logs = LogCapture()
    let (_, app) = makeApp(tracker: tracker, logs: logs, specialised: specialised)
    try await app.test(.live) { client in
      let missing = try await client.execute(uri: "/missing", method: .get)
      #expect(missing.status == .internalServerError)
      #expect(!String(buffer: missing.body).contains("NotRegistered"), "no detail to the client")
      // Without an Authorization header there is no user: Greeting cannot be built.
      let anonymous = try await client.execute(uri: "/hello", method: .get)
      #expect(anonymous.status == .internalServerError)
      let signedIn = try await client.execute(
        uri: "/hello", method: .get, headers: [.authorization: "ada"])
      #expect(signedIn.status == .ok)
      #expect(String(buffer: signedIn.body) == "hello ada")
      let label = try await client.execute(
        uri: "/label", method: .get, headers: [.authorization: "bob"])
      #expect(String(buffer: label.body) == "bob", "the context, as the earlier middleware left it")
    }
    let diagnostics = logs.all.filter { $0.contains("squire.diagnostic=") }
    #expect(diagnostics.count == 2, "\(logs.all)")
    #expect(diagnostics.first?.contains("NotRegistered") == true, "\(diagnostics)")
    #expect(diagnostics.last?.contains("User") == true, "\(diagnostics)")
    #expect(tracker.alive == 0)
  }

  @Test("A route without the middleware answers 500, it does not crash")
  func missingMiddleware() async throws {
    let router = Router(context: SquireRequestContext.self)
    router.get("x") { _, context -> String in
      _ = try await context.resolve(User.self)
      return "unreachable"
    }
    let app = Application(router: router, logger: LogCapture().logger())
    try await app.test(.router) { client in
      let response = try await client.execute(uri: "/x", method: .get)
      #expect(response.status == .internalServerError)
    }
  }

  @Test("The request and its context are the scope's own; outside a scope, resolving them says so")
  func requestValuesOutsideAScope() async throws {
    let (container, app) = makeApp(tracker: Tracker())
    // Handed to each scope (BookReader reads the request's path, RequestLabel the context).
    try await app.test(.live) { client in
      let response = try await client.execute(
        uri: "/label", method: .get, headers: [.authorization: "ada"])
      #expect(String(buffer: response.body) == "ada")
    }
    do {
      _ = try await container.tryResolve(Request.self)
      Issue.record("the app's container has no request")
    } catch {
      #expect("\(error)".contains("RequestScopeMiddleware"), "\(error)")
    }
    let inside = Container(parent: Container(parent: container))
    #expect(throws: ResolutionError.self) { try inside.tryResolve(AppContext.self) }
  }

  @Test("Two middlewares on one container (two route groups): the request is not ambiguous")
  func twoMiddlewares() async throws {
    let container = Container()
    container.register { (request: Request) in request.uri.path }
    let router = Router(context: AppContext.self)
    router.group("a").add(middleware: RequestScopeMiddleware(container))
      .get { _, context in try await context.resolve(String.self) }
    router.group("b").add(middleware: RequestScopeMiddleware(container))
      .get { _, context in try await context.resolve(String.self) }
    let report = container.validate()
    #expect(report.isValid, "\(report)")
    let app = Application(router: router, logger: LogCapture().logger())
    try await app.test(.router) { client in
      let a = try await client.execute(uri: "/a", method: .get)
      #expect(String(buffer: a.body) == "/a")
      let b = try await client.execute(uri: "/b", method: .get)
      #expect(String(buffer: b.body) == "/b")
    }
  }
}
#endif
