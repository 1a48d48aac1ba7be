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
/// A child container (`Container(parent: app)`) sees its parent's registrations, overrides them
/// with its own, and builds a parent's component with the child's dependencies first: the way a
/// test swaps in a mock without touching the production composition root. A `.single` is the
/// exception: it belongs to the container that registered it and is always built there (to override
/// one in a test, register it in the child). A child is cheap: creating one and resolving in it
/// relinks only what its own registrations change, so a child per request or per test is the
/// intended unit of work, with `.perContainer` as its request scope. Close a child with `close()`
/// (or `await close()`) when its unit of work ends, to run the cleanups of what it made (see
/// `onClose(_:)`).
public final class Container: @unchecked Sendable {
  /// The container this one inherits registrations from, if any.
  public let parent: Container?

  /// The lifetime a component registered in this container has until `.lifetime(_:)` says
  /// otherwise: ``Lifetime/prototype`` unless given to
  /// ``init(parent:defaultLifetime:closedByParent:)``; a child made without one takes its
  /// parent's.
  ///
  /// ```swift
  /// let container = Container(defaultLifetime: .objectGraph)   // Swinject's default
  /// container.register(Forge.init)                    // .objectGraph
  /// container.register(Armor.init).lifetime(.single)  // .single
  /// ```
  public let defaultLifetime: Lifetime

  /// Guards this container's registrations and the building of its snapshot. Never taken by a
  /// resolve that finds a current snapshot; taken shared by a child that links (it reads its
  /// parents' records), so that children do not wait for each other. Made on first use: a
  /// child per request that registers nothing never needs one.
  var lock: ReadWriteLock {
    if let made = lazyLock.load(ordering: .acquiring) { return made.takeUnretainedValue() }
    return makeLock()
  }
  /// Retained by this reference, released when the container goes.
  private let lazyLock = Atomic<Unmanaged<ReadWriteLock>?>(nil)

  /// Whether this container registered anything (a component, a decorator, a type its children
  /// supply). Set under ``lock``; a child that has not resolves through its parents' snapshot as
  /// it is, without taking a lock.
  private let hasRegistrations = Atomic<Bool>(false)

  /// The snapshot the inlined fast path of `resolve` reads: only a root container publishes
  /// here. A child's snapshot can go stale when a parent registers, which the fast path would
  /// not notice; a child resolves through ``snapshot`` instead, which checks.
  ///
  /// Read without a reference count, inside the thread's announcement of an epoch; stored
  /// sequentially consistent, so that a thread that announces an epoch either is seen doing so
  /// by the container that frees a snapshot, or sees that snapshot unpublished (see
  /// `Reclamation.swift`).
  @usableFromInline
  let published = Atomic<Unmanaged<Snapshot>?>(nil)

  /// The placeholders that close cycles in this container's snapshots: kept until the
  /// container goes, since a `Lazy` or `Provider` made through a snapshot may outlive it. Made
  /// by the first snapshot that links a cycle (most containers, children above all, never do);
  /// retained by this reference, released when the container goes.
  private let cycleKeeper = Atomic<Unmanaged<CycleKeeper>?>(nil)

  /// The instances this container owns (`.perContainer`, `.weak`, its `.single`s' cleanups),
  /// whether it is closed, and the children to close first.
  @usableFromInline
  let owned: OwnedInstances

  /// What `onRegistration` and `onResolveFailure` set; made by the first of them. Read when a
  /// component is registered and when a resolve fails, never by a resolve that succeeds.
  let observers = LazyReference<Observers>()

  /// The parts as they load; made by the first `append(part:)`: a child per request never
  /// loads one, and need not make a mutex for it.
  private let partsLoading = LazyReference<PartsLoading>()

