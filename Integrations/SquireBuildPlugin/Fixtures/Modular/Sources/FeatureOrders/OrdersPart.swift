import Core
import Squire

/// The orders feature: the desk, its book, its stock check, and the logging around payments. It
/// needs a `PaymentService`, which another module's part provides.
public struct OrdersPart: Part {
  /// Registers the desk as `OrderService`, the stock check among every `OrderCheck`, and a
  /// decorator of `PaymentService`.
  public static func load(container: Container) {
    container.register(OrderBook.init).lifetime(.perContainer)
    container.register(StockCheck.init).as(OrderCheck.self)
    container.register { OrderDesk(payments: $0, checks: many($1), book: $2, logger: $3) }
      .as(OrderService.self)
    container.decorate(PaymentService.self) { LoggedPayments(inner: $0, logger: $1) }
  }
}
