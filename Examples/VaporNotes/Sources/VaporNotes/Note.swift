import Foundation
import GRDB
import Vapor

/// A note: a row of the `note` table and the API's JSON.
public struct Note: Content, Equatable, FetchableRecord, PersistableRecord {
  /// A UUID, made when the note is added.
  public var id: String
  /// What the note says; not empty.
  public var text: String

  /// A note; a new one gets a new id.
  public init(id: String = UUID().uuidString, text: String) {
    self.id = id
    self.text = text
  }
}

/// What `POST /notes` takes.
public struct NewNote: Content {
  /// What the note says; not empty.
  public var text: String

  /// What a client sends.
  public init(text: String) { self.text = text }
}
