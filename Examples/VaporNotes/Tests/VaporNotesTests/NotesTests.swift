import Foundation
import Squire
import Testing
import VaporNotes
import VaporTesting

/// Runs `body` with the path of a database file in a new folder, removed after.
func withDatabasePath(_ body: (String) async throws -> Void) async throws {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("vapor-notes-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  try await body(folder.appendingPathComponent("notes.sqlite").path)
}

/// Runs `test` with the app on a new database file, and shuts it down after.
func withNotesApp(_ test: (Application, NotesDatabase) async throws -> Void) async throws {
  try await withDatabasePath { path in
    try await withApp { app in
      try configure(app, databasePath: path)
      try await test(app, try app.squire.tryResolve(NotesDatabase.self))
    }
  }
}

@Suite("The notes API on Vapor, through Squire and hand-wired")
struct NotesTests {
  @Test(
    "A note added is listed and found; every request's unit of work is finished",
    arguments: ["notes", "direct/notes"])
  func addListFind(path: String) async throws {
    try await withNotesApp { app, database in
      let tester = try app.testing()
      var added: Note?
      try await tester.test(
        .POST, path, beforeRequest: { try $0.content.encode(NewNote(text: "milk")) }
      ) { response in
        #expect(response.status == .created)
        added = try response.content.decode(Note.self)
      }
      let note = try #require(added)
      try await tester.test(.GET, path) { response in
        let notes = try response.content.decode([Note].self)
        #expect(notes == [note])
      }
      try await tester.test(.GET, "\(path)/\(note.id)") { response in
        let found = try response.content.decode(Note.self)
        #expect(found == note)
      }
      try await tester.test(.GET, "\(path)/nothing") { #expect($0.status == .notFound) }
      let stats = database.stats.withLock { $0 }
      #expect(stats.opened == 4 && stats.finished == 4 && stats.alive == 0, "\(stats)")
      #expect(stats.committed == 1 && stats.dropped == 0, "\(stats)")
    }
  }

  @Test(
    "A note without text is a 400, and its queued write is dropped",
    arguments: ["notes", "direct/notes"])
  func invalidNoteDropped(path: String) async throws {
    try await withNotesApp { app, database in
      let tester = try app.testing()
      try await tester.test(
        .POST, path, beforeRequest: { try $0.content.encode(NewNote(text: "")) }
      ) { #expect($0.status == .badRequest) }
      #expect(try database.noteCount() == 0)
      let stats = database.stats.withLock { $0 }
      #expect(stats.dropped == 1 && stats.committed == 0 && stats.alive == 0, "\(stats)")
    }
  }

  @Test("Shutdown closes the database: app.squire's cleanup ran")
  func shutdownClosesDatabase() async throws {
    var database: NotesDatabase?
    try await withNotesApp { app, opened in
      try await app.testing().test(.GET, "health") { #expect($0.status == .ok) }
      #expect(!opened.isClosed)
      database = opened
    }
    #expect(try #require(database).isClosed)
  }

  @Test("The app without Squire serves the hand-wired API alone")
  func handWiredApp() async throws {
    try await withDatabasePath { path in
      try await withApp { app in
        try configureHandWired(app, databasePath: path)
        let tester = try app.testing()
        try await tester.test(
          .POST, "direct/notes", beforeRequest: { try $0.content.encode(NewNote(text: "tea")) }
        ) { #expect($0.status == .created) }
        try await tester.test(.GET, "notes") { #expect($0.status == .notFound) }
      }
    }
  }
}
