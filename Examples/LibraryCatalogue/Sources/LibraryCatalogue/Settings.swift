import SquireConfiguration

/// The SQLite file: `library.database` (the environment variable `LIBRARY_DATABASE`).
public enum DatabasePath: Setting {
  /// The key.
  public static let key = "library.database"
  /// Next to the server.
  public static let fallback = "library.sqlite"
}

/// The HTTP port: `library.port` (`LIBRARY_PORT`); 0 picks a free one.
public enum HTTPPort: Setting {
  /// The key.
  public static let key = "library.port"
  /// The default.
  public static let fallback = 8080
}

/// The app's settings, read through SquireConfiguration (checked by `validate()`).
public struct Settings: Sendable {
  /// The SQLite file.
  public var databasePath: String
  /// The HTTP port; 0 picks a free one.
  public var port: Int

  /// Settings given in code.
  public init(databasePath: String, port: Int) {
    self.databasePath = databasePath
    self.port = port
  }
}
