#if BuildPlugin
/// Where something is written: a file, a line and a column, all counted from 1.
public struct Location: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The path, as the tool was given it.
  public let file: String
  /// The line, from 1.
  public let line: Int
  /// The column, from 1.
  public let column: Int

  init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column`, as compilers print it.
  public var description: String { "\(file):\(line):\(column)" }

  /// In file order.
  public static func < (left: Location, right: Location) -> Bool {
    (left.file, left.line, left.column) < (right.file, right.line, right.column)
  }
}

/// One line of output: `path:line:column: error: message`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// How bad it is: an `error` fails the build.
  public enum Severity: String, Sendable {
    /// Fails the build.
    case error
    /// Shows in the build, does not fail it.
    case warning
    /// Says more about the error or warning before it.
    case note
  }

  /// Where it points.
  public let location: Location
  /// Its severity.
  public let severity: Severity
  /// What it says.
  public let message: String

  init(_ severity: Severity, at location: Location, _ message: String) {
    self.location = location
    self.severity = severity
    self.message = message
  }

  /// The line to print: `path:line:column: error: message`.
  public var description: String { "\(location): \(severity.rawValue): \(message)" }
}

/// An error or a warning with the notes that go with it.
public struct Problem: Hashable, Sendable {
  /// The error, at the `register` call (or the `.as`) that causes it.
  public let diagnostic: Diagnostic
  /// The path, why, the fix, and a note at each component on the way.
  public let notes: [Diagnostic]

  /// The error, then its notes.
  public var lines: [Diagnostic] { [diagnostic] + notes }
}
#endif
