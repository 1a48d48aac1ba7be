/// A dependency resolved on first access and kept: for something expensive that may not be
/// needed, or to break a cycle.
///
/// Ask for it as a parameter or an injected property; the container fills it in:
///
/// ```swift
/// final class Knight {
///   let chronicle: Lazy<Chronicle>
///   init(chronicle: Lazy<Chronicle>) { self.chronicle = chronicle }
///   func boast() { chronicle.value.record("I won") }   // built here, once
/// }
/// container.register(Knight.init)
/// ```
///
/// The value is resolved through the container and the object graph the `Lazy` was made in
/// (an `.objectGraph` component is the one its siblings got). Combine with other modifiers:
/// `Lazy<Chronicle>?` is `nil` when no `Chronicle` is registered; `many($0)` with
/// `$0: Many<Lazy<Weapon>>` gives one `Lazy` per implementation.
public final class Lazy<Value>: @unchecked Sendable {
  private let source: DeferredResolve<Value>
  private let lock = Lock()
  private var made: Value?

  init(_ source: DeferredResolve<Value>) {
    self.source = source
  }

  /// The value: resolved on the first access (trapping with the diagnostic if it cannot be),
  /// the same instance afterwards.
  public var value: Value {
    trapping { () throws(ResolutionError) in try get() }
  }

  /// The value, resolved on the first call; throws why it cannot be resolved.
  public func get() throws(ResolutionError) -> Value {
    lock.lock()
    defer { lock.unlock() }
    if let made { return made }
    let value = try source.resolve()
    made = value
    return value
  }

  /// Whether the value has been resolved yet.
  public var isResolved: Bool {
    lock.withLock { made != nil }
  }
}

extension Lazy: ResolvedLater {
  static var keepsValue: Bool { true }

  static func make(_ source: DeferredResolve<Value>) -> Lazy<Value> { Lazy(source) }
}
