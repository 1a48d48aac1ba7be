/// A parameter filled with a runtime argument instead of a registered component: what `$0`
/// is in `register(Knight.init) { arg($0) }`. Unwrap it with ``arg(_:)``.
public struct Arg<Value> {
  @usableFromInline
  let value: Value
}

/// Takes a parameter from the runtime arguments given to `resolve(args:)`.
///
/// ```swift
/// container.register { Knight(name: arg($0), armor: $1) }
/// let knight: Knight = container.resolve(args: "Lancelot")
///
/// // The same, putting the modifier on the first parameter of an initializer:
/// container.register(Knight.init) { arg($0) }
/// ```
///
/// `resolve(args:)` gives arguments to the component that is resolved. A component that needs
/// one and is reached as another's dependency gets it passed down with
/// `resolve(_:passing: .to(Component.self, ...))` (see ``PassedArguments``), or through a
/// `Provider` of it; without either, the resolve fails with a message saying so. An
/// optional parameter (`title: String?`) is `nil` when no argument of its type is passed, and
/// an argument that no parameter takes is an error: it is never dropped silently.
///
/// - Parameter parameter: The closure's parameter (`$0`, `$1`, ...).
/// - Returns: The runtime argument, for the initializer or property that takes it.
@inlinable
public func arg<Value>(_ parameter: Arg<Value>) -> Value {
  parameter.value
}

extension Arg: SpecialParameter {
  static func makeProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer {
    // An optional argument that was not passed is `nil`: there is nothing to report, and no
    // component it is built for can be wrong.
    let absent = (Value.self as? any AbsentArgument.Type).map { $0.absent as! Value }
    if absent == nil { linker.note(Value.self, qualifier: .none, kind: .argument) }
    let slot = linker.nextArgumentSlot()
    return Producer<Arg<Value>> { context throws(ResolutionError) -> Arg<Value> in
      if let arguments = context.arguments {
        // Passed down to this component by `resolve(_:passing:)`, wherever it is built.
        if !arguments.passedDown.isEmpty, let slot,
          let value = arguments.takePassed(Value.self, for: slot)
        {
          return Arg(value: value)
        }
        // Depth 1 is the component the caller resolved: the only one `args:` are meant for.
        if context.depth == 1, let value = arguments.take(Value.self) { return Arg(value: value) }
      }
      if let absent { return Arg(value: absent) }
      throw missing(context, slot)
    }
  }

  /// The error for a runtime argument of type `Value` that was not passed to the component of
  /// `slot`, saying what was passed instead.
  private static func missing(_ context: ResolutionContext, _ slot: ArgumentSlot?)
    -> ResolutionError
  {
    // The component is named as the error leaves it (see `ResolutionError.entering`).
    var error = ResolutionError(
      reason: .missingArgument(type: String(describing: Value.self), component: ""))
    let arguments = context.arguments
    if let slot, let passed = arguments.flatMap({ $0.passed(to: slot) }) {
      let types = passed.typeNames.map { "`\($0)`" }.joined(separator: ", ")
      error.notes = [
        "the arguments passed to `\(String(describing: passed.component))` are of type \(types): "
          + "none more of type `\(Value.self)`"
      ]
      error.argumentsOfTypePassed = passed.values.count { $0 is Value }
    } else if context.depth == 1, let arguments {
      error.notes = arguments.unusedDescription
      error.argumentsOfTypePassed = arguments.values.count { $0 is Value }
    } else if context.depth > 1, let slot {
      error.advice =
        "pass it down from the resolve: `container.resolve(_:passing: .to(\(slot.component).self, "
        + "...))` with a `\(Value.self)`, and declare `.passesArguments(to: \(slot.component).self)` "
        + "on the component resolved; or give the component that needs `\(slot.component)` a "
        + "`Provider` of it, and pass the argument through it."
    }
    return error
  }
}

/// An argument type that has a value when none is passed: `Optional`, whose absent value is
/// `nil`.
protocol AbsentArgument {
  static var absent: Self { get }
}

extension Optional: AbsentArgument {
  static var absent: Self { nil }
}

extension RuntimeArguments {
  /// Throws when `resolve(args:)` was given arguments that no `arg` parameter took: dropping
  /// them silently would hide a mistake in the registration or the call.
  func requireAllTaken() throws(ResolutionError) {
    if !passedDown.isEmpty { try requirePassedDownTaken() }
    let unused = values.indices.filter { !used[$0] }
    guard !unused.isEmpty else { return }
    throw ResolutionError(
      reason: .unusedArguments(types: unused.map { String(describing: Swift.type(of: values[$0])) })
    )
  }
}

extension ResolutionError {
  /// A missing dependency whose type matches an argument that was passed and not taken: the
  /// registration most likely forgot `arg` for that parameter, and registering the type would be
  /// the wrong fix.
  func noting(unused arguments: RuntimeArguments?) -> ResolutionError {
    guard let arguments, case .notRegistered(let type) = reason else { return self }
    let unused = arguments.values.indices.filter { !arguments.used[$0] }.map {
      String(describing: Swift.type(of: arguments.values[$0]))
    }
    guard unused.contains(type) else { return self }
    var copy = self
    let component = steps.last.map { "`\($0)`" } ?? "the component"
    copy.notes.append("an argument of type `\(type)` was passed to `resolve(args:)` and not taken")
    copy.advice =
      "a parameter takes a runtime argument only through `arg`: register \(component) with "
      + "`register(\(steps.last?.description ?? "Component").init) { arg($0) }` (the modifier on "
      + "the first parameter) or `register { \(steps.last?.description ?? "Component")(...: arg($0)) }`."
    return copy
  }
}

extension ResolutionError {
  /// `tryResolve(Service?.self, args: 23)` with nothing providing `Service`: the `Service?` is
  /// `nil`, and no component took the argument because there is none. Says that nothing
  /// provides `Service`, rather than that an `arg` parameter was missing. Read on failure only.
  func absentWhenGivenArguments<T>(
    _ type: T.Type, _ qualifier: Qualifier, in container: Container
  ) -> ResolutionError {
    guard case .unusedArguments(let types) = reason, steps.isEmpty,
      let optional = T.self as? any OptionalParameter.Type,
      !container.provides(T.self, qualifier), !container.provides(optional.wrappedType, qualifier)
    else { return self }
    let wrapped = Linker.describe(optional.wrappedType, qualifier)
    var error = ResolutionError(reason: .notRegistered(type: wrapped))
    error.notes.append(
      "`\(T.self)` is `nil` when nothing provides `\(wrapped)`, so no component took the "
        + (types.count == 1 ? "argument" : "arguments") + " of type "
        + types.map { "`\($0)`" }.joined(separator: ", ") + " passed to `resolve(args:)`")
    error.advice =
      "register a component that provides `\(wrapped)` and takes the arguments with `arg`, or "
      + "resolve `\(T.self)` without arguments where it may be absent."
    return error
  }
}
