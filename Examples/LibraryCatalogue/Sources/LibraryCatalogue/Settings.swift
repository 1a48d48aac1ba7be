import Foundation

/// The app's settings.
///
/// TODO(SquireConfiguration): read with `SquireConfiguration` (`Config<Key>`, validated with
/// the graph) once it is merged into Squire's main branch (branch h11b); for now the
/// environment, read here once.
public struct Settings: Sendable {
  /// The SQLite file.
  public var databasePath: String
  /// The HTTP port; 0 picks a free one.
  public var port: Int

  /// Settings given in code (the tests).
  public init(databasePath: String, port: Int) {
    self.databasePath = databasePath
    self.port = port
  }

  /// `LIBRARY_DATABASE` (default `library.sqlite`) and `LIBRARY_PORT` (default 8080).
  public static func fromEnvironment() -> Settings {
    let environment = ProcessInfo.processInfo.environment
    return Settings(
      databasePath: environment["LIBRARY_DATABASE"] ?? "library.sqlite",
      port: environment["LIBRARY_PORT"].flatMap(Int.init) ?? 8080)
  }
}
