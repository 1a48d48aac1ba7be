import Squire

/// What every feature uses: the loggers and the request's context.
public struct CorePart: Part {
  /// Registers the loggers (the console one as `Logger`, the audit trail under the name
  /// "audit") and the context of each request.
  public static func load(container: Container) {
    container.register(ConsoleLogger.init).as(Logger.self).lifetime(.single)
    container.register(AuditLogger.init).as(Logger.self, name: "audit").lifetime(.single)
    container.register(RequestContext.init).lifetime(.scoped(requestScope))
  }
}
