import Synchronization

/// What one container owns: the cells of its `.perContainer` and `.weak` instances, the
/// cleanups of the instances it made, in creation order, and the children to close before it.
///
/// Children are remembered only once they own a cleanup, and forgotten when they close or go:
/// a parent serving a child per request keeps no list that grows with the requests. A parent
/// keeps what its children own, not the children: closing a child needs nothing else, and a
/// weak reference to each request's container would cost it a side table. The children are a
/// list threaded through them (newest first), so that remembering and forgetting one costs no
/// allocation and no hashing.
///
/// Its lock is shared with the cells it makes (their creation protocol takes it for a few
/// instructions at a time, never while user code runs): a request's scope makes one lock, not
/// one per cell. Nothing is released while it is held: an instance's `deinit` may call the
/// container.
@usableFromInline
final class OwnedInstances: @unchecked Sendable {
  /// Guards what follows, and the state of the cells this container makes.
  let lock = ConditionLock.make()
  private let closed = Atomic<Bool>(false)
  /// Whether the parent has been asked to remember this container among its children to close.
  /// Set from the start for a child its parent does not close (see ``closedByParent``).
  private let knownToParent: Atomic<Bool>
  /// Whether the parent's close closes this container (a child made with
  /// `Container(parent:closedByParent:)` and `false` closes itself, and is never in the list).
  let closedByParent: Bool
  /// Whether this container is in its parent's list of children; written under the parent's
  /// lock, read without it by a container that goes (only after its own close forgot it).
  private let inParentList = Atomic<Bool>(false)
  // Guarded by `lock`, hence no dynamic exclusivity checks. The first cell is kept apart: most
  // containers that make cells (a request's scope) make one or two, and need no dictionary.
  @exclusivity(unchecked) private var firstCell: (id: ObjectIdentifier, cell: AnyObject)?
  @exclusivity(unchecked) private var cells = [ObjectIdentifier: AnyObject]()
  @exclusivity(unchecked) private var cleanups = PendingCleanups()
  /// The newest child in the list of children to close first.
  @exclusivity(unchecked) private var newestChild: OwnedInstances?
  // Guarded by the parent's lock: this container's neighbours in its parent's list. The older
  // one is held (the list holds each child once); the newer one holds this one.
  @exclusivity(unchecked) private var olderSibling: OwnedInstances?
  @exclusivity(unchecked) private unowned(unsafe) var newerSibling: OwnedInstances?

  /// - Parameter closedByParent: Whether the parent's close closes this container.
  init(closedByParent: Bool = true) {
    self.closedByParent = closedByParent
    knownToParent = Atomic(!closedByParent)
  }

  @usableFromInline
  var isClosed: Bool { closed.load(ordering: .acquiring) }

  /// The cell of `record` in this container, made on first use (sharing this container's
  /// lock). Keyed by the record's identity: the record stays alive as long as this container
  /// (its own or an ancestor's), so its address is not reused while the key is.
  @usableFromInline
  func cell<Cell: AnyObject>(
    for record: ComponentRecord, make: (ConditionLock) -> Cell
  ) -> Cell {
    unsafeDowncast(cell(for: record, of: Cell.self, make: make), to: Cell.self)
  }

  /// ``cell(for:make:)`` with the cell's class given as a value (`kind`, a final class): code
  /// that is not specialised asks the runtime neither for the class's metadata nor for a cast.
  func cell(
    for record: ComponentRecord, of kind: AnyObject.Type, make: (ConditionLock) -> AnyObject
  ) -> AnyObject {
    let id = ObjectIdentifier(record)
    // A cell of another kind (the component's lifetime changed) is replaced, and let go of
    // once the lock is released.
    var replaced: AnyObject?
    defer { withExtendedLifetime(replaced) {} }
    lock.lock()
    defer { lock.unlock() }
    if let first = firstCell, first.id == id {
      if type(of: first.cell) == kind { return first.cell }
      let made = make(lock)
      replaced = first.cell
      firstCell = (id, made)
      return made
    }
    if !cells.isEmpty, let existing = cells[id] {
      if type(of: existing) == kind { return existing }
      replaced = existing
    }
    let made = make(lock)
    if firstCell == nil && replaced == nil {
      firstCell = (id, made)
    } else {
      cells[id] = made
    }
    return made
  }

  /// Forgets the cells of the records `ids` names: the next resolve makes new instances.
  func removeCells(_ ids: Set<ObjectIdentifier>) {
    var removed: [AnyObject] = []
    lock.withLock {
      if let first = firstCell, ids.contains(first.id) {
        removed.append(first.cell)
        firstCell = nil
      }
      for id in ids { if let cell = cells.removeValue(forKey: id) { removed.append(cell) } }
    }
    withExtendedLifetime(removed) {}
  }

  /// Keeps `cleanup` to run at close; false, keeping nothing, once the container has closed
  /// (its close took the cleanups it had: this one would never run).
  func adopt(_ cleanup: PendingCleanup) -> Bool {
    if _slowPath(cleanup.action.holdsWeakly) { return adoptWeakly(cleanup) }
    return lock.withLock {
      if closed.load(ordering: .relaxed) { return false }
      cleanups.append(cleanup)
      return true
    }
  }

  /// ``adopt(_:)`` for the cleanup of a `.weak` instance, which drops those of instances that
  /// went.
  @inline(never)
  private func adoptWeakly(_ cleanup: PendingCleanup) -> Bool {
    var alive: [AnyObject]?
    // Let go of once the lock is released (see `PendingCleanups.appendWeakly(_:)`).
    defer { withExtendedLifetime(alive) {} }
    return lock.withLock {
      if closed.load(ordering: .relaxed) { return false }
      alive = cleanups.appendWeakly(cleanup)
      return true
    }
  }

