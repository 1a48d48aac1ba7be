import Foundation
import GRDB
import Hummingbird

/// A book of the catalogue: a row of the `book` table and the API's JSON.
public struct Book: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord,
  ResponseCodable
{
  /// A UUID, made when the book is added.
  public var id: String
  /// The title.
  public var title: String
  /// The author.
  public var author: String
  /// The year of publication.
  public var year: Int

  /// A book; a new one gets a new id.
  public init(id: String = UUID().uuidString, title: String, author: String, year: Int) {
    self.id = id
    self.title = title
    self.author = author
    self.year = year
  }
}

/// What `POST /books` takes.
public struct NewBook: Codable, Sendable {
  /// The title; not empty.
  public var title: String
  /// The author; not empty.
  public var author: String
  /// The year of publication.
  public var year: Int

  /// What a client sends.
  public init(title: String, author: String, year: Int) {
    self.title = title
    self.author = author
    self.year = year
  }
}
