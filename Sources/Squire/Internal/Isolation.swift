#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

/// Whether the calling thread is the main thread: where main-actor code runs, one job at a
/// time. A synchronous resolve runs a `@MainActor` factory only there (the same check
/// `MainActor.assumeIsolated` makes); anywhere else it is a "needs await" error.
@usableFromInline
func isOnMainThread() -> Bool {
  #if canImport(Darwin)
    return pthread_main_np() != 0
  #else
    // The main thread's id is the process id. `gettid` is not imported from the C library's
    // headers without `_GNU_SOURCE`, so it is looked up once.
    guard let gettid = threadID.function else { return false }
    return gettid() == getpid()
  #endif
}

#if !canImport(Darwin)
  private let threadID = ThreadIDFunction()

  private struct ThreadIDFunction: Sendable {
    let function: (@convention(c) () -> pid_t)?

    init() {
      function = dlsym(nil, "gettid").map {
        unsafeBitCast($0, to: (@convention(c) () -> pid_t).self)
      }
    }
  }
#endif

/// Moves a value the container knows may cross to another isolation domain: an instance it
/// has just made for the factory that asked for it (nothing else holds it yet), or a cached
/// instance, whose type a cached lifetime requires to be `Sendable` (or the registration said
/// `.unchecked`). Never handed to user code.
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
  @usableFromInline static let isolated = "its factory is isolated to an actor"
  @usableFromInline static let asyncInjection = "an injection or `postInit` of it is async"
}

extension AwaitCause {
  @usableFromInline static let beingMadeAsync =
    "its instance is being made right now by an async resolve (`await`), which this one "
    + "cannot wait for without blocking a thread"
}

/// Tells the `@MainActor` overloads of `register`, `injection` and `postInit` from the others;
/// never written by a caller.
public struct _MainActorFactory: Sendable {
  /// Made by the default argument.
  @inlinable
  public init() {}
}

/// Tells the async overloads of `register`, `injection` and `postInit` from the others; never
/// written by a caller.
public struct _AsyncFactory: Sendable {
  /// Made by the default argument.
  @inlinable
  public init() {}
}
