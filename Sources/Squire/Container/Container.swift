import Synchronization

/// The composition root's registry: it knows how to build every component, builds object
/// graphs on request, and keeps the instances whose lifetime it owns.
///
/// ```swift
/// let container = Container()
/// container.register(Forge.init).lifetime(.single)
/// container.register(SteelArmor.init(forge:)).as(Armor.self)
/// container.register(Knight.init(armor:))
///
/// let knight: Knight = container.resolve()
/// ```
///
/// Every method may be called from any thread. Resolving reads an immutable, linked snapshot of
/// the registrations without taking a lock; registering after resolving is allowed and makes
/// the next resolve link a new snapshot.
///
/// A child container (``init(parent:)``) sees its parent's registrations, overrides them with its
/// own, and builds a parent's component with the child's dependencies first: the way a test
/// swaps in a mock without touching the production composition root.
public final class Container: @unchecked Sendable {
  /// The container this one inherits registrations from, if any.
  public let parent: Container?

  /// Guards registration and snapshot building for the whole tree (a child reads its parents'
  /// registrations while it links). Never taken by a resolve that finds a current snapshot.
  @usableFromInline
  let treeLock: Lock

  /// The current snapshot, or nil when registrations changed since it was linked.
  @usableFromInline
  let published = Atomic<Unmanaged<Snapshot>?>(nil)

  // Guarded by `treeLock`, hence no dynamic exclusivity checks.
  @exclusivity(unchecked) private var records: [ComponentRecord] = []
  @exclusivity(unchecked) private var loadedParts: Set<ObjectIdentifier> = []
  @exclusivity(unchecked) private var children: [WeakContainer] = []
  @exclusivity(unchecked) private var cells: [ObjectIdentifier: AnyObject] = [:]
  /// Every snapshot ever published: a resolve on another thread may still be reading one.
  @exclusivity(unchecked) private var snapshots: [Snapshot] = []

  /// Creates an empty container, or a child of `parent`.
  ///
  /// ```swift
  /// let app = Container()
  /// AppComposition.register(in: app)
  ///
  /// let test = Container(parent: app)
  /// test.register(MockForge.init).as(Forge.self)   // app's components now get the mock
  /// ```
  ///
  /// - Parameter parent: The container whose registrations this one inherits and overrides;
  ///   `nil` for a root container.
  public init(parent: Container? = nil) {
    self.parent = parent
    self.treeLock = parent?.treeLock ?? Lock()
    if let parent {
      treeLock.withLock { parent.children.append(WeakContainer(self)) }
    }
  }

  // MARK: Registration

  /// Adds a record and makes this container and its descendants link anew.
  @usableFromInline
  func add<Impl>(_ record: TypedRecord<Impl>) -> Component<Impl> {
    treeLock.withLock {
      records.append(record)
      invalidate()
    }
    return Component(container: self, record: record)
  }

  /// Changes a record's options under the tree lock.
  @usableFromInline
  func update(_ change: () -> Void) {
    treeLock.withLock {
      change()
      invalidate()
    }
  }

  /// Called with the tree lock held.
  private func invalidate() {
    published.store(nil, ordering: .releasing)
    children.removeAll { $0.container == nil }
    for child in children { child.container?.invalidate() }
  }

  /// Registers a ``Part`` (a group of registrations). A part appended again, here or by another
  /// part, is not loaded twice.
  ///
  /// ```swift
  /// container.append(part: ArmoryPart.self)
  /// ```
  ///
  /// - Parameter part: The part type; its ``Part/load(container:)`` registers into this
  ///   container.
  public func append(part: any Part.Type) {
    let isNew = treeLock.withLock { loadedParts.insert(ObjectIdentifier(part)).inserted }
    if isNew { part.load(container: self) }
  }

  // MARK: Snapshots

