import Core

/// Refunds orders: asks the orders feature, through `OrderService`, what an order cost.
public final class RefundDesk {
  let orders: OrderService
  let ledger: Ledger
  /// The audit trail, set by the container (`.injection(name: "audit")`).
  public var logger: Logger!

  /// A desk that refunds what `orders` and `ledger` agree was charged.
  public init(orders: OrderService, ledger: Ledger) {
    self.orders = orders
    self.ledger = ledger
  }

  /// Refunds order `order`, when it was charged what it cost.
  public func refund(order: Int) -> String {
    guard let price = orders.price(of: order), ledger.charged(order: order) == price else {
      return "nothing to refund for order \(order)"
    }
    logger.log("refunded order \(order): \(price) cents")
    return "refunded \(price) cents for order \(order)"
  }
}
