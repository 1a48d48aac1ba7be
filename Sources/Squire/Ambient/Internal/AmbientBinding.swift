import Synchronization

/// Where `Container.ambient` looks: the task's binding, then the process default.
@usableFromInline
enum AmbientBinding {
  /// The innermost `withAmbient` of the current task (inherited by its child tasks, not by a
  /// detached task); on a thread outside any task, the innermost synchronous `withAmbient` of
  /// that thread.
  @TaskLocal static var bound: Container?

  /// One word for the two things a read needs, so that it is one load: the process default's
  /// address (set once by `Container.setAmbientDefault(_:)`, retained for the life of the
  /// process; 0 until then) and, in bit 0 (an object's address is aligned), whether a
  /// `withAmbient` ever began in this process. Until one does, no task can have a binding, and
  /// a read is this load alone: an app that sets the default and never binds pays no
  /// task-local lookup (a call into the concurrency runtime, over 150 instructions). The bit is
  /// never cleared: a task started inside a binding (`Task { }`) keeps it after the binding's
  /// scope ends.
  @usableFromInline
  static let state = Atomic<UInt>(0)

  @usableFromInline
  static let everBound: UInt = 1

  /// The process default when no `withAmbient` ever began, read in the caller's code: one load,
  /// and the reference is used at +0 where the caller only passes it on.
  @inlinable @inline(__always)
  static var unboundDefault: Container? {
    let word = state.load(ordering: .acquiring)
    guard word & everBound == 0, let address = UnsafeRawPointer(bitPattern: word) else {
      return nil
    }
    return Unmanaged<Container>.fromOpaque(address).takeUnretainedValue()
  }

  /// The ambient container, or `nil` when nothing is bound to the task and no default is set.
  static var current: Container? {
    // Code inside a binding (or in a task that inherited one) comes after the store that
    // preceded the binding, on its own thread or through the task's start.
    let word = state.load(ordering: .acquiring)
    if word & everBound != 0, let container = bound { return container }
    guard let address = UnsafeRawPointer(bitPattern: word & ~everBound) else { return nil }
    return Unmanaged<Container>.fromOpaque(address).takeUnretainedValue()
  }

  /// Called before a binding begins.
  static func willBind() {
    if state.load(ordering: .relaxed) & everBound == 0 {
      state.bitwiseOr(everBound, ordering: .releasing)
    }
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

  /// The task's binding, else the process default; traps when there is neither.
  @usableFromInline
  static func currentOrTrap() -> Container {
    if let container = current { return container }
    missing()
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
