import GRDB
import Hummingbird
import Logging

/// The catalogue's use cases.
public protocol Catalogue: Sendable {
  /// Every book, by title.
  func all() async throws -> [Book]
  /// The book with this id; a 404 when there is none.
  func book(id: String) async throws -> Book
  /// Queues the book; it is written when the request commits.
  func add(_ new: NewBook) throws -> Book
}

/// The catalogue over the request's transaction.
public struct BookCatalogue: Catalogue {
  let transaction: RequestTransaction

  /// The catalogue of one request.
  public init(transaction: RequestTransaction) {
    self.transaction = transaction
  }

  /// Every book, by title.
  public func all() async throws -> [Book] {
    try await transaction.read { db in try Book.order(Column("title")).fetchAll(db) }
  }

  /// The book with this id; a 404 when there is none.
  public func book(id: String) async throws -> Book {
    guard let book = try await transaction.read({ db in try Book.fetchOne(db, key: id) }) else {
      throw HTTPError(.notFound, message: "No book \(id)")
    }
    return book
  }

  /// Queues the book; it is written when the request commits.
  public func add(_ new: NewBook) throws -> Book {
    let book = Book(title: new.title, author: new.author, year: new.year)
    transaction.write { db in try book.insert(db) }
    guard !new.title.isEmpty, !new.author.isEmpty else {
      // Queued already: the request's close rolls it back.
      throw HTTPError(.badRequest, message: "A book needs a title and an author")
    }
    return book
  }
}

/// A decorator: logs every book added, around any catalogue.
public struct AuditedCatalogue: Catalogue {
  let inner: any Catalogue
  let logger: Logger

  /// Wraps `inner`.
  public init(inner: any Catalogue, logger: Logger) {
    self.inner = inner
    self.logger = logger
  }

  /// Every book, by title.
  public func all() async throws -> [Book] { try await inner.all() }
  /// The book with this id; a 404 when there is none.
  public func book(id: String) async throws -> Book { try await inner.book(id: id) }
  /// Queues the book and logs it.
  public func add(_ new: NewBook) throws -> Book {
    let book = try inner.add(new)
    logger.info("book added", metadata: ["book.id": "\(book.id)", "book.title": "\(book.title)"])
    return book
  }
}
