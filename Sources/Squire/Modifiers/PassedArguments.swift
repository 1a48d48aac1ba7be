/// Runtime arguments for one component built anywhere in a resolve, not only the one resolved:
/// what ``Container/resolve(_:passing:file:line:isolation:)`` takes, made with
/// ``to(_:_:)``.
///
/// ```swift
/// container.register(Presenter.init) { arg($0) }     // Presenter(userID: Int, service: Service)
/// container.register(Screen.init)                    // Screen(presenter: Presenter)
///   .passesArguments(to: Presenter.self)
///
/// let screen = container.resolve(Screen.self, passing: .to(Presenter.self, 42))
/// ```
///
/// The arguments go to every component built in that resolve whose own type, or a type it is
/// forwarded as with `.as`, is the one named: each `arg` parameter takes the first argument of
/// its type that an earlier parameter of the same instance did not take, as with
/// `resolve(args:)`. An argument that no such component takes is an error, and so is a
/// component that takes one of a type that was not passed: neither is dropped or guessed.
public struct PassedArguments {
  let component: Any.Type
  let values: [Any]

  /// Arguments for `component`, wherever it is built in the resolve: its `arg` parameters take
  /// them.
  ///
  /// ```swift
  /// let screen: Screen = container.resolve(
  ///   passing: .to(Presenter.self, 42), .to(Header.self, "Profile"))
  /// ```
  ///
  /// - Parameters:
  ///   - component: the component's type, or a type it is forwarded as (`.as(Presenting.self)`).
  ///   - arguments: the runtime arguments, in the order its `arg` parameters of each type take
  ///     them.
  /// - Returns: what `resolve(_:passing:)` takes.
  public static func to<Component, each Argument>(
    _ component: Component.Type, _ arguments: repeat each Argument
  ) -> PassedArguments {
    var values: [Any] = []
    for value in repeat each arguments { values.append(value) }
    return PassedArguments(component: Component.self, values: values)
  }
}

extension Container {
  /// Builds a `T`, passing runtime arguments down to components it is built from (its
  /// dependencies, theirs, or `T` itself); traps if it cannot.
  ///
  /// ```swift
  /// container.register(Presenter.init) { arg($0) }   // takes the user's ID
  /// container.register(Screen.init).passesArguments(to: Presenter.self)
  ///
  /// let screen = container.resolve(Screen.self, passing: .to(Presenter.self, 42))
  /// ```
  ///
  /// `.passesArguments(to:)` on the component resolved tells ``validate()`` that its
  /// dependency gets its argument this way; without it, `validate()` reports the dependency as
  /// one whose argument cannot be passed. The arguments go only to components built in this
  /// resolve: not to an instance made earlier under a cached lifetime, nor to the values of a
  /// `Lazy` or `Provider` read later.
  ///
  /// - Parameters:
  ///   - type: the type to build; inferred from the context when left out.
  ///   - arguments: the arguments, each for the component it names.
  ///   - file: the caller's file, named in the trap; leave the default.
  ///   - line: the caller's line, named in the trap; leave the default.
  ///   - isolation: the caller's actor (`#isolation`, the default).
  public func resolve<T>(
    _ type: T.Type = T.self, passing arguments: PassedArguments..., file: StaticString = #fileID,
    line: UInt = #line, isolation: isolated (any Actor)? = #isolation
  ) -> T {
    trapping(file, line) { () throws(ResolutionError) in
      try resolve(T.self, qualifier: .none, arguments: .passing(arguments), isolation: isolation)
    }
  }

  /// Builds a `T`, passing runtime arguments down to components it is built from, or throws
  /// why it cannot.
  ///
  /// ```swift
  /// let screen = try container.tryResolve(Screen.self, passing: .to(Presenter.self, 42))
  /// ```
  public func tryResolve<T>(
    _ type: T.Type = T.self, passing arguments: PassedArguments...,
    isolation: isolated (any Actor)? = #isolation
  ) throws(ResolutionError) -> T {
    try resolve(T.self, qualifier: .none, arguments: .passing(arguments), isolation: isolation)
  }

  /// Builds a `T` from async code, passing runtime arguments down to components it is built
  /// from; traps if it cannot.
  ///
  /// ```swift
  /// let screen = await container.resolve(Screen.self, passing: .to(Presenter.self, 42))
  /// ```
  public func resolve<T>(
    _ type: T.Type = T.self, passing arguments: PassedArguments..., file: StaticString = #fileID,
    line: UInt = #line
  ) async -> T {
    let transfer = Transfer(arguments)
    return await trapping(file, line) { () async throws(ResolutionError) in
      try await resolveAsync(T.self, qualifier: .none, arguments: .passing(transfer.value))
    }
  }

  /// Builds a `T` from async code, passing runtime arguments down to components it is built
  /// from, or throws why it cannot.
  public func tryResolve<T>(
    _ type: T.Type = T.self, passing arguments: PassedArguments...
  ) async throws(ResolutionError) -> T {
    try await resolveAsync(T.self, qualifier: .none, arguments: .passing(arguments))
  }
}

