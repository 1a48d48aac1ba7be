extension Container {
  /// Builds a `Lazy<Value>`, whose ``Lazy/value`` traps at this line if its value cannot be
  /// resolved.
  ///
  /// ```swift
  /// let chronicle = container.resolve(Lazy<Chronicle>.self)
  /// let text = chronicle.value.text   // built here, on first use
  /// ```
  ///
  /// The same as ``resolve(_:file:line:isolation:)->T`` for any other type; this overload only
  /// tells the `Lazy` where it was resolved, so that its trap names your line.
  ///
  /// - Parameters:
  ///   - type: `Lazy<Value>`; inferred from the context when left out.
  ///   - file: the caller's file, named in the traps; leave the default.
  ///   - line: the caller's line, named in the traps; leave the default.
  ///   - isolation: the caller's actor (`#isolation`, the default).
  public func resolve<Value>(
    _ type: Lazy<Value>.Type = Lazy<Value>.self, file: StaticString = #fileID,
    line: UInt = #line, isolation: isolated (any Actor)? = #isolation
  ) -> Lazy<Value> {
    resolvedLater(Lazy<Value>.self, file, line, isolation)
  }

  /// Builds a `Provider<Value>`, whose ``Provider/value`` traps at this line if a value
  /// cannot be resolved.
  ///
  /// ```swift
  /// let pages = container.resolve(Provider<Page>.self)
  /// let first = pages.value   // a new one on every use
  /// ```
  ///
  /// - Parameters:
  ///   - type: `Provider<Value>`; inferred from the context when left out.
  ///   - file: the caller's file, named in the traps; leave the default.
  ///   - line: the caller's line, named in the traps; leave the default.
  ///   - isolation: the caller's actor (`#isolation`, the default).
  public func resolve<Value>(
    _ type: Provider<Value>.Type = Provider<Value>.self, file: StaticString = #fileID,
    line: UInt = #line, isolation: isolated (any Actor)? = #isolation
  ) -> Provider<Value> {
    resolvedLater(Provider<Value>.self, file, line, isolation)
  }

  /// What the `Lazy` and `Provider` overloads of `resolve` do: resolve `Later`, and tell it the
  /// caller's line, which its traps name.
  func resolvedLater<Later: ResolvedLater>(
    _ type: Later.Type, _ file: StaticString, _ line: UInt, _ isolation: isolated (any Actor)?
  ) -> Later {
    trapping(file, line) { () throws(ResolutionError) in
      try tryResolve(Later.self, isolation: isolation).resolved(
        at: SourceLocation(file: file, line: line))
    }
  }

  /// Builds a `Lazy<Value>` from async code; its ``Lazy/value`` traps at this line if its
  /// value cannot be resolved.
  ///
  /// - Parameters:
  ///   - type: `Lazy<Value>`; inferred from the context when left out.
  ///   - file: the caller's file, named in the traps; leave the default.
  ///   - line: the caller's line, named in the traps; leave the default.
  public func resolve<Value>(
    _ type: Lazy<Value>.Type = Lazy<Value>.self, file: StaticString = #fileID,
    line: UInt = #line
  ) async -> Lazy<Value> {
    await resolvedLater(Lazy<Value>.self, file, line)
  }

  /// Builds a `Provider<Value>` from async code; its ``Provider/value`` traps at this line if a
  /// value cannot be resolved.
  ///
  /// - Parameters:
  ///   - type: `Provider<Value>`; inferred from the context when left out.
  ///   - file: the caller's file, named in the traps; leave the default.
  ///   - line: the caller's line, named in the traps; leave the default.
  public func resolve<Value>(
    _ type: Provider<Value>.Type = Provider<Value>.self, file: StaticString = #fileID,
    line: UInt = #line
  ) async -> Provider<Value> {
    await resolvedLater(Provider<Value>.self, file, line)
  }

  /// The async form of ``resolvedLater(_:_:_:_:)``.
  func resolvedLater<Later: ResolvedLater>(
    _ type: Later.Type, _ file: StaticString, _ line: UInt
  ) async -> Later {
    await trapping(file, line) { () async throws(ResolutionError) in
      try await tryResolve(Later.self).resolved(at: SourceLocation(file: file, line: line))
    }
  }
}
