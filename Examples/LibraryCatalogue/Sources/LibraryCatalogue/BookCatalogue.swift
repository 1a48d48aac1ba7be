import GRDB
import Hummingbird

/// The catalogue's use cases, over the request's transaction.
public struct BookCatalogue: Sendable {
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
