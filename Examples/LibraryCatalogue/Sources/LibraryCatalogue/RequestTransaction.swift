import GRDB
import Synchronization

/// One request's unit of work: reads go to the database at once; writes are queued and
/// written together, in one SQLite transaction, by `commit()`. Request-scoped
/// (`.perContainer` in each request's child container) and closed when the request ends:
/// what was not committed then (the handler threw) is rolled back, never written.
public final class RequestTransaction: Sendable {
  private enum State { case open, committed, closed }
  private let database: LibraryDatabase
  private let pending = Mutex<[@Sendable (Database) throws -> Void]>([])
  private let state = Mutex(State.open)

  /// Opens the request's unit of work.
  public init(database: LibraryDatabase) {
    self.database = database
    database.stats.withLock {
      $0.opened += 1
      $0.alive += 1
    }
  }

  deinit { database.stats.withLock { $0.alive -= 1 } }

  /// Reads from the database now.
  public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws
    -> T
  {
    try await database.pool.read(body)
  }

  /// Queues a write; it reaches the database when the request commits.
  public func write(_ body: @escaping @Sendable (Database) throws -> Void) {
    pending.withLock { $0.append(body) }
  }

  /// Writes what was queued, in one transaction.
  public func commit() async throws {
    let writes = pending.withLock { queued in
      defer { queued = [] }
      return queued
    }
    try await database.pool.write { db in
      for write in writes { try write(db) }
    }
    state.withLock { $0 = .committed }
    database.stats.withLock { $0.committed += 1 }
  }

  /// Ends the transaction: uncommitted writes are dropped. Called once, by the scope's close.
  public func close() {
    let dropped = pending.withLock { queued in
      defer { queued = [] }
      return queued.count
    }
    state.withLock { $0 = .closed }
    database.stats.withLock {
      $0.closed += 1
      if dropped > 0 { $0.rolledBack += 1 }
    }
  }
}
