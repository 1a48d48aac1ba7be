extension Container {
  /// Wraps every instance of `type` that is resolved through this container in what `decorator`
  /// returns: logging, caching, metrics, retries around a component without touching it.
  ///
  /// ```swift
  /// container.register(RemoteCatalog.init).as(Catalog.self)
  /// container.decorate(Catalog.self) { inner, clock in TimedCatalog(inner: inner, clock: clock) }
  /// container.decorate(Catalog.self) { CachedCatalog(inner: $0) }   // wraps the one above
  ///
  /// let catalog: Catalog = container.resolve()   // CachedCatalog(TimedCatalog(RemoteCatalog))
  /// ```
  ///
  /// The first parameter is the instance being decorated: the component's own, or what the
  /// decorators registered before this one made of it (the first registered is innermost). It is
  /// never this decorator's own result, so a decorator does not depend on the type it decorates
  /// and is never a cycle. Every other parameter is resolved like a factory's, modifiers
  /// included (`Lazy`, `Provider`, `many`, `by(tag:_:)`, `Optional`, `arg`).
  ///
  /// Decorators apply to every resolve of `type`: plain, by name, by tag, each element of
  /// `many`, and the values of `Lazy` and `Provider`; a component resolved as another type (its
  /// own, or another `.as`) is not decorated. A decorator registered in a child container
  /// applies only to what is resolved through that child, on top of its parents' decorators.
  /// A cached lifetime caches the decorated instance: the decorator runs once per instance of
  /// the component, and a `.single` decorated by its own container (or a parent of it) is
  /// decorated there, with that container's dependencies. A type with no decorator pays nothing
  /// for the feature.
  ///
  /// ``validate()`` checks a decorator's dependencies as the decorated component's, finds cycles
  /// through them, and warns about a decorator of a type nothing provides; the graph export
  /// shows the decorators on the components they wrap.
  ///
  /// - Parameters:
  ///   - type: The type whose instances to wrap, as it is resolved (usually a protocol).
  ///   - decorator: Returns the instance to hand out in place of its first parameter.
  ///   - file: where the decorator is written, for diagnostics; leave the default.
  ///   - line: where the decorator is written, for diagnostics; leave the default.
  @inlinable
  public func decorate<T, each P>(
    _ type: T.Type,
    _ decorator: @escaping @Sendable (T, repeat each P) throws -> T,
    file: StaticString = #fileID,
    line: UInt = #line
  ) {
    addDecorator(T.self, file, line, .sync) { linker, step, inner in
      let dependencies = (repeat linker.dependency((each P).self))
      let bodies = (repeat (each dependencies).body)
      let innerBody = inner.body
      // A step of the path of its own: the decorator's dependencies can lead back to the type
      // it decorates (a cycle), and an error names the decorated type.
      let body: Body<T> = { context throws(ResolutionError) -> T in
        try context.construct(step) { context throws(ResolutionError) -> T in
          let wrapped = try innerBody(&context)
          let arguments = (repeat try (each bodies)(&context))
          do {
            return try decorator(wrapped, repeat each arguments)
          } catch {
            throw ResolutionError.thrown(error, by: step)
          }
        }
      }
      let asyncBody = Linker.asyncBuild(step, inner, repeat each dependencies) {
        (wrapped: T, arguments: repeat each P) throws(ResolutionError) -> T in
        do {
          return try decorator(wrapped, repeat each arguments)
        } catch {
          throw ResolutionError.thrown(error, by: step)
        }
      }
      return (body, asyncBody)
    }
  }

  /// Wraps every instance of `type` resolved through this container in what a `@MainActor`
  /// `decorator` returns (a view model's decorator, say).
  ///
  /// ```swift
  /// container.decorate(Screen.self) { @MainActor inner in TrackedScreen(inner: inner) }
  /// let screen: Screen = await container.resolve()
  /// ```
  ///
  /// Like a `@MainActor` factory, the decorator always runs on the main actor: a synchronous
  /// resolve on the main actor runs it right there, one elsewhere fails with
  /// ``ResolutionError/Reason/needsAwait(component:cause:)``, and an async resolve hops to the
  /// main actor for it. Everything else is as for the synchronous `decorate(_:_:file:line:)`.
  /// (`sending` only tells this overload from the nonisolated one: Swift does not tell
  /// overloads apart by isolation alone, and a `@Sendable` function can always be sent.)
  ///
  /// - Parameters:
  ///   - type: The type whose instances to wrap, as it is resolved.
  ///   - decorator: Returns the instance to hand out in place of its first parameter.
  ///   - file: where the decorator is written, for diagnostics; leave the default.
  ///   - line: where the decorator is written, for diagnostics; leave the default.
  @inlinable
  public func decorate<T, each P>(
    _ type: T.Type,
    _ decorator: sending @escaping @MainActor @Sendable (T, repeat each P) throws -> T,
    file: StaticString = #fileID,
    line: UInt = #line
  ) {
    // `sending` only tells this overload from the nonisolated one; the factory is `@Sendable`,
    // which the region checker sees once it is bound to a name of its own.
    let decorator: @MainActor @Sendable (T, repeat each P) throws -> T = decorator
    addDecorator(T.self, file, line, .mainActor) { linker, step, inner in
      let dependencies = (repeat linker.dependency((each P).self))
      let innerBody = inner.body
      let bodies = (repeat (each dependencies).body)
      let body: Body<T> = { context throws(ResolutionError) -> T in
        try context.construct(step) { context throws(ResolutionError) -> T in
          let wrapped = try innerBody(&context)
          let arguments = (repeat try (each bodies)(&context))
          guard context.isOnMainActor else {
            throw ResolutionError.needsAwait(step, AwaitCause.mainActor)
          }
          // On the main actor: main-actor code may run synchronously, as in
          // `MainActor.assumeIsolated`, without asking for `Sendable` arguments.
          let movedInner = Transfer(wrapped)
          let moved = Transfer((repeat each arguments))
          let call: @MainActor () throws -> T = {
            try decorator(movedInner.value, repeat each moved.value)
          }
          do {
            return try unsafeBitCast(call, to: (() throws -> T).self)()
          } catch {
            throw ResolutionError.thrown(error, by: step)
          }
        }
      }
      let asyncBody = Self.asyncDecorated(step, inner, repeat each dependencies) {
        (wrapped: Transfer<T>, arguments: Transfer<(repeat each P)>) async throws -> T in
        try await onMainActor(
          Transfer<@MainActor () throws -> T> {
            try decorator(wrapped.value, repeat each arguments.value)
          })
      }
      return (body, asyncBody)
    }
  }

  /// Wraps every instance of `type` resolved through this container in what an async
  /// `decorator` returns; a decorator isolated to an actor runs on that actor.
  ///
  /// ```swift
  /// container.decorate(Catalog.self) { (inner: Catalog) async -> Catalog in
  ///   await WarmedCatalog(inner: inner)
  /// }
  /// let catalog: Catalog = await container.resolve()
  /// ```
  ///
  /// Only an async resolve runs it; a synchronous one fails with
  /// ``ResolutionError/Reason/needsAwait(component:cause:)``, unless a cached decorated
  /// instance is already there. Everything else is as for the synchronous
  /// `decorate(_:_:file:line:)`.
  ///
  /// - Parameters:
  ///   - type: The type whose instances to wrap, as it is resolved.
  ///   - decorator: Returns the instance to hand out in place of its first parameter.
  ///   - file: where the decorator is written, for diagnostics; leave the default.
  ///   - line: where the decorator is written, for diagnostics; leave the default.
  @inlinable
  public func decorate<T, each P>(
    _ type: T.Type,
    _ decorator: @escaping @Sendable (T, repeat each P) async throws -> T,
    file: StaticString = #fileID,
    line: UInt = #line
  ) {
    addDecorator(T.self, file, line, .async) { linker, step, inner in
      let dependencies = (repeat linker.dependency((each P).self))
      let body: Body<T> = { context throws(ResolutionError) -> T in
        try context.construct(step) { _ throws(ResolutionError) -> T in
          throw ResolutionError.needsAwait(step, AwaitCause.async)
        }
      }
      let asyncBody = Self.asyncDecorated(step, inner, repeat each dependencies) {
        (wrapped: Transfer<T>, arguments: Transfer<(repeat each P)>) async throws -> T in
        try await decorator(wrapped.value, repeat each arguments.value)
      }
      return (body, asyncBody)
    }
  }

  /// Adds a decorator of `T` written at `file` and `line`: `bodies` links its dependencies
  /// with the linker it is given, as the wrapped component's, and makes its synchronous and
  /// async bodies around the producer of what it wraps, under the path step of the component it
  /// wraps (as cached for one lifetime). Made in the caller's module, as a component's link
  /// function is.
  @inlinable
  func addDecorator<T>(
    _ type: T.Type, _ file: StaticString, _ line: UInt, _ execution: ComponentExecution,
    _ bodies: @escaping (Linker, PathStep, Producer<T>) -> (Body<T>, AsyncBody<T>?)
  ) {
    addDecorator(
      TypedDecorator<T>(location: SourceLocation(file: file, line: line), execution: execution) {
        linker, inner, view in
        let (body, asyncBody) = bodies(linker, view.pathStep, inner)
        return linker.producer(for: view, build: body, asyncBuild: asyncBody)
      })
  }

  /// The async body of a decorator that must be awaited (an async or `@MainActor` one): what it
  /// wraps and its dependencies resolved in turn, then handed to `call`.
  @inlinable
  static func asyncDecorated<T, each P>(
    _ step: PathStep, _ inner: Producer<T>, _ dependencies: repeat Producer<each P>,
    call: @escaping (Transfer<T>, Transfer<(repeat each P)>) async throws -> T
  ) -> AsyncBody<T> {
    let innerAsyncBody = inner.anyAsyncBody
    let asyncBodies = (repeat (each dependencies).anyAsyncBody)
    return { context async throws(ResolutionError) -> T in
      try await context.constructAsync(step) { context async throws(ResolutionError) -> T in
        let wrapped = Transfer(try await innerAsyncBody(&context))
        let arguments = Transfer((repeat try await (each asyncBodies)(&context)))
        do {
          return try await call(wrapped, arguments)
        } catch {
          throw ResolutionError.thrown(error, by: step)
        }
      }
    }
  }
}
