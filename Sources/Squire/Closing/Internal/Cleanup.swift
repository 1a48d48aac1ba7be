/// A component's `.onClose`, as registered.
@usableFromInline
enum Cleanup<Impl>: Sendable {
  case sync(@Sendable (Impl) throws -> Void)
  case async(@Sendable (Impl) async throws -> Void)
}

/// A component's cleanup as its linked producers hand it to an instance's owner: made once per
/// link, so that the cleanup of one instance is the instance and this component's
/// ``CleanupAction``, with no closure allocated per instance (per request, for a request's
/// scope).
struct LinkedCleanup<Impl>: Sendable {
  let action: CleanupAction
  /// How an instance is handed to the action.
  private let holding: Holding

  private enum Holding {
    /// An instance of a class: the reference itself.
    case reference
    /// Anything else (a value, an existential, an optional): boxed as it is, so that the
    /// cleanup gets back exactly what was made.
    case value
    /// A `.weak` instance: a weak reference to it, so that its cleanup runs only if something
    /// else still holds it at close (``CleanupAction/target(_:)`` gives the cleanup the instance
    /// itself, or tells that it is gone).
    case weakly
  }

  /// - Parameter weakly: The instances are `.weak` ones (always of a class).
  init(_ cleanup: Cleanup<Impl>, component: String, weakly: Bool) {
    let isClass = Impl.self is AnyObject.Type
    holding = weakly ? .weakly : isClass ? .reference : .value
    // Unspecialised code: a class's closures name no type built on `Impl` (an `Impl?` would
    // have its metadata looked up at every call). A value's look up `InstanceBox<Impl>`'s: values
    // with a cleanup are rare.
    switch (cleanup, holding) {
    case (.sync(let body), .reference):
      // `Impl` is a class (checked above): the reference is the instance.
      action = CleanupAction(component, .sync { try body(unsafeBitCast($0, to: Impl.self)) })
    case (.async(let body), .reference):
      action = CleanupAction(
        component, .async { try await body(unsafeBitCast($0, to: Impl.self)) })
    case (.sync(let body), .value):
      action = CleanupAction(
        component, .sync { try body(unsafeDowncast($0, to: InstanceBox<Impl>.self).value) })
    case (.async(let body), .value):
      action = CleanupAction(
        component, .async { try await body(unsafeDowncast($0, to: InstanceBox<Impl>.self).value) })
    case (.sync(let body), .weakly):
      action = CleanupAction(
        component,
        .sync {
          guard let object = unsafeDowncast($0, to: WeakReference.self).object else {
            throw InstanceGone()
          }
          try body(object as! Impl)
        }, holdsWeakly: true)
    case (.async(let body), .weakly):
      action = CleanupAction(
        component,
        .async {
          guard let object = unsafeDowncast($0, to: WeakReference.self).object else {
            throw InstanceGone()
          }
          try await body(object as! Impl)
        }, holdsWeakly: true)
    }
  }

  /// The cleanup of `instance`, for its owner to run at close.
  func pending(for instance: Impl) -> PendingCleanup {
    switch holding {
    case .reference: PendingCleanup(unsafeBitCast(instance, to: AnyObject.self), action)
    case .value: PendingCleanup(InstanceBox(instance), action)
    case .weakly: PendingCleanup(WeakReference(weaklyHeldObject(instance)), action)
    }
  }
}

/// What the cleanup of a `.weak` instance that went throws instead of running: there is nothing
/// to clean up, and it is neither a cleanup that ran nor a failure.
struct InstanceGone: Error {}

/// Holds a `.weak` instance until its owner closes, without keeping it alive.
private final class WeakReference {
  weak let object: AnyObject?
  init(_ object: AnyObject?) { self.object = object }
}

/// A component's cleanup, taking the instance as its owner kept it: one per linked component,
/// shared by all the instances it makes.
@usableFromInline
final class CleanupAction: Sendable {
  enum Body {
    case sync(@Sendable (AnyObject) throws -> Void)
    case async(@Sendable (AnyObject) async throws -> Void)
  }

  /// The component, for a failure's report.
  let component: String
  let body: Body
  /// Whether its instances are kept by a weak reference (`.weak` ones): an instance that went
  /// before close has nothing to clean up.
  let holdsWeakly: Bool

  init(_ component: String, _ body: Body, holdsWeakly: Bool = false) {
    self.component = component
    self.body = body
    self.holdsWeakly = holdsWeakly
  }

  /// The instance a cleanup would run on, from what its owner kept (`kept`); `nil` for a
  /// `.weak` instance that is gone.
  func target(_ kept: AnyObject) -> AnyObject? {
    holdsWeakly ? unsafeDowncast(kept, to: WeakReference.self).object : kept
  }

  /// Whether running it needs `await`.
  var isAsync: Bool {
    if case .async = body { return true }
    return false
  }

  /// Runs it on `instance` (as its owner kept it); an async cleanup throws
  /// ``CleanupNeedsAwait``, and the cleanup of a `.weak` instance that went ``InstanceGone``.
  func runNow(on instance: AnyObject) throws {
    switch body {
    case .sync(let body): try body(instance)
    case .async:
      if holdsWeakly && target(instance) == nil { throw InstanceGone() }
      throw CleanupNeedsAwait()
    }
  }

