import Composition
import Core
import FeaturePayments
import Squire

// The root is built in Composition; the app adds its own screen, checks the whole graph at
// start-up, and runs one request.
let container = Composition.makeAppContainer()
container.register(Checkout.init)

let report = container.validate()
print("validate(): \(report.componentCount) components, \(report.problems.count) problems")
try report.requireValid()

let checkout = container.resolve(Checkout.self)
for line in checkout.run() { print(line) }
print(container.resolve(RefundDesk.self).refund(order: 1))
for line in container.resolve(Logger.self, name: "audit").lines { print(line) }
requestScope.close()
