import Synchronization
import _SquireShims

/// A cell's instance, read or made: what `.perContainer` and `.weak` producers share. `T` is
/// the instance's type, the same for every call on a cell (see ``OnceCell``).
@usableFromInline
protocol InstanceCell: AnyObject, Sendable {
  func get<T>(
    _ context: inout ResolutionContext, _ step: PathStep, _ make: Body<T>
  ) throws(ResolutionError) -> T
  func getAsync<T>(
    _ context: inout ResolutionContext, _ step: PathStep, _ make: AsyncBody<T>
  ) async throws(ResolutionError) -> T
}

/// Holds the one instance of a `.single`, `.perContainer` or scoped component. Not generic (see
/// ``OnceCell``): it is made for one type, whose instances its generic methods take and give.
@usableFromInline
final class SharedInstance: OnceCell, InstanceCell, @unchecked Sendable {
  @usableFromInline
  let ready = Atomic<Bool>(false)

  /// The instance: the object itself when `T` is a class, else an ``InstanceBox`` holding it.
  /// Written once, under the cell's lock, before `ready` is set with release ordering.
  ///
  /// Not a `T?`: this class's `deinit` is not specialised, and destroying an `Optional<T>`
  /// there looks its metadata up (some 300 instructions, once per request scope's cell).
  @exclusivity(unchecked)
  @usableFromInline
  var stored: AnyObject?

  /// Whether `T` is a class, so that ``stored`` is the instance itself: asked once, when the
  /// cell is made, since the cache is read in generic code, where asking costs a runtime cast.
  @usableFromInline
  let holdsObject: Bool

  /// The instance, once `ready`.
  @inlinable
  @inline(__always)
  func value<T>(_ type: T.Type) -> T {
    let object = stored.unsafelyUnwrapped
    if holdsObject { return unsafeBitCast(object, to: T.self) }
    return unsafeDowncast(object, to: InstanceBox<T>.self).value
  }

  /// What ``stored`` keeps for `instance`.
  @inlinable
  @inline(__always)
  func storage<T>(for instance: T) -> AnyObject {
    if holdsObject { return unsafeBitCast(instance, to: AnyObject.self) }
    return InstanceBox(instance)
  }

  /// A cell for instances of `T`, with a lock of its own.
  @usableFromInline
  init<T>(of type: T.Type) {
    self.holdsObject = T.self is AnyObject.Type
    super.init()
  }

  /// A cell that shares `lock`; `holdsObject` is `T.self is AnyObject.Type` for instances of
  /// `T`, which a caller that makes many cells asks once.
  @usableFromInline
  init(sharing lock: ConditionLock, holdsObject: Bool) {
    self.holdsObject = holdsObject
    super.init(sharing: lock)
  }

  override func current<T>(_ type: T.Type) -> T? {
    ready.load(ordering: .relaxed) ? value(T.self) : nil
  }

  override func holdsInstance() -> Bool { ready.load(ordering: .relaxed) }

  override func store<T>(_ instance: T) {
    stored = storage(for: instance)
    ready.store(true, ordering: .releasing)
  }

  override func markStored() { ready.store(true, ordering: .releasing) }

  @inlinable
  @inline(__always)
  func get<T>(
    _ context: inout ResolutionContext, _ step: PathStep, _ make: Body<T>
  ) throws(ResolutionError) -> T {
    if _fastPath(ready.load(ordering: .acquiring)) {
      return value(T.self)
    }
    return try create(&context, step, make)
  }

  /// Makes the instance, or waits for the resolve that makes it. Not inlined where the
  /// component is linked: it runs once per cell, and a copy specialised at every `register`
  /// call site would cost the compiler more than it saves.
  @usableFromInline
  @_semantics("optimize.sil.specialize.generic.never")
  func create<T>(
    _ context: inout ResolutionContext, _ step: PathStep, _ make: Body<T>
  ) throws(ResolutionError) -> T {
    let me = context.creationForThisThread()
    switch try claimOrWait(me, step) {
    case .found: return value(T.self)
    case .foundPending: return pendingInstance(T.self)
    case .create, .wait: break
    }
    let deferredBefore = context.deferredCount
    let outer = Creation.enter(me)
    defer { Creation.leave(outer) }
    let made: T
    do {
      made = try make(&context)
    } catch {
      endCreation(published: false)
      throw error
    }
    if context.deferredCount > deferredBefore {
      keepPending(made, me)
    } else {
      // Only the creator writes it; readers read it once `ready` is set (with release
      // ordering, by `endCreation`).
      stored = storage(for: made)
      endCreation(published: true)
    }
    return made
  }

  /// The async form of ``get(_:_:_:)``.
  @usableFromInline
  func getAsync<T>(
    _ context: inout ResolutionContext, _ step: PathStep, _ make: AsyncBody<T>
  ) async throws(ResolutionError) -> T {
    if ready.load(ordering: .acquiring) { return value(T.self) }
    return try await getOrMakeAsync(&context, step, make)
  }
}

/// Holds an instance that is not a class: a cached one (see ``SharedInstance/stored``), or one
/// whose cleanup waits for its owner to close (see `LinkedCleanup`).
@usableFromInline
final class InstanceBox<Value> {
  @usableFromInline let value: Value
  @usableFromInline init(_ value: Value) { self.value = value }
}

/// Holds a `.weak` component's instance for as long as someone outside holds it. Not generic
/// (see ``OnceCell``).
@usableFromInline
final class WeakInstance: OnceCell, InstanceCell, @unchecked Sendable {
  /// Guarded by the cell's lock.
  private weak var object: AnyObject?

  @usableFromInline
  override init() { super.init() }

  @usableFromInline
  override init(sharing lock: ConditionLock) { super.init(sharing: lock) }

  override func current<T>(_ type: T.Type) -> T? {
    object.flatMap { $0 as? T }
  }

  override func holdsInstance() -> Bool { object != nil }

  override func store<T>(_ instance: T) {
    object = weaklyHeldObject(instance)
  }

  @usableFromInline
  func get<T>(
    _ context: inout ResolutionContext, _ step: PathStep, _ make: Body<T>
  ) throws(ResolutionError) -> T {
    try getOrMake(&context, step, make)
  }

  /// The async form of ``get(_:_:_:)``.
  @usableFromInline
  func getAsync<T>(
    _ context: inout ResolutionContext, _ step: PathStep, _ make: AsyncBody<T>
  ) async throws(ResolutionError) -> T {
    try await getOrMakeAsync(&context, step, make)
  }
}

extension ResolutionContext {
  /// This resolve's creation; a resolve that starts inside a factory running on this thread is
  /// nested in that factory's.
  @usableFromInline
  mutating func creationForThisThread() -> Creation {
    if let creation { return creation }
    let made = Creation.forThisThread()
    creation = made
    return made
  }

  /// This async resolve's creation (a task may move between threads: no thread's factory is
  /// its outer one).
  mutating func creationForTask() -> Creation {
    if let creation { return creation }
    let made = Creation(parent: nil)
    creation = made
    return made
  }

  /// Publishes the instances kept pending for this resolve's deferred steps, or, when they
  /// failed, caches none of them.
  @usableFromInline
  mutating func settlePending(succeeded: Bool) {
    guard let creation, !creation.pending.isEmpty else { return }
    let pending = creation.pending
    creation.pending = []
    for cell in pending {
      if succeeded { cell.publishPending() } else { cell.abandonPending() }
    }
  }
}