  // Guarded by `lock`, hence no dynamic exclusivity checks.
  @exclusivity(unchecked) private(set) var records: [ComponentRecord] = []
  @exclusivity(unchecked) private var loadedParts: Set<ObjectIdentifier> = []
  @exclusivity(unchecked) private(set) var suppliedByChildren: Set<LookupKey> = []
  /// `decorate` calls, in registration order.
  @exclusivity(unchecked) private(set) var decorators: [DecoratorRecord] = []
  /// The tables of generated code the registrations came from (SquireBuildPlugin's, one per
  /// module): where `validate()` finds the graphs the build checked.
  @exclusivity(unchecked) private(set) var generatedTables: [any _GeneratedFactories.Type] = []
  /// A root: records linked before whose options changed since (relinked with what depends on
  /// them), and whether something changed that only linking everything anew takes in.
  @exclusivity(unchecked) private var touched: [ComponentRecord] = []
  @exclusivity(unchecked) private var needsFullLink = false
  /// A root: the position of the oldest record linked before that gained a key since (an
  /// `.as`): the next snapshot links anew the layers down to the one that holds it.
  @exclusivity(unchecked) private var reindexFrom: Int?
  /// A root: the snapshot it published last, which the next one layers on.
  @exclusivity(unchecked) private var current: Snapshot?
  /// A root: the snapshots it published before `current`, until no resolve can be reading
  /// them (the fast path reads them without a reference count).
  @exclusivity(unchecked) private var retired = RetiredSnapshots()
  /// A child: its snapshot, and the parent's snapshot it was linked against; stale when the
  /// parent's current snapshot is another one.
  @exclusivity(unchecked) private var linked: (snapshot: Snapshot, base: Snapshot)?

  /// Creates an empty container, or a child of `parent`: one initializer, every option with its
  /// default, so that they combine.
  ///
  /// ```swift
  /// let app = Container()
  /// AppComposition.register(in: app)
  ///
  /// let test = Container(parent: app)
  /// test.register(MockForge.init).as(Forge.self)   // app's components now get the mock
  ///
  /// let services = Container(defaultLifetime: .single)
  /// let request = Container(parent: app, defaultLifetime: .perContainer, closedByParent: false)
  /// defer { request.close() }
  /// ```
  ///
  /// Creating a child costs three small allocations (the container, its table of instances, and
  /// the lock its cached instances share): the parent remembers a child only while it is open
  /// and owns a cleanup (a dropped child costs nothing; one made with `closedByParent: false` is
  /// never remembered), and nothing is linked until the child resolves; a child with nothing
  /// registered resolves through its root's snapshot as it is, without a lock.
  ///
  /// **The default lifetime.** `.objectGraph` is Swinject's default (`.graph`), `.single` suits
  /// a composition root of services. A default that holds instances weakly
  /// (``Lifetime/weak``, or `.scoped` with a scope made with `holdsWeakly: true`) applies to
  /// components whose instances are classes; the others stay ``Lifetime/prototype``.
  /// ``validate()`` checks the lifetimes a default gives as it checks any other (a `.single`
  /// default that holds a `.perContainer` is a captive dependency).
  ///
  /// ```swift
  /// let app = Container(defaultLifetime: .objectGraph)
  /// app.register(Forge.init)                          // .objectGraph
  /// app.register(Knight.init).lifetime(.prototype)    // .prototype
  /// ```
  ///
  /// **Closed by its parent, or by its maker.** A child that owns a cleanup is kept among its
  /// parent's open children until it closes, so that closing the parent closes it first: that
  /// takes the parent's lock once when the child adopts its first cleanup and once when it
  /// closes, and the app container's lock is the one every request of a server shares, on every
  /// core. A child made with `closedByParent: false` never touches its parent's lock; its maker
  /// always closes it (a request's scope in a server: the middleware that makes it closes it
  /// when the request ends, whatever the outcome).
  ///
  /// - Parameters:
  ///   - parent: The container whose registrations this one inherits and overrides; `nil` for
  ///     a root container.
  ///   - defaultLifetime: The lifetime of a component registered in this container without
  ///     `.lifetime(_:)`; when `nil`, the parent's default (``Lifetime/prototype`` for a root).
  ///   - closedByParent: Whether closing `parent` closes this child first (the default). With
  ///     `false`, a child left open when its parent closes is not closed: its cleanups run only
  ///     if it is closed itself. A root has no parent, and ignores it.
  public init(
    parent: Container? = nil, defaultLifetime: Lifetime? = nil, closedByParent: Bool = true
  ) {
    self.parent = parent
    self.defaultLifetime = defaultLifetime ?? parent?.defaultLifetime ?? .prototype
    owned = OwnedInstances(closedByParent: closedByParent)
  }

