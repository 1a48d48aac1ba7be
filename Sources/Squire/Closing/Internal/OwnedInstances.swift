import Synchronization

/// The cleanup of one instance, ready to run: made when the instance is, kept by what owns it
/// (a container, a scope's period) until it closes.
@usableFromInline
struct PendingCleanup {
  enum Run {
    case sync(() throws -> Void)
    case async(() async throws -> Void)
  }

  let component: String
  let run: Run
}

/// Runs `cleanups` last made first; a failure is reported and the next one runs anyway.
func runCleanups(_ cleanups: [PendingCleanup]) -> CloseReport {
  var completed = 0
  var failures: [CloseReport.Failure] = []
  for cleanup in cleanups.reversed() {
    do {
      switch cleanup.run {
      case .sync(let run): try run()
      case .async: throw CleanupNeedsAwait()
      }
      completed += 1
    } catch {
      failures.append(CloseReport.Failure(component: cleanup.component, error: error))
    }
  }
  return CloseReport(completed: completed, failures: failures)
}

/// Runs `cleanups`, async ones included, last made first.
func runCleanups(_ cleanups: [PendingCleanup]) async -> CloseReport {
  var completed = 0
  var failures: [CloseReport.Failure] = []
  for cleanup in cleanups.reversed() {
    do {
      switch cleanup.run {
      case .sync(let run): try run()
      case .async(let run): try await run()
      }
      completed += 1
    } catch {
      failures.append(CloseReport.Failure(component: cleanup.component, error: error))
    }
  }
  return CloseReport(completed: completed, failures: failures)
}

/// What one container owns: the cells of its `.perContainer` and `.weak` instances, the
/// cleanups of the instances it made, in creation order, and the children to close before it.
///
/// Children are remembered only once they own a cleanup, and forgotten when they close or go:
/// a parent serving a child per request keeps no list that grows with the requests. A parent
/// keeps what its children own, not the children: closing a child needs nothing else, and a
/// weak reference to each request's container would cost it a side table.
@usableFromInline
final class OwnedInstances: @unchecked Sendable {
  private let lock = Lock()
  private let closed = Atomic<Bool>(false)
  /// Whether the parent has this container among its children to close.
  private let knownToParent = Atomic<Bool>(false)
  // Guarded by `lock`.
  private var cells: [ObjectIdentifier: AnyObject] = [:]
  private var cleanups: [PendingCleanup] = []
  private var children: [ObjectIdentifier: (order: Int, owned: OwnedInstances)] = [:]
  private var nextChild = 0

  @usableFromInline
  var isClosed: Bool { closed.load(ordering: .acquiring) }

  /// The cell of `record` in this container, made on first use. Keyed by the record's identity:
  /// the record stays alive as long as this container (its own or an ancestor's), so its
  /// address is not reused while the key is.
  @usableFromInline
  func cell<Cell: AnyObject>(for record: ComponentRecord, make: () -> Cell) -> Cell {
    lock.withLock {
      let id = ObjectIdentifier(record)
      if let existing = cells[id] as? Cell { return existing }
      let made = make()
      cells[id] = made
      return made
    }
  }

  /// Forgets the cells of the records `ids` names: the next resolve makes new instances.
  func removeCells(_ ids: Set<ObjectIdentifier>) {
    lock.withLock { cells = cells.filter { !ids.contains($0.key) } }
  }

  /// Keeps `cleanup` to run at close.
  func adopt(_ cleanup: PendingCleanup) {
    lock.withLock { cleanups.append(cleanup) }
  }

  /// Records that the parent remembers this container; false if it already did.
  func markKnownToParent() -> Bool {
    !knownToParent.exchange(true, ordering: .acquiringAndReleasing)
  }

  var isKnownToParent: Bool { knownToParent.load(ordering: .acquiring) }

  /// Keeps what a child owns, to close it first when this container closes: until the child
  /// closes or goes (``forget(child:)``).
  func remember(child: OwnedInstances) {
    lock.withLock {
      let id = ObjectIdentifier(child)
      if children[id] == nil {
        children[id] = (nextChild, child)
        nextChild += 1
      }
    }
  }

  /// How many children this container would close first (for tests: it must not grow with
  /// children that are gone).
  var childCount: Int { lock.withLock { children.count } }

  func forget(child id: ObjectIdentifier) {
    lock.withLock { _ = children.removeValue(forKey: id) }
  }

  /// Marks the container closed and hands over what closing it must do: what its open children
  /// own, last remembered first, and its cleanups. Only the first call gets anything. The cells
  /// go too, so the instances are released once the cleanups have run.
  func close() -> (children: [OwnedInstances], cleanups: [PendingCleanup]) {
    lock.withLock {
      if closed.exchange(true, ordering: .acquiringAndReleasing) { return ([], []) }
      // Most containers (a request's scope) have no children to close: no sorting, no array.
      let open =
        children.isEmpty ? [] : children.values.sorted { $0.order > $1.order }.map(\.owned)
      let taken = cleanups
      children = [:]
      cleanups = []
      cells = [:]
      return (open, taken)
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
  static func finishClosing(
    _ taken: (children: [OwnedInstances], cleanups: [PendingCleanup])
  ) -> CloseReport {
    var report = CloseReport.empty
    for child in taken.children { report = report.merged(with: child.closeAsChild()) }
    return report.merged(with: runCleanups(taken.cleanups))
  }

  /// The async form of ``finishClosing(_:)``.
  static func finishClosing(
    _ taken: (children: [OwnedInstances], cleanups: [PendingCleanup])
  ) async -> CloseReport {
    var report = CloseReport.empty
    for child in taken.children { report = report.merged(with: await child.closeAsChild()) }
    return report.merged(with: await runCleanups(taken.cleanups))
  }
}
