import Synchronization
import _SquireShims

extension Container {
  /// Builds a `T`, trapping with the full diagnostic if it cannot.
  ///
  /// The type can be inferred or given; an `Optional` type gives `nil` when nothing provides
  /// the wrapped type:
  ///
  /// ```swift
  /// let knight: Knight = container.resolve()
  /// let armor = container.resolve(Armor.self)
  /// let banner: Banner? = container.resolve()   // nil when no Banner is registered
  /// ```
  ///
  /// Resolve at the composition root; components should receive their dependencies, not reach
  /// for the container. Use ``tryResolve(_:)`` to handle a failure instead of trapping.
  ///
  /// - Parameters:
  ///   - type: the type to build; inferred from the context when left out.
  ///   - file: the caller's file, named in the trap; leave the default.
  ///   - line: the caller's line, named in the trap; leave the default.
  ///   - isolation: the caller's actor (`#isolation`, the default): a `@MainActor` factory runs
  ///     synchronously only when it is the main actor.
  @inlinable
  public func resolve<T>(
    _ type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line,
    isolation: isolated (any Actor)? = #isolation
  ) -> T {
    do {
      return try tryResolve(T.self, isolation: isolation)
    } catch {
      fatalError(error.description, file: file, line: line)
    }
  }

  /// Builds a `T`, or throws a ``ResolutionError`` that says what was asked, the path of
  /// components to the failure, and why.
  ///
  /// ```swift
  /// do {
  ///   let knight = try container.tryResolve(Knight.self)
  /// } catch {
  ///   print(error)
  /// }
  /// ```
  @inlinable
  public func tryResolve<T>(
    _ type: T.Type = T.self, isolation: isolated (any Actor)? = #isolation
  ) throws(ResolutionError) -> T {
    // The fast path takes no reference count. The outermost resolve on this thread announces
    // an epoch before it loads the snapshot, and the container frees a snapshot it replaced
    // only once every thread inside a resolve announced a later epoch: the snapshot, and the
    // producers it keeps, stay for as long as this call runs.
    let nesting = _squire_enter_resolve()
    defer { _squire_leave_resolve() }
    if let current = published.load(ordering: .sequentiallyConsistent),
      let found = current._withUnsafeGuaranteedRef({
        $0.table.producer(for: ObjectIdentifier(T.self))
      })
    {
      if _slowPath(nesting > 1) { try checkNesting(nesting, T.self) }
      var context = ResolutionContext(container: self)
      if let isolation { context.isolation = ObjectIdentifier(isolation) }
      let outcome = found._withUnsafeGuaranteedRef { producer in
        Result { () throws(ResolutionError) -> T in
          let resolved = try unsafeDowncast(producer, to: Producer<T>.self).body(&context)
          try context.finish()
          return resolved
        }
      }
      switch outcome {
      case .success(let resolved): return resolved
      case .failure(let error):
        context.fail()
        throw failed(error.finished(requested: String(describing: T.self)))
      }
    }
    return try resolve(
      entered: nesting, T.self, qualifier: .none, arguments: nil, isolation: isolation)
  }

  /// Builds the `T` registered under `name` (with `.as(T.self, name:)`), trapping if it cannot.
  ///
  /// ```swift
  /// container.register(Car.init).as(Car.self, name: "BMW")
  /// let car: Car = container.resolve(name: "BMW")
  /// ```
  public func resolve<T>(
    _ type: T.Type = T.self, name: String, file: StaticString = #fileID, line: UInt = #line,
    isolation: isolated (any Actor)? = #isolation
  ) -> T {
    trapping(file, line) { () throws(ResolutionError) in
      try resolve(T.self, qualifier: .name(name), arguments: nil, isolation: isolation)
    }
  }

  /// Builds the `T` registered under `name`, or throws why it cannot.
  public func tryResolve<T>(
    _ type: T.Type = T.self, name: String, isolation: isolated (any Actor)? = #isolation
  ) throws(ResolutionError) -> T {
    try resolve(T.self, qualifier: .name(name), arguments: nil, isolation: isolation)
  }