  deinit {
    lazyLock.load(ordering: .acquiring)?.release()
    // The snapshots go after this, with nothing left that a `Lazy` could resolve through.
    if let keeper = cycleKeeper.load(ordering: .acquiring) {
      keeper.takeUnretainedValue().breakCycles()
      keeper.release()
    }
    // Only a child that owned a cleanup is remembered, and closing it forgot it: most go
    // without touching the parent.
    if let parent, owned.mayBeInParentList { parent.owned.forget(child: owned) }
  }

  // MARK: Registration

  /// Adds a record; the next resolve links a new snapshot.
  @usableFromInline
  func add<Impl>(_ record: TypedRecord<Impl>) -> Component<Impl> {
    add(record, from: nil)
  }

  /// Adds a record of generated code with `table` (see `remember(_:)`), or of none.
  func add<Impl>(
    _ record: TypedRecord<Impl>, from table: (any _GeneratedFactories.Type)?
  ) -> Component<Impl> {
    if _slowPath(isClosed) { Self.registeredAfterClose("`\(Impl.self)`", at: record.location) }
    record.owner = self
    if let parts = partsLoading.load() { record.part = parts.loadingOnThisThread }
    if defaultLifetime != .prototype && record.hasFactory
      && (!defaultLifetime.holdsWeakly || record.isClass)
    {
      record.lifetime = defaultLifetime
    }
    // `register { service }` with `service: Service?` provides `Service` too.
    if let optional = optionalParameter(Impl.self) {
      record.forwards.append(optional.unwrappingForward)
    }
    withLock { released in
      record.position = records.count
      records.append(record)
      if let table { remember(table) }
      hasRegistrations.store(true, ordering: .releasing)
      invalidate(releasing: &released)
    }
    // Told once the chain of options has settled the keys, not now: `.as(Dog.self, name:)`
    // still to come would take `Dog` away.
    let events =
      observers.load() == nil ? nil : PendingRegistrationEvents(container: self, record: record)
    return Component(container: self, record: record, events: events)
  }

  /// Remembers that a registration came from generated code with `table`; called with `lock`
  /// held. A module's registrations all pass its one table: the last one is almost always it.
  private func remember(_ table: any _GeneratedFactories.Type) {
    let id = ObjectIdentifier(table)
    if let last = generatedTables.last, ObjectIdentifier(last) == id { return }
    if generatedTables.contains(where: { ObjectIdentifier($0) == id }) { return }
    generatedTables.append(table)
  }

  /// Remembers `table` for a registration of generated code that took the generic path.
  func remember(generated table: any _GeneratedFactories.Type) {
    withLock { _ in remember(table) }
  }

  /// Traps: a registration in a closed container (or a child of one) could never be resolved.
  private static func registeredAfterClose(_ what: String, at location: SourceLocation) -> Never {
    fatalError(
      "Squire: \(what) registered at \(location) in a container that has been closed "
        + "(`close()`), or whose parent has: nothing can be resolved from it any more. Register "
        + "before closing; for a new unit of work, create a new container or child container.")
  }

  /// Changes `record`'s options under this container's lock; the next snapshot relinks it and
  /// what depends on it.
  @usableFromInline
  func update(_ record: ComponentRecord, _ change: () -> Void) {
    withLock { released in
      let forwards = record.forwards.count
      change()
      if let current, record.position < current.recordCount {
        // The lookups linked so far index the record under the keys it had then. A key it
        // gained (an `.as` on a component already linked, or linked by a resolve on another
        // thread between `register` and `.as`) is found once the layer that holds the record
        // is indexed anew: usually the newest, of a few records (see `layered()`).
        if record.forwards.count != forwards {
          reindexFrom = min(reindexFrom ?? record.position, record.position)
        } else {
          touched.append(record)
        }
      }
      invalidate(releasing: &released)
    }
  }

  /// Changes options under this container's lock, without saying whose: the next snapshot
  /// links everything anew.
  @usableFromInline
  func update(_ change: () -> Void) {
    withLock { released in
      change()
      needsFullLink = true
      invalidate(releasing: &released)
    }
  }

