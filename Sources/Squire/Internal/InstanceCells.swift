import Synchronization

/// Holds the one instance of a `.single`, `.perContainer` or scoped component.
///
/// Reading a made instance is one acquiring load and no lock. A synchronous first resolve takes
/// this cell's own lock (never a global one) and runs the factory under it, so that threads
/// racing for the first instance all get the same one. An async first resolve marks the cell
/// as being made and runs the factory without the lock; the tasks that race it suspend until
/// the instance is there (they never block a thread), and a synchronous resolve meanwhile fails
/// with "needs await" rather than wait for async work. A factory that fails caches nothing.
@usableFromInline
final class SharedInstance<T>: @unchecked Sendable {
  @usableFromInline
  let ready = Atomic<Bool>(false)

  /// Written once, under `lock`, before `ready` is set with release ordering.
  @exclusivity(unchecked)
  @usableFromInline
  var value: T?

  @usableFromInline
  let lock = Lock()

  /// Guarded by `lock`: an async resolve is making the instance, and the tasks waiting for it.
  let asyncCreation = AsyncCreation()

  @usableFromInline
  init() {}

  @inlinable
  @inline(__always)
  func get(
    _ context: inout ResolutionContext, _ step: PathStep, _ make: Body<T>
  ) throws(ResolutionError) -> T {
    if _fastPath(ready.load(ordering: .acquiring)) {
      return value.unsafelyUnwrapped
    }
    return try create(&context, step, make)
  }

  @usableFromInline
  func create(
    _ context: inout ResolutionContext, _ step: PathStep, _ make: Body<T>
  ) throws(ResolutionError) -> T {
    try context.creatingOnce(self, step, lock) { context throws(ResolutionError) -> T in
      if ready.load(ordering: .relaxed) {
        return value.unsafelyUnwrapped
      }
      if asyncCreation.isRunning {
        throw ResolutionError.needsAwait(step, AwaitCause.beingMadeAsync)
      }
      let made = try make(&context)
      value = made
      ready.store(true, ordering: .releasing)
      return made
    }
  }

  /// The async form of ``get(_:_:_:)``.
  @usableFromInline
  func getAsync(
    _ context: inout ResolutionContext, _ step: PathStep, _ make: AsyncBody<T>
  ) async throws(ResolutionError) -> T {
    while true {
      if ready.load(ordering: .acquiring) { return value.unsafelyUnwrapped }
      switch context.claim(
        self, step, lock, asyncCreation, isDone: { ready.load(ordering: .relaxed) })
      {
      case .failure(let error):
        throw error
      case .success(false):
        await AsyncCreation.wait(self, lock, asyncCreation) { ready.load(ordering: .relaxed) }
      case .success(true):
        let outcome = await context.creatingAsync(self) { context async throws(ResolutionError) in
          try await make(&context)
        }
        lock.lock()
        if case .success(let made) = outcome {
          value = made
          ready.store(true, ordering: .releasing)
        }
        let waiters = asyncCreation.finish()
        lock.unlock()
        for waiter in waiters { waiter.resume() }
        return try outcome.get()
      }
    }
  }
}

/// Holds a `.weak` component's instance for as long as someone outside holds it.
@usableFromInline
final class WeakInstance<T>: @unchecked Sendable {
  @exclusivity(unchecked)
  @usableFromInline
  weak var object: AnyObject?

  @usableFromInline
  let lock = Lock()

  let asyncCreation = AsyncCreation()

  @usableFromInline
  init() {}

  @usableFromInline
  func get(
    _ context: inout ResolutionContext, _ step: PathStep, _ make: Body<T>
  ) throws(ResolutionError) -> T {
    try context.creatingOnce(self, step, lock) { context throws(ResolutionError) -> T in
      if let object, let instance = object as? T {
        return instance
      }
      if asyncCreation.isRunning {
        throw ResolutionError.needsAwait(step, AwaitCause.beingMadeAsync)
      }
      let made = try make(&context)
      object = made as AnyObject
      return made
    }
  }