  /// Builds the `T` registered under the tag `tag` (with `.as(T.self, tag:)`), trapping if it
  /// cannot.
  ///
  /// ```swift
  /// enum Ceremonial {}
  /// container.register(GildedArmor.init).as(Armor.self, tag: Ceremonial.self)
  /// let armor: Armor = container.resolve(tag: Ceremonial.self)
  /// ```
  public func resolve<T, Tag>(
    _ type: T.Type = T.self, tag: Tag.Type, file: StaticString = #fileID, line: UInt = #line,
    isolation: isolated (any Actor)? = #isolation
  ) -> T {
    trapping(file, line) { () throws(ResolutionError) in
      try resolve(
        T.self, qualifier: .tag(TagRegistry.register(Tag.self)), arguments: nil,
        isolation: isolation)
    }
  }

  /// Builds the `T` registered under the tag `tag`, or throws why it cannot.
  public func tryResolve<T, Tag>(
    _ type: T.Type = T.self, tag: Tag.Type, isolation: isolated (any Actor)? = #isolation
  ) throws(ResolutionError) -> T {
    try resolve(
      T.self, qualifier: .tag(TagRegistry.register(Tag.self)), arguments: nil,
      isolation: isolation)
  }

  /// Builds a `T`, passing runtime arguments to the parameters it takes through ``arg(_:)``;
  /// traps if it cannot.
  ///
  /// Each `arg` parameter of the component resolved takes the first unused argument of its
  /// type, in order:
  ///
  /// ```swift
  /// container.register(Knight.init(name:armor:)) { arg($0) }
  /// let knight: Knight = container.resolve(args: "Lancelot")
  /// ```
  public func resolve<T, each Argument>(
    _ type: T.Type = T.self, args: repeat each Argument, file: StaticString = #fileID,
    line: UInt = #line, isolation: isolated (any Actor)? = #isolation
  ) -> T {
    var values: [Any] = []
    for value in repeat each args { values.append(value) }
    return trapping(file, line) { () throws(ResolutionError) in
      try resolve(
        T.self, qualifier: .none, arguments: RuntimeArguments(values), isolation: isolation)
    }
  }

  /// Builds a `T` with runtime arguments, or throws why it cannot.
  public func tryResolve<T, each Argument>(
    _ type: T.Type = T.self, args: repeat each Argument,
    isolation: isolated (any Actor)? = #isolation
  ) throws(ResolutionError) -> T {
    var values: [Any] = []
    for value in repeat each args { values.append(value) }
    return try resolve(
      T.self, qualifier: .none, arguments: RuntimeArguments(values), isolation: isolation)
  }

  /// Builds the `T` registered under `name`, passing runtime arguments to the parameters it
  /// takes through ``arg(_:)``; traps if it cannot. Two argument-taking components of one type
  /// are told apart by name:
  ///
  /// ```swift
  /// container.register { Greeter(greeting: "Hello", name: arg($0)) }.as(Greeter.self, name: "en")
  /// container.register { Greeter(greeting: "Bonjour", name: arg($0)) }.as(Greeter.self, name: "fr")
  /// let greeter: Greeter = container.resolve(name: "fr", args: "Ada")
  /// ```
  public func resolve<T, each Argument>(
    _ type: T.Type = T.self, name: String, args: repeat each Argument,
    file: StaticString = #fileID, line: UInt = #line, isolation: isolated (any Actor)? = #isolation
  ) -> T {
    var values: [Any] = []
    for value in repeat each args { values.append(value) }
    return trapping(file, line) { () throws(ResolutionError) in
      try resolve(
        T.self, qualifier: .name(name), arguments: RuntimeArguments(values), isolation: isolation)
    }
  }

