#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

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
    handle.deinitialize(count: 1)
    handle.deallocate()
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
