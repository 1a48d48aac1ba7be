import Foundation
import GRDB
import Hummingbird

/// A book of the catalogue: a row of the `book` table and the API's JSON.
public struct Book: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord,
  ResponseCodable
{
  public var id: String
  public var title: String
  public var author: String
  public var year: Int

  public init(id: String = UUID().uuidString, title: String, author: String, year: Int) {
    self.id = id
    self.title = title
    self.author = author
    self.year = year
  }
}

/// What `POST /books` takes.
public struct NewBook: Codable, Sendable {
  public var title: String
  public var author: String
  public var year: Int
}