  /// Runs it on `instance`, awaiting an async cleanup.
  func run(on instance: AnyObject) async throws {
    switch body {
    case .sync(let body): try body(instance)
    case .async(let body): try await body(instance)
    }
  }
}

/// The cleanup of one instance, ready to run: made when the instance is, kept by what owns it
/// (a container, a scope's period) until it closes.
@usableFromInline
struct PendingCleanup {
  let instance: AnyObject
  let action: CleanupAction

  init(_ instance: AnyObject, _ action: CleanupAction) {
    self.instance = instance
    self.action = action
  }
}

/// The cleanups an owner keeps, in the order they were adopted. The first is kept apart (as
/// two references, which copy without outlined code): a request's scope usually owns one (its
/// transaction), and needs no array for it.
///
/// The cleanup of a `.weak` instance is kept by a weak reference. One whose instance went (its
/// last holder let go) never runs: the entries of those are dropped when a `.weak` one is
/// adopted and the array is full, before it would grow. So the array grows only when its
/// entries are alive: it holds at most twice the most that were alive at once (and a few),
/// however many were made and dropped, for a constant cost per entry, and no field more.
struct PendingCleanups {
  private var firstInstance: AnyObject?
  private var firstAction: CleanupAction?
  private var rest: [PendingCleanup] = []

  /// Below this many entries in the array, none is looked at.
  private static let fewestToDrop = 16

  init() {}

  var isEmpty: Bool { firstAction == nil }

  /// How many there are.
  var count: Int { isEmpty ? 0 : 1 + rest.count }

  /// Whether running them needs `await`.
  var containsAsync: Bool {
    guard let firstAction else { return false }
    return firstAction.isAsync || rest.contains(where: { $0.action.isAsync })
  }

  mutating func append(_ cleanup: PendingCleanup) {
    if firstAction == nil {
      firstInstance = cleanup.instance
      firstAction = cleanup.action
    } else {
      rest.append(cleanup)
    }
  }

  /// Keeps the cleanup of a `.weak` instance, first dropping those of instances that went if
  /// the array is full. Returns the instances found alive then (`nil` if it did not look): the
  /// caller lets go of them once it holds no lock, since another thread may have let go of one
  /// meanwhile, and then this reference is the last, and its release runs the instance's
  /// `deinit`.
  @inline(never)
  mutating func appendWeakly(_ cleanup: PendingCleanup) -> [AnyObject]? {
    var alive: [AnyObject]?
    if rest.count == rest.capacity && rest.count >= Self.fewestToDrop {
      alive = dropGone()
    }
    append(cleanup)
    return alive
  }

  /// Drops the entries of `.weak` instances that went, keeping the array's capacity; returns
  /// those that are alive (see ``appendWeakly(_:)``).
  private mutating func dropGone() -> [AnyObject] {
    var alive: [AnyObject] = []
    func isGone(_ action: CleanupAction, _ kept: AnyObject) -> Bool {
      guard action.holdsWeakly else { return false }
      guard let instance = action.target(kept) else { return true }
      alive.append(instance)
      return false
    }
    rest.removeAll { isGone($0.action, $0.instance) }
    if let firstAction, let firstInstance, isGone(firstAction, firstInstance) {
      let next = rest.isEmpty ? nil : rest.removeFirst()
      self.firstInstance = next?.instance
      self.firstAction = next?.action
    }
    return alive
  }

  /// Hands them over, leaving none.
  mutating func take() -> PendingCleanups {
    var taken = PendingCleanups()
    swap(&taken, &self)
    return taken
  }

  /// Runs them last adopted first; a failure is reported and the next one runs anyway.
  func run() -> CloseReport {
    if isEmpty { return .empty }
    var completed = 0
    var failures: [CloseReport.Failure] = []
    func attempt(_ action: CleanupAction, _ instance: AnyObject) {
      do {
        try action.runNow(on: instance)
        completed += 1
      } catch is InstanceGone {
        // A `.weak` instance that went has nothing to clean up: not run, not counted.
      } catch {
        failures.append(CloseReport.Failure(component: action.component, error: error))
      }
    }
    for cleanup in rest.reversed() { attempt(cleanup.action, cleanup.instance) }
    if let firstAction, let firstInstance { attempt(firstAction, firstInstance) }
    return CloseReport(completed: completed, failures: failures)
  }

  /// Runs them, async ones included, last adopted first.
  func run() async -> CloseReport {
    var completed = 0
    var failures: [CloseReport.Failure] = []
    func attempt(_ action: CleanupAction, _ instance: AnyObject) async {
      do {
        try await action.run(on: instance)
        completed += 1
      } catch is InstanceGone {
      } catch {
        failures.append(CloseReport.Failure(component: action.component, error: error))
      }
    }
    for cleanup in rest.reversed() { await attempt(cleanup.action, cleanup.instance) }
    if let firstAction, let firstInstance { await attempt(firstAction, firstInstance) }
    return CloseReport(completed: completed, failures: failures)
  }
}
