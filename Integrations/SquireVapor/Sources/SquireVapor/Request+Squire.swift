#if Vapor
import Squire
import Vapor

extension Request {
  /// The request's scope: a child of `app.squire`, made on first use (a request that never
  /// asks makes none) and closed by ``RequestScopeMiddleware`` once the response is made, after
  /// an error too. The same name as SquireHummingbird's `context.requestScope`.
  ///
  /// ```swift
  /// app.get("books", ":id") { req async throws -> Book in
  ///   let books = try await req.resolve(BookRepository.self)
  ///   return try await books.find(req.parameters.require("id", as: Int.self))
  /// }
  /// ```
  ///
  /// `.perContainer` components are this request's own, `.single` ones the app's. The request
  /// itself (`Request`) and its logger (`Logger`) are components of the scope. In a route,
  /// resolve with ``resolve(_:)`` (or the scope's `tryResolve`), which throws: the middleware
  /// answers a resolution failure with a 500 and logs Squire's diagnostic, and the server goes
  /// on. Two tasks of one request that ask at once get the same scope.
  public var requestScope: Container {
    if let scope = storage[RequestScopeKey.self] { return scope }
    return application.squireState.scope(for: self)
  }

  /// The former name of ``requestScope``.
  ///
  /// ```swift
  /// let books = try await req.requestScope.tryResolve(BookRepository.self)   // write this
  /// ```
  @available(*, deprecated, renamed: "requestScope")
  public var squire: Container { requestScope }

  /// Builds a `T` in the request's scope (``requestScope``): what a route asks for. Throws
  /// instead of trapping: ``RequestScopeMiddleware`` turns a resolution failure into a 500 and
  /// logs Squire's diagnostic (an `AbortError` a factory throws keeps its status), so a
  /// request never stops the server. SquireHummingbird's `context.resolve(_:)` is the same.
  ///
  /// ```swift
  /// app.get("books") { req async throws -> [Book] in
  ///   try await req.resolve(BookRepository.self).all()
  /// }
  /// ```
  @inlinable
  public func resolve<T>(_ type: T.Type = T.self) async throws -> T {
    try await requestScope.tryResolve(T.self)
  }

  /// Builds the `T` registered under `name` in the request's scope; see ``resolve(_:)``.
  ///
  /// ```swift
  /// let archive = try await req.resolve(BookRepository.self, name: "archive")
  /// ```
  @inlinable
  public func resolve<T>(_ type: T.Type = T.self, name: String) async throws -> T {
    try await requestScope.tryResolve(T.self, name: name)
  }
}
#endif
