import Core
import Squire

/// What the warehouse holds.
public final class Stock {
  let items: Set<String>

  /// A stock of `items`.
  public init(items: Set<String>) { self.items = items }
}

/// Refuses an item the warehouse does not hold.
public final class StockCheck: OrderCheck {
  let stock: Stock

  /// A check against the warehouse's usual stock.
  public init() { stock = Stock(items: ["tea", "cups", "kettle"]) }

  /// Refuses what is not in stock.
  public func refusal(item: String, cents: Int) -> String? {
    stock.items.contains(item) ? nil : "\(item) is out of stock"
  }
}

/// The orders placed in one container: every desk of the container writes to it.
public final class OrderBook {
  var prices: [Int] = []

  /// An empty book.
  public init() {}
}

/// Takes orders: runs every check (this module's and the others'), charges through whatever
/// provides `PaymentService`, and writes each order to the audit trail.
public final class OrderDesk: OrderService {
  let payments: PaymentService
  let checks: [OrderCheck]
  let book: OrderBook
  let logger: Logger
  @Injected(name: "audit") var audit: Logger

  /// A desk that charges with `payments` once every one of `checks` passes.
  public init(payments: PaymentService, checks: [OrderCheck], book: OrderBook, logger: Logger) {
    self.payments = payments
    self.checks = checks
    self.book = book
    self.logger = logger
  }

  /// Checks, charges and records the order.
  public func place(item: String, cents: Int) -> String {
    if let refusal = checks.lazy.compactMap({ $0.refusal(item: item, cents: cents) }).first {
      logger.log("refused: \(refusal)")
      return "refused: \(refusal)"
    }
    book.prices.append(cents)
    let order = book.prices.count
    audit.log("order \(order): \(item), \(cents) cents")
    return payments.charge(cents: cents, order: order)
  }

  /// The price of an order placed at this desk.
  public func price(of order: Int) -> Int? {
    book.prices.indices.contains(order - 1) ? book.prices[order - 1] : nil
  }
}

/// Logs every charge, around whatever module's `PaymentService` the app appends.
public final class LoggedPayments: PaymentService {
  let inner: PaymentService
  let logger: Logger

  /// Wraps `inner`.
  public init(inner: PaymentService, logger: Logger) {
    self.inner = inner
    self.logger = logger
  }

  /// Charges through `inner`, and logs it.
  public func charge(cents: Int, order: Int) -> String {
    let receipt = inner.charge(cents: cents, order: order)
    logger.log("charged order \(order): \(receipt)")
    return receipt
  }
}
