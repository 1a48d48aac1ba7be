import Synchronization

/// The storage of an ``Ambient`` property, shared by every copy of the wrapper: one value per
/// container the property was read in, each kept at an address that does not move, so that a
/// read lends the value where it is kept (no retain and release). The value for the first
/// container is read without a lock; the others under one.
@usableFromInline
final class AmbientSlot<Value>: @unchecked Sendable {
  /// The name or tag the property asks for: fixed when the wrapper is made.
  let qualifier: Qualifier
  /// The value for the first container the property was read in, which it keeps: set once
  /// (under `once`), freed with the slot.
  @usableFromInline
  let first = Atomic<UnsafeMutablePointer<AmbientValue<Value>>?>(nil)
  /// Held while the value for a container is looked up or resolved, so that threads reading
  /// the property at once resolve it once. Recursive: a value whose factory reads this property
  /// again on the same thread goes round until the resolve reports the cycle.
  private let once = RecursiveLock()
  /// The values for the other containers, which it does not keep: one per container still
  /// alive (a test's, say). A value is freed, under the lock, once its container is gone: no
  /// read can be lending it then, as a read lends the value of the ambient container, which
  /// the binding keeps alive for as long as the read lasts. Guarded by `once`.
  @exclusivity(unchecked) private var others: [UnsafeMutablePointer<AmbientValue<Value>>] = []

  init(_ qualifier: Qualifier) {
    self.qualifier = qualifier
  }

  deinit {
    if let entry = first.load(ordering: .acquiring) { Self.free(entry) }
    others.forEach(Self.free)
  }

  /// Where the value for the ambient container, at `address`, is kept: after the first read in
  /// the first container, an atomic load and a comparison of addresses.
  @inlinable @inline(__always)
  func value(at address: UInt) -> UnsafeMutablePointer<AmbientValue<Value>> {
    if let entry = first.load(ordering: .acquiring), entry.pointee.address == address {
      return entry
    }
    return resolve(at: address)
  }

  /// Where the value for the ambient container, at `address`, is kept, resolved there unless
  /// it was already.
  @usableFromInline
  func resolve(at address: UInt) -> UnsafeMutablePointer<AmbientValue<Value>> {
    let container = AmbientBinding.container(at: address)
    return once.withLock {
      if let entry = first.load(ordering: .acquiring), entry.pointee.isFor(container) {
        return entry
      }
      others.removeAll { entry in
        guard entry.pointee.isGone else { return false }
        Self.free(entry)
        return true
      }
      if let entry = others.first(where: { $0.pointee.isFor(container) }) { return entry }
      let value: Value
      do {
        value = try container.resolve(
          Value.self, qualifier: qualifier, arguments: nil, isolation: nil)
      } catch {
        fatalError(
          "Squire: an @Ambient property of type `\(Value.self)` could not be resolved from the "
            + "ambient container.\n\(error)")
      }
      let isFirst = first.load(ordering: .acquiring) == nil
      let entry = UnsafeMutablePointer<AmbientValue<Value>>.allocate(capacity: 1)
      entry.initialize(to: AmbientValue(container: container, value: value, keeps: isFirst))
      if isFirst {
        first.store(entry, ordering: .releasing)
      } else {
        others.append(entry)
      }
      return entry
    }
  }

  private static func free(_ entry: UnsafeMutablePointer<AmbientValue<Value>>) {
    entry.deinitialize(count: 1)
    entry.deallocate()
  }
}

/// One value of an ``Ambient`` property and the container it was resolved in.
@usableFromInline
struct AmbientValue<Value> {
  /// The container's address, compared with the ambient container's without touching its
  /// reference count: only for the first value, whose container is kept (so that no other
  /// container can take its address and pass for it).
  @usableFromInline
  let address: UInt
  /// The first value's container, kept.
  private let kept: Container?
  /// Another value's container, not kept.
  private weak var container: Container?
  @usableFromInline
  let value: Value

  init(container: Container, value: Value, keeps: Bool) {
    self.address = UInt(bitPattern: ObjectIdentifier(container))
    self.kept = keeps ? container : nil
    self.container = keeps ? nil : container
    self.value = value
  }

  /// Whether this is the value for `container`.
  func isFor(_ container: Container) -> Bool {
    (kept ?? self.container) === container
  }

  /// Whether the container of a value that does not keep it is gone.
  var isGone: Bool {
    kept == nil && container == nil
  }
}
