#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

/// Frees the memory of a lock the system no longer holds (after its `destroy` call).
func deallocateLock<Handle>(_ handle: UnsafeMutablePointer<Handle>) {
  handle.deinitialize(count: 1)
  handle.deallocate()
}

/// A plain mutual-exclusion lock.
///
/// `Synchronization.Mutex` would be the natural choice, but its `withLock` wants a `sending`
/// result, and the values Squire hands out (users' non-`Sendable` classes) are not always
/// disconnected. The lock guards registration, snapshot building and the once-only creation of
/// one instance; the resolve fast path never takes it.
@usableFromInline
final class Lock: @unchecked Sendable {
  #if canImport(Darwin)
    private let handle: UnsafeMutablePointer<os_unfair_lock>
  #else
    private let handle: UnsafeMutablePointer<pthread_mutex_t>
  #endif

  @usableFromInline
  init() {
    #if canImport(Darwin)
      handle = .allocate(capacity: 1)
      handle.initialize(to: os_unfair_lock())
    #else
      handle = .allocate(capacity: 1)
      handle.initialize(to: pthread_mutex_t())
      pthread_mutex_init(handle, nil)
    #endif
  }

  deinit {
    #if !canImport(Darwin)
      pthread_mutex_destroy(handle)
    #endif
    deallocateLock(handle)
  }

  @usableFromInline
  func lock() {
    #if canImport(Darwin)
      os_unfair_lock_lock(handle)
    #else
      pthread_mutex_lock(handle)
    #endif
  }

  @usableFromInline
  func unlock() {
    #if canImport(Darwin)
      os_unfair_lock_unlock(handle)
    #else
      pthread_mutex_unlock(handle)
    #endif
  }

  @usableFromInline
  func withLock<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// A mutex with a condition variable: what a thread waiting for another to finish making a
/// cached instance sleeps on. Held only to read or change a cell's state (or, for a
/// container's, what it owns), never while user code runs.
///
/// One allocation holds the object, the condition (its header) and the mutex (its one
/// element): every cached instance's cell has one, and a request's scope makes one. Their
/// addresses stay put for the object's lifetime, as `pthread` requires. Made by ``make()``.
/// Not `Sendable` (a `ManagedBuffer` cannot be): what holds one is, and guards it.
@usableFromInline
final class ConditionLock: ManagedBuffer<pthread_cond_t, pthread_mutex_t> {
  /// A new lock, its mutex and condition initialized.
  static func make() -> ConditionLock {
    let made = unsafeDowncast(
      ConditionLock.create(minimumCapacity: 1) { _ in pthread_cond_t() }, to: ConditionLock.self)
    made.withUnsafeMutablePointers { condition, mutex in
      mutex.initialize(to: pthread_mutex_t())
      pthread_mutex_init(mutex, nil)
      pthread_cond_init(condition, nil)
    }
    return made
  }

  deinit {
    withUnsafeMutablePointers { condition, mutex in
      pthread_cond_destroy(condition)
      pthread_mutex_destroy(mutex)
      _ = mutex.deinitialize(count: 1)
    }
  }

  func lock() { withUnsafeMutablePointerToElements { _ = pthread_mutex_lock($0) } }
  func unlock() { withUnsafeMutablePointerToElements { _ = pthread_mutex_unlock($0) } }

  /// Releases the lock, sleeps until ``broadcast()``, and takes the lock again.
  func wait() {
    withUnsafeMutablePointers { condition, mutex in _ = pthread_cond_wait(condition, mutex) }
  }

  /// Wakes every thread in ``wait()``.
  func broadcast() { withUnsafeMutablePointerToHeader { _ = pthread_cond_broadcast($0) } }

  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// A mutex the thread holding it may take again: serialises the loading of parts, where a
/// part may append another part on the same thread.
final class RecursiveLock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    deallocateLock(mutex)
  }

  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Runs `body` under the lock when no other thread holds it (this one may); `nil` when
  /// another thread does.
  func withLockIfFree<Result>(_ body: () throws -> Result) rethrows -> Result? {
    guard pthread_mutex_trylock(mutex) == 0 else { return nil }
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }
}

/// A value guarded by a ``Lock``: what `Synchronization.Mutex` gives, with a lock that Thread
/// Sanitizer sees (the standard library's `Mutex` is not instrumented, so TSan reports the
/// accesses it guards as races).
final class Locked<Value>: @unchecked Sendable {
  private let lock = Lock()
  private var value: Value

  init(_ value: sending Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try lock.withLock { () throws -> Result in try body(&value) }
  }
}
