/// The storage of an ``Injected`` property: shared by every copy of the wrapper (the object's
/// own, and the one the container reads through the object's layout), set once by the
/// container, read under a lock so that a `.single` holding it can be read from any thread.
final class InjectedSlot<Value>: @unchecked Sendable {
  /// The name or tag the property asks for: fixed when the object is made.
  let qualifier: Qualifier
  private let lock = Lock()
  private var stored: Value?

  init(_ qualifier: Qualifier) {
    self.qualifier = qualifier
  }

  /// The value, `nil` until the container fills it.
  var value: Value? {
    lock.withLock { stored }
  }

  var isFilled: Bool {
    lock.withLock { stored != nil }
  }

  /// Keeps `value` unless the slot was filled already: a property is filled once.
  func fill(_ value: Value) {
    lock.withLock {
      if stored == nil { stored = value }
    }
  }
}

/// The storage of a ``LazyInjected`` property: bound by the container to the resolve that made
/// the object, resolved on the first read, once, then kept.
final class LazySlot<Value>: @unchecked Sendable {
  let qualifier: Qualifier
  /// Guards `source` and `stored`.
  private let lock = Lock()
  /// Held while the value is resolved, so that threads reading it at once resolve it once.
  /// Recursive: a value whose factory reads this property again on the same thread goes round
  /// until `DeferredResolve` reports the cycle, instead of deadlocking.
  private let once = RecursiveLock()
  private var source: DeferredResolve<Value>?
  private var stored: Value?

  init(_ qualifier: Qualifier) {
    self.qualifier = qualifier
  }

  var isBound: Bool {
    lock.withLock { source != nil || stored != nil }
  }

  /// Binds the property to a resolve, unless it was bound already.
  func bind(_ source: DeferredResolve<Value>) {
    lock.withLock {
      if self.source == nil && stored == nil { self.source = source }
    }
  }

  /// The value, resolved on the first call; `nil` when the property was never bound.
  func get() throws(ResolutionError) -> Value? {
    if let made = lock.withLock({ stored }) { return made }
    do {
      return try once.withLock { () throws -> Value? in
        let (made, source) = lock.withLock { (stored, self.source) }
        if let made { return made }
        guard let source else { return nil }
        let value = try source.resolve()
        lock.withLock {
          stored = value
          // The resolve it was bound to is no longer needed: let go of its object graph.
          self.source = nil
        }
        return value
      }
    } catch {
      throw error as! ResolutionError
    }
  }
}
