extension Container {
  /// Registers a component built by an initializer whose first parameter goes through a
  /// modifier: mostly a runtime argument.
  ///
  /// ```swift
  /// container.register(Car.init) { arg($0) }                 // engine passed when resolving
  /// container.register(Car.init, modificator: { arg($0) })  // the same
  /// let car: Car = container.resolve(args: BMWEngine())
  /// ```
  ///
  /// The other parameters are resolved by type, as with the other `register` methods. A
  /// `@MainActor` initializer and an async one take the same spelling, and are built as the
  /// other `register` methods build them: on the main actor, or by an async resolve.
  @inlinable
  @discardableResult
  public func register<Impl, Modified, First, each Rest>(
    _ factory: @escaping @Sendable (First, repeat each Rest) -> Impl,
    modificator: @escaping @Sendable (Modified) -> First,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> Component<Impl> {
    register(
      { (first: Modified, rest: repeat each Rest) -> Impl in
        factory(modificator(first), repeat each rest)
      }, file: file, line: line)
  }

  /// Registers a component built by a `@MainActor` initializer whose first parameter goes
  /// through a modifier; the component is built on the main actor. (`sending` only tells this
  /// overload from the nonisolated one, as for ``register(_:file:line:)-(()->Impl,_,_)``.)
  ///
  /// ```swift
  /// @MainActor final class ProfileModel {
  ///   init(userID: Int, store: Store) { ... }
  /// }
  /// container.register(ProfileModel.init) { arg($0) }
  /// let model: ProfileModel = await container.resolve(args: 42)
  /// ```
  ///
  /// - Parameters:
  ///   - factory: builds the component, on the main actor.
  ///   - modificator: what the first parameter is made from (`{ arg($0) }`).
  ///   - file: where the registration is written, for diagnostics; leave the default.
  ///   - line: where the registration is written, for diagnostics; leave the default.
  @inlinable
  @discardableResult
  public func register<Impl, Modified, First, each Rest>(
    _ factory: sending @escaping @MainActor @Sendable (First, repeat each Rest) -> Impl,
    modificator: @escaping @Sendable (Modified) -> First,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> Component<Impl> {
    register(
      { @MainActor (first: Modified, rest: repeat each Rest) -> Impl in
        factory(modificator(first), repeat each rest)
      }, file: file, line: line)
  }

  /// Registers a component built by an async initializer whose first parameter goes through a
  /// modifier; only an async resolve builds it.
  ///
  /// ```swift
  /// container.register(Report.init) { arg($0) }   // init(month: Int, store: Store) async
  /// let report: Report = await container.resolve(args: 11)
  /// ```
  ///
  /// - Parameters:
  ///   - factory: builds the component, on its own actor if it has one.
  ///   - modificator: what the first parameter is made from (`{ arg($0) }`).
  ///   - file: where the registration is written, for diagnostics; leave the default.
  ///   - line: where the registration is written, for diagnostics; leave the default.
  @inlinable
  @discardableResult
  public func register<Impl, Modified, First, each Rest>(
    _ factory: @escaping @Sendable (First, repeat each Rest) async throws -> Impl,
    modificator: @escaping @Sendable (Modified) -> First,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> Component<Impl> {
    return register(
      { (first: Modified, rest: repeat each Rest) async throws -> Impl in
        try await factory(modificator(first), repeat each rest)
      }, file: file, line: line)
  }
}