extension Component {
  /// Declares that resolves of this component pass runtime arguments down to each of
  /// `components`: dependencies it is built from (directly or not) that take `arg` parameters.
  ///
  /// ```swift
  /// container.register(Presenter.init) { arg($0) }
  /// container.register(Screen.init).passesArguments(to: Presenter.self)
  ///
  /// let screen = container.resolve(Screen.self, passing: .to(Presenter.self, 42))
  /// ```
  ///
  /// It changes nothing when resolving: it is what ``Container/validate()`` reads. A component
  /// that takes a runtime argument and is built as a dependency is reported as unpassable
  /// unless every component it is built from that nothing else builds (what is resolved at the
  /// top) declares this for it: for its own type or a type it is forwarded as. Declare it where
  /// the resolves start, and resolve there with `resolve(_:passing:)`; without the arguments,
  /// the resolve fails saying which is missing.
  ///
  /// ```swift
  /// container.register(Window.init)                   // Window(screen: Screen)
  ///   .passesArguments(to: Presenter.self)            // resolved at the top with them
  /// ```
  ///
  /// - Parameter components: the types the arguments are passed to, as named in `.to(_:_:)`.
  /// - Returns: The component, for more options.
  @discardableResult
  public func passesArguments(to components: Any.Type...) -> Component<Impl> {
    container.update { record.passesArgumentsTo += components }
    return self
  }
}

/// The arguments one `.to(_:_:)` passed, as a resolve takes them: each value taken at most once
/// per instance, and remembered as used once any instance took it.
final class PassedDown {
  let component: Any.Type
  let key: ObjectIdentifier
  let values: [Any]
  /// Taken by some instance: what is never taken is an error at the end of the resolve.
  var used: [Bool]
  /// Taken by the instance being built now.
  var takenByInstance: [Bool]
  /// Whether a component the arguments are for was built.
  var reached = false

  init(_ passed: PassedArguments) {
    component = passed.component
    key = ObjectIdentifier(passed.component)
    values = passed.values
    used = Array(repeating: false, count: values.count)
    takenByInstance = used
  }

  /// The types of the arguments, for messages.
  var typeNames: [String] { values.map { String(describing: Swift.type(of: $0)) } }
}

/// Where an `arg` parameter is: the component it belongs to and its place among that
/// component's `arg` parameters. Known when linking; a parameter linked outside a component
/// (a factory's own lookup) has none.
struct ArgumentSlot {
  /// The component's own type and every type it is forwarded as.
  let keys: [ObjectIdentifier]
  let component: String
  let position: Int
}

extension Linker {
  /// The slot of the `arg` parameter being linked now.
  func nextArgumentSlot() -> ArgumentSlot? {
    guard let record = linkingComponent else { return nil }
    let id = ObjectIdentifier(record)
    let position = argumentPositions[id, default: 0]
    argumentPositions[id] = position + 1
    return ArgumentSlot(
      keys: [ObjectIdentifier(record.implementationType)] + record.forwards.map(\.type),
      component: record.typeName, position: position)
  }
}

extension RuntimeArguments {
  /// The arguments of a `resolve(_:passing:)`.
  static func passing(_ passed: [PassedArguments]) -> RuntimeArguments {
    let arguments = RuntimeArguments([])
    arguments.passedDown = passed.map(PassedDown.init)
    return arguments
  }

  /// What was passed down to the component of `slot`, if anything was.
  func passed(to slot: ArgumentSlot) -> PassedDown? {
    passedDown.first { slot.keys.contains($0.key) }
  }

  /// The first argument passed down to the component of `slot` of type `Value` that the
  /// instance being built did not take yet.
  func takePassed<Value>(_ type: Value.Type, for slot: ArgumentSlot) -> Value? {
    guard let passed = passed(to: slot) else { return nil }
    passed.reached = true
    // The first `arg` parameter of an instance starts it: a second instance of the component
    // in the same resolve takes the same arguments.
    if slot.position == 0 {
      for index in passed.takenByInstance.indices { passed.takenByInstance[index] = false }
    }
    for index in passed.values.indices where !passed.takenByInstance[index] {
      if let value = passed.values[index] as? Value {
        passed.takenByInstance[index] = true
        passed.used[index] = true
        return value
      }
    }
    return nil
  }

  /// Throws when an argument passed down was taken by no component: none of its type was
  /// built, or none took an argument of that type.
  func requirePassedDownTaken() throws(ResolutionError) {
    for passed in passedDown {
      let unused = passed.values.indices.filter { !passed.used[$0] }
      guard !unused.isEmpty else { continue }
      let types = passed.typeNames
      let component = String(describing: passed.component)
      var error = ResolutionError(
        reason: .unusedPassedArguments(component: component, types: unused.map { types[$0] }))
      error.notes = [
        passed.reached
          ? "a `\(component)` was built and took the other arguments passed to it"
          : "no `arg` parameter of a `\(component)` ran in this resolve: nothing the resolved "
            + "component is built from is a `\(component)` (its own type, or one it is forwarded "
            + "as with `.as`), or it takes no runtime argument, or it is an instance made earlier "
            + "under a cached lifetime"
      ]
      throw error
    }
  }
}
