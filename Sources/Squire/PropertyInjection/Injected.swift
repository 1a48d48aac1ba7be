/// A property the container fills when it builds the object that declares it, or when the
/// object is passed to ``Container/inject(into:file:line:)``.
///
/// ```swift
/// final class Dashboard {
///   @Injected var clock: TimeSource
///   @Injected(name: "audit") var log: Log
///   @Injected(tag: Remote.self) var catalog: Catalog
///   @Injected var banner: Banner?        // nil when nothing provides Banner
/// }
/// container.register(Dashboard.init)
/// let dashboard: Dashboard = container.resolve()   // its properties are filled
/// ```
///
/// The container finds the wrapped properties of a class once, when it links the component
/// (from the type's field metadata, without an instance), so a class without any pays nothing
/// when it is resolved. It looks at the type the factory returns: register the class itself
/// (`register(Dashboard.init).as(Screen.self)`), not a factory typed as a protocol
/// (`register { Dashboard() as Screen }`), whose instances' properties it cannot see. The properties are filled before the component's `.injection`s and
/// `.postInit`s run, so these can use them. A property is filled once: later injections keep
/// the first value.
///
/// Reading a property before the container filled it traps with a message that names the
/// property and its class. `@Injected` works in classes only: a struct is copied, and its copy
/// in the container would be filled instead.
///
/// A wrapped property is safe to read from several threads at once (a `.single` holding one);
/// the wrapper is `Sendable` when its value is.
@propertyWrapper
public struct Injected<Value> {
  let slot: InjectedSlot<Value>

  /// A property filled with whatever provides `Value`.
  public init() {
    slot = InjectedSlot(.none)
  }

  /// A property filled with the `Value` registered under `name` (`.as(Value.self, name:)`).
  public init(name: String) {
    slot = InjectedSlot(.name(name))
  }

  /// A property filled with the `Value` registered under the tag `tag`
  /// (`.as(Value.self, tag:)`).
  public init<Tag>(tag: Tag.Type) {
    slot = InjectedSlot(.tag(TagRegistry.register(Tag.self)))
  }

  /// Not available: `@Injected` works in classes only, where the container fills the object's
  /// own property.
  @available(*, unavailable, message: "@Injected works in classes only")
  public var wrappedValue: Value {
    fatalError("@Injected works in classes only")
  }

  /// The value, for the class that declares the property: traps if the container has not
  /// filled it yet.
  public static subscript<Enclosing: AnyObject>(
    _enclosingInstance object: Enclosing,
    wrapped wrapped: KeyPath<Enclosing, Value>,
    storage storage: KeyPath<Enclosing, Injected<Value>>
  ) -> Value {
    let slot = object[keyPath: storage].slot
    guard let value = slot.value else {
      unfilled(Enclosing.self, storage, wrapper: "@Injected")
    }
    return value
  }
}

extension Injected: Sendable where Value: Sendable {}

/// Traps for a wrapped property read before the container filled it, naming the property and
/// the class that declares it.
func unfilled<Enclosing, Storage>(
  _ type: Enclosing.Type, _ storage: KeyPath<Enclosing, Storage>, wrapper: String
) -> Never {
  let property = propertyName(storage).map { "`\(Enclosing.self).\($0)`" } ?? "a property"
  fatalError(
    "Squire: \(property) (\(wrapper)) was read before the container filled it. "
      + "Build `\(Enclosing.self)` with the container (`container.register(\(Enclosing.self).init)`), "
      + "or pass an instance made elsewhere to `container.inject(into:)`, before reading it.")
}

/// The property's name from the key path of its wrapper's storage (`\Dashboard._clock`), when
/// the binary keeps the names.
func propertyName<Root, Value>(_ storage: KeyPath<Root, Value>) -> String? {
  let text = String(describing: storage)
  guard let dot = text.lastIndex(of: "."), !text.contains("<") else { return nil }
  let name = text[text.index(after: dot)...]
  return String(name.hasPrefix("_") ? name.dropFirst() : name)
}
