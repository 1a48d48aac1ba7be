/// The charges made through one container: a request's child container has its own.
public final class Ledger {
  private var charges: [Int: Int] = [:]

  /// An empty ledger.
  public init() {}

  /// Records that order `order` was charged `cents`.
  func record(order: Int, cents: Int) { charges[order] = cents }

  /// What order `order` was charged, if it was.
  func charged(order: Int) -> Int? { charges[order] }
}