  /// How many cleanups this container keeps for its close (for tests: it must not grow with
  /// `.weak` instances that are gone).
  var cleanupCount: Int { lock.withLock { cleanups.count } }

  /// Records that the parent remembers this container; false if it already did.
  func markKnownToParent() -> Bool {
    !knownToParent.exchange(true, ordering: .acquiringAndReleasing)
  }

  var isKnownToParent: Bool { knownToParent.load(ordering: .acquiring) }

  /// Whether the parent may still have this container in its list (a container that goes
  /// asks its parent to forget it only then).
  var mayBeInParentList: Bool {
    isKnownToParent && inParentList.load(ordering: .acquiring)
  }

  /// Keeps what a child owns, to close it first when this container closes: until the child
  /// closes or goes (``forget(child:)``). False, keeping nothing, once this container has
  /// closed: its close did not see the child.
  func remember(child: OwnedInstances) -> Bool {
    lock.withLock {
      if closed.load(ordering: .relaxed) { return false }
      if child.inParentList.load(ordering: .relaxed) { return true }
      child.olderSibling = newestChild
      newestChild?.newerSibling = child
      newestChild = child
      child.inParentList.store(true, ordering: .releasing)
      return true
    }
  }

  /// How many children this container would close first (for tests: it must not grow with
  /// children that are gone).
  var childCount: Int {
    lock.withLock {
      var count = 0
      var next = newestChild
      while let child = next {
        count += 1
        next = child.olderSibling
      }
      return count
    }
  }

  /// Lets go of `child`, which closed or goes; nothing if this container no longer has it.
  func forget(child: OwnedInstances) {
    let unlinked: OwnedInstances? = lock.withLock {
      guard child.inParentList.load(ordering: .relaxed) else { return nil }
      let older = child.olderSibling
      older?.newerSibling = child.newerSibling
      if let newer = child.newerSibling {
        newer.olderSibling = older
      } else {
        newestChild = older
      }
      child.olderSibling = nil
      child.newerSibling = nil
      child.inParentList.store(false, ordering: .releasing)
      // The list held the child (through its newer sibling, or as the newest): the reference
      // goes once the lock is released.
      return child
    }
    withExtendedLifetime(unlinked) {}
  }

  /// What closing a container hands over: its open children, newest first, and its cleanups;
  /// the cells, let go of after the cleanups ran.
  struct Closing {
    var children: [OwnedInstances] = []
    var cleanups = PendingCleanups()
    var cells: (first: AnyObject?, rest: [ObjectIdentifier: AnyObject]) = (nil, .init())

    /// Whether finishing needs `await`: an open child (its cleanups may be async) or an async
    /// cleanup.
    var needsAwait: Bool {
      !children.isEmpty || cleanups.containsAsync
    }
  }

  /// Marks the container closed and hands over what closing it must do: what its open children
  /// own, last remembered first, its cleanups, and its cells (released by the caller once the
  /// cleanups have run). Only the first call gets anything.
  func close() -> Closing {
    lock.withLock {
      if closed.exchange(true, ordering: .acquiringAndReleasing) { return Closing() }
      var taken = Closing()
      // Most containers (a request's scope) have no children to close: no array.
      var next = newestChild
      while let child = next {
        taken.children.append(child)
        next = child.olderSibling
        child.olderSibling = nil
        child.newerSibling = nil
        child.inParentList.store(false, ordering: .releasing)
      }
      newestChild = nil
      taken.cleanups = cleanups.take()
      if let first = firstCell {
        taken.cells.first = first.cell
        firstCell = nil
      }
      // Most containers (a request's scope) keep one cell at most: no dictionary.
      if !cells.isEmpty { swap(&taken.cells.rest, &cells) }
      return taken
    }
  }

  /// Closes what a child owns, its own children first: what closing the child's container does
  /// (a child publishes no snapshot), from its parent.
  func closeAsChild() -> CloseReport {
    Self.finishClosing(close())
  }

  /// The async form of ``closeAsChild()``: async cleanups run too.
  func closeAsChild() async -> CloseReport {
    await Self.finishClosing(close())
  }

  /// What closing does once ``close()`` handed it over: the children, then the cleanups.
  static func finishClosing(_ taken: consuming Closing) -> CloseReport {
    if taken.children.isEmpty { return taken.cleanups.run() }
    var report = CloseReport.empty
    for child in taken.children { report = report.merged(with: child.closeAsChild()) }
    return report.merged(with: taken.cleanups.run())
  }

  /// Finishes a close that came too late for its caller to wait for it: what a container made
  /// while it closed, which nothing will close again. Synchronous cleanups run right here; with
  /// an async one, all of them run in a task of their own.
  static func finishClosingLate(_ taken: consuming Closing) {
    if !taken.needsAwait {
      _ = finishClosing(taken)
      return
    }
    // Sent to the task: the instances were made for a resolve that fails, nothing else has them.
    nonisolated(unsafe) let late = taken
    Task { _ = await finishClosing(late) }
  }

  /// Runs the cleanup of an instance made for an owner that has closed meanwhile (a container,
  /// a scope's period): as ``finishClosingLate(_:)`` does.
  static func runLate(_ cleanup: PendingCleanup) {
    var late = Closing()
    late.cleanups.append(cleanup)
    finishClosingLate(late)
  }

  /// The async form of ``finishClosing(_:)``; a container with nothing async to clean up is
  /// closed without suspending.
  static func finishClosing(_ taken: consuming Closing) async -> CloseReport {
    if !taken.needsAwait {
      let runNow: () -> CloseReport = taken.cleanups.run
      return runNow()
    }
    var report = CloseReport.empty
    for child in taken.children { report = report.merged(with: await child.closeAsChild()) }
    return report.merged(with: await taken.cleanups.run())
  }
}
