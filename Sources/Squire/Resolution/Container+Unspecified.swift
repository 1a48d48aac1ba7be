extension Container {
  /// Stands in for a `resolve()` whose type the compiler cannot infer (`let x = container.resolve()`),
  /// so that the mistake gets a diagnostic that says what to write. Never called.
  @available(
    *, unavailable,
    message:
      "say which type to resolve: `let knight: Knight = container.resolve()` or `container.resolve(Knight.self)`"
  )
  public func resolve() -> _TypeToResolveIsMissing {
    fatalError("unavailable")
  }
}

/// The result of a `resolve()` with no type; never made.
public enum _TypeToResolveIsMissing {}
