import GRDB
import Vapor

/// The notes of one request: reads and writes through its unit of work; logs what it adds
/// with the request's logger (its `request-id`).
public struct NoteStore: Sendable {
  let work: UnitOfWork
  let logger: Logger

  /// The store of one request.
  public init(work: UnitOfWork, logger: Logger) {
    self.work = work
    self.logger = logger
  }

  /// Every note, by text.
  public func all() async throws -> [Note] {
    try await work.read { db in try Note.order(Column("text")).fetchAll(db) }
  }

  /// The note with this id; a 404 when there is none.
  public func note(id: String) async throws -> Note {
    guard let note = try await work.read({ db in try Note.fetchOne(db, key: id) }) else {
      throw Abort(.notFound, reason: "No note \(id)")
    }
    return note
  }

  /// Queues the note; it is written when the request commits.
  public func add(_ new: NewNote) throws -> Note {
    let note = Note(text: new.text)
    work.write { db in try note.insert(db) }
    guard !new.text.isEmpty else {
      // Queued already: the scope's close drops it.
      throw Abort(.badRequest, reason: "A note needs a text")
    }
    logger.info("note added", metadata: ["note.id": "\(note.id)"])
    return note
  }
}
