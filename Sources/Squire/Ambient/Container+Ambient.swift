extension Container {
  /// The container bound to the current task: the innermost `withAmbient` around this code,
  /// otherwise the process default the app set at start-up (``setAmbientDefault(_:file:line:)``).
  ///
  /// ```swift
  /// Container.setAmbientDefault(app)              // once, at start-up
  ///
  /// let clock: Clock = Container.ambient.resolve()   // app's clock
  /// test.withAmbient {
  ///   let clock: Clock = Container.ambient.resolve() // test's clock
  /// }
  /// ```
  ///
  /// The binding is a task-local value: child tasks (`async let`, task groups, `Task { }`)
  /// inherit it, a detached task (`Task.detached`) does not and sees the process default.
  ///
  /// The ambient container is for the few truly cross-cutting concerns (a logger, a clock, the
  /// current date) in code the container does not build; it hides a dependency from the
  /// initializer that should declare it, so prefer injection everywhere else.
  ///
  /// Reading it when no container is bound and no default is set traps with a message that
  /// says so; ``ambientIfSet`` gives `nil` instead.
  ///
  /// Where the process default answers and no `withAmbient` ever began in the process, a read
  /// is a load and a test in the caller's code; once one began, a call that asks the
  /// concurrency runtime for the task's binding. The first binding checks that the runtime's
  /// lookup finds what `TaskLocal` finds; if it does not, every read uses `TaskLocal`'s own
  /// (slower, never wrong).
  @inlinable
  public static var ambient: Container {
    AmbientBinding.container
  }

  /// The ambient container (see ``ambient``), or `nil` when no container is bound to the task
  /// and no process default is set.
  ///
  /// ```swift
  /// let logger: Logger = Container.ambientIfSet?.resolve() ?? Logger.discarding
  /// ```
  public static var ambientIfSet: Container? {
    AmbientBinding.current
  }

  /// Makes `container` the process default of ``ambient``: what it gives where no
  /// `withAmbient` is in force. Set it once, at start-up, before anything reads it.
  ///
  /// ```swift
  /// let app = Container()
  /// AppComposition.register(in: app)
  /// Container.setAmbientDefault(app)
  /// ```
  ///
  /// Setting the same container again does nothing; setting another one traps: the default is
  /// not a switch for tests (parallel tests would see each other's), bind a test's container
  /// with `withAmbient` or the `.container(…)` trait of `SquireTesting` instead. The container
  /// is kept for the life of the process.
  public static func setAmbientDefault(
    _ container: Container, file: StaticString = #fileID, line: UInt = #line
  ) {
    AmbientBinding.setDefault(container, file: file, line: line)
  }

  /// Runs `body` with this container as ``ambient``, and returns what it returns.
  ///
  /// ```swift
  /// let test = Container(parent: app)
  /// test.register { FixedClock(now: .distantPast) }.as(Clock.self)
  /// test.withAmbient {
  ///   let report = Report()   // its @Ambient clock is the fixed one
  ///   #expect(report.date == .distantPast)
  /// }
  /// ```
  ///
  /// Bindings nest: the innermost wins, and the outer one is back when `body` returns. The
  /// container is not closed at the end: close it yourself when the work is done.
  public func withAmbient<Result>(_ body: () throws -> Result) rethrows -> Result {
    AmbientBinding.willBind(self)
    return try AmbientBinding.$bound.withValue(self, operation: body)
  }

  /// Runs the async `body` with this container as ``ambient``, across its `await`s and in the
  /// child tasks it starts (not in detached tasks), and returns what it returns.
  ///
  /// ```swift
  /// await test.withAmbient {
  ///   let summary = await Report().summary()   // reads Container.ambient after awaits
  /// }
  /// ```
  public func withAmbient<Result>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
  ) async rethrows -> Result {
    AmbientBinding.willBind(self)
    return try await AmbientBinding.$bound.withValue(self, operation: body, isolation: isolation)
  }
}