  /// Builds the `T` registered under `name` with runtime arguments, or throws why it cannot.
  public func tryResolve<T, each Argument>(
    _ type: T.Type = T.self, name: String, args: repeat each Argument,
    isolation: isolated (any Actor)? = #isolation
  ) throws(ResolutionError) -> T {
    var values: [Any] = []
    for value in repeat each args { values.append(value) }
    return try resolve(
      T.self, qualifier: .name(name), arguments: RuntimeArguments(values), isolation: isolation)
  }

  /// The general path: links what the fast table does not hold (modifiers, names, tags,
  /// failures) and passes runtime arguments.
  @usableFromInline
  func resolve<T>(
    _ type: T.Type, qualifier: Qualifier, arguments: RuntimeArguments?,
    isolation: (any Actor)?
  ) throws(ResolutionError) -> T {
    let nesting = _squire_enter_resolve()
    defer { _squire_leave_resolve() }
    return try resolve(
      entered: nesting, T.self, qualifier: qualifier, arguments: arguments, isolation: isolation)
  }

  /// The general path, once counted among the resolves running on this thread (`nesting`, as
  /// `_squire_enter_resolve` returned it).
  @usableFromInline
  func resolve<T>(
    entered nesting: Int, _ type: T.Type, qualifier: Qualifier, arguments: RuntimeArguments?,
    isolation: (any Actor)?
  ) throws(ResolutionError) -> T {
    if nesting > 1 { try checkNesting(nesting, T.self, qualifier) }
    // A child with nothing registered (a request's scope) takes the root's producer as the
    // root's own fast path does; its `.perContainer` instances are still its own (found
    // through the resolving container). The root's snapshot stays while this thread announces
    // its epoch: for the whole call.
    if qualifier == .none && arguments == nil && parent != nil,
      let found = fastTableProducer(for: ObjectIdentifier(T.self))
    {
      var context = ResolutionContext(container: self)
      if let isolation { context.isolation = ObjectIdentifier(isolation) }
      // Not `Result`, as the inlined fast path has it: this code is not specialised, and
      // `Result<T, _>`'s metadata would be looked up on every call.
      do {
        let resolved = try unsafeDowncast(found.takeUnretainedValue(), to: Producer<T>.self)
          .body(&context)
        try context.finish()
        return resolved
      } catch {
        context.fail()
        throw failed(error.finished(requested: String(describing: T.self)))
      }
    }
    let snapshot = self.snapshot
    let producer = snapshot.slowProducer(for: T.self, qualifier: qualifier)
    var context = ResolutionContext(container: self)
    if let isolation { context.isolation = ObjectIdentifier(isolation) }
    context.arguments = arguments
    do {
      let resolved = try producer.body(&context)
      try context.finish()
      try arguments?.requireAllTaken()
      return resolved
    } catch {
      context.fail()
      throw failed(
        error.noting(unused: arguments).absentWhenGivenArguments(T.self, qualifier, in: self)
          .finished(requested: Linker.describe(T.self, qualifier)))
    }
  }

}

/// Runs `body`, trapping with the error's full diagnostic if it throws: what every non-throwing
/// entry point (`resolve`, `Lazy.value`, `Provider.value`) does with a failure. The trap names
/// the caller's `file` and `line`.
func trapping<T>(
  _ file: StaticString = #fileID, _ line: UInt = #line, _ body: () throws(ResolutionError) -> T
) -> T {
  do {
    return try body()
  } catch {
    fatalError(error.description, file: file, line: line)
  }
}

/// The async form of ``trapping(_:_:_:)``.
func trapping<T>(
  _ file: StaticString, _ line: UInt, _ body: () async throws(ResolutionError) -> T
) async -> T {
  do {
    return try await body()
  } catch {
    fatalError(error.description, file: file, line: line)
  }
}

// MARK: Async

