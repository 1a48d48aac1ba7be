import Synchronization
import _SquireShims

// Cached instances: made once, whatever the threads and tasks racing for them.
//
// Reading an instance that is there is one acquiring load. Making it is a small protocol under
// the cell's own lock, which is never held while user code runs:
// - the first resolve to ask becomes the cell's creator and runs the factory without the lock;
// - a resolve that asks meanwhile waits: a thread sleeps on the cell's condition, a task
//   suspends (never blocking a thread); a synchronous resolve does not wait for an async creator
//   (it says "needs await" instead);
// - a resolve that asks for a cell it is creating itself (directly, or from a factory that asks
//   the container again on the same thread) is in a cycle: an error, not a deadlock;
// - a resolve about to wait for a creator that, through the cells the creators wait for, waits
//   for it is in a cycle across threads: an error for one of them, then the other;
// - an instance whose injections marked `cycle: true` still have to run is kept pending, seen
//   only by the resolve that made it, and published when that resolve ends; if they fail,
//   nothing is cached and the next resolve tries again.

/// One resolve as the creator of cached instances. A resolve nested in a factory on the same
/// thread (a factory that asks the container) has its own, whose parent is the outer one.
@usableFromInline
final class Creation: @unchecked Sendable {
  /// The resolve this one runs inside of, on the same thread.
  let parent: Creation?
  /// The creation this one waits for; guarded by `WaitGraph.lock` (no dynamic exclusivity
  /// checks).
  @exclusivity(unchecked) var waitingFor: Creation?
  /// Cells made by this resolve whose instances wait for its deferred steps; only its resolve
  /// touches them.
  @exclusivity(unchecked) var pending: [any PendingCell] = []

  init(parent: Creation?) {
    self.parent = parent
  }

  /// Whether `self` is `other` or a resolve that `other` runs inside of: either way, waiting for
  /// it would wait for ourselves.
  func isSelfOrOuter(of other: Creation) -> Bool {
    var next: Creation? = other
    while let current = next {
      if current === self { return true }
      next = current.parent
    }
    return false
  }

