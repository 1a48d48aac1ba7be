/// A lifetime the app opens and closes itself: a user's session, a battle, a unit of work.
///
/// Components registered with `.lifetime(.scoped(scope))` have one instance per period of the
/// scope, shared by every container that resolves them. `close()` ends the period: the scope
/// lets go of every instance made in it, and the next resolve starts a new period with new
/// instances.
///
/// ```swift
/// let session = Scope("session")
/// container.register(ShoppingCart.init).lifetime(.scoped(session))
///
/// let cart: ShoppingCart = container.resolve()
/// container.resolve(ShoppingCart.self) === cart   // true: the same session
///
/// session.close()                                  // the user logs out
/// container.resolve(ShoppingCart.self) === cart   // false: a new session, a new cart
/// ```
///
/// For work that runs concurrently, each with its own instances (a server's requests), use a
/// child container per unit of work and `.perContainer` instead: periods of one scope follow
/// each other, they do not overlap.
public final class Scope: Sendable, Hashable, CustomStringConvertible {
  /// The name shown in diagnostics and graphs.
  public let name: String

  /// Whether the scope holds its instances weakly: one per period for as long as something
  /// outside holds it, as ``Lifetime/weak`` is per container (DITranquillity's weak custom
  /// scope). Classes only.
  public let holdsWeakly: Bool

  /// The scope whose periods contain this one's: closing it closes this one first (a screen's
  /// scope inside a session's).
  public let parent: Scope?

  private let storage = Storage()

  /// Creates a scope; its first period opens with the first resolve of one of its components.
  ///
  /// ```swift
  /// let session = Scope("session")
  /// let screens = Scope("screens", holdsWeakly: true)   // while a screen holds its model
  /// container.register(ScreenModel.init).lifetime(.scoped(screens))
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name shown in diagnostics and graphs.
  ///   - holdsWeakly: Whether an instance lives only as long as something outside holds it:
  ///     once the last outside reference goes, the next resolve in the same period makes a new
  ///     one. Classes only, as for ``Lifetime/weak``.
  public init(_ name: String, holdsWeakly: Bool = false) {
    self.name = name
    self.holdsWeakly = holdsWeakly
    parent = nil
  }

  /// Creates a scope nested in `parent`: closing `parent` closes this scope first (its
  /// cleanups run before the parent's), and this scope can also be closed on its own, more
  /// often than its parent.
  ///
  /// ```swift
  /// let session = Scope("session")
  /// let screen = Scope("screen", parent: session)
  /// container.register(Cart.init).lifetime(.scoped(session))
  /// container.register(ScreenModel.init).lifetime(.scoped(screen))
  ///
  /// screen.close()    // a new screen: a new model, the same cart
  /// session.close()   // the user logs out: a new model and a new cart
  /// ```
  ///
  /// - Parameters:
  ///   - name: The name shown in diagnostics and graphs.
  ///   - parent: The scope whose closing closes this one.
  ///   - holdsWeakly: Whether an instance lives only as long as something outside holds it.
  public init(_ name: String, parent: Scope, holdsWeakly: Bool = false) {
    self.name = name
    self.holdsWeakly = holdsWeakly
    self.parent = parent
    parent.storage.lock.withLock { parent.storage.children.append(WeakScope(scope: self)) }
  }

  /// Ends the current period: runs the synchronous cleanups (`.onClose`) of the instances made
  /// in it, last made first, and lets every instance go (freed once nothing else holds it); the
  /// next resolve makes new ones. An async cleanup cannot run here and is reported: use
  /// `await close()` when there are any.
  ///
  /// ```swift
  /// container.register(Cart.init).lifetime(.scoped(session)).onClose { $0.save() }
  /// session.close()   // the cart is saved and let go
  /// ```
  ///
  /// A cleanup runs with the period its instance was made in, never with another. A resolve
  /// stays in the period it met first: if the period closes while that resolve still builds
  /// (its factory closed the scope, or another thread did), an instance it makes for the period
  /// afterwards has its cleanup run at once, and the resolve throws
  /// ``ResolutionError/Reason/scopeClosed(scope:component:)`` instead of handing it out. A
  /// resolve that starts once `close()` has begun, from a cleanup or another thread, is in the
  /// next period: what it makes is cleaned up when that period closes.
  @discardableResult
  public func close() -> CloseReport {
    let report = nested().reduce(CloseReport.empty) { $0.merged(with: $1.close()) }
    let ended = endPeriod()
    defer { withExtendedLifetime(ended.closed) {} }
    return report.merged(with: ended.cleanups.run())
  }

