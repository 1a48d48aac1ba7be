/// Moves a value the container knows may cross to another isolation domain: an instance it
/// has just made for the factory that asked for it (nothing else holds it yet), or a cached
/// instance, whose type the documentation asks to be `Sendable`. Never handed to user code.
@usableFromInline
struct Transfer<Value>: @unchecked Sendable {
  @usableFromInline
  var value: Value

  @inlinable
  init(_ value: Value) {
    self.value = value
  }
}

/// Runs `body` on the main actor and returns its result to the caller's isolation.
@usableFromInline
func onMainActor<T>(
  _ body: Transfer<@MainActor () throws -> T>
) async throws -> T {
  let result = try await MainActor.run { Transfer(try body.value()) }
  return result.value
}

extension ResolutionError {
  /// The error for a synchronous resolve that meets `step`'s async or isolated factory.
  @usableFromInline
  static func needsAwait(_ step: PathStep, _ cause: String) -> ResolutionError {
    ResolutionError(reason: .needsAwait(component: step.description, cause: cause))
  }

  /// What a factory of `step` threw, as a resolution error: a `ResolutionError` (from a
  /// resolve inside the factory) passes through.
  @usableFromInline
  static func thrown(_ error: any Error, by step: PathStep) -> ResolutionError {
    if let resolution = error as? ResolutionError { return resolution }
    var made = ResolutionError(
      reason: .factoryFailed(component: step.description, error: String(describing: error)))
    made.underlyingError = error
    return made
  }
}

/// Why a synchronous resolve cannot run a factory.
@usableFromInline
enum AwaitCause {
  @usableFromInline static let async = "its factory is async"
  @usableFromInline static let mainActor =
    "its factory is isolated to the main actor, and this resolve runs off the main actor"
  @usableFromInline static let asyncInjection = "an injection or `postInit` of it is async"
}

extension AwaitCause {
  @usableFromInline static let beingMadeAsync =
    "its instance is being made right now by an async resolve (`await`), which this one "
    + "cannot wait for without blocking a thread"
}
