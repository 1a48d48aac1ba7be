#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Android)
  import Android
#endif

/// A lock that many readers can hold at once: a container's registrations are changed under
/// it exclusively, and read under it shared by its children while they link, so that children
/// created on many threads at once do not wait for each other.
final class ReadWriteLock: @unchecked Sendable {
  private let handle: UnsafeMutablePointer<pthread_rwlock_t>

  init() {
    handle = .allocate(capacity: 1)
    handle.initialize(to: pthread_rwlock_t())
    pthread_rwlock_init(handle, nil)
  }

  deinit {
    pthread_rwlock_destroy(handle)
    deallocateLock(handle)
  }

  /// Runs `body` as the only holder.
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_rwlock_wrlock(handle)
    defer { unlock() }
    return try body()
  }

  /// Takes the lock shared with other readers; release it with ``unlock()``.
  func lockShared() {
    pthread_rwlock_rdlock(handle)
  }

  func unlock() {
    pthread_rwlock_unlock(handle)
  }
}
