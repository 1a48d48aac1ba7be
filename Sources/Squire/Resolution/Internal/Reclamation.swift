import Synchronization
import _SquireShims

// Freeing the snapshots a container no longer publishes.
//
// A root container's resolve reads its published snapshot without a reference count (one
// load, then the producer it finds, used for the whole resolve). A snapshot it replaced is
// therefore freed only after a grace period: epoch-based reclamation, with the thread-local
// record of `_SquireShims`. The outermost synchronous resolve on a thread announces the global
// epoch before it loads the snapshot, and withdraws it when it ends. A container that replaces
// its snapshot (under its lock) tags the old one with a new epoch and frees it once every
// thread inside a resolve announced that epoch or a later one, which they did after the old
// snapshot stopped being published. What the container retired but could not free yet is
// freed at a later publication, or when the container goes.
//
// Everything else holds a snapshot with a reference count: `Container.snapshot` loads and
// retains it inside an announcement; an async resolve retains the producer it runs (its
// suspensions may move it to other threads, so it cannot rely on the thread's announcement);
// a child holds its parent's snapshot as its base, and its own under its lock. A producer holds
// what it calls, except the placeholders that close cycles, which the container keeps (see
// ``CycleKeeper``): a `Lazy` or `Provider` made through a freed snapshot still resolves.

/// The placeholders that close cycles among the producers of a container's snapshots.
///
/// A producer that reaches a component being linked at the time (an initializer cycle broken
/// by a `Lazy`, or a chain linked in stretches) goes through a placeholder, filled once the
/// component is linked: every reference cycle among producers passes through one, and clearing
/// them frees the whole graph of closures. A `Lazy` or `Provider` keeps the producers it was
/// made with, beyond the snapshot that made them, so the placeholders stay with the container
/// until it goes: a snapshot that goes takes its tables and nothing a `Lazy` may still use.
/// Only snapshots that linked a cycle add anything here. A snapshot linked for one call
/// (validation of a child, graph export) keeps a keeper of its own, cleared when it goes.
final class CycleKeeper: @unchecked Sendable {
  private let lock = Lock()
  private var placeholders: [AnyPlaceholder] = []

  /// Keeps `placeholder` until ``breakCycles()``. Linkers of several snapshots of one container
  /// may add at once (a new snapshot, and an old one linking on demand for a resolve that still
  /// reads it).
  func keep(_ placeholder: AnyPlaceholder) {
    lock.withLock { placeholders.append(placeholder) }
  }

  /// Clears every placeholder kept: the producers that go through one fail from now on (their
  /// container is gone), and the closures they kept are freed.
  func breakCycles() {
    let taken = lock.withLock {
      let taken = placeholders
      placeholders = []
      return taken
    }
    for placeholder in taken { placeholder.clear() }
  }

  /// How many placeholders are kept.
  var countForTesting: Int { lock.withLock { placeholders.count } }
}

/// The snapshots a root container replaced, kept until no resolve can be reading them. Guarded
/// by the container's lock.
struct RetiredSnapshots {
  private var retired: [(snapshot: Snapshot, epoch: UInt)] = []

  /// Keeps `snapshot`, which is no longer published (the store that unpublished it came
  /// first), then frees what no thread can be reading any more: `snapshot` itself if no thread
  /// is inside a resolve. What is freed is moved to `released`, for the caller to let go of
  /// once it released its lock (a snapshot's producers may hold the last reference to
  /// instances whose `deinit` calls the container).
  mutating func retire(_ snapshot: Snapshot, releasing released: inout [Snapshot]) {
    retired.append((snapshot, UInt(_squire_advance_epoch())))
    let oldest = UInt(_squire_oldest_announced_epoch())
    var kept: [(snapshot: Snapshot, epoch: UInt)] = []
    for entry in retired {
      if entry.epoch <= oldest {
        released.append(entry.snapshot)
      } else {
        kept.append(entry)
      }
    }
    retired = kept
  }

  /// How many snapshots wait for the resolves that may read them.
  var count: Int { retired.count }
}

extension Container {
  /// The root's published snapshot, retained; `nil` when none is published (a child, or after
  /// registering). Loaded while this thread announces an epoch, so that the snapshot cannot be
  /// freed between the load and the retain.
  func publishedSnapshot() -> Snapshot? {
    _ = _squire_enter_resolve()
    let retained = published.load(ordering: .sequentiallyConsistent)?.retain()
    _squire_leave_resolve()
    return retained?.takeRetainedValue()
  }

  /// The producer for the type `id` in the fast table this container resolves through: its
  /// own for a root, its root's for a child with nothing registered (see `publishingRoot()`).
  /// Unretained: call it inside an announced epoch (`_squire_enter_resolve`), which keeps the
  /// snapshot, and so the producer, for as long as the resolve runs.
  @inline(__always)
  func fastTableProducer(for id: ObjectIdentifier) -> Unmanaged<AnyProducer>? {
    guard let root = parent == nil ? self : publishingRoot() else { return nil }
    return root.published.load(ordering: .sequentiallyConsistent)?
      ._withUnsafeGuaranteedRef { $0.table.producer(for: id) }
  }

  /// The producer the root's published snapshot has for a plain `T` in its fast table (the
  /// root above a child with nothing registered, for that child), retained: what an async
  /// resolve runs across its suspensions, on whatever threads they resume on.
  func publishedProducer<T>(for type: T.Type) -> Producer<T>? {
    _ = _squire_enter_resolve()
    let retained = fastTableProducer(for: ObjectIdentifier(T.self))?.retain()
    _squire_leave_resolve()
    // Not `Optional.map`: its closure would need `Producer<T>`'s metadata, a runtime lookup
    // each time in this unspecialized path.
    guard let retained else { return nil }
    return unsafeDowncast(retained.takeRetainedValue(), to: Producer<T>.self)
  }
}
