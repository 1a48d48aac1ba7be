#if Vapor
import Squire
import Vapor

/// Validates the app's container when the app boots, puts ``RequestScopeMiddleware`` in the
/// app's middleware, and closes the container when the app shuts down. Added to the app's
/// lifecycle by the first use of `app.squire`.
struct SquireLifecycle: LifecycleHandler {
  /// Vapor's `boot()` (what `app.testing()` calls) and `asyncBoot()` both come here.
  func willBoot(_ application: Application) throws {
    let container = application.squireState.prepare()
    let report = container.validate()
    guard report.isValid else { throw report }
    for warning in report.warnings {
      application.logger.warning("Squire: \(warning)")
    }
    Self.addMiddleware(to: application)
  }

  /// Puts ``RequestScopeMiddleware`` right after Vapor's `ErrorMiddleware` (which turns what
  /// the routes throw into responses: the middleware must see a resolution failure first), or
  /// first when there is none; not at all when the app put it somewhere itself.
  static func addMiddleware(to application: Application) {
    let middleware = application.middleware.resolve()
    if middleware.contains(where: { $0 is RequestScopeMiddleware }) { return }
    var placed = Middlewares()
    var added = false
    for existing in middleware {
      placed.use(existing)
      if !added, existing is ErrorMiddleware {
        placed.use(RequestScopeMiddleware())
        added = true
      }
    }
    if !added { placed.use(RequestScopeMiddleware(), at: .beginning) }
    application.middleware = placed
  }

  func shutdownAsync(_ application: Application) async {
    for report in await application.squireState.close() {
      Self.log(report, to: application.logger)
    }
  }

  func shutdown(_ application: Application) {
    for report in application.squireState.closeNow() {
      Self.log(report, to: application.logger)
    }
  }

  private static func log(_ report: CloseReport, to logger: Logger) {
    for failure in report.failures {
      logger.error("A cleanup of app.squire failed", metadata: ["squire.cleanup": "\(failure)"])
    }
  }
}
#endif
