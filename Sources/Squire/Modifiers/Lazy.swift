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
/// `many($0)` with `$0: Many<Lazy<Weapon>>` gives one `Lazy` per implementation.
///
/// A `Lazy` defers building, not checking. A `Lazy<Chronicle>` is always made, even when nothing
/// provides `Chronicle`: ``Container/validate()`` reports the missing `Chronicle` before the app
/// runs, and reading the value then traps (``get()-36nq1`` throws). Where the type may be absent,
/// take `Lazy<Chronicle>?`: it is `nil` when nothing provides `Chronicle`, and validation
/// accepts it.
///
/// ```swift
/// final class Herald {
///   let chronicle: Lazy<Chronicle>?
///   init(chronicle: Lazy<Chronicle>?) { self.chronicle = chronicle }
/// }
/// container.register(Herald.init)
/// let herald: Herald = container.resolve()   // herald.chronicle == nil: none registered
/// ```
public final class Lazy<Value>: @unchecked Sendable {
  let source: DeferredResolve<Value>
  private let lock = Lock()
  private var made: Value?

  init(_ source: DeferredResolve<Value>) {
    self.source = source
  }

  /// The value: resolved on the first access (trapping with the diagnostic if it cannot be),
  /// the same instance afterwards.
  ///
  /// A property cannot learn its caller's line, so the trap names the `Lazy` and the component
  /// it was given to, at that component's registration (`Knight.swift:12: Fatal error:
  /// `Lazy<Chronicle>` given to `Knight` (registered at Knight.swift:12) could not resolve its
  /// value: ...`). Use ``get()-36nq1`` to handle the error instead.
  public var value: Value {
    source.valueOrTrap(kind: "Lazy", get)
  }

  /// The value, resolved on the first call; throws why it cannot be resolved.
  ///
  /// ```swift
  /// final class Knight {
  ///   let chronicle: Lazy<Chronicle>
  ///   init(chronicle: Lazy<Chronicle>) { self.chronicle = chronicle }
  ///   func boast() throws(ResolutionError) {
  ///     try chronicle.get().record("I won")   // built on the first call, then the same one
  ///   }
  /// }
  /// ```
  ///
  /// The lock is not held while the value is resolved, so a value whose factory reads another
  /// `Lazy` (or this one's container) cannot deadlock: two threads that race for the first
  /// value may both resolve it, and both get the one stored first.
  public func get() throws(ResolutionError) -> Value {
    if let made = lock.withLock({ made }) { return made }
    let value = try source.resolve()
    return keep(value)
  }

  /// The value, resolved on the first call from async code: awaits async factories and runs
  /// isolated ones on their actor. Throws why it cannot be resolved.
  ///
  /// ```swift
  /// let database = try await lazyDatabase.get()
  /// ```
  public func get() async throws(ResolutionError) -> Value {
    if let made = lock.withLock({ made }) { return made }
    let value = try await source.resolveAsync()
    return keep(value)
  }

  private func keep(_ value: Value) -> Value {
    lock.withLock {
      if let made { return made }
      made = value
      return value
    }
  }

  /// Whether the value has been resolved yet.
  public var isResolved: Bool {
    lock.withLock { made != nil }
  }

  /// Lets go of the value: the next access resolves it again (a new instance, unless its
  /// lifetime keeps one elsewhere, as `.single` does).
  ///
  /// ```swift
  /// let report = lazyReport.value      // resolved
  /// lazyReport.reset()
  /// let fresh = lazyReport.value       // resolved again
  /// ```
  ///
  /// An access under way on another thread may still return the value let go of.
  public func reset() {
    let released = lock.withLock {
      defer { made = nil }
      return made
    }
    withExtendedLifetime(released) {}
  }
}

extension Lazy: ResolvedLater {
  static var keepsValue: Bool { true }
}
