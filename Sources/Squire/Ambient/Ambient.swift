/// A property resolved from the ambient container (``Container/ambient``), for a truly
/// cross-cutting concern (a logger, a clock, the current date) in a type the container does not
/// build: a view, a value made by hand, a type whose initializer the app does not control.
///
/// ```swift
/// struct ReceiptView {
///   @Ambient var clock: Clock
///   @Ambient(name: "audit") var log: Log
///   @Ambient(tag: Remote.self) var catalog: Catalog
///
///   var stamp: String { "printed \(clock.now)" }
/// }
///
/// Container.setAmbientDefault(app)   // at start-up
/// ReceiptView().stamp                // app's clock
/// ```
///
/// The property resolves on its first read, from the container ambient at that read, and keeps
/// the value: later reads in the same ambient container cost a read of the ambient container's
/// address (see ``Container/ambient``) and a comparison, whatever the component's lifetime; the
/// value is lent where it is kept, not copied out. A read under another ambient container (the
/// same object used by a test with a container of its own) resolves from that one, once, and
/// keeps that value while that container lives (the property keeps its first container alive,
/// not the others), so a shared object never hands one test's value to another. No lock is held
/// while the factory runs: first reads under different containers run at once, and a factory
/// may wait for another thread reading the property under another container; threads reading
/// under the same container wait for the one resolving it. Read on the main actor (a view's
/// `body`), the property resolves there, so a `@MainActor` component is built synchronously as
/// `Container.ambient.resolve()` would build it. Reading with
/// no ambient container traps with the message of ``Container/ambient``, as does a value that
/// cannot be resolved (with the resolve's diagnostic).
///
/// Prefer initializer injection (or ``Injected`` in a class the container builds): an ambient
/// property hides a dependency that a reader of the initializer cannot see. A copy of the
/// wrapper (a copied struct) shares its value with the original.
@propertyWrapper
public struct Ambient<Value> {
  @usableFromInline
  let slot: AmbientSlot<Value>

  /// A property resolved to the `Value` registered under `name` (`.as(Value.self, name:)`).
  public init(name: String) {
    slot = AmbientSlot(.name(name))
  }

  /// A property resolved to the `Value` registered under the tag `tag`
  /// (`.as(Value.self, tag:)`).
  public init<Tag>(tag: Tag.Type) {
    slot = AmbientSlot(.tag(TagRegistry.register(Tag.self)))
  }

  /// A property resolved to whatever provides `Value`.
  public init() {
    slot = AmbientSlot(.none)
  }

  /// The value, resolved from ``Container/ambient`` on the first read in that container.
  @inlinable
  public var wrappedValue: Value {
    _read { yield slot.value(at: AmbientBinding.address).pointee.value }
  }
}

extension Ambient: Sendable where Value: Sendable {}
