import GRDB
import Synchronization

/// The notes' SQLite database, app-wide (`.single`): closed when the app shuts down.
public final class NotesDatabase: Sendable {
  /// GRDB's serial queue to the file.
  let queue: DatabaseQueue
  /// Units of work opened, finished, committed and dropped, and alive now: what the tests read
  /// to check that every request's unit of work is finished and none leaks.
  public let stats = Mutex(WorkStats())

  /// Opens (or creates) the database file and migrates it.
  public init(path: String) throws {
    queue = try DatabaseQueue(path: path)
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.create(table: "note") { table in
        table.primaryKey("id", .text)
        table.column("text", .text).notNull()
      }
    }
    try migrator.migrate(queue)
  }

  /// How many notes the file holds.
  public func noteCount() throws -> Int {
    try queue.read { db in try Note.fetchCount(db) }
  }

  /// Whether `close()` ran: what the tests read to check that the app closed it.
  public var isClosed: Bool { closed.withLock { $0 } }
  private let closed = Mutex(false)

  /// Closes the file.
  public func close() throws {
    try queue.close()
    closed.withLock { $0 = true }
  }
}

/// Counts of units of work.
public struct WorkStats: Sendable, Equatable {
  /// Made.
  public var opened = 0
  /// Finished by their request's scope (or by hand).
  public var finished = 0
  /// Committed.
  public var committed = 0
  /// Finished with writes not committed: dropped.
  public var dropped = 0
  /// Not yet deinitialized.
  public var alive = 0
}