  /// Ends the current period, running its synchronous and async cleanups, last made first.
  @discardableResult
  public func close() async -> CloseReport {
    var report = CloseReport(completed: 0, failures: [])
    for child in nested() { report = report.merged(with: await child.close()) }
    let ended = endPeriod()
    defer { withExtendedLifetime(ended.closed) {} }
    return report.merged(with: await ended.cleanups.run())
  }

  /// The nested scopes still alive, most recently made first (closed before the others).
  private func nested() -> [Scope] {
    storage.lock.withLock {
      storage.children.removeAll { $0.scope == nil }
      return storage.children.reversed().compactMap(\.scope)
    }
  }

  /// Closes the current period and opens the next one; the closed period's cleanups run after
  /// the lock is released, and its instances are let go of after that (an instance's `deinit`
  /// may resolve in this scope).
  private func endPeriod() -> (cleanups: PendingCleanups, closed: Period) {
    storage.lock.withLock {
      let closed = storage.period
      closed.isClosed = true
      storage.period = Period()
      return (closed.cleanups.take(), closed)
    }
  }

  /// The scope's name: `scoped(session)` in messages.
  public var description: String { name }

  /// Scopes are equal when they are the same scope: two scopes with one name are different.
  public static func == (lhs: Scope, rhs: Scope) -> Bool { lhs === rhs }

  /// Hashes the scope's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }

  /// The cell of `record`'s instance in the period `context` resolves in: the current one when
  /// the resolve first meets this scope, the same one for the rest of the resolve even if the
  /// period ends meanwhile (one object graph never mixes instances of two periods; see
  /// ``adopt(_:in:madeBy:)`` for an instance made after its period closed).
  ///
  /// Keyed by the record's address, which the allocator reuses once the record's container is
  /// gone: the entry remembers the record weakly, so a new component at an old address finds
  /// the old one's entry dead and gets a cell of its own.
  @usableFromInline
  func cell<Cell: AnyObject>(
    for record: ComponentRecord, in context: inout ResolutionContext, make: () -> Cell
  ) -> Cell {
    let graph = context.sharedGraph()
    return storage.lock.withLock {
      let period: Period
      if let pinned = graph.pinnedPeriod(of: self) as? Period {
        period = pinned
      } else {
        period = storage.period
        graph.pin(period, of: self)
      }
      let id = ObjectIdentifier(record)
      if let existing = period.cells[id], existing.record === record,
        let cell = existing.cell as? Cell
      {
        return cell
      }
      let made = make()
      period.cells[id] = Entry(record: record, cell: made)
      return made
    }
  }

  /// Lets go of `record`'s instance in the current period; the next resolve makes a new one.
  func forget(_ record: ComponentRecord) {
    let removed = storage.lock.withLock {
      storage.period.cells.removeValue(forKey: ObjectIdentifier(record))
    }
    withExtendedLifetime(removed) {}
  }

  /// Keeps `cleanup` to run when the period `context` resolves in closes.
  ///
  /// A resolve stays in the period it met first, which may have closed while `step` was being
  /// made (its factory closed the scope, or another thread did): that close has run the
  /// period's cleanups already, and the next period's close must not run this one. It runs
  /// now, and the resolve fails rather than hand out an instance that has been cleaned up.
  func adopt(
    _ cleanup: PendingCleanup, in context: inout ResolutionContext, madeBy step: PathStep
  ) throws(ResolutionError) {
    let graph = context.sharedGraph()
    let adopted = storage.lock.withLock {
      let period = graph.pinnedPeriod(of: self) as? Period ?? storage.period
      if period.isClosed { return false }
      period.cleanups.append(cleanup)
      return true
    }
    if adopted { return }
    OwnedInstances.runLate(cleanup)
    var error = ResolutionError(reason: .scopeClosed(scope: name, component: "\(step)"))
    error.notes = [
      "a resolve stays in the period of a scope it met first, so that one object graph never "
        + "mixes instances of two periods"
    ]
    throw error
  }

  private struct Entry {
    weak var record: ComponentRecord?
    let cell: AnyObject
  }

  /// One period's cells; guarded by the scope's lock.
  private final class Period: @unchecked Sendable {
    var cells: [ObjectIdentifier: Entry] = [:]
    /// The cleanups of the instances made in this period, in the order they were made.
    var cleanups = PendingCleanups()
    /// Set by `close()`: an instance made in this period afterwards has its cleanup run at once.
    var isClosed = false
  }

  private struct WeakScope {
    weak var scope: Scope?
  }

  private final class Storage: @unchecked Sendable {
    let lock = Lock()
    var period = Period()
    var children: [WeakScope] = []
  }
}
