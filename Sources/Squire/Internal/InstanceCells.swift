import Synchronization

/// Holds the one instance of a `.single` or `.perContainer` component.
///
/// Reading a made instance is one acquiring load and no lock. The first resolve takes this
/// cell's own lock (never a global one) and runs the factory under it, so that threads racing
/// for the first instance all get the same one.
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
      let made = try make(&context)
      value = made
      ready.store(true, ordering: .releasing)
      return made
    }
  }
}

/// Holds a `.weak` component's instance for as long as someone outside holds it.
@usableFromInline
final class WeakInstance<T>: @unchecked Sendable {
  @usableFromInline
  weak var object: AnyObject?

  @usableFromInline
  let lock = Lock()

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
      let made = try make(&context)
      object = made as AnyObject
      return made
    }
  }
}

extension ResolutionContext {
  /// Runs `body` under `cell`'s lock, as the only thread creating its instance. A cell asked for
  /// again while this thread is creating its instance is a cycle: reported, since locking again
  /// would deadlock.
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
