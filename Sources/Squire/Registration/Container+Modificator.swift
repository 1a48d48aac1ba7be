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
  /// The other parameters are resolved by type, as with the other `register` methods.
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
}
