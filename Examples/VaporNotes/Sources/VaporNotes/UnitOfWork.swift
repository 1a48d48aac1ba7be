import GRDB
import Synchronization

/// One request's work on the database: reads go to it at once; writes wait for `commit()`,
/// which writes them in one transaction. Request-scoped (`.perContainer`) and finished when the
/// request's scope closes: writes not committed then (the handler threw) are dropped.
public final class UnitOfWork: Sendable {
  private let database: NotesDatabase
  private let pending = Mutex<[@Sendable (Database) throws -> Void]>([])

  /// Opens the request's unit of work.
  public init(database: NotesDatabase) {
    self.database = database
    database.stats.withLock {
      $0.opened += 1
      $0.alive += 1
    }
  }

  deinit { database.stats.withLock { $0.alive -= 1 } }

  /// Reads now.
  func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
    try await database.queue.read(body)
  }

  /// Queues a write, for `commit()`.
  func write(_ body: @escaping @Sendable (Database) throws -> Void) {
    pending.withLock { $0.append(body) }
  }

  /// Writes what was queued, in one transaction.
  public func commit() async throws {
    let writes = pending.withLock { queued in
      defer { queued = [] }
      return queued
    }
    try await database.queue.write { db in
      for write in writes { try write(db) }
    }
    database.stats.withLock { $0.committed += 1 }
  }

  /// Drops what was not committed. Called once, when the request's scope closes.
  public func finish() {
    let dropped = pending.withLock { queued in
      defer { queued = [] }
      return queued.count
    }
    database.stats.withLock {
      $0.finished += 1
      if dropped > 0 { $0.dropped += 1 }
    }
  }
}
