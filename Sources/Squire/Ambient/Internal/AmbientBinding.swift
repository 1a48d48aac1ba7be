import Synchronization

/// Where `Container.ambient` looks: the task's binding, then the process default.
///
/// A read gives the ambient container's address: `Container.ambient` makes the reference from
/// it (the container is alive: the process default is kept for the life of the process, a
/// binding's container for as long as the `withAmbient` that made it, which cannot end while
/// code inside it runs); an `@Ambient` property only compares it, and never touches the
/// container's reference count.
@usableFromInline
enum AmbientBinding {
  /// The innermost `withAmbient` of the current task (inherited by its child tasks, not by a
  /// detached task); on a thread outside any task, the innermost synchronous `withAmbient` of
  /// that thread. Bound by `withValue` only, never to `nil`; read through ``boundAddress``.
  @TaskLocal static var bound: Container?

  /// One word for the two things a read needs, so that it is one load: the process default's
  /// address (set once by `Container.setAmbientDefault(_:)`, retained for the life of the
  /// process; 0 until then) and, in bit 0 (an object's address is aligned), whether a
  /// `withAmbient` ever began in this process. Until one does, no task can have a binding, and a
  /// read is this load alone: an app that sets the default and never binds pays no task-local
  /// lookup. The bit is never cleared: a task started inside a binding (`Task { }`) keeps it
  /// after the binding's scope ends.
  @usableFromInline
  static let state = Atomic<UInt>(0)

  @usableFromInline
  static let everBound: UInt = 1

  /// The key of ``bound`` for the runtime's lookup (the address of its `TaskLocal`, as
  /// `TaskLocal` passes it), stored by `willBind(_:)` before it sets `everBound`: a read that
  /// sees the bit sees the key. (`$bound` is a global made on first use: a `swift_once` per
  /// read.) 0 once a binding began: the lookup failed its check, and reads use `TaskLocal`'s.
  static let boundKey = Atomic<UInt>(0)

  /// Set by a test before the first binding: the check of the runtime's lookup fails, as it
  /// would if a runtime keyed or stored task-local values otherwise.
  static let failsLookupCheck = Atomic<Bool>(false)

  /// The ambient container's address: the process default's when no `withAmbient` ever began
  /// (read in the caller's code: one load and a test), else the task's binding's or the
  /// default's; traps when there is neither.
  @inlinable @inline(__always)
  static var address: UInt {
    let word = state.load(ordering: .acquiring)
    if word & everBound == 0, word != 0 { return word }
    return boundAddressOrTrap(word)
  }

  /// The ambient container (see ``address``), at +0 until the caller keeps it.
  @inlinable @inline(__always)
  static var container: Container {
    Unmanaged<Container>.fromOpaque(UnsafeRawPointer(bitPattern: address)!)
      .takeUnretainedValue()
  }

  /// The ambient container, or `nil` when nothing is bound to the task and no default is set.
  static var current: Container? {
    // Code inside a binding (or in a task that inherited one) comes after the store that
    // preceded the binding, on its own thread or through the task's start.
    let word = state.load(ordering: .acquiring)
    if word & everBound != 0, let address = boundAddress { return container(at: address) }
    guard word & ~everBound != 0 else { return nil }
    return container(at: word & ~everBound)
  }

  /// ``address`` once a binding ever began (or before a default is set), from the `word` the
  /// caller read in ``state``: the task's binding's, else the process default's; traps when
  /// there is neither.
  @usableFromInline
  static func boundAddressOrTrap(_ word: UInt) -> UInt {
    if word & everBound != 0, let address = boundAddress { return address }
    guard word & ~everBound != 0 else { missing() }
    return word & ~everBound
  }

