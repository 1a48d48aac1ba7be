/// Where the app writes what it does.
public protocol Logger: AnyObject, Sendable {
  /// Writes one line.
  func log(_ line: String)
  /// Every line written so far, oldest first.
  var lines: [String] { get }
}

/// Charges for orders.
public protocol PaymentService: AnyObject {
  /// Charges `cents` for order `order`; returns the receipt.
  func charge(cents: Int, order: Int) -> String
}

/// Takes orders.
public protocol OrderService: AnyObject {
  /// Places an order of `item` at `cents`: its receipt, or why it was refused.
  func place(item: String, cents: Int) -> String
  /// The price of order `order`, when it was placed.
  func price(of order: Int) -> Int?
}

/// One check an order passes before it is charged: each feature module adds its own.
public protocol OrderCheck {
  /// Why the order is refused, or `nil`.
  func refusal(item: String, cents: Int) -> String?
}
