import Catalog
import Squire

/// The shop's one screen: a price tag.
final class Storefront {
  let prices: any Prices
  init(prices: any Prices) { self.prices = prices }
}

// A root that appends another module's part and registers its own screen: the build checks it
// whole, and `validate()` finds the graph the build checked (the catalog's part as its module
// described it) instead of walking it.
let container = Container()
container.append(part: CatalogPart.self)
container.register(Storefront.init)

let report = container.validate()
try report.requireValid()
print(
  "validate(): \(report.componentCount) components, "
    + "checked at build time: \(report.checkedAtBuildTime)")
print("tea: \(container.resolve(Storefront.self).prices.price(of: "tea")) cents")
