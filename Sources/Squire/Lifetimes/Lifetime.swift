/// How long an instance built by a component lives, and who shares it.
///
/// ```swift
/// container.register(Forge.init).lifetime(.single)        // one forge for the whole app
/// container.register(Squad.init).lifetime(.objectGraph)   // shared within one resolve
/// container.register(Armor.init)                          // .prototype: new every time
/// ```
///
/// | lifetime | one instance per |
/// |---|---|
/// | ``prototype`` | resolve (new every time) |
/// | ``objectGraph`` | top-level resolve: shared by everything built in it |
/// | ``perContainer`` | container, made on first use (a child container has its own) |
/// | ``single`` | container tree, made by `initializeSingletons()` or on first use |
/// | ``weak`` | container, for as long as someone outside holds it (classes, or optionals of one) |
/// | ``scoped(_:)`` | period of a ``Scope`` the app closes itself (a session) |
public enum Lifetime: Sendable, Hashable, CustomStringConvertible {
  /// A new instance every time the component is asked for. The default.
  case prototype
  /// One instance per top-level `resolve`: every component built while answering one request
  /// shares it, the next request gets a new one.
  case objectGraph
  /// One instance per container, created on first use and closed with it. A child container
  /// makes its own: with a child per request, this is the request scope.
  case perContainer
  /// One instance for the whole container tree (the container it is registered in and every
  /// child), created by `initializeSingletons()` or on first use. It belongs to the
  /// container that registered it: built with that container's dependencies whichever
  /// container asks first, and closed by it. To replace one in a test, register it in the child.
  case single
  /// One instance per container for as long as something outside the container holds it;
  /// once the last outside reference goes, the next resolve makes a new one. Classes only, or
  /// a factory that returns an optional of a class: its instance is held weakly, and a `nil`
  /// is not kept (the next resolve runs the factory again), as Factory's `.shared` does.
  ///
  /// ```swift
  /// container.register { () -> Session? in store.current }.lifetime(.weak)
  /// ```
  case weak
  /// One instance per period of `scope`, shared by every container: the app ends a period
  /// with `Scope.close()`, and the next resolve makes a new instance.
  case scoped(Scope)

  /// Whether the lifetime holds its instances weakly: `.weak`, or a scope made with
  /// `holdsWeakly: true`. Only class instances can be held weakly: set on a value type with
  /// `.lifetime(_:)` it traps, and as a container's default it leaves value types `.prototype`.
  var holdsWeakly: Bool {
    switch self {
    case .weak: true
    case .scoped(let scope): scope.holdsWeakly
    default: false
    }
  }

  /// The lifetime's name as written in code: `prototype`, `single`, ...
  public var description: String {
    switch self {
    case .prototype: "prototype"
    case .objectGraph: "objectGraph"
    case .perContainer: "perContainer"
    case .single: "single"
    case .weak: "weak"
    case .scoped(let scope): "scoped(\(scope.name))"
    }
  }
}