extension Container {
  /// Builds a `T` from async code: awaits async factories, and runs isolated ones (a
  /// `@MainActor` initializer) on their actor. Traps with the full diagnostic if it cannot.
  ///
  /// In async functions and closures the compiler picks this form and asks for `await`. Not in
  /// top-level code of a `main.swift`: there Swift picks the synchronous form even after
  /// `await` (it warns "no 'async' operations occur within 'await' expression"); resolve from
  /// an `async` function, such as `static func main() async` of a `@main` type.
  ///
  /// ```swift
  /// let database: Database = await container.resolve()
  /// let model = await container.resolve(ViewModel.self)   // built on the main actor
  /// ```
  ///
  /// A graph with nothing async in it is built as by the synchronous `resolve`.
  ///
  /// - Parameters:
  ///   - type: the type to build; inferred from the context when left out.
  ///   - file: the caller's file, named in the trap; leave the default.
  ///   - line: the caller's line, named in the trap; leave the default.
  @inlinable
  public func resolve<T>(
    _ type: T.Type = T.self, file: StaticString = #fileID, line: UInt = #line
  ) async -> T {
    do {
      return try await tryResolve(T.self)
    } catch {
      fatalError(error.description, file: file, line: line)
    }
  }

  /// Builds a `T` from async code, or throws a ``ResolutionError`` (a factory's own error is
  /// its ``ResolutionError/underlyingError``).
  ///
  /// ```swift
  /// let database = try await container.tryResolve(Database.self)
  /// ```
  @inlinable @inline(__always)
  public func tryResolve<T>(_ type: T.Type = T.self) async throws(ResolutionError) -> T {
    // A graph with nothing to await is built right here, in the caller's frame: no async
    // function of Squire's runs (each costs a frame on the task and an executor check). Always
    // inlined: the optimizer would keep it an async function of its own.
    if let resolved = try resolveUnlessAwaitNeeded(T.self) { return resolved }
    return try await resolveAsync(T.self, qualifier: .none, arguments: nil)
  }

  /// Builds the `T` registered under `name`, from async code; traps if it cannot.
  public func resolve<T>(
    _ type: T.Type = T.self, name: String, file: StaticString = #fileID, line: UInt = #line
  ) async -> T {
    await trapping(file, line) { () async throws(ResolutionError) in
      try await tryResolve(T.self, name: name)
    }
  }

  /// Builds the `T` registered under `name`, from async code, or throws why it cannot.
  public func tryResolve<T>(
    _ type: T.Type = T.self, name: String
  ) async throws(ResolutionError) -> T {
    try await resolveAsync(T.self, qualifier: .name(name), arguments: nil)
  }

  /// Builds the `T` registered under the tag `tag`, from async code; traps if it cannot.
  public func resolve<T, Tag>(
    _ type: T.Type = T.self, tag: Tag.Type, file: StaticString = #fileID, line: UInt = #line
  ) async -> T {
    await trapping(file, line) { () async throws(ResolutionError) in
      try await tryResolve(T.self, tag: tag)
    }
  }

  /// Builds the `T` registered under the tag `tag`, from async code, or throws why it cannot.
  public func tryResolve<T, Tag>(
    _ type: T.Type = T.self, tag: Tag.Type
  ) async throws(ResolutionError) -> T {
    try await resolveAsync(T.self, qualifier: .tag(TagRegistry.register(Tag.self)), arguments: nil)
  }

  /// Builds a `T` with runtime arguments, from async code; traps if it cannot.
  public func resolve<T, each Argument>(
    _ type: T.Type = T.self, args: repeat each Argument, file: StaticString = #fileID,
    line: UInt = #line
  ) async -> T {
    var values: [Any] = []
    for value in repeat each args { values.append(value) }
    return await resolveOrTrap(T.self, qualifier: .none, values, file, line)
  }

  /// Builds a `T` with runtime arguments, from async code, or throws why it cannot.
  public func tryResolve<T, each Argument>(
    _ type: T.Type = T.self, args: repeat each Argument
  ) async throws(ResolutionError) -> T {
    var values: [Any] = []
    for value in repeat each args { values.append(value) }
    return try await resolveAsync(T.self, qualifier: .none, arguments: RuntimeArguments(values))
  }

