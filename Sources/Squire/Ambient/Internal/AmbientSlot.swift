import Synchronization

/// The storage of an ``Ambient`` property, shared by every copy of the wrapper: the value it
/// resolved first and the container it resolved it in, read without a lock; the value for the
/// last other container, under a lock.
@usableFromInline
final class AmbientSlot<Value>: @unchecked Sendable {
  /// The name or tag the property asks for: fixed when the wrapper is made.
  let qualifier: Qualifier
  /// The first value, with its container: set once (under `once`), released with the slot.
  @usableFromInline
  let first = Atomic<Unmanaged<AmbientValue<Value>>?>(nil)
  /// Held while the value for a container is looked up or resolved, so that threads reading
  /// the property at once resolve it once. Recursive: a value whose factory reads this property
  /// again on the same thread goes round until the resolve reports the cycle.
  private let once = RecursiveLock()
  /// The value for the last container other than the first's. Guarded by `once`.
  @exclusivity(unchecked) private var latest: AmbientValue<Value>?

  init(_ qualifier: Qualifier) {
    self.qualifier = qualifier
  }

  deinit {
    first.load(ordering: .acquiring)?.release()
  }

  /// The value for `container`: after the first read in it, one atomic load and a comparison.
  @inlinable @inline(__always)
  func value(in container: Container) -> Value {
    if let entry = first.load(ordering: .acquiring) {
      let found = entry._withUnsafeGuaranteedRef { $0.container === container ? $0.value : nil }
      if let found { return found }
    }
    return resolve(in: container)
  }

  /// The value for `container`, resolved there unless it was already.
  @usableFromInline
  func resolve(in container: Container) -> Value {
    once.withLock {
      if let entry = first.load(ordering: .acquiring)?.takeUnretainedValue(),
        entry.container === container
      {
        return entry.value
      }
      if let latest, latest.container === container { return latest.value }
      let value: Value
      do {
        value = try container.resolve(
          Value.self, qualifier: qualifier, arguments: nil, isolation: nil)
      } catch {
        fatalError(
          "Squire: an @Ambient property of type `\(Value.self)` could not be resolved from the "
            + "ambient container.\n\(error)")
      }
      let entry = AmbientValue(container: container, value: value)
      if first.load(ordering: .acquiring) == nil {
        first.store(Unmanaged.passRetained(entry), ordering: .releasing)
      } else {
        latest = entry
      }
      return value
    }
  }
}

/// One value of an ``Ambient`` property and the container it was resolved in (kept, so that no
/// other container can take its address and pass for it).
@usableFromInline
final class AmbientValue<Value> {
  @usableFromInline
  let container: Container
  @usableFromInline
  let value: Value

  init(container: Container, value: Value) {
    self.container = container
    self.value = value
  }
}
