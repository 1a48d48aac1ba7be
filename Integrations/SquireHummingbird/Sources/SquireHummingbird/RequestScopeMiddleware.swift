#if Hummingbird
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
/// The scope is a `Container(parent:closedByParent: false)`: this middleware closes it in every
/// case, so the app's container keeps no list of open scopes, and a request takes no lock that
/// all requests share.
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
public struct RequestScopeMiddleware<Context: RequestScopeContext>:
  RequestScopeMiddlewareProtocol
{
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

  /// What ``RequestScopeMiddlewareProtocol``'s `handle` runs through: this middleware itself.
  public var requestScope: Self { self }

  /// Makes the request's scope and hands it the request's values. Not inlinable (it reads the
  /// container through its integrations' interface), and cheap to call unspecialised: nothing
  /// in it copies the context.
  @usableFromInline
  func makeScope(for request: Request, context: Context) -> Container {
    let scope = Container(parent: container, closedByParent: false)
    let planned = currentPlan()
    // Most apps have no component that depends on the request or its context: nothing to
    // hand over, and no enum to copy.
    if planned.handsOverAnything {
      let plan = planned.plan
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
    }
    supply(scope, request, context)
    return scope
  }

  /// The plan, made at the first request (when the app's components are registered). The
  /// plan's types are not generic: reading it looks up no type metadata.
  private func currentPlan() -> PlanBox {
    if let made = plan.made.load(ordering: .acquiring) { return made.takeUnretainedValue() }
    return plan.store(makePlan())
  }

  /// Closes the scope of a request whose handler threw, and says what to throw: a resolution
  /// failure becomes a 500, logged with Squire's diagnostic (a factory's own
  /// `HTTPResponseError` keeps its status); any other error as it is.
  @usableFromInline
  func failed(_ error: any Error, scope: Container, context: Context) async -> any Error {
    log(await scope.close(), context: context)
    guard let error = error as? ResolutionError else { return error }
    if let answer = error.underlyingError as? any HTTPResponseError { return answer }
    context.logger.error(
      "Request failed: a dependency could not be resolved",
      metadata: ["squire.diagnostic": "\(error.description)"])
    return HTTPError(.internalServerError)
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
  @inlinable
  func log(_ report: CloseReport, context: Context) {
    guard !report.failures.isEmpty else { return }
    logFailures(report, context: context)
  }

  /// The failures of a close, logged.
  @usableFromInline
  func logFailures(_ report: CloseReport, context: Context) {
    let logger = context.logger
    for failure in report.failures {
      logger.error(
        "A request-scoped cleanup failed", metadata: ["squire.cleanup": "\(failure.description)"])
    }
  }
}

/// A middleware of the app's own that gives each request its scope, as
/// ``RequestScopeMiddleware`` does, with the work done per request specialised for the app's
/// context.
///
/// Hummingbird calls a middleware through an existential, so a generic one's `handle` runs
/// unspecialised: ``RequestScopeMiddleware`` copies the context through its value witnesses
/// and calls the rest of the chain through a thunk, some 1,200 instructions per request. A
/// type of the app's that conforms to this protocol gets this protocol's `handle`, inlined
/// and specialised where the conformance is declared. Nothing else changes: the same scope,
/// the same request's values, the same answers to failures.
///
/// ```swift
/// struct AppRequestScope: RequestScopeMiddlewareProtocol {
///   let requestScope: RequestScopeMiddleware<AppRequestContext>
/// }
///
/// let router = Router(context: AppRequestContext.self)
/// router.add(middleware: AppRequestScope(requestScope: RequestScopeMiddleware(app)))
/// ```
public protocol RequestScopeMiddlewareProtocol: RouterMiddleware
where Context: RequestScopeContext {
  /// The app's request context.
  associatedtype Context
  /// The middleware whose scope each request gets.
  var requestScope: RequestScopeMiddleware<Context> { get }
}

extension RequestScopeMiddlewareProtocol {
  /// Makes the request's scope, runs the rest of the chain with it, and closes it.
  @inlinable
  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let middleware = requestScope
    let scope = middleware.makeScope(for: request, context: context)
    var scoped = context
    scoped.requestScope = scope
    let response: Response
    do {
      response = try await next(request, scoped)
    } catch {
      throw await middleware.failed(error, scope: scope, context: context)
    }
    middleware.log(await scope.close(), context: context)
    return response
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

/// Where a middleware keeps its plan, made at the first request (when the app's components
/// are registered): read with one load, without a lock.
private final class PlanCell: Sendable {
  /// The plan, retained by this reference once made.
  let made = Atomic<Unmanaged<PlanBox>?>(nil)

  /// Keeps `plan` unless another request made one first; returns the one kept.
  func store(_ plan: ScopePlan) -> PlanBox {
    let box = Unmanaged.passRetained(PlanBox(plan))
    let (exchanged, original) = made.compareExchange(
      expected: nil, desired: box, ordering: .acquiringAndReleasing)
    if exchanged { return box.takeUnretainedValue() }
    box.release()
    return original!.takeUnretainedValue()
  }

  deinit { made.load(ordering: .acquiring)?.release() }
}

/// A plan, in a class: what ``PlanCell`` points to.
private final class PlanBox: Sendable {
  let plan: ScopePlan
  /// Whether a scope gets anything: the request or the context.
  let handsOverAnything: Bool

  init(_ plan: ScopePlan) {
    self.plan = plan
    if case .none = plan.request, case .none = plan.context {
      handsOverAnything = false
    } else {
      handsOverAnything = true
    }
  }
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
#endif
