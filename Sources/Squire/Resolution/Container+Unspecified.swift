extension Container {
  /// Stands in for a `resolve()` whose type the compiler cannot infer (`let x = container.resolve()`),
  /// so that the mistake gets a diagnostic that says what to write. Never called. It returns
  /// `Never`, which no other `resolve` can be asked for, so that no type of its own shows in
  /// completions.
  @available(
    *, unavailable,
    message:
      "say which type to resolve: `let knight: Knight = container.resolve()` or `container.resolve(Knight.self)`"
  )
  public func resolve() -> Never {
    fatalError("unavailable")
  }
}
