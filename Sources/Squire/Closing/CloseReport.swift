/// What closing a container or a scope's period did: how many cleanups ran, and each one that
/// failed. A failing cleanup does not stop the others.
///
/// ```swift
/// let report = await container.close()
/// for failure in report.failures {
///   logger.error("\(failure)")   // "`Pool`'s cleanup failed: connection reset"
/// }
/// ```
public struct CloseReport: Sendable, CustomStringConvertible {
  /// One cleanup that did not complete.
  public struct Failure: Sendable, CustomStringConvertible {
    /// The component whose instance's cleanup failed.
    public let component: String
    /// What went wrong: the error the cleanup threw, or ``CleanupNeedsAwait`` for an async
    /// cleanup that a synchronous `close()` cannot run.
    public let error: any Error

    /// "`Pool`'s cleanup failed: ...", written for a log.
    public var description: String {
      "`\(component)`'s cleanup failed: \(error)"
    }
  }

  /// How many cleanups ran to the end.
  public let completed: Int
  /// The cleanups that threw, or could not run, in the order they were tried.
  public let failures: [Failure]

  /// Whether every cleanup ran to the end.
  public var isClean: Bool { failures.isEmpty }

  /// A summary: how many cleanups ran, and every failure on a line of its own.
  public var description: String {
    var lines = ["closed: \(completed) cleanup\(completed == 1 ? "" : "s") ran"]
    if !failures.isEmpty {
      lines[0] += ", \(failures.count) failed"
      lines += failures.map { "  - \($0)" }
    }
    return lines.joined(separator: "\n")
  }

  static var empty: CloseReport { CloseReport(completed: 0, failures: []) }

  func merged(with other: CloseReport) -> CloseReport {
    // Most reports have no failures: no arrays joined.
    if other.failures.isEmpty {
      return CloseReport(completed: completed + other.completed, failures: failures)
    }
    if failures.isEmpty {
      return CloseReport(completed: completed + other.completed, failures: other.failures)
    }
    return CloseReport(completed: completed + other.completed, failures: failures + other.failures)
  }
}

/// The error a synchronous `close()` reports for an async cleanup (`.onClose { await ... }`),
/// which only `await close()` can run. The instance is released without it.
public struct CleanupNeedsAwait: Error, CustomStringConvertible {
  /// "its cleanup is async: call `await close()`".
  public var description: String {
    "its cleanup is async, and a synchronous `close()` cannot run it: call `await close()`"
  }
}
