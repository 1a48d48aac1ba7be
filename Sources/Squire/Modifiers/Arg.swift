/// A parameter filled with a runtime argument instead of a registered component: what `$0`
/// is in `register(Knight.init) { arg($0) }`. Unwrap it with ``arg(_:)``.
public struct Arg<Value> {
  @usableFromInline
  let value: Value

  @usableFromInline
  init(_ value: Value) {
    self.value = value
  }
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
/// as another's dependency fails with a message saying so (give the other a `Provider`).
@inlinable
public func arg<Value>(_ parameter: Arg<Value>) -> Value {
  parameter.value
}

extension Arg: SpecialParameter {
  static func makeProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer {
    linker.note(Value.self, qualifier: .none, kind: .argument)
    return Producer<Arg<Value>> { context throws(ResolutionError) -> Arg<Value> in
      // Depth 1 is the component the caller resolved: the only one arguments are meant for.
      if context.depth == 1, let value = context.arguments?.take(Value.self) {
        return Arg(value)
      }
      // The component is named as the error leaves it (see `ResolutionError.entering`).
      throw ResolutionError(
        reason: .missingArgument(type: String(describing: Value.self), component: ""),
        suggestions: context.depth == 1 ? context.arguments?.unusedDescription ?? [] : [])
    }
  }
}
