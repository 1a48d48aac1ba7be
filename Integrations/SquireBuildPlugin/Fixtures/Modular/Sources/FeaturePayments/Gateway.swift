import Synchronization

/// Talks to the card network: one for the whole app.
public final class Gateway: Sendable {
  private let sent = Atomic<Int>(0)

  /// A gateway to the card network.
  public init() {}

  /// Sends a charge of `cents`; returns its reference.
  func send(cents: Int) -> String {
    "ch_\(sent.add(1, ordering: .relaxed).newValue)"
  }
}
