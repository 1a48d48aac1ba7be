import Core

/// Charges by card.
public final class CardPayments: PaymentService {
  let gateway: Gateway
  let ledger: Ledger

  /// Charges through `gateway` and records each charge in `ledger`.
  public init(gateway: Gateway, ledger: Ledger) {
    self.gateway = gateway
    self.ledger = ledger
  }

  /// Charges and records.
  public func charge(cents: Int, order: Int) -> String {
    ledger.record(order: order, cents: cents)
    return "\(gateway.send(cents: cents)): \(cents) cents for order \(order)"
  }
}

/// Refuses a large order: the payments feature's own check of every order.
public final class FraudCheck: OrderCheck {
  let request: RequestContext

  /// A check for the request `request`.
  public init(request: RequestContext) { self.request = request }

  /// Refuses more than 1,000.00 in one order.
  public func refusal(item: String, cents: Int) -> String? {
    cents > 100_000 ? "request \(request.number): \(item) is over the limit" : nil
  }
}