  /// The address of the container of the task's binding of ``bound``, once a binding ever
  /// began, or `nil` when the task has none: the runtime's lookup called directly, as
  /// `TaskLocal.get()` calls it, without that generic method's copy of the value.
  static var boundAddress: UInt? {
    guard let key = UnsafeMutableRawPointer(bitPattern: boundKey.load(ordering: .relaxed)) else {
      // The runtime's lookup failed its check: `TaskLocal`'s own read.
      return bound.map { UInt(bitPattern: ObjectIdentifier($0)) }
    }
    guard let value = taskLocalValue(key) else { return nil }
    // The runtime keeps a binding of `TaskLocal<Container?>` as a `Container?`, never `nil`
    // here: the address of the object, which the binding retains.
    return UnsafeRawPointer(value).load(as: UInt.self)
  }

  /// The container at `address`, which something else keeps alive.
  static func container(at address: UInt) -> Container {
    Unmanaged<Container>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeUnretainedValue()
  }

  /// Called before a binding of `container` begins. The first one checks the runtime's lookup.
  static func willBind(_ container: Container) {
    if state.load(ordering: .relaxed) & everBound == 0 {
      boundKey.store(checkedLookupKey(binding: container), ordering: .relaxed)
      state.bitwiseOr(everBound, ordering: .releasing)
    }
  }

  /// The key of ``bound`` for `lookup` (the runtime's), or 0 when `lookup` does not find what
  /// `TaskLocal` finds: outside a binding of `container` (the task's binding, if any) and
  /// inside one (`container`). A runtime that changed how it keys or stores a task-local
  /// value fails this, and reads fall back to `TaskLocal`'s own, instead of silently reading
  /// the process default.
  static func checkedLookupKey(
    binding container: Container,
    lookup: (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? = taskLocalValue
  ) -> UInt {
    if failsLookupCheck.load(ordering: .relaxed) { return 0 }
    let key = Unmanaged.passUnretained($bound).toOpaque()
    func found() -> UInt? { lookup(key).map { UnsafeRawPointer($0).load(as: UInt.self) } }
    let outside = found()
    let inside = $bound.withValue(container) { found() }
    guard outside == bound.map({ UInt(bitPattern: ObjectIdentifier($0)) }),
      inside == UInt(bitPattern: ObjectIdentifier(container))
    else { return 0 }
    return UInt(bitPattern: key)
  }

  /// Makes `container` the process default, once: setting the same container again does
  /// nothing; setting another one traps.
  static func setDefault(_ container: Container, file: StaticString, line: UInt) {
    let made = Unmanaged.passRetained(container)
    let address = UInt(bitPattern: made.toOpaque())
    var word = state.load(ordering: .relaxed)
    while word & ~everBound == 0 {
      let (exchanged, original) = state.compareExchange(
        expected: word, desired: word | address, ordering: .acquiringAndReleasing)
      if exchanged { return }
      word = original
    }
    made.release()
    if word & ~everBound == address { return }
    fatalError(
      "Squire: `Container.setAmbientDefault(_:)` was called again with another container. "
        + "The process default is set once, at start-up; to use another container for a piece "
        + "of work (a test above all), bind it to that work with `container.withAmbient { … }` "
        + "(or a test's `.container(…)` trait) instead.",
      file: file, line: line)
  }

  /// Traps for a read of `Container.ambient` with nothing to read.
  static func missing() -> Never {
    fatalError(
      "Squire: `Container.ambient` was read, but no container is ambient here: none is bound "
        + "to this task (`container.withAmbient { … }`, or a test's `.container(…)` trait) and "
        + "no process default was set (`Container.setAmbientDefault(app)` at start-up). A "
        + "detached task (`Task.detached`) does not inherit the task's container: bind it "
        + "again inside with `withAmbient`.")
  }
}

/// The concurrency runtime's task-local lookup, which `TaskLocal.get()` calls: the address where
/// the current task (or, outside any task, the current thread) keeps its innermost binding of
/// the `TaskLocal` whose address is `key`, or `nil` when it has none.
@_silgen_name("swift_task_localValueGet")
func taskLocalValue(_ key: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?