  /// Called with `lock` held. Children find out at their next resolve: the parent's snapshot
  /// they were linked against is no longer its current one. A root's snapshot stays `current`
  /// (the next one layers on it); a child's goes, into `released`: nothing reads a child's
  /// snapshot without a reference count.
  private func invalidate(releasing released: inout [Snapshot]) {
    published.store(nil, ordering: .sequentiallyConsistent)
    if let previous = linked { released.append(previous.snapshot) }
    linked = nil
  }

  /// Makes the next resolve of this container and its parents link everything anew: a wrapped
  /// property's name or tag, learned when an object was first filled, is linked (and
  /// validated) from then on.
  func relinkChain() {
    var next: Container? = self
    while let container = next {
      container.withLock { released in
        container.needsFullLink = true
        container.invalidate(releasing: &released)
      }
      next = container.parent
    }
  }

  /// Runs `body` under `lock`; the snapshots it puts in its argument are let go of after the
  /// lock is released: a snapshot's producers may hold the last reference to an instance (one
  /// `resetInstances(of:)` let go of) whose `deinit` calls the container.
  private func withLock<Result>(_ body: (inout [Snapshot]) -> Result) -> Result {
    var released: [Snapshot] = []
    let result = lock.withLock { body(&released) }
    withExtendedLifetime(released) {}
    return result
  }

  /// Adds a decorator; the next resolve links everything anew (every component that provides
  /// the decorated type, and every one that depends on it, changes).
  @usableFromInline
  func addDecorator(_ decorator: DecoratorRecord) {
    if _slowPath(isClosed) { Self.registeredAfterClose("a decorator", at: decorator.location) }
    decorator.owner = self
    withLock { released in
      decorators.append(decorator)
      hasRegistrations.store(true, ordering: .releasing)
      needsFullLink = true
      invalidate(releasing: &released)
    }
  }

  /// Forgets every registration made in this container (components, decorators, parts, types
  /// left to children) and lets go of the instances it keeps of them: the container is as
  /// new, its parent's registrations still seen. For tests and tools that compose a container
  /// again; an app composes once.
  ///
  /// ```swift
  /// container.register(Forge.init)
  /// container.removeAll()
  /// container.isRegistered(Forge.self)   // false
  /// container.register(MockForge.init).as(Forge.self)
  /// ```
  ///
  /// Call it while nothing resolves from this container or its children: a resolve under way
  /// may still finish with the old registrations. Instances already handed out are kept by
  /// whoever holds them, and the cleanups (`.onClose`) of those the container owns still run
  /// when it closes. A `Component` kept from before refers to a registration that is gone: its
  /// options change nothing.
  public func removeAll() {
    let removed = withLock { released in
      let removed = records
      records = []
      decorators = []
      loadedParts = []
      suppliedByChildren = []
      touched = []
      reindexFrom = nil
      needsFullLink = true
      invalidate(releasing: &released)
      return removed
    }
    owned.removeCells(Set(removed.map(ObjectIdentifier.init)))
  }

  /// Records that each child supplies `key`; see ``suppliedByEachChild(_:name:)``.
  func leaveToChildren(_ key: LookupKey) {
    withLock { released in
      suppliedByChildren.insert(key)
      hasRegistrations.store(true, ordering: .releasing)
      needsFullLink = true
      invalidate(releasing: &released)
    }
  }

  /// Registers a ``Part`` (a group of registrations). A part appended again, here or by another
  /// part, is not loaded twice.
  ///
  /// ```swift
  /// container.append(part: ArmoryPart.self)
  /// ```
  ///
  /// Parts load one at a time per container: a second thread that appends a part while another
  /// loads it returns once its registrations are there. A part that appends itself again while
  /// it loads (directly or through another part) is not loaded twice.
  ///
  /// Once the outermost `append(part:)` has loaded every part it appends, the
  /// ``Part/loaded(container:)`` of each part it loaded runs, in the order they finished
  /// loading (a part after the parts it appends).
  ///
  /// - Parameter part: The part type; its ``Part/load(container:)`` registers into this
  ///   container.
  public func append(part: any Part.Type) {
    let parts = partsLoading.load() ?? partsLoading.storeIfNil(PartsLoading())
    parts.lock.withLock {
      let isNew = lock.withLock { loadedParts.insert(ObjectIdentifier(part)).inserted }
      guard isNew else { return }
      parts.depth += 1
      parts.loading.append(part)
      part.load(container: self)
      parts.loading.removeLast()
      parts.toTell.append(part)
      parts.depth -= 1
      // A `loaded` that appends another part tells it itself, from its own outermost append.
      while parts.depth == 0 && !parts.toTell.isEmpty {
        parts.toTell.removeFirst().loaded(container: self)
      }
    }
  }

