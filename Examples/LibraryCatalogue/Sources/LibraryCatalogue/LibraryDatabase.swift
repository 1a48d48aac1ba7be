import GRDB
import Logging
import ServiceLifecycle
import Synchronization

/// The catalogue's SQLite database (a GRDB pool: concurrent reads, one writer), app-wide.
///
/// A `Service`: SquireServiceLifecycle starts it before the HTTP server that uses it and
/// stops it after; it closes the pool when it stops.
public final class LibraryDatabase: Service, Sendable {
  /// The GRDB pool.
  public let pool: DatabasePool
  private let logger: Logger
  /// Request transactions opened, closed, committed, rolled back, and alive now: what the
  /// tests read to check that every request's transaction is closed and none leaks.
  public let stats = Mutex(TransactionStats())

  /// Opens (or creates) the database file and migrates it.
  public init(settings: Settings, logger: Logger) throws {
    var configuration = Configuration()
    configuration.maximumReaderCount = 8
    self.pool = try DatabasePool(path: settings.databasePath, configuration: configuration)
    self.logger = logger
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.create(table: "book") { table in
        table.primaryKey("id", .text)
        table.column("title", .text).notNull()
        table.column("author", .text).notNull()
        table.column("year", .integer).notNull()
      }
    }
    try migrator.migrate(pool)
  }

  /// Waits for the graceful shutdown, then closes the pool.
  public func run() async throws {
    logger.info("database open")
    try? await gracefulShutdown()
    try pool.close()
    logger.info("database closed")
  }
}

/// Counts of request transactions.
public struct TransactionStats: Sendable, Equatable {
  /// Made.
  public var opened = 0
  /// Closed by their request's scope.
  public var closed = 0
  /// Committed.
  public var committed = 0
  /// Closed with writes not committed: dropped.
  public var rolledBack = 0
  /// Not yet deinitialized.
  public var alive = 0
}
