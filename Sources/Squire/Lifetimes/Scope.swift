/// A lifetime the app opens and closes itself: a user's session, a battle, a unit of work.
///
/// Components registered with `.lifetime(.scoped(scope))` have one instance per period of the
/// scope, shared by every container that resolves them. ``close()`` ends the period: the scope
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

  private let storage = Storage()

  /// Creates a scope; its first period opens with the first resolve of one of its components.
  public init(_ name: String) {
    self.name = name
  }

  /// Ends the current period: every instance made in it is released by the scope (and freed
  /// once nothing else holds it); the next resolve makes new ones.
  public func close() {
    storage.lock.withLock { storage.cells.removeAll() }
  }

  /// The scope's name: `scoped(session)` in messages.
  public var description: String { name }

  /// Scopes are equal when they are the same scope: two scopes with one name are different.
  public static func == (lhs: Scope, rhs: Scope) -> Bool { lhs === rhs }

  /// Hashes the scope's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }

  /// The cell holding `record`'s instance in the current period.
  @usableFromInline
  func cell<Cell: AnyObject>(for record: ObjectIdentifier, make: () -> Cell) -> Cell {
    storage.lock.withLock {
      if let existing = storage.cells[record] as? Cell { return existing }
      let made = make()
      storage.cells[record] = made
      return made
    }
  }

  private final class Storage: @unchecked Sendable {
    let lock = Lock()
    var cells: [ObjectIdentifier: AnyObject] = [:]
  }
}
