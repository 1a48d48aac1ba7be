/// A property the container resolves on its first read, once, then keeps: for something
/// expensive that may not be needed, or to break a cycle.
///
/// ```swift
/// final class Dashboard {
///   @LazyInjected var catalog: Catalog     // resolved on the first read of `catalog`
/// }
/// container.register(Dashboard.init)
/// ```
///
/// When the container builds the object (or ``Container/inject(into:file:line:)`` is given it),
/// the property is bound to that container, which it keeps weakly, and to that resolve's object
/// graph; the first read resolves the value there, on whichever thread reads it, and every read
/// gets that one value. Reads from several threads at once resolve it once. A read after the
/// container is released, or one whose value cannot be resolved, traps with the diagnostic; a
/// read before the container bound the property traps with a message that names it.
///
/// Names, tags and optionals work as for ``Injected``: `@LazyInjected(name: "audit")`,
/// `@LazyInjected(tag: Remote.self)`, `@LazyInjected var banner: Banner?`.
@propertyWrapper
public struct LazyInjected<Value> {
  let slot: LazySlot<Value>

  /// The value, for the class that declares the property: resolved on the first read.
  public static subscript<Enclosing: AnyObject>(
    _enclosingInstance object: Enclosing,
    wrapped wrapped: KeyPath<Enclosing, Value>,
    storage storage: KeyPath<Enclosing, LazyInjected<Value>>
  ) -> Value {
    do {
      guard let value = try object[keyPath: storage].slot.get() else {
        unfilled(Enclosing.self, storage, wrapper: "@LazyInjected")
      }
      return value
    } catch {
      fatalError(error.description)
    }
  }

  /// Not available: `@LazyInjected` works in classes only.
  @available(*, unavailable, message: "@LazyInjected works in classes only")
  public var wrappedValue: Value {
    fatalError("@LazyInjected works in classes only")
  }

  /// A property resolved as the `Value` registered under the tag `tag`.
  public init<Tag>(tag: Tag.Type) {
    slot = LazySlot(.tag(TagRegistry.register(Tag.self)))
  }

  /// A property resolved as whatever provides `Value`.
  public init() {
    slot = LazySlot(.none)
  }

  /// A property resolved as the `Value` registered under `name`.
  public init(name: String) {
    slot = LazySlot(.name(name))
  }
}

extension LazyInjected: Sendable where Value: Sendable {}
