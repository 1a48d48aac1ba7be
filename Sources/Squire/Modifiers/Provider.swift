/// A factory for a dependency: every access resolves a new value. For components made on
/// demand (a new `Armor` per battle), and for components that take runtime arguments.
///
/// ```swift
/// final class Smithy {
///   let armor: Provider<Armor>
///   init(armor: Provider<Armor>) { self.armor = armor }
///   func outfit() -> Armor { armor.value }           // a new armour every call
/// }
///
/// final class Herald {
///   let knights: Provider<Knight>
///   init(knights: Provider<Knight>) { self.knights = knights }
///   func knight(named name: String) -> Knight { knights.value(args: name) }
/// }
/// container.register { Knight(name: arg($0), armor: $1) }
/// ```
///
/// Values are resolved through the container and the object graph the `Provider` was made in.
/// Combine with other modifiers as with ``Lazy``: `many` of providers.
///
/// As a ``Lazy`` does, a `Provider<Armor>` is made even when nothing provides `Armor`:
/// ``Container/validate()`` reports the missing `Armor`, and each ``value`` then traps
/// (``get()-59bjz`` throws). Where the type may be absent, take `Provider<Armor>?`: it is `nil`
/// when nothing provides `Armor`.
///
/// ```swift
/// final class Smithy {
///   let armor: Provider<Armor>?
///   init(armor: Provider<Armor>?) { self.armor = armor }
///   func outfit() -> Armor? { armor?.value }   // nil when no Armor is registered
/// }
/// ```
public final class Provider<Value>: @unchecked Sendable {
  let source: DeferredResolve<Value>

  init(_ source: DeferredResolve<Value>) {
    self.source = source
  }

  /// A newly resolved value (the same one for `.single` and cached lifetimes); traps with the
  /// diagnostic if it cannot be resolved.
  ///
  /// A property cannot learn its caller's line, so the trap names the `Provider` and the
  /// component it was given to, at that component's registration. Use ``get()-59bjz`` to handle the
  /// error instead.
  public var value: Value {
    source.valueOrTrap(kind: "Provider", get)
  }

  /// A newly resolved value, built with runtime arguments for its `arg` parameters; traps with
  /// the diagnostic if it cannot be resolved, or if an argument is left that no parameter
  /// takes.
  ///
  /// ```swift
  /// let knight = knights.value(args: "Lancelot")
  /// ```
  ///
  /// - Parameters:
  ///   - args: the runtime arguments; each `arg` parameter takes the first unused one of its
  ///     type.
  ///   - file: the caller's file, named in the trap; leave the default.
  ///   - line: the caller's line, named in the trap; leave the default.
  public func value<each Argument>(
    args: repeat each Argument, file: StaticString = #fileID, line: UInt = #line
  ) -> Value {
    trapping(file, line) { () throws(ResolutionError) in try get(args: repeat each args) }
  }

  /// A newly resolved value; throws why it cannot be resolved.
  ///
  /// ```swift
  /// final class Smithy {
  ///   let armor: Provider<Armor>
  ///   init(armor: Provider<Armor>) { self.armor = armor }
  ///   func outfit() throws(ResolutionError) -> Armor { try armor.get() }   // a new one each call
  /// }
  /// ```
  public func get() throws(ResolutionError) -> Value {
    try source.resolve()
  }

  /// A newly resolved value built with runtime arguments; throws why it cannot be resolved,
  /// and ``ResolutionError/Reason/unusedArguments(types:)`` for arguments no `arg` parameter
  /// takes.
  ///
  /// ```swift
  /// let knight = try knights.get(args: "Lancelot")   // Knight(name: arg($0), armor: $1)
  /// ```
  public func get<each Argument>(args: repeat each Argument) throws(ResolutionError) -> Value {
    var values: [Any] = []
    for value in repeat each args { values.append(value) }
    return try source.resolve(arguments: values)
  }

  /// A newly resolved value, from async code: awaits async factories and runs isolated ones
  /// on their actor. Throws why it cannot be resolved.
  ///
  /// ```swift
  /// let connection = try await connections.get()
  /// ```
  public func get() async throws(ResolutionError) -> Value {
    try await source.resolveAsync()
  }

  /// A newly resolved value built with runtime arguments, from async code.
  public func get<each Argument>(
    args: repeat each Argument
  ) async throws(ResolutionError) -> Value {
    var values: [Any] = []
    for value in repeat each args { values.append(value) }
    return try await source.resolveAsync(arguments: values)
  }
}

extension Provider: ResolvedLater {
  static var keepsValue: Bool { false }
}
