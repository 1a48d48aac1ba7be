import Core
import Squire

/// The payments feature: cards, refunds and a fraud check. Refunds need an `OrderService`,
/// which another module's part provides.
public struct PaymentsPart: Part {
  /// Registers the card payments as `PaymentService`, the fraud check among every
  /// `OrderCheck`, and the refund desk with the audit trail injected.
  public static func load(container: Container) {
    container.register(Gateway.init).lifetime(.single)
    container.register(Ledger.init).lifetime(.perContainer)
    container.register(CardPayments.init).as(PaymentService.self)
    container.register(FraudCheck.init).as(OrderCheck.self)
    container.register(RefundDesk.init).injection(name: "audit") { $0.logger = $1 }
  }
}
