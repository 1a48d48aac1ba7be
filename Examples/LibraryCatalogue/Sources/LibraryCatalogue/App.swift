import Configuration
import Hummingbird
import Logging
import ServiceLifecycle
import Squire
import SquireConfiguration
import SquireHummingbird
import SquireServiceLifecycle
import UnixSignals

/// The request context: Hummingbird's, plus the request's scope.
public struct LibraryContext: RequestScopeContext {
  /// Hummingbird's own storage.
  public var coreContext: CoreRequestContextStorage
  /// The request's child container, set by `RequestScopeMiddleware`.
  public var requestScope: Container?

  /// Made by Hummingbird for each request.
  public init(source: Source) { coreContext = .init(source: source) }
}

/// Each request's scope: `RequestScopeMiddleware`'s, with its work specialised for
/// `LibraryContext` (Hummingbird calls a middleware through an existential, so the generic
/// middleware's own `handle` runs unspecialised).
struct LibraryRequestScope: RequestScopeMiddlewareProtocol {
  let requestScope: RequestScopeMiddleware<LibraryContext>
}

/// The composition root: every component of the app, validated by `makeServices`.
///
/// - Parameter configuration: where the settings come from: the environment in the server
///   (`LIBRARY_PORT`, `LIBRARY_DATABASE`), values in memory in the tests.
public func makeContainer(configuration: ConfigReader, logger: Logger) -> Container {
  let container = Container()
  // `.single`: the settings are read once, by `.single` components (the source is
  // `.perContainer` by default, and validate() reports a `.single` that reads it as captive).
  container.register(configuration: configuration).lifetime(.single)
  container.register {
    Settings(databasePath: config(DatabasePath.self, $0), port: config(HTTPPort.self, $1))
  }
  .lifetime(.single)
  container.register { logger }.lifetime(.single)
  // Each request's scope has these: RequestScopeMiddleware hands them to it (and registers
  // them here when the router is made, after `makeServices` has validated this container).
  container.suppliedByEachChild(Request.self)
  container.suppliedByEachChild(LibraryContext.self)
  container.register(LibraryDatabase.init).lifetime(.single)
  container.register(RequestTransaction.init)
    .lifetime(.perContainer)
    .onClose { $0.close() }
  container.register(BookCatalogue.init).as((any Catalogue).self)
  container.decorate((any Catalogue).self) { inner, logger in
    AuditedCatalogue(inner: inner, logger: logger)
  }
  return container
}

/// The HTTP API. `/books` resolves its handlers in each request's scope through Squire;
/// `/direct/books` is the same API wired by hand, for the load comparison.
public func makeApplication(
  container: Container, database: LibraryDatabase, settings: Settings, logger: Logger
) -> some ApplicationProtocol {
  let router = Router(context: LibraryContext.self)
  router.get("health") { _, _ in HTTPResponse.Status.ok }

  let books = router.group("books")
    .add(middleware: LibraryRequestScope(requestScope: RequestScopeMiddleware(container)))
  books.get { _, context in
    try await context.resolve((any Catalogue).self).all()
  }
  books.get(":id") { _, context in
    try await context.resolve((any Catalogue).self).book(id: context.parameters.require("id"))
  }
  books.post { request, context -> EditedResponse<Book> in
    let new = try await request.decode(as: NewBook.self, context: context)
    let book = try await context.resolve((any Catalogue).self).add(new)
    try await context.resolve(RequestTransaction.self).commit()
    return EditedResponse(status: .created, response: book)
  }

  // The same endpoints, hand-wired: a transaction per request, closed at its end; the same
  // decorator.
  @Sendable func catalogue(_ transaction: RequestTransaction) -> any Catalogue {
    AuditedCatalogue(inner: BookCatalogue(transaction: transaction), logger: logger)
  }
  let direct = router.group("direct/books")
  direct.get { _, _ in
    try await withTransaction(database) { try await catalogue($0).all() }
  }
  direct.get(":id") { _, context in
    let id = try context.parameters.require("id")
    return try await withTransaction(database) { try await catalogue($0).book(id: id) }
  }
  direct.post { request, context -> EditedResponse<Book> in
    let new = try await request.decode(as: NewBook.self, context: context)
    return try await withTransaction(database) { transaction in
      let book = try catalogue(transaction).add(new)
      try await transaction.commit()
      return EditedResponse(status: .created, response: book)
    }
  }

  return Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: settings.port)),
    logger: logger)
}

private func withTransaction<T>(
  _ database: LibraryDatabase, _ body: (RequestTransaction) async throws -> T
) async throws -> T {
  let transaction = RequestTransaction(database: database)
  defer { transaction.close() }
  return try await body(transaction)
}

/// Builds the app and runs it until SIGTERM or SIGINT: the database starts before the HTTP
/// server and stops after it; the container is closed at the end.
public func runLibrary(configuration: ConfigReader, logger: Logger) async throws {
  let container = makeContainer(configuration: configuration, logger: logger)
  let app = try await makeServices(container: container, logger: logger)
  try await app.run()
}

/// The services of the app: the container's (the database) then the HTTP server.
public func makeServices(
  container: Container, logger: Logger,
  gracefulShutdownSignals: [UnixSignal] = [.sigterm, .sigint]
) async throws -> ContainerServices {
  // Validated before anything is built, the settings included.
  let report = container.validate()
  guard report.isValid else {
    logger.critical("The composition root is not valid:\n\(report)")
    throw ValidationFailed(report: "\(report)")
  }
  let settings = try await container.tryResolve(Settings.self)
  let database = try await container.tryResolve(LibraryDatabase.self)
  let server = makeApplication(
    container: container, database: database, settings: settings, logger: logger)
  return try await ContainerServices(
    container, then: [LoggedStop(server, name: "HTTP server", logger: logger)],
    gracefulShutdownSignals: gracefulShutdownSignals, logger: logger)
}

/// Runs a service and logs when it has stopped: the order of the shutdown is in the log (the
/// HTTP server, then the database, then the container's cleanups).
struct LoggedStop<Wrapped: Service>: Service {
  let wrapped: Wrapped
  let name: String
  let logger: Logger

  init(_ wrapped: Wrapped, name: String, logger: Logger) {
    self.wrapped = wrapped
    self.name = name
    self.logger = logger
  }

  func run() async throws {
    defer { logger.info("\(name) stopped") }
    try await wrapped.run()
  }
}

/// The composition root did not validate; the report says what to fix.
public struct ValidationFailed: Error, CustomStringConvertible {
  /// `validate()`'s report.
  public let report: String
  /// The report.
  public var description: String { report }
}
