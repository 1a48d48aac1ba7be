import Squire
import SquireVapor
import Vapor

/// Registers the app's components in `app.squire` and its routes.
///
/// `/notes` resolves its store in each request's scope (`req.resolve`, which throws: a failure
/// is a 500, never a stopped server); `/direct/notes` is the same API wired by hand, for the load comparison (Scripts/load.sh).
public func configure(_ app: Application, databasePath: String) throws {
  let squire = app.squire
  squire.register { try NotesDatabase(path: databasePath) }
    .lifetime(.single)
    .onClose { try $0.close() }
  squire.register(UnitOfWork.init)
    .lifetime(.perContainer)
    .onClose { $0.finish() }
  squire.register(NoteStore.init)  // its Logger is the request's: the scope has it

  app.get("health") { _ in HTTPStatus.ok }

  let notes = app.grouped("notes")
  notes.get { req async throws -> [Note] in
    try await req.resolve(NoteStore.self).all()
  }
  notes.get(":id") { req async throws -> Note in
    try await req.resolve(NoteStore.self).note(id: req.parameters.require("id"))
  }
  notes.post { req async throws -> Response in
    let new = try req.content.decode(NewNote.self)
    let note = try await req.resolve(NoteStore.self).add(new)
    try await req.resolve(UnitOfWork.self).commit()
    return try await note.encodeResponse(status: .created, for: req)
  }

  // The same endpoints, hand-wired, beside them (for the load comparison).
  addHandWiredRoutes(to: app, database: try squire.tryResolve(NotesDatabase.self))
}

/// The app without Squire: `/direct/notes` alone, wired by hand, and nothing of SquireVapor
/// (no `app.squire`, no middleware). What Scripts/request-instructions.sh counts the
/// hand-wired request in.
public func configureHandWired(_ app: Application, databasePath: String) throws {
  let database = try NotesDatabase(path: databasePath)
  app.lifecycle.use(ClosesDatabase(database: database))
  addHandWiredRoutes(to: app, database: database)
}

/// Closes the database when the app without Squire shuts down.
private struct ClosesDatabase: LifecycleHandler {
  let database: NotesDatabase
  func shutdown(_ application: Application) { try? database.close() }
}

/// `/direct/notes`: the database made at start, a unit of work per request, finished at its
/// end.
private func addHandWiredRoutes(to app: Application, database: NotesDatabase) {
  let direct = app.grouped("direct", "notes")
  direct.get { req async throws -> [Note] in
    try await withWork(database) { try await NoteStore(work: $0, logger: req.logger).all() }
  }
  direct.get(":id") { req async throws -> Note in
    let id = try req.parameters.require("id")
    return try await withWork(database) {
      try await NoteStore(work: $0, logger: req.logger).note(id: id)
    }
  }
  direct.post { req async throws -> Response in
    let new = try req.content.decode(NewNote.self)
    return try await withWork(database) { work in
      let note = try NoteStore(work: work, logger: req.logger).add(new)
      try await work.commit()
      return try await note.encodeResponse(status: .created, for: req)
    }
  }
}

private func withWork<T>(_ database: NotesDatabase, _ body: (UnitOfWork) async throws -> T)
  async throws -> T
{
  let work = UnitOfWork(database: database)
  defer { work.finish() }
  return try await body(work)
}