  /// The async form of ``get(_:_:_:)``.
  @usableFromInline
  func getAsync(
    _ context: inout ResolutionContext, _ step: PathStep, _ make: AsyncBody<T>
  ) async throws(ResolutionError) -> T {
    while true {
      lock.lock()
      if let object, let instance = object as? T {
        lock.unlock()
        return instance
      }
      lock.unlock()
      switch context.claim(self, step, lock, asyncCreation, isDone: { false }) {
      case .failure(let error):
        throw error
      case .success(false):
        await AsyncCreation.wait(self, lock, asyncCreation) { false }
      case .success(true):
        let outcome = await context.creatingAsync(self) { context async throws(ResolutionError) in
          try await make(&context)
        }
        lock.lock()
        if case .success(let made) = outcome { object = made as AnyObject }
        let waiters = asyncCreation.finish()
        lock.unlock()
        for waiter in waiters { waiter.resume() }
        return try outcome.get()
      }
    }
  }
}

/// The state of an async creation of a cell's instance, guarded by the cell's lock.
final class AsyncCreation: @unchecked Sendable {
  /// An async resolve is running the factory (without the cell's lock).
  private(set) var isRunning = false
  /// The tasks waiting for it to end.
  private var waiters: [UnsafeContinuation<Void, Never>] = []

  init() {}

  /// Becomes the creator if nobody is creating.
  func start() -> Bool {
    if isRunning { return false }
    isRunning = true
    return true
  }

  /// Ends the creation; returns the waiters to resume (outside the lock).
  func finish() -> [UnsafeContinuation<Void, Never>] {
    isRunning = false
    defer { waiters = [] }
    return waiters
  }

  /// Suspends until the creation under way ends (at once if it already has).
  static func wait(
    _ cell: AnyObject, _ lock: Lock, _ state: AsyncCreation, isDone: () -> Bool
  ) async {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      lock.lock()
      if isDone() || !state.isRunning {
        lock.unlock()
        continuation.resume()
      } else {
        state.waiters.append(continuation)
        lock.unlock()
      }
    }
  }
}

extension ResolutionContext {
  /// Runs `body` under `cell`'s lock, as the only thread creating its instance. A cell asked for
  /// again while this resolve is creating its instance is a cycle: reported, since locking
  /// again would deadlock.
  mutating func creatingOnce<T>(
    _ cell: AnyObject, _ step: PathStep, _ lock: Lock,
    _ body: (inout ResolutionContext) throws(ResolutionError) -> T
  ) throws(ResolutionError) -> T {
    let id = ObjectIdentifier(cell)
    if creating?.contains(id) == true {
      throw ResolutionError(reason: .cycle([])).entering(step)
    }
    lock.lock()
    defer { lock.unlock() }
    creating = (creating ?? []) + [id]
    defer { creating?.removeLast() }
    return try body(&self)
  }

  /// Decides, under `cell`'s lock, whether this async resolve creates the instance (`true`) or
  /// waits for another that is creating it (`false`); a cell this resolve is creating already
  /// is a cycle.
  mutating func claim(
    _ cell: AnyObject, _ step: PathStep, _ lock: Lock, _ state: AsyncCreation,
    isDone: () -> Bool
  ) -> Result<Bool, ResolutionError> {
    if creating?.contains(ObjectIdentifier(cell)) == true {
      return .failure(ResolutionError(reason: .cycle([])).entering(step))
    }
    lock.lock()
    defer { lock.unlock() }
    if isDone() { return .success(false) }
    return .success(state.start())
  }

  /// Runs `body` as the creator of `cell`'s instance, for cycle detection.
  mutating func creatingAsync<T>(
    _ cell: AnyObject,
    _ body: (inout ResolutionContext) async throws(ResolutionError) -> T
  ) async -> Result<T, ResolutionError> {
    creating = (creating ?? []) + [ObjectIdentifier(cell)]
    defer { creating?.removeLast() }
    do {
      return .success(try await body(&self))
    } catch {
      return .failure(error)
    }
  }
}

/// A flag set once and read often from any thread.
@usableFromInline
final class Flag: @unchecked Sendable {
  @usableFromInline
  let value = Atomic<Bool>(false)

  @usableFromInline
  init() {}

  @inlinable
  var isSet: Bool { value.load(ordering: .relaxed) }

  @inlinable
  func set() { value.store(true, ordering: .relaxed) }
}