  /// The snapshot to resolve through: one acquiring load when registrations have not changed.
  @inlinable
  var snapshot: Snapshot {
    if let current = published.load(ordering: .acquiring) {
      return current.takeUnretainedValue()
    }
    return link()
  }

  @usableFromInline
  func link() -> Snapshot {
    treeLock.withLock {
      if let current = published.load(ordering: .acquiring) {
        return current.takeUnretainedValue()
      }
      var levels: [Level] = []
      var container: Container? = self
      while let next = container {
        levels.append(Level(records: next.records))
        container = next.parent
      }
      let snapshot = Snapshot(linker: Linker(container: self, levels: levels))
      snapshots.append(snapshot)
      published.store(Unmanaged.passUnretained(snapshot), ordering: .releasing)
      return snapshot
    }
  }

  /// The cell holding a `.perContainer` or `.weak` instance of `record` in this container; the
  /// same cell across snapshots, so relinking keeps the instance. Called with the tree lock held.
  @usableFromInline
  func cell<Cell: AnyObject>(for record: ComponentRecord, make: () -> Cell) -> Cell {
    let id = ObjectIdentifier(record)
    if let existing = cells[id] as? Cell { return existing }
    let made = make()
    cells[id] = made
    return made
  }

  /// Lets go of the instances this container keeps for `lifetime`, so that the next resolve
  /// makes new ones (a user logs out, a test starts afresh): the `.perContainer` or `.weak`
  /// instances of this container, the `.single` instances of the components registered in it,
  /// or the current period of a scope (the same as ``Scope/close()``).
  ///
  /// ```swift
  /// container.register(Session.init).lifetime(.perContainer)
  /// let first: Session = container.resolve()
  /// container.resetInstances(of: .perContainer)
  /// let second: Session = container.resolve()   // a new one
  /// ```
  ///
  /// Whatever already holds an instance keeps it; a resolve under way on another thread may
  /// still finish with the old ones. `.prototype` and `.objectGraph` keep no instances.
  ///
  /// - Parameter lifetime: The lifetime whose instances to let go of.
  public func resetInstances(of lifetime: Lifetime) {
    if case .scoped(let scope) = lifetime {
      scope.close()
      return
    }
    treeLock.withLock {
      switch lifetime {
      case .perContainer, .weak:
        // The cells are made again when the container links anew.
        let ids = Set(
          linkedRecords.filter { $0.lifetime == lifetime }.map { ObjectIdentifier($0) })
        cells = cells.filter { !ids.contains($0.key) }
      case .single:
        for record in records where record.lifetime == .single { record.sharedCell = nil }
      case .prototype, .objectGraph, .scoped:
        return
      }
      invalidate()
    }
  }

  /// Every record this container's snapshots may have made cells for: its own and its parents'.
  private var linkedRecords: [ComponentRecord] {
    var all: [ComponentRecord] = []
    var container: Container? = self
    while let next = container {
      all += next.records
      container = next.parent
    }
    return all
  }

  // MARK: Singletons

  /// Builds every `.single` component visible from this container now, instead of on first
  /// use; traps with the diagnostic if one cannot be built. Call it at the end of the
  /// composition root so that start-up pays for them, not the first request.
  ///
  /// ```swift
  /// container.register(Forge.init).lifetime(.single)
  /// container.initializeSingletons()   // the forge is built here
  /// ```
  public func initializeSingletons() {
    do {
      try tryInitializeSingletons()
    } catch {
      fatalError(error.description)
    }
  }

  /// Builds every `.single` component visible from this container now; throws the first
  /// failure.
  public func tryInitializeSingletons() throws(ResolutionError) {
    for (record, producer) in snapshot.singles {
      var context = ResolutionContext(container: self)
      do {
        try record.run(producer, &context)
        try context.finish()
      } catch {
        throw error.finished(requested: record.typeName)
      }
    }
  }
}

private struct WeakContainer {
  weak var container: Container?
  init(_ container: Container) { self.container = container }
}
