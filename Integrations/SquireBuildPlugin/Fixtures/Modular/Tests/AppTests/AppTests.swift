import Composition
import Core
import Squire
import Testing

/// Charges nothing, and remembers what it was asked to charge.
final class FakePayments: PaymentService {
  var charged: [Int] = []

  func charge(cents: Int, order: Int) -> String {
    charged.append(cents)
    return "fake charge of \(cents) cents"
  }
}

@Test func theAppsRootIsValid() throws {
  try Composition.makeAppContainer().validate().requireValid()
}

@Test func aChildContainerReplacesThePaymentService() throws {
  let app = Composition.makeAppContainer()
  let test = Container(parent: app)
  test.register(FakePayments.init).as(PaymentService.self).lifetime(.perContainer)
  try test.validate().requireValid()

  let orders = test.resolve(OrderService.self)
  #expect(orders.place(item: "tea", cents: 300) == "fake charge of 300 cents")
  #expect(orders.place(item: "piano", cents: 900) == "refused: piano is out of stock")
  #expect(test.resolve(FakePayments.self).charged == [300])
  requestScope.close()
}
