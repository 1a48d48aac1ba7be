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
/// Arguments go to the component that is resolved; a component that needs one and is reached
/// as another's dependency fails with a message saying so (give the other a `Provider`). An
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
    return Producer<Arg<Value>> { context throws(ResolutionError) -> Arg<Value> in
      // Depth 1 is the component the caller resolved: the only one arguments are meant for.
      if context.depth == 1, let value = context.arguments?.take(Value.self) {
        return Arg(value: value)
      }
      if let absent { return Arg(value: absent) }
      // The component is named as the error leaves it (see `ResolutionError.entering`).
      var error = ResolutionError(
        reason: .missingArgument(type: String(describing: Value.self), component: ""))
      if context.depth == 1, let arguments = context.arguments {
        error.notes = arguments.unusedDescription
        error.argumentsOfTypePassed = arguments.values.count { $0 is Value }
      }
      throw error
    }
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
