import Synchronization

/// Where `Container.ambient` looks: the task's binding, then the process default.
enum AmbientBinding {
  /// The innermost `withAmbient` of the current task (inherited by its child tasks, not by a
  /// detached task); on a thread outside any task, the innermost synchronous `withAmbient` of
  /// that thread.
  @TaskLocal static var bound: Container?

  /// The process default: set once, by `Container.setAmbientDefault(_:)`, and kept (retained)
  /// for the life of the process. An atomic, so that reading it takes no lock.
  static let processDefault = Atomic<Unmanaged<Container>?>(nil)

  /// The ambient container, or `nil` when nothing is bound to the task and no default is set.
  static var current: Container? {
    if let container = bound { return container }
    return processDefault.load(ordering: .acquiring)?.takeUnretainedValue()
  }

  /// Makes `container` the process default, once: setting the same container again does
  /// nothing; setting another one traps.
  static func setDefault(_ container: Container, file: StaticString, line: UInt) {
    let made = Unmanaged.passRetained(container)
    let (exchanged, original) = processDefault.compareExchange(
      expected: nil, desired: made, ordering: .acquiringAndReleasing)
    if exchanged { return }
    made.release()
    if original?.takeUnretainedValue() === container { return }
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
