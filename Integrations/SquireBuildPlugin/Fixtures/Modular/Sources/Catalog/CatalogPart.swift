import Squire

/// What a shop prices its goods with.
public protocol Prices: AnyObject, Sendable {
  /// The price of `item`, in cents.
  func price(of item: String) -> Int
}

/// The goods on sale, loaded once.
final class Shelf: Sendable {
  let items = ["tea": 300, "kettle": 2_500]
}

/// Prices read from the shelf.
final class PriceBook: Prices {
  let shelf: Shelf
  init(shelf: Shelf) { self.shelf = shelf }
  func price(of item: String) -> Int { shelf.items[item] ?? 0 }
}

/// The catalog feature: its types are internal, and the part that registers them is what other
/// modules see. Its module describes it (`checkedParts`), so that a root that appends it can
/// skip `validate()`'s walk.
public enum CatalogPart: Part {
  /// Registers the shelf, once, and the price book as `Prices`.
  public static func load(container: Container) {
    container.register(Shelf.init).lifetime(.single)
    container.register(PriceBook.init).as(Prices.self)
  }
}
