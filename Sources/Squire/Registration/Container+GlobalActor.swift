extension Container {
  /// Registers a component whose initializer or closure is isolated to a global actor (other
  /// than the main actor, or the main actor too): an async resolve builds it on that actor.
  ///
  /// ```swift
  /// @globalActor actor Ledger { static let shared = Ledger() }
  /// @Ledger final class Store { init(database: Database) { ... } }
  ///
  /// container.register(isolated: Store.init)
  /// container.register(isolated: { @Ledger (database: Database) in Store(database: database) })
  /// let store: Store = await container.resolve()     // built on Ledger
  /// ```
  ///
  /// Written `register(Store.init)`, Swift picks the plain overload and drops the initializer's
  /// actor (an error in the Swift 6 language mode, a warning in Swift 5, where it would run off
  /// its actor): no overload can be preferred for every global actor, because a function's
  /// global actor cannot be a generic parameter. This form takes the factory as an
  /// `@isolated(any)` function, which carries its actor, and awaits it there.
  ///
  /// Swift calls an `@isolated(any)` function only with `await`, so only an async resolve
  /// builds the component; a synchronous one fails with
  /// ``ResolutionError/Reason/needsAwait(component:cause:)``, naming the actor, even when it
  /// runs on that actor (unless a cached instance is already there). A `@MainActor`
  /// initializer registered with the plain `register(ViewModel.init)` is built synchronously
  /// on the main actor as well.
  ///
  /// - Parameters:
  ///   - factory: builds the component from its dependencies, on its actor; its result is
  ///     handed to the resolve, off that actor, so it is `Sendable` (as an instance of a
  ///     global-actor class is).
  ///   - file: where the registration is written, for diagnostics; leave the default.
  ///   - line: where the registration is written, for diagnostics; leave the default.
  /// - Returns: The ``Component``, for more options.
  @discardableResult
  public func register<Impl: Sendable, each P>(
    isolated factory: @escaping @isolated(any) @Sendable (repeat each P) throws -> Impl,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> Component<Impl> {
    registerOnActor(actorName(factory.isolation), file: file, line: line) {
      (arguments: repeat each P) async throws -> Impl in
      let moved = Transfer((repeat each arguments))
      return try await factory(repeat each moved.value)
    }
  }

  /// Registers a component built on its global actor whose first parameter goes through a
  /// modifier: `register(isolated: Store.init) { arg($0) }`.
  ///
  /// ```swift
  /// @Ledger final class Account {
  ///   init(owner: String, store: Store) { ... }
  /// }
  /// container.register(isolated: Account.init) { arg($0) }
  /// let account: Account = await container.resolve(args: "Ada")
  /// ```
  ///
  /// Built as ``register(isolated:file:line:)`` builds it: by an async resolve, on its actor.
  @discardableResult
  public func register<Impl: Sendable, Modified, First, each Rest>(
    isolated factory: @escaping @isolated(any) @Sendable (First, repeat each Rest) throws -> Impl,
    modificator: @escaping @Sendable (Modified) -> First,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> Component<Impl> {
    registerOnActor(actorName(factory.isolation), file: file, line: line) {
      (first: Modified, rest: repeat each Rest) async throws -> Impl in
      let moved = Transfer((modificator(first), (repeat each rest)))
      return try await factory(moved.value.0, repeat each moved.value.1)
    }
  }

  /// `Ledger`: the type of the actor a factory is isolated to, for messages.
  private func actorName(_ isolation: (any Actor)?) -> String? {
    isolation.map { String(describing: type(of: $0)) }
  }

  /// A component built by `call`, which awaits a factory isolated to the actor named `actor`:
  /// an async resolve builds it, a synchronous one says why it cannot.
  private func registerOnActor<Impl, each P>(
    _ actor: String?, file: StaticString, line: UInt,
    _ call: @escaping @Sendable (repeat each P) async throws -> Impl
  ) -> Component<Impl> {
    registerAsync(
      call, file: file, line: line,
      cause: actor.map {
        "its factory is isolated to `\($0)` (registered with `register(isolated:)`)"
      }
        ?? "it is registered with `register(isolated:)`",
      advice: "resolve it with `await container.resolve()` (or `try await "
        + "container.tryResolve()`) in an `async` function: Swift calls a function isolated to an "
        + "actor it takes at run time only with `await`, even on that actor. "
        + ResolutionError.topLevelCaveat)
  }

  /// A component built by an async `factory`: an async resolve builds it; a synchronous one
  /// fails with ``ResolutionError/Reason/needsAwait(component:cause:)`` for `cause`, with
  /// `advice` as its fix if given.
  @inlinable
  func registerAsync<Impl, each P>(
    _ factory: @escaping @Sendable (repeat each P) async throws -> Impl,
    file: StaticString, line: UInt, cause: String, advice: String?
  ) -> Component<Impl> {
    addAwaited(
      .async, file: file, line: line,
      build: { (step: PathStep, _: (repeat Body<each P>)) -> Body<Impl> in
        { _ throws(ResolutionError) -> Impl in
          throw ResolutionError.needsAwait(step, cause, advice: advice)
        }
      },
      call: { (arguments: Transfer<(repeat each P)>) async throws -> Impl in
        try await factory(repeat each arguments.value)
      })
  }

  /// Adds a component whose factory an async resolve awaits: one that is async, or isolated to
  /// an actor. `build` makes what a synchronous resolve runs to construct it, from its path step
  /// and its dependencies' bodies; `call` awaits the factory with the dependencies an async
  /// resolve made.
  @inlinable
  func addAwaited<Impl, each P>(
    _ execution: ComponentExecution, file: StaticString, line: UInt,
    build: @escaping (PathStep, (repeat Body<each P>)) -> Body<Impl>,
    call: @escaping @Sendable (Transfer<(repeat each P)>) async throws -> Impl
  ) -> Component<Impl> {
    add(
      ComponentRecord(
        of: Impl.self, location: SourceLocation(file: file, line: line), execution: execution
      ) {
        linker, record in
        let dependencies = (repeat linker.dependency((each P).self))
        let asyncBodies = (repeat (each dependencies).anyAsyncBody)
        let step = record.pathStep
        let construct = build(step, (repeat (each dependencies).body))
        return linker.producer(
          for: record,
          build: { context throws(ResolutionError) -> Impl in
            try context.construct(step, construct)
          },
          asyncBuild: { context async throws(ResolutionError) -> Impl in
            try await context.constructAsync(step) {
              context async throws(ResolutionError) -> Impl in
              let arguments = Transfer((repeat try await (each asyncBodies)(&context)))
              do {
                return try await call(arguments)
              } catch {
                throw ResolutionError.thrown(error, by: step)
              }
            }
          })
      })
  }
}

extension ResolutionError {
  /// The error for a synchronous resolve that meets `step`'s async or isolated factory, with
  /// `advice` as its fix when the usual one would not fit.
  @usableFromInline
  static func needsAwait(_ step: PathStep, _ cause: String, advice: String?) -> ResolutionError {
    var error = needsAwait(step, cause)
    error.advice = advice
    return error
  }
}
