import Hummingbird
import Logging
@_spi(Integrations) import Squire
import Synchronization

/// Gives each request a scope of its own: a child of the app's container, made when the
/// request reaches this middleware and closed (`await scope.close()`: the `.onClose` cleanups
/// of what it built, a transaction's commit or rollback) when the rest of the chain has
/// answered or thrown.
///
/// ```swift
/// let app = Container()
/// app.register(Database.init).lifetime(.single)
/// app.register(Transaction.init).lifetime(.perContainer).onClose { await $0.finish() }
/// app.register(BookRepository.init)          // needs a Transaction and the Request
///
/// let router = Router(context: SquireRequestContext.self)
/// router.add(middleware: RequestScopeMiddleware(app))   // declares Request and the context
/// precondition(app.validate().isValid)
/// ```
///
/// Inside the scope, the request (`Request`), the context (`Context`, as it was when the
/// request reached this middleware, without its scope) and whatever `supply` registers are
/// components. The initializer registers `Request` and `Context` in the app's container as
/// `.perContainer` components that only a request's scope has: this middleware hands each
/// scope its request and context as that scope's instances, which costs no registration (a
/// scope with registrations of its own links them at its first resolve, some 7 µs). Resolving
/// them outside a request's scope (from the app's container, or a child made inside the
/// scope) throws an error that says so, and `validate()` reports a `.single` that depends on
/// them. They are handed to the scope only when a component of the app depends on them (looked
/// up at the first request: register every component before serving); a handler has them
/// already. Declare what `supply` registers yourself:
///
/// ```swift
/// app.suppliedByEachChild(User.self)
/// router.add(middleware: RequestScopeMiddleware(app) { scope, _, context in
///   if let user = context.user { scope.register { user } }
/// })
/// ```
///
/// A resolution failure in the routes (``RequestScopeContext/resolve(_:)`` throws) is
/// answered with a 500 and logged at error level with Squire's diagnostic; the client sees no
/// detail. A factory's own `HTTPResponseError` keeps its status. A cleanup that fails when the
/// scope closes is logged too; it does not change the response.
///
/// The scope closes when the response is returned, before its body is written: a streamed
/// body must not use request-scoped instances.
public struct RequestScopeMiddleware<Context: RequestScopeContext>: RouterMiddleware {
  /// The app's container: each request's scope is its child.
  public let container: Container
  private let supply: @Sendable (_ scope: Container, _ request: Request, _ context: Context) -> Void
  /// How each scope gets `Request` and `Context`: found at the first request.
  private let plan = PlanCell()

  /// - Parameters:
  ///   - container: The app's container, the parent of every request's scope. `Request` and
  ///     `Context` are declared in it as supplied by each child.
  ///   - supply: Registers the request's own values in its scope (an authenticated user set
  ///     by an earlier middleware); runs before the routes.
  public init(
    _ container: Container,
    supply:
      @escaping @Sendable (_ scope: Container, _ request: Request, _ context: Context) ->
      Void = { _, _, _ in }
  ) {
    // Once per container, whatever the number of middlewares (one per route group).
    if !container.isRegistered(Request.self) {
      container.register { () throws -> Request in throw NotInARequestScope(type: "Request") }
        .lifetime(.perContainer)
    }
    if !container.isRegistered(Context.self) {
      container.register { () throws -> Context in
        throw NotInARequestScope(type: String(describing: Context.self))
      }
      .lifetime(.perContainer)
    }
    self.container = container
    self.supply = supply
  }

  /// Makes the request's scope, runs the rest of the chain with it, and closes it.
  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let scope = Container(parent: container)
    // The plan's types are not generic: no type metadata to look up per request (this code is
    // not specialized for the app's context: Hummingbird calls it through an existential).
    let plan = self.plan.state.withLock { plan in
      if let plan { return plan }
      let found = makePlan()
      plan = found
      return found
    }
    switch plan.request {
    case .none: break
    case .fill(let slot): scope.fill(slot, with: request)
    case .register: scope.register { request }
    }
    switch plan.context {
    case .none: break
    case .fill(let slot):
      // `makePlan` put an `InstanceSlot<Context>` there.
      if let slot = slot as? InstanceSlot<Context> { scope.fill(slot, with: context) }
    case .register: scope.register { context }
    }
    supply(scope, request, context)
    var scoped = context
    scoped.requestScope = scope
    let response: Response
    do {
      response = try await next(request, scoped)
    } catch let error as ResolutionError {
      log(await scope.close(), context: context)
      if let answer = error.underlyingError as? any HTTPResponseError { throw answer }
      context.logger.error(
        "Request failed: a dependency could not be resolved",
        metadata: ["squire.diagnostic": "\(error.description)"])
      throw HTTPError(.internalServerError)
    } catch {
      log(await scope.close(), context: context)
      throw error
    }
    log(await scope.close(), context: context)
    return response
  }

  /// How each scope gets the request and the context: nothing for a value no component
  /// depends on.
  private func makePlan() -> ScopePlan {
    let request: ScopePlan.Supply<InstanceSlot<Request>> =
      !container.isDependedOn(Request.self)
      ? .none : container.perContainerSlot(for: Request.self).map { .fill($0) } ?? .register
    let context: ScopePlan.Supply<any Sendable> =
      !container.isDependedOn(Context.self)
      ? .none : container.perContainerSlot(for: Context.self).map { .fill($0) } ?? .register
    return ScopePlan(request: request, context: context)
  }

  /// Logs the cleanups that failed when a scope closed (the context's logger is read only
  /// then). Not async: awaiting `scope.close()` in `handle` itself makes no async frame more.
  private func log(_ report: CloseReport, context: Context) {
    guard !report.failures.isEmpty else { return }
    let logger = context.logger
    for failure in report.failures {
      logger.error(
        "A request-scoped cleanup failed", metadata: ["squire.cleanup": "\(failure.description)"])
    }
  }
}

/// How each request's scope gets the request and its context. Not generic, so that reading it
/// in `handle` looks up no type metadata.
private struct ScopePlan: Sendable {
  /// How a scope gets one of the request's values.
  enum Supply<Slot: Sendable>: Sendable {
    /// No component depends on it.
    case none
    /// Handed to the scope as its instance of the `.perContainer` component registered by the
    /// middleware's initializer.
    case fill(Slot)
    /// Registered in the scope: the app registered the type itself, otherwise.
    case register
  }

  let request: Supply<InstanceSlot<Request>>
  /// The slot is an `InstanceSlot<Context>`, erased: the plan is not generic over the context.
  let context: Supply<any Sendable>
}

/// The plan, made at the first request (when the app's components are registered).
private final class PlanCell: Sendable {
  let state = Mutex<ScopePlan?>(nil)
}

/// Thrown when the request or its context is resolved outside a request's scope: from the
/// app's container, or from a child made inside the scope.
public struct NotInARequestScope: Error, CustomStringConvertible {
  /// The type asked for: `Request`, or the request context's type.
  public let type: String

  /// What went wrong and how to fix it.
  public var description: String {
    "\(type) is handed to each request's scope by RequestScopeMiddleware: resolve it, or what "
      + "depends on it, in a request's scope (context.resolve(...)), not from the app's "
      + "container or a child of the scope."
  }
}
