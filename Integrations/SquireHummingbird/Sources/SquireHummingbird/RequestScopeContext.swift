#if Hummingbird
import Hummingbird
import Squire

/// A Hummingbird request context that carries the request's scope: a child container that
/// ``RequestScopeMiddleware`` makes when the request starts and closes when it ends.
///
/// Use ``SquireRequestContext`` as it is, or add the property to a context of your own:
///
/// ```swift
/// struct AppRequestContext: RequestScopeContext {
///   var coreContext: CoreRequestContextStorage
///   var requestScope: Container?
///   var user: User?   // set by an authentication middleware
///
///   init(source: Source) { coreContext = .init(source: source) }
/// }
/// ```
public protocol RequestScopeContext: RequestContext {
  /// The request's child container; `nil` until ``RequestScopeMiddleware`` runs.
  var requestScope: Container? { get set }
}

/// The request context of an app whose only addition to Hummingbird's is the request scope.
///
/// ```swift
/// let router = Router(context: SquireRequestContext.self)
/// router.add(middleware: RequestScopeMiddleware(app))
/// router.get("books") { _, context in
///   try await context.resolve(BookList.self).all()
/// }
/// ```
public struct SquireRequestContext: RequestScopeContext {
  /// Hummingbird's own storage: the logger, the endpoint path, the parameters.
  public var coreContext: CoreRequestContextStorage
  /// The request's child container, set by ``RequestScopeMiddleware``.
  public var requestScope: Container?

  /// Made by Hummingbird for each request; the scope is set by the middleware.
  public init(source: Source) {
    self.coreContext = .init(source: source)
  }
}

/// Thrown by ``RequestScopeContext/resolve(_:)`` when the request has no scope: no
/// ``RequestScopeMiddleware`` runs before the route. The server answers 500.
public struct MissingRequestScope: Error, CustomStringConvertible {
  /// The type the route asked for.
  public let requested: String

  @usableFromInline
  init(requested: String) { self.requested = requested }

  /// What went wrong and how to fix it.
  public var description: String {
    "Cannot resolve \(requested): the request has no scope. Add RequestScopeMiddleware to the "
      + "router (router.add(middleware: RequestScopeMiddleware(container))) before the routes "
      + "that resolve from the request context."
  }
}

extension RequestScopeContext {
  /// Builds a `T` in the request's scope: `.perContainer` components are this request's own,
  /// `.single` ones the app's; the request, this context and what the middleware's `supply`
  /// registered are there to inject.
  ///
  /// Throws instead of trapping: ``RequestScopeMiddleware`` turns a resolution failure into a
  /// 500 and logs the diagnostic (an `HTTPResponseError` thrown by a factory keeps its status).
  ///
  /// ```swift
  /// router.get("books/:id") { _, context in
  ///   let books = try await context.resolve(BookRepository.self)
  ///   return try await books.find(context.parameters.require("id", as: Int.self))
  /// }
  /// ```
  @inlinable @inline(__always)
  public func resolve<T>(_ type: T.Type = T.self) async throws -> T {
    // Inlined in the app's routes, and `tryResolve` in it: no async frame per request.
    guard let scope = requestScope else {
      throw MissingRequestScope(requested: String(describing: T.self))
    }
    return try await scope.tryResolve(T.self)
  }

  /// Builds the `T` registered under `name` in the request's scope; see ``resolve(_:)``.
  @inlinable
  public func resolve<T>(_ type: T.Type = T.self, name: String) async throws -> T {
    guard let scope = requestScope else {
      throw MissingRequestScope(requested: "\(T.self) named \"\(name)\"")
    }
    return try await scope.tryResolve(T.self, name: name)
  }
}
#endif
