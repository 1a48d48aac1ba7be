import Synchronization

/// An object made on first use and kept until its holder goes: read with one atomic load.
///
/// `AtomicLazyReference` does the same, but its `load()` is not specialised: each read looks up
/// generic metadata (about 700 instructions), and a container reads its observers and its parts
/// on every `register`.
struct LazyReference<Instance: AnyObject>: ~Copyable {
  /// Retained by this reference, released when it goes.
  private let slot = Atomic<Unmanaged<Instance>?>(nil)

  init() {}

  deinit {
    slot.load(ordering: .acquiring)?.release()
  }

  /// The object, if one was stored.
  func load() -> Instance? {
    slot.load(ordering: .acquiring)?.takeUnretainedValue()
  }

  /// Stores `made` unless another thread stored one first; returns the one stored.
  func storeIfNil(_ made: Instance) -> Instance {
    storeOnce(made, in: slot)
  }
}

/// Stores `made` in `slot`, which keeps it (retained), unless another thread stored one first:
/// returns the one stored.
func storeOnce<Object: AnyObject>(
  _ made: Object, in slot: borrowing Atomic<Unmanaged<Object>?>
) -> Object {
  let made = Unmanaged.passRetained(made)
  let (exchanged, original) = slot.compareExchange(
    expected: nil, desired: made, ordering: .acquiringAndReleasing)
  if exchanged { return made.takeUnretainedValue() }
  made.release()
  return original!.takeUnretainedValue()
}
