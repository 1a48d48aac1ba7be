#if Vapor
import Squire
import Vapor

extension Request {
  /// The request's scope: a child of `app.squire`, made on first use (a request that never
  /// asks makes none) and closed by ``RequestScopeMiddleware`` once the response is made, after
  /// an error too.
  ///
  /// ```swift
  /// app.get("books", ":id") { req async throws -> Book in
  ///   let books = try await req.squire.tryResolve(BookRepository.self)
  ///   return try await books.find(req.parameters.require("id", as: Int.self))
  /// }
  /// ```
  ///
  /// `.perContainer` components are this request's own, `.single` ones the app's. The request
  /// itself (`Request`) and its logger (`Logger`) are components of the scope. Resolve with
  /// `tryResolve`: the middleware answers a resolution failure with a 500 and logs Squire's
  /// diagnostic, where `resolve` would stop the server. Two tasks of one request that ask at
  /// once get the same scope.
  public var squire: Container {
    if let scope = storage[RequestScopeKey.self] { return scope }
    return application.squireState.scope(for: self)
  }
}
#endif