  // MARK: Snapshots

  /// The snapshot to resolve through, retained: for a root, one load when registrations have
  /// not changed; for a child, its own lock and a comparison with its parent's snapshot.
  var snapshot: Snapshot {
    if let current = publishedSnapshot() { return current }
    return link()
  }

  func link() -> Snapshot {
    if isClosed { return Snapshot(closed: self) }
    guard let parent else { return linkRoot() }
    // Asked before taking this container's lock: a parent is always locked after its children.
    let base = parent.snapshot
    // Nothing of its own: the child resolves through its parent's snapshot as it is (see
    // below), and need not remember it. A registration that races with this resolve comes
    // after it.
    if !hasRegistrations.load(ordering: .acquiring) { return base }
    return withLock { released in
      if let linked, linked.base === base { return linked.snapshot }
      let snapshot: Snapshot
      if records.isEmpty && decorators.isEmpty {
        // Nothing of its own: the child resolves through its parent's snapshot as it is. The
        // `.perContainer` and `.weak` cells are found through the resolving container, so the
        // child still gets instances of its own.
        snapshot = base
      } else {
        // The parents' records are read while the child links the few of them its own
        // registrations change, so their registrations wait meanwhile (other children do not).
        var ancestors: [Container] = []
        var next = self.parent
        while let container = next {
          ancestors.append(container)
          next = container.parent
        }
        for ancestor in ancestors { ancestor.lock.lockShared() }
        defer { for ancestor in ancestors.reversed() { ancestor.lock.unlock() } }
        snapshot = Snapshot(
          container: self,
          layer: Level(
            records: records, suppliedByChildren: suppliedByChildren, owner: self,
            decorators: decorators),
          touched: [],
          base: base, isChild: true, recordCount: records.count)
      }
      if let previous = linked { released.append(previous.snapshot) }
      linked = (snapshot, base)
      return snapshot
    }
  }

  /// The root whose published snapshot this container resolves through as it is: itself, or
  /// the root above a child with nothing registered in it nor in the parents between them.
  /// `nil` when a container on the way registered something or is closed (the general path
  /// links, or says it is closed).
  @usableFromInline
  func publishingRoot() -> Container? {
    var container = self
    while let parent = container.parent {
      if container.hasRegistrations.load(ordering: .acquiring) || container.owned.isClosed {
        return nil
      }
      container = parent
    }
    return container
  }

  private func linkRoot() -> Snapshot {
    withLock { released in
      if let current = published.load(ordering: .sequentiallyConsistent) {
        return current.takeUnretainedValue()
      }
      // Closing stores nil under this lock after marking the container closed.
      if owned.isClosed { return Snapshot(closed: self) }
      let snapshot = layered() ?? fullSnapshot()
      touched = []
      needsFullLink = false
      reindexFrom = nil
      // The last one was unpublished when registering began; resolves may still read it.
      if let previous = current { retired.retire(previous, releasing: &released) }
      current = snapshot
      published.store(Unmanaged.passUnretained(snapshot), ordering: .sequentiallyConsistent)
      return snapshot
    }
  }

  /// Makes ``lock`` on first use; a thread that loses the race takes the winner's.
  private func makeLock() -> ReadWriteLock {
    storeOnce(ReadWriteLock(), in: lazyLock)
  }

  /// The keeper of this container's placeholders, made on first use (see ``cycleKeeper``).
  var cycles: CycleKeeper {
    if let keeper = cycleKeeper.load(ordering: .acquiring) { return keeper.takeUnretainedValue() }
    return storeOnce(CycleKeeper(), in: cycleKeeper)
  }

