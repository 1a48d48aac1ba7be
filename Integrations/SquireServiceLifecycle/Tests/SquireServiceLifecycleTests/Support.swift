#if ServiceLifecycle
import Synchronization

/// Counts instances alive and records cleanups and lifecycle events, for one test.
final class Tracker: Sendable {
  private struct State {
    var alive = 0
    var made = 0
    var closed: [Int] = []
    var events: [String] = []
  }
  private let state = Mutex(State())

  func made() -> Int {
    state.withLock {
      $0.alive += 1
      $0.made += 1
      return $0.made
    }
  }
  func released() { state.withLock { $0.alive -= 1 } }
  func closed(_ id: Int) { state.withLock { $0.closed.append(id) } }
  func record(_ event: String) { state.withLock { $0.events.append(event) } }

  var alive: Int { state.withLock { $0.alive } }
  var madeCount: Int { state.withLock { $0.made } }
  var closedIDs: [Int] { state.withLock { $0.closed } }
  var events: [String] { state.withLock { $0.events } }
}
#endif
