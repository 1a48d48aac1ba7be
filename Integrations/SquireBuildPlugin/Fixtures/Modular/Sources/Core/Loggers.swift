import Synchronization

/// Writes to standard output, and keeps what it wrote.
public final class ConsoleLogger: Logger {
  private let written = Mutex<[String]>([])

  /// A logger for the console.
  public init() {}

  /// Prints `line` and keeps it.
  public func log(_ line: String) {
    written.withLock { $0.append(line) }
    print("log: \(line)")
  }

  /// Every line written so far.
  public var lines: [String] { written.withLock { $0 } }
}

/// Keeps what it is told for the auditors; prints nothing.
public final class AuditLogger: Logger {
  private let written = Mutex<[String]>([])

  /// An empty audit trail.
  public init() {}

  /// Keeps `line` in the trail.
  public func log(_ line: String) {
    written.withLock { $0.append("audit: \(line)") }
  }

  /// The trail so far.
  public var lines: [String] { written.withLock { $0 } }
}
