#if Vapor
@_spi(Integrations) import Squire
import Vapor

/// Closes each request's scope (``Vapor/Request/requestScope``) when the rest of the chain has
/// answered or thrown, and turns a resolution failure into a 500 that tells the client
/// nothing.
///
/// The app adds it when it boots (the first use of `app.squire` sees to that), right after
/// Vapor's `ErrorMiddleware`, or first when the app has none; put it in `app.middleware`
/// yourself to choose its place. Middleware before it, and `ErrorMiddleware`, run outside the
/// scope: what they resolve from `req.requestScope` is closed before they see the response.
///
/// - The scope is closed with `await scope.close()`'s work: the `.onClose` cleanups of what it
///   built, last made first. Without suspending when none of them is async: no task per
///   request. A request that never used `req.requestScope` has no scope to close. The scope closes
///   when the response is made, before its body is written: a streamed body must not use
///   request-scoped instances.
/// - A `ResolutionError` from the routes is logged at error level with Squire's diagnostic
///   (`squire.diagnostic` metadata) and answered with `Abort(.internalServerError)`: the
///   client sees no detail of it. An `AbortError` thrown by a factory keeps its status.
/// - A cleanup that fails is logged (`squire.cleanup`); it does not change the response.
public struct RequestScopeMiddleware: Middleware {
  /// The middleware; one is enough for the whole app.
  public init() {}

  /// Runs the rest of the chain, then closes the request's scope, if it has one, and answers
  /// a resolution failure with a 500.
  public func respond(to request: Request, chainingTo next: any Responder)
    -> EventLoopFuture<Response>
  {
    let promise = request.eventLoop.makePromise(of: Response.self)
    next.respond(to: request).whenComplete { result in
      let answer = result.mapError { Self.answer(to: $0, request: request) }
      guard let scope = request.storage[RequestScopeKey.self] else {
        return promise.completeWith(answer)
      }
      let closing = scope.startClosing()
      if let report = closing.report {
        Self.log(report, request: request)
        return promise.completeWith(answer)
      }
      promise.completeWithTask {
        Self.log(await closing.finish(), request: request)
        return try answer.get()
      }
    }
    return promise.futureResult
  }

  /// What to throw for `error`: a resolution failure becomes a 500, logged with Squire's
  /// diagnostic (a factory's own `AbortError` keeps its status); any other error as it is.
  static func answer(to error: any Error, request: Request) -> any Error {
    guard let failure = error as? ResolutionError else { return error }
    if let abort = failure.underlyingError as? any AbortError { return abort }
    request.logger.error(
      "Request failed: a dependency could not be resolved",
      metadata: ["squire.diagnostic": "\(failure.description)"])
    return Abort(.internalServerError)
  }

  private static func log(_ report: CloseReport, request: Request) {
    for failure in report.failures {
      request.logger.error(
        "A request-scoped cleanup failed", metadata: ["squire.cleanup": "\(failure.description)"])
    }
  }
}
#endif
