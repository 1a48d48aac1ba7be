import Foundation

/// The bound of an exit test whose fault, before its fix, is a hang or memory that grows without
/// end: ends the child process with status 3 after `seconds`, or with status 4 as soon as it
/// holds more than `megabytes` of memory, so that the test fails instead of stalling CI or
/// taking the machine's memory. Call it first in the exit test's body. The bounds are loose
/// enough for the sanitizers' runs (CI runs the suite under Thread and Address Sanitizer, which
/// slow the child and add their own memory): a fault still passes them within seconds.
enum Watchdog {
  static func start(seconds: Double = 120, megabytes: Int = 3072) {
    let thread = Thread {
      let deadline = Date().addingTimeInterval(seconds)
      while Date() < deadline {
        if let resident = residentMegabytes(), resident > megabytes {
          FileHandle.standardError.write(Data("watchdog: over \(megabytes) MB\n".utf8))
          _exit(4)
        }
        usleep(5_000)
      }
      FileHandle.standardError.write(Data("watchdog: still running after \(seconds) s\n".utf8))
      _exit(3)
    }
    thread.start()
  }

  /// The process's resident memory, where the system says it (`/proc/self/statm`).
  private static func residentMegabytes() -> Int? {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return nil
    }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(getpagesize()) / (1 << 20)
  }
}
