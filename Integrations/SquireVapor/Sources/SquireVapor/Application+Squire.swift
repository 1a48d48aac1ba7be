#if Vapor
@_spi(Integrations) import Squire
import Synchronization
import Vapor

extension Application {
  /// The app's container: register the app's components in it when you configure the app.
  ///
  /// ```swift
  /// func configure(_ app: Application) throws {
  ///   app.squire.register(Database.init).lifetime(.single).onClose { await $0.disconnect() }
  ///   app.squire.register(Transaction.init).lifetime(.perContainer)   // one per request
  ///   app.squire.register(BookRepository.init)
  ///   app.get("books") { req in
  ///     try await req.resolve(BookRepository.self).all()
  ///   }
  /// }
  /// ```
  ///
  /// Made on first use. The app validates it when it boots (`validate()`: a graph with
  /// problems stops the boot, and the `ValidationReport` is the error) and closes it when it
  /// shuts down (`await close()`: the `.onClose` cleanups of what it built, last made first;
  /// a cleanup that fails is logged). Each request's scope, ``Vapor/Request/requestScope``, is a
  /// child of it.
  ///
  /// Setting it hands a container of your own to the app, which then validates and closes it
  /// too: a test overrides the app's registrations in a child.
  ///
  /// ```swift
  /// try await withApp(configure: configure) { app in
  ///   let test = Container(parent: app.squire)
  ///   test.register(FakeMailer.init).as(Mailer.self)
  ///   app.squire = test
  ///   try await app.testing().test(.POST, "signup") { res in #expect(res.status == .ok) }
  /// }
  /// ```
  ///
  /// At boot, `Request` and `Logger` are declared in it as components that each request's
  /// scope has (the request, and its logger), unless the app registered them itself.
  public var squire: Container {
    get { squireState.container }
    set { squireState.replace(with: newValue) }
  }

  /// What the app keeps for Squire, made (with its lifecycle handler) on first use.
  var squireState: SquireState {
    if let state = storage[SquireState.Key.self] { return state }
    return locks.lock(for: SquireState.Key.self).withLock {
      if let state = storage[SquireState.Key.self] { return state }
      let state = SquireState(Container())
      storage[SquireState.Key.self] = state
      lifecycle.use(SquireLifecycle())
      return state
    }
  }
}

/// The app's container (the one `app.squire` gives now, and every one it gave before, which
/// the app closes too), and how each request's scope gets the request's own values.
final class SquireState: Sendable {
  /// Where the app keeps it.
  enum Key: StorageKey, LockKey {
    typealias Value = SquireState
  }

  private struct Current {
    /// What `app.squire` gives: the parent of every request's scope.
    var container: Container
    /// Every container the app held, the current one last: closed at shutdown, newest first.
    var held: [Container]
    /// How a scope gets the request and its logger; made by the first scope after the
    /// container was set (when the app's components are registered).
    var plan: ScopePlan?
    /// Whether the app booted with Squire's lifecycle handler: it then has the middleware that
    /// closes the scopes.
    var booted = false
    /// Whether a scope made without that middleware was reported.
    var warned = false
  }

  private let current: Mutex<Current>

  init(_ container: Container) {
    current = Mutex(Current(container: container, held: [container], plan: nil))
  }

  var container: Container { current.withLock { $0.container } }

  func replace(with container: Container) {
    current.withLock {
      if $0.container === container { return }
      $0.container = container
      if !$0.held.contains(where: { $0 === container }) { $0.held.append(container) }
      $0.plan = nil
    }
  }

  /// Declares the request's values in the current container and makes the plan: what boot
  /// does before it validates. Returns the container.
  func prepare() -> Container {
    current.withLock { current in
      if current.plan == nil { current.plan = ScopePlan(declaringIn: current.container) }
      current.booted = true
      return current.container
    }
  }

  /// The request's scope: the one it has, or a new child of the app's container, handed the
  /// request and its logger. Made under this lock so that two tasks of one request that ask
  /// at once get the same scope.
  func scope(for request: Request) -> Container {
    current.withLock { current in
      if let scope = request.storage[RequestScopeKey.self] { return scope }
      let plan: ScopePlan
      if let made = current.plan {
        plan = made
      } else {
        plan = ScopePlan(declaringIn: current.container)
        current.plan = plan
      }
      if !current.booted && !current.warned {
        current.warned = true
        request.logger.warning(
          """
          req.requestScope is used in an app that booted before it first used app.squire: no \
          RequestScopeMiddleware closes the requests' scopes. Use app.squire when you \
          configure the app, before it boots.
          """)
      }
      let scope = Container(parent: current.container, closedByParent: false)
      if let slot = plan.request { scope.fill(slot, with: request) }
      if let slot = plan.logger { scope.fill(slot, with: request.logger) }
      request.storage[RequestScopeKey.self] = scope
      return scope
    }
  }

  /// Closes every container the app held, newest first (a test's child before the app's
  /// root), and returns what each close reported.
  func close() async -> [CloseReport] {
    let held = current.withLock { $0.held }
    var reports: [CloseReport] = []
    for container in held.reversed() { reports.append(await container.close()) }
    return reports
  }

  /// The synchronous form of ``close()``, for `app.shutdown()`: async cleanups cannot run
  /// there and are reported.
  func closeNow() -> [CloseReport] {
    let held = current.withLock { $0.held }
    return held.reversed().map { $0.close() }
  }
}

/// Where a request keeps its scope.
enum RequestScopeKey: StorageKey {
  typealias Value = Container
}

/// How each request's scope gets the request and its logger: as its instance of the
/// `.perContainer` component declared at boot, which costs the scope no registration of its
/// own (a child with registrations links them at its first resolve). Nothing when no component
/// depends on them, or when the app registered them itself.
struct ScopePlan: Sendable {
  let request: InstanceSlot<Request>?
  let logger: InstanceSlot<Logger>?

  /// Declares `Request` and `Logger` in `container` unless something there provides them,
  /// then finds their slots.
  init(declaringIn container: Container) {
    Self.declare(Request.self, in: container)
    Self.declare(Logger.self, in: container)
    request =
      container.isDependedOn(Request.self) ? container.perContainerSlot(for: Request.self) : nil
    logger =
      container.isDependedOn(Logger.self) ? container.perContainerSlot(for: Logger.self) : nil
  }

  private static func declare<T>(_ type: T.Type, in container: Container) {
    guard !container.isRegistered(T.self) else { return }
    container.register { () throws -> T in throw NotInARequestScope(type: "\(T.self)") }
      .lifetime(.perContainer)
  }
}

/// Thrown when `Request` or `Logger` (declared by SquireVapor at boot) is resolved outside a
/// request's scope: from `app.squire`, or from a child made inside the scope.
public struct NotInARequestScope: Error, CustomStringConvertible {
  /// The type asked for: `Request` or `Logger`.
  public let type: String

  /// What went wrong and how to fix it.
  public var description: String {
    "\(type) is given to each request's scope: resolve it, or what depends on it, from "
      + "req.requestScope in a route handler or a middleware, not from app.squire or a child of the "
      + "scope. (A .single cannot depend on it: give it its own \(type).)"
  }
}
#endif