  /// How many placeholders this container keeps.
  var cycleCountForTesting: Int {
    cycleKeeper.load(ordering: .acquiring)?.takeUnretainedValue().countForTesting ?? 0
  }

  /// How many snapshots this root replaced and keeps for the resolves that may still read them.
  var retiredCountForTesting: Int { lock.withLock { retired.count } }

  /// A root's snapshot with every component linked. Called with `lock` held.
  private func fullSnapshot() -> Snapshot {
    Snapshot(
      linker: Linker(
        container: self, keepingCyclesInContainer: true,
        levels: [
          Level(
            records: records, suppliedByChildren: suppliedByChildren, owner: self,
            decorators: decorators)
        ]))
  }

  /// After registering more since the last snapshot, a root links only the change: a snapshot
  /// whose layer holds the new records, on top of the last one. So that lookups do not go
  /// through ever more layers, a new layer absorbs the layers below it that are no larger than
  /// it (as a binary counter carries), and once it would be as large as the whole graph below
  /// it, the graph is linked anew: registering n components one resolve apart
  /// costs O(n log n) linking in all, and a lookup goes through O(log n) layers. `nil` when
  /// linking everything is cheaper or required. Called with `lock` held.
  private func layered() -> Snapshot? {
    guard !needsFullLink, let previous = current, previous.recordCount <= records.count
    else { return nil }
    var layer = Array(records[previous.recordCount...])
    var touchedNow = touched
    var below = previous
    // A layer holds the records from its base's count to its own: one with a record that
    // gained a key is absorbed too, so that the record is indexed under every key it has now.
    let reindexFrom = self.reindexFrom ?? Int.max
    while let lower = below.base,
      below.layer.count + below.touched.count <= max(layer.count + touchedNow.count, 1)
        || reindexFrom < below.recordCount
    {
      layer = below.layer + layer
      touchedNow = below.touched + touchedNow
      below = lower
    }
    // The record is in the graph linked as a whole: so is the next one.
    if reindexFrom < below.recordCount { return nil }
    if below.base == nil && layer.count + touchedNow.count >= below.recordCount {
      return nil
    }
    return Snapshot(
      container: self,
      layer: Level(records: layer, suppliedByChildren: suppliedByChildren, owner: self),
      touched: touchedNow, base: below, isChild: false, recordCount: records.count)
  }

  /// The cell holding a `.perContainer` or `.weak` instance of `record` in this container; the
  /// same cell across snapshots, so relinking keeps the instance.
  @usableFromInline
  func cell<Cell: AnyObject>(
    for record: ComponentRecord, make: (ConditionLock) -> Cell
  ) -> Cell {
    owned.cell(for: record, make: make)
  }

  /// Every record this container's snapshots may have made cells for: its own and its parents'.
  var linkedRecords: [ComponentRecord] {
    var all: [ComponentRecord] = []
    var container: Container? = self
    while let next = container {
      all += next.withRecords { $0 }
      container = next.parent
    }
    return all
  }

  /// Runs `body` with this container's records, in registration order, under its lock: their
  /// options do not change meanwhile.
  func withRecords<Result>(_ body: ([ComponentRecord]) -> Result) -> Result {
    lock.withLock { body(records) }
  }
}

/// A container's parts as they load: held while a part loads (taken again by a part that
/// appends another), how many `append(part:)` calls are loading one, and the parts loaded
/// whose `loaded(container:)` waits for the outermost one to finish. Made by the first
/// `append(part:)`: a child per request never loads a part.
final class PartsLoading: @unchecked Sendable {
  let lock = RecursiveLock()
  // Guarded by `lock`.
  var depth = 0
  var toTell: [any Part.Type] = []
  /// The parts loading, innermost last.
  var loading: [any Part.Type] = []

  /// The part this thread is loading, which registers what this thread registers meanwhile;
  /// `nil` when no part loads, or when another thread loads one (it holds the lock).
  var loadingOnThisThread: (any Part.Type)? {
    lock.withLockIfFree { loading.last } ?? nil
  }
}
