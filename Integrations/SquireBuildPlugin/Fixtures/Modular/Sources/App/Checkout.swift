import Core

/// The app's own screen: places a few orders through whatever provides `OrderService`.
final class Checkout {
  let orders: OrderService
  let logger: Logger

  init(orders: OrderService, logger: Logger) {
    self.orders = orders
    self.logger = logger
  }

  /// Places the day's orders; returns what each came to.
  func run() -> [String] {
    logger.log("checkout opens")
    return [("tea", 300), ("piano", 900), ("kettle", 200_000)].map { item, cents in
      "\(item): \(orders.place(item: item, cents: cents))"
    }
  }
}
