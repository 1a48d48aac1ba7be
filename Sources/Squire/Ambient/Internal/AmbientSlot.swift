import Dispatch
import Synchronization
import _SquireShims

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

/// The storage of an ``Ambient`` property, shared by every copy of the wrapper: one value per
/// container the property was read in, each kept at an address that does not move, so that a
/// read lends the value where it is kept (no retain and release). The value for the first
/// container is read without a lock; the others under one.
@usableFromInline
final class AmbientSlot<Value>: @unchecked Sendable {
  /// The name or tag the property asks for: fixed when the wrapper is made.
  let qualifier: Qualifier
  /// The value for the first container the property was read in, which it keeps: set once
  /// (under `lock`), freed with the slot.
  @usableFromInline
  let first = Atomic<UnsafeMutablePointer<AmbientValue<Value>>?>(nil)
  /// Guards `others` and `resolving`; never held while a factory runs, so that reads under
  /// other containers neither wait for it nor deadlock with it.
  private let lock = ConditionLock.make()
  /// The values for the other containers, which it does not keep: one per container still
  /// alive (a test's, say). A value is freed, under the lock, once its container is gone: no
  /// read can be lending it then, as a read lends the value of the ambient container, which
  /// the binding keeps alive for as long as the read lasts. Guarded by `lock`.
  @exclusivity(unchecked) private var others: [UnsafeMutablePointer<AmbientValue<Value>>] = []
  /// The containers (by address) whose value a thread is resolving right now, and that
  /// thread: another thread reading in the same container waits for it, so that the value is
  /// resolved once per container. Guarded by `lock`.
  @exclusivity(unchecked) private var resolving: [(address: UInt, thread: pthread_t)] = []

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
  /// it was already. The resolve runs with no lock held: threads reading in other containers
  /// go on; one reading in the same container waits for it. A factory that reads the property
  /// again on the same thread resolves again, until the resolve reports the recursion.
  @usableFromInline
  func resolve(at address: UInt) -> UnsafeMutablePointer<AmbientValue<Value>> {
    let container = AmbientBinding.container(at: address)
    let thread = pthread_self()
    lock.lock()
    while true {
      if let entry = existing(for: container) {
        lock.unlock()
        return entry
      }
      guard
        let other = resolving.first(where: { $0.address == address }),
        pthread_equal(other.thread, thread) == 0
      else { break }
      lock.wait()
    }
    resolving.append((address, thread))
    lock.unlock()
    let value = resolveValue(in: container)
    return lock.withLock {
      defer { lock.broadcast() }
      if let index = resolving.firstIndex(where: {
        $0.address == address && pthread_equal($0.thread, thread) != 0
      }) {
        resolving.remove(at: index)
      }
      if let entry = existing(for: container) { return entry }
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

  /// The value kept for `container`, if any; frees those of containers that are gone. Under
  /// the lock.
  private func existing(for container: Container) -> UnsafeMutablePointer<AmbientValue<Value>>? {
    if let entry = first.load(ordering: .acquiring), entry.pointee.isFor(container) {
      return entry
    }
    others.removeAll { entry in
      guard entry.pointee.isGone else { return false }
      Self.free(entry)
      return true
    }
    return others.first { $0.pointee.isFor(container) }
  }

  /// The value resolved in `container`, on the main actor when this is the main thread (the
  /// property's getter has no isolation to pass: a `@MainActor` component read by a view on
  /// the main actor is built there); traps with the resolve's diagnostic if it cannot be.
  private func resolveValue(in container: Container) -> Value {
    do {
      return try container.resolve(
        Value.self, qualifier: qualifier, arguments: nil,
        isolation: MainQueue.isCurrent ? MainActor.shared : nil)
    } catch {
      fatalError(
        "Squire: an @Ambient property of type `\(Value.self)` could not be resolved from the "
          + "ambient container.\n\(error)")
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

/// Whether code runs where the main actor runs: on the main thread, or on the main dispatch
/// queue (which the main actor's executor drains, on whatever thread serves it once the main
/// thread has left for `dispatchMain()`).
enum MainQueue {
  private static let key = DispatchSpecificKey<Bool>()
  /// Marks the main queue, once, on first use.
  private static let marked: Void = DispatchQueue.main.setSpecific(key: key, value: true)

  static var isCurrent: Bool {
    if _squire_is_main_thread() != 0 { return true }
    marked
    return DispatchQueue.getSpecific(key: key) == true
  }
}
