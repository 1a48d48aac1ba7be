import Foundation
import Vapor
import VaporNotes

// The notes API on Vapor: `swift run vapor-notes serve --hostname 127.0.0.1 --port 8080`.
// The database file is NOTES_DATABASE (notes.sqlite in the working folder by default).
var environment = try Environment.detect()
try LoggingSystem.bootstrap(from: &environment)
let app = try await Application.make(environment)
do {
  try configure(
    app, databasePath: ProcessInfo.processInfo.environment["NOTES_DATABASE"] ?? "notes.sqlite")
  try await app.execute()
} catch {
  app.logger.report(error: error)
  try? await app.asyncShutdown()
  throw error
}
try await app.asyncShutdown()