  /// Builds the `T` registered under `name` with runtime arguments, from async code; traps if
  /// it cannot.
  public func resolve<T, each Argument>(
    _ type: T.Type = T.self, name: String, args: repeat each Argument,
    file: StaticString = #fileID, line: UInt = #line
  ) async -> T {
    var values: [Any] = []
    for value in repeat each args { values.append(value) }
    return await resolveOrTrap(T.self, qualifier: .name(name), values, file, line)
  }

  /// The async resolve with runtime arguments `values`, trapping at `file`:`line` if it fails.
  private func resolveOrTrap<T>(
    _ type: T.Type, qualifier: Qualifier, _ values: [Any], _ file: StaticString, _ line: UInt
  ) async -> T {
    let arguments = Transfer(values)
    return await trapping(file, line) { () async throws(ResolutionError) in
      try await resolveAsync(
        T.self, qualifier: qualifier, arguments: RuntimeArguments(arguments.value))
    }
  }

  /// Builds the `T` registered under `name` with runtime arguments, from async code, or throws
  /// why it cannot.
  public func tryResolve<T, each Argument>(
    _ type: T.Type = T.self, name: String, args: repeat each Argument
  ) async throws(ResolutionError) -> T {
    var values: [Any] = []
    for value in repeat each args { values.append(value) }
    return try await resolveAsync(
      T.self, qualifier: .name(name), arguments: RuntimeArguments(values))
  }

  /// Builds a plain `T` from the fast table (the root's, for a child with nothing registered)
  /// as the synchronous `resolve` does, when nothing in its graph needs `await`: no async
  /// factory, no hop to an actor. `nil` when something does, or when `T` is not in the fast
  /// table: the caller then awaits ``resolveAsync(_:qualifier:arguments:)``.
  @usableFromInline
  func resolveUnlessAwaitNeeded<T>(_ type: T.Type) throws(ResolutionError) -> T? {
    // Synchronous to the end: the thread's announced epoch keeps the snapshot for the call.
    let nesting = _squire_enter_resolve()
    defer { _squire_leave_resolve() }
    guard let found = fastTableProducer(for: ObjectIdentifier(T.self)) else { return nil }
    let producer = unsafeDowncast(found.takeUnretainedValue(), to: Producer<T>.self)
    guard producer.asyncBody == nil else { return nil }
    if nesting > 1 { try checkNesting(nesting, T.self) }
    var context = ResolutionContext(container: self)
    do {
      let resolved = try producer.body(&context)
      try context.finish()
      return resolved
    } catch {
      context.fail()
      throw failed(error.finished(requested: String(describing: T.self)))
    }
  }

  /// The async resolve: the async body of the producer when it has one, its synchronous body
  /// otherwise (a graph with nothing async in it).
  @usableFromInline
  func resolveAsync<T>(
    _ type: T.Type, qualifier: Qualifier, arguments: RuntimeArguments?
  ) async throws(ResolutionError) -> T {
    // The producer is retained: the resolve may suspend and resume on other threads, whose
    // announcements do not cover it.
    let producer: Producer<T>
    if qualifier == .none, let found = publishedProducer(for: T.self) {
      producer = found
    } else {
      producer = snapshot.slowProducer(for: T.self, qualifier: qualifier)
    }
    // An async factory is counted in the task: one that awaits itself is stopped at the limit.
    var level = 0
    if producer.asyncBody != nil {
      do {
        level = try AsyncNesting.level(T.self, qualifier)
      } catch {
        throw failed(error)
      }
    }
    var context = ResolutionContext(container: self)
    context.arguments = arguments
    do {
      let resolved: T
      if let asyncBody = producer.asyncBody {
        resolved = try await AsyncNesting.at(level) { () async throws(ResolutionError) in
          try await asyncBody(&context)
        }
        try await context.finishAsync()
      } else {
        resolved = try producer.body(&context)
        try context.finish()
      }
      try arguments?.requireAllTaken()
      return resolved
    } catch {
      context.fail()
      throw failed(
        error.noting(unused: arguments).absentWhenGivenArguments(T.self, qualifier, in: self)
          .finished(requested: Linker.describe(T.self, qualifier)))
    }
  }
}