  /// The creation of a factory running on this thread right now, if any (not retained: its
  /// resolve holds it).
  static var current: Creation? {
    _squire_current_creation().map { Unmanaged<Creation>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Makes `creation` this thread's current one while its factory runs; returns the one it
  /// replaces, for ``leave(_:)``.
  @usableFromInline
  static func enter(_ creation: Creation) -> UnsafeMutableRawPointer? {
    let outer = _squire_current_creation()
    _squire_set_current_creation(Unmanaged.passUnretained(creation).toOpaque())
    return outer
  }

  /// Ends what ``enter(_:)`` began.
  @usableFromInline
  static func leave(_ outer: UnsafeMutableRawPointer?) {
    _squire_set_current_creation(outer)
  }

  /// The creation of a resolve that starts on this thread. The outermost resolve on a thread
  /// (no factory runs on it) takes the thread's spare when nothing else holds it: no cell
  /// keeps it as its creator, no resolve waits for it (each would hold a reference), so it is
  /// as good as new, and a request's resolve allocates none. Otherwise a new one, which
  /// becomes the spare when the resolve is the outermost.
  static func forThisThread() -> Creation {
    if let outer = current { return Creation(parent: outer) }
    if let raw = _squire_spare_creation() {
      // Takes the thread's reference: the spare is unique if no one else holds it.
      var spare = Unmanaged<Creation>.fromOpaque(raw).takeRetainedValue()
      if isKnownUniquelyReferenced(&spare) && spare.waitingFor == nil && spare.pending.isEmpty {
        _squire_set_spare_creation(Unmanaged.passRetained(spare).toOpaque())
        return spare
      }
    }
    let made = Creation(parent: nil)
    _squire_set_spare_creation(Unmanaged.passRetained(made).toOpaque())
    return made
  }
}

extension Creation {
  /// This thread's spare creation, for tests.
  static var spareForTesting: Creation? {
    _squire_spare_creation().map { Unmanaged<Creation>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Lets go of this thread's spare creation, for tests (a test that took a weak reference to
  /// it: the reference's side table goes with the object, which LeakSanitizer cannot see
  /// while the object lives).
  static func releaseSpareForTesting() {
    guard let raw = _squire_spare_creation() else { return }
    _squire_set_spare_creation(nil)
    Unmanaged<Creation>.fromOpaque(raw).release()
  }
}

/// Releases the spare creation of a thread that ends (called by the shim's thread-key
/// destructor).
@_cdecl("_squire_release_spare_creation")
func releaseSpareCreation(_ creation: UnsafeMutableRawPointer) {
  Unmanaged<Creation>.fromOpaque(creation).release()
}

/// Who waits for whom, across threads and tasks: consulted only by a resolve about to wait for
/// another's creation (the one process-wide lock, off every path that finds its instance).
enum WaitGraph {
  private static let lock = Lock()

  /// Records that `waiter` waits for `owner`; `false` (and nothing recorded) when `owner`, or
  /// a creation it waits for, transitively, is `waiter` or a resolve `waiter` runs inside of.
  static func startWaiting(_ waiter: Creation, for owner: Creation) -> Bool {
    lock.withLock {
      var next: Creation? = owner
      var steps = 0
      while let current = next, steps < 10_000 {
        if current.isSelfOrOuter(of: waiter) { return false }
        // A creation waits through its outer resolves too: they are blocked on it.
        var blocked: Creation? = current
        next = nil
        while let inner = blocked, next == nil {
          next = inner.waitingFor
          blocked = inner.parent
        }
        steps += 1
      }
      waiter.waitingFor = owner
      return true
    }
  }

  static func stopWaiting(_ waiter: Creation) {
    lock.withLock { waiter.waitingFor = nil }
  }
}

/// A cell whose instance waits for the deferred steps of the resolve that made it.
protocol PendingCell: AnyObject {
  /// The resolve ended well: the instance is published.
  func publishPending()
  /// The resolve failed: nothing is cached.
  func abandonPending()
}

/// What a resolve that asks a cell for its instance does, decided under the cell's lock. Not
/// nested in the generic cell: its metadata would be looked up on every call.
@usableFromInline
enum CellClaim {
  /// The cell holds the instance.
  case found
  /// This resolve made the instance and keeps it pending.
  case foundPending
  /// This resolve makes it.
  case create
  /// Another resolve is making it: wait.
  case wait
}

/// The creation protocol shared by the cells. Not generic, nor are the cells: the metadata of a
/// generic class is made at run time for each type it is used with (some 10,000 instructions
/// per cached component at start-up, its superclass found by name). The methods that take or
/// give an instance are generic: `T` is the instance's type, the same for every call on a cell
/// (the type of the component whose producers hold it).
@usableFromInline
class OnceCell: @unchecked Sendable {
  /// The cell's own lock, or the one of the container whose cells share it.
  let state: ConditionLock
  // Guarded by `state`, hence no dynamic exclusivity checks.
  @exclusivity(unchecked) private var creator: Creation?
  @exclusivity(unchecked) private var creatorIsAsync = false
  /// The instance kept pending (see ``keepPending(_:_:)``), boxed: an `Optional<T>` would
  /// have its metadata looked up wherever this unspecialised code touches it.
  @exclusivity(unchecked) private var pending: Any?
  @exclusivity(unchecked) private var asyncWaiters: [UnsafeContinuation<Void, Never>] = []

  /// A cell with a lock of its own.
  @usableFromInline
  init() {
    state = ConditionLock.make()
  }

  /// A cell that shares `lock` (its container's) with the container's other cells: a thread
  /// waiting on it is woken when any of them is made, and looks again.
  @usableFromInline
  init(sharing lock: ConditionLock) {
    state = lock
  }

  /// The instance, if the cell holds one; called with `state` held.
  func current<T>(_ type: T.Type) -> T? { nil }
  /// Whether the cell holds an instance; called with `state` held. Not generic: the path that
  /// finds a `.single`'s or a scope's instance reads it in code specialised for its type.
  func holdsInstance() -> Bool { false }
  /// Keeps `instance`; called with `state` held.
  func store<T>(_ instance: T) {}
  /// Marks the instance the creator wrote as there; called with `state` held.
  func markStored() {}

  /// Decides under the lock what a resolve that asks does; throws a cycle, or "needs await".
  private func claim(
    _ me: Creation, isAsync: Bool, _ step: PathStep
  ) throws(ResolutionError) -> CellClaim {
    if holdsInstance() { return .found }
    guard let owner = creator else {
      creator = me
      creatorIsAsync = isAsync
      return .create
    }
    if owner.isSelfOrOuter(of: me) {
      if pending != nil { return .foundPending }
      // Asked for while this resolve (or one it runs inside of) is making it. The cycle is
      // named here: the path of a resolve nested in a factory does not show the outer one.
      throw ResolutionError(reason: .cycle([step.description, step.description])).entering(step)
    }
    if creatorIsAsync && !isAsync {
      throw ResolutionError.needsAwait(step, AwaitCause.beingMadeAsync)
    }
    guard WaitGraph.startWaiting(me, for: owner) else {
      // Waiting would close a loop of resolves on several threads, each making an instance the
      // next one needs.
      throw ResolutionError(reason: .cycle([step.description, step.description])).entering(step)
    }
    return .wait
  }

  /// What a synchronous resolve that asks does: `.found` (the cell holds the instance),
  /// `.foundPending` (this resolve made it, and keeps it pending), or `.create` (this resolve
  /// is the creator: it makes the instance, then ends with ``endCreation(published:)``). Waits
  /// for another thread's creator meanwhile.
  @usableFromInline
  func claimOrWait(_ me: Creation, _ step: PathStep) throws(ResolutionError) -> CellClaim {
    state.lock()
    defer { state.unlock() }
    while true {
      let decision = try claim(me, isAsync: false, step)
      guard decision == .wait else { return decision }
      state.wait()
      WaitGraph.stopWaiting(me)
    }
  }

  /// The instance this resolve keeps pending (see ``claimOrWait(_:_:)``).
  @usableFromInline
  func pendingInstance<T>(_ type: T.Type) -> T {
    state.withLock { pending as! T }
  }

  /// The instance, made by `make` if this resolve is the first to ask.
  func getOrMake<T>(
    _ context: inout ResolutionContext, _ step: PathStep, _ make: Body<T>
  ) throws(ResolutionError) -> T {
    let me = context.creationForThisThread()
    claiming: while true {
      switch try claimOrWait(me, step) {
      case .found:
        // A `.weak` instance may have gone meanwhile: ask again.
        if let instance = state.withLock({ current(T.self) }) { return instance }
      case .foundPending:
        return pendingInstance(T.self)
      case .create, .wait:
        break claiming
      }
    }
    let deferredBefore = context.deferredCount
    let outer = Creation.enter(me)
    defer { Creation.leave(outer) }
    do {
      let made = try make(&context)
      finish(made, context: &context, deferredBefore: deferredBefore, me)
      return made
    } catch {
      release(T?.none)
      throw error
    }
  }

  /// The async form of ``getOrMake(_:_:_:)``: waits by suspending.
  func getOrMakeAsync<T>(
    _ context: inout ResolutionContext, _ step: PathStep, _ make: AsyncBody<T>
  ) async throws(ResolutionError) -> T {
    let me = context.creationForTask()
    while true {
      state.lock()
      let decision: CellClaim
      do {
        decision = try claim(me, isAsync: true, step)
      } catch {
        state.unlock()
        throw error
      }
      state.unlock()
      switch decision {
      case .found:
        // A `.weak` instance may have gone meanwhile: ask again.
        if let instance = state.withLock({ current(T.self) }) { return instance }
        continue
      case .foundPending:
        return pendingInstance(T.self)
      case .wait:
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
          state.lock()
          if creator == nil || holdsInstance() {
            state.unlock()
            continuation.resume()
          } else {
            asyncWaiters.append(continuation)
            state.unlock()
          }
        }
        WaitGraph.stopWaiting(me)
        continue
      case .create:
        break
      }
      let deferredBefore = context.deferredCount
      do {
        let made = try await make(&context)
        finish(made, context: &context, deferredBefore: deferredBefore, me)
        return made
      } catch {
        release(T?.none)
        throw error
      }
    }
  }

  /// Publishes `made`, or keeps it pending while the resolve's deferred steps that `make` added
  /// (injections marked `cycle: true`) have not run.
  private func finish<T>(
    _ made: T, context: inout ResolutionContext, deferredBefore: Int, _ me: Creation
  ) {
    if context.deferredCount > deferredBefore {
      keepPending(made, me)
    } else {
      release(made)
    }
  }

  /// Keeps `made` pending: the deferred steps of the resolve that made it have to run first.
  @usableFromInline
  func keepPending<T>(_ made: T, _ me: Creation) {
    state.lock()
    pending = made
    state.unlock()
    me.pending.append(Pending<T>(self))
  }

  /// Keeps `instance`, made elsewhere, when the cell has none and no resolve is making one;
  /// whether it did.
  func fill<T>(_ instance: T) -> Bool {
    state.lock()
    defer { state.unlock() }
    guard creator == nil, !holdsInstance() else { return false }
    store(instance)
    return true
  }

  /// Ends a creation: keeps `made` if there is one, and wakes everyone waiting. An instance
  /// kept pending and not published is let go of after the lock is released (its `deinit`
  /// may call the container).
  fileprivate func release<T>(_ made: T?) {
    state.lock()
    if let made { store(made) }
    endCreationLocked()
  }

  /// Ends this resolve's creation: `published` when it wrote the instance (a
  /// ``SharedInstance``'s `value`), `false` when making it failed. Wakes everyone waiting.
  @usableFromInline
  func endCreation(published: Bool) {
    state.lock()
    if published { markStored() }
    endCreationLocked()
  }

  /// Called with `state` held, which it releases.
  private func endCreationLocked() {
    creator = nil
    creatorIsAsync = false
    let dropped = pending
    pending = nil
    let waiters = asyncWaiters
    asyncWaiters = []
    state.broadcast()
    state.unlock()
    withExtendedLifetime(dropped) {}
    for waiter in waiters { waiter.resume() }
  }

  fileprivate func takePending<T>(_ type: T.Type) -> T? {
    state.lock()
    defer { state.unlock() }
    return pending as? T
  }

  private final class Pending<T>: PendingCell {
    let cell: OnceCell
    init(_ cell: OnceCell) { self.cell = cell }
    func publishPending() { cell.release(cell.takePending(T.self)) }
    func abandonPending() { cell.release(T?.none) }
  }
}
