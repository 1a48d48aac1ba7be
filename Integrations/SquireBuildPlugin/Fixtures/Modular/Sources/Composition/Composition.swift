import Core
import FeatureOrders
import FeaturePayments
import Squire

/// The app's composition root, in a library, so that the app and its tests build the same one.
public enum Composition {
  /// The app's container: the core's part and both features'.
  public static func makeAppContainer() -> Container {
    let container = Container()
    container.append(part: CorePart.self)
    container.append(part: OrdersPart.self)
    container.append(part: PaymentsPart.self)
    return container
  }
}
