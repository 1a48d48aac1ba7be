#if BuildPlugin
import Testing

@testable import SquireBuildCore

/// A modular app's graphs in the generated tables: each module describes its own parts
/// (`checkedParts`), and the app's root names the parts of other modules it appends
/// (`graph.part(...)`), so that `validate()` need not walk a root the build checked whole.
@Suite struct ModularCheckedGraphTests {
  /// Core: a protocol of each feature, a logger and its part.
  static let core = [
    "Sources/Core/Core.swift": """
    import Squire

    public protocol Logger: AnyObject {}
    public protocol OrderService: AnyObject {}

    public final class ConsoleLogger: Logger {
      public init() {}
    }

    public enum CorePart: Part {
      public static func load(container: Container) {
        container.register(ConsoleLogger.init).as(Logger.self).lifetime(.single)
      }
    }
    """
  ]

  /// FeatureOrders: an internal order book that logs through Core's logger; `register` is its
  /// part's registration.
  static func orders(
    register: String = "container.register(OrderBook.init).as(OrderService.self)"
  ) -> [String: String] {
    [
      "Sources/FeatureOrders/Orders.swift": """
      import Core
      import Squire

      final class OrderBook: OrderService {
        init(logger: Logger) {}
      }

      public enum OrdersPart: Part {
        public static func load(container: Container) {
          \(register)
        }
      }
      """
    ]
  }

  /// The app: appends `parts` to `made` and registers its checkout.
  static func app(
    parts: [String] = ["CorePart", "OrdersPart"], made: String = "Container()"
  ) -> [String: String] {
    [
      "Sources/App/main.swift": """
      import Core
      import FeatureOrders
      import Squire

      final class Checkout {
        init(orders: OrderService) {}
      }

      let container = \(made)
      \(parts.map { "container.append(part: \($0).self)" }.joined(separator: "\n"))
      container.register(Checkout.init)
      container.validate().requireValid()
      """
    ]
  }

  /// FeatureOrders' generated file, reading Core.
  static func ordersSource(_ orders: [String: String] = orders()) -> String {
    ModularTests.run(
      orders, module: "FeatureOrders", dependencies: [("Core", core)], generate: true
    )
    .generatedSource
  }

  /// App's generated file, reading `dependencies` (by default Core and FeatureOrders).
  static func appSource(
    _ app: [String: String] = app(), orders: [String: String] = orders(),
    dependencies: [String] = ["Core", "FeatureOrders"]
  ) -> (source: String, result: SquireCheck.Result) {
    let modules = [("Core", core), ("FeatureOrders", orders)].filter {
      dependencies.contains($0.0)
    }
    let result = ModularTests.run(app, module: "App", dependencies: modules, generate: true)
    return (result.generatedSource, result)
  }

  @Test func aPartIsDescribedInItsModule() {
    let source = Self.ordersSource()
    #expect(
      source.contains(
        """
          static let checkedParts: [Squire._CheckedPart] = [
            Squire._CheckedPart(OrdersPart.self) { checkedPart0 },
          ]

          /// The part `OrdersPart`, loaded at Orders.swift:9.
          private static let checkedPart0: Squire._CheckedGraph.Content = {
            var graph = Squire._CheckedGraph.Builder(dependencies: 0)
            graph.component("FeatureOrders/Orders.swift", 10, OrderBook.self, .prototype)
            graph.as((any Core.OrderService).self)
            return graph.content
          }()
        """), "\(source)")
    // A part alone is no container the module checked whole.
    #expect(!source.contains("checkedGraphs"), "\(source)")
    // Core's part too, in Core's build.
    let core = ModularTests.run(Self.core, module: "Core", dependencies: [], generate: true)
    #expect(
      core.generatedSource.contains("Squire._CheckedPart(CorePart.self) { checkedPart0 }"),
      "\(core.generatedSource)")
  }

  @Test func aRootThatAppendsDescribedPartsNamesThem() {
    let (source, result) = Self.appSource()
    #expect(result.problems.isEmpty && result.warnings.isEmpty, "\(result.lines)")
    #expect(
      source.contains(
        """
          static let checkedGraphs: [Squire._CheckedGraph] = [
            Squire._CheckedGraph(registrations: 3) { checkedGraph0 },
          ]

          /// The container made at main.swift:9.
          private static let checkedGraph0: Squire._CheckedGraph.Content = {
            var graph = Squire._CheckedGraph.Builder(dependencies: 2)
            graph.component("App/main.swift", 12, Checkout.self, .prototype)
            graph.part(Core.CorePart.self)
            graph.part(FeatureOrders.OrdersPart.self)
            return graph.content
          }()
        """), "\(source)")
    // Its `append(part:)` remembers the table, which a root that only appends parts needs.
    #expect(source.contains("_append(part: part, from: SquireGeneratedFactories.self)"))
  }

  @Test func aRootThatOnlyAppendsPartsIsDescribed() {
    let app = [
      "Sources/App/main.swift": """
      import Core
      import FeatureOrders
      import Squire

      let container = Container()
      container.append(part: CorePart.self)
      container.append(part: OrdersPart.self)
      container.validate().requireValid()
      """
    ]
    let (source, _) = Self.appSource(app)
    #expect(
      source.contains("Squire._CheckedGraph(registrations: 2) { checkedGraph0 }"), "\(source)")
    #expect(source.contains("graph.part(FeatureOrders.OrdersPart.self)"), "\(source)")
  }

  @Test func aPartOfTheRootsOwnModuleIsListedAsItsRegistrations() {
    let app = [
      "Sources/App/main.swift": """
      import Core
      import FeatureOrders
      import Squire

      let container = Container()
      container.append(part: CorePart.self)
      container.append(part: ScreensPart.self)
      container.append(part: OrdersPart.self)
      container.validate().requireValid()
      """,
      "Sources/App/Screens.swift": """
      import Core
      import Squire

      final class Checkout {
        init(orders: OrderService) {}
      }

      enum ScreensPart: Part {
        static func load(container: Container) {
          container.register(Checkout.init)
        }
      }
      """,
    ]
    let (source, result) = Self.appSource(app)
    #expect(result.problems.isEmpty && result.warnings.isEmpty, "\(result.lines)")
    #expect(
      source.contains(
        """
            var graph = Squire._CheckedGraph.Builder(dependencies: 2)
            graph.component("App/Screens.swift", 10, Checkout.self, .prototype)
            graph.part(Core.CorePart.self)
            graph.part(FeatureOrders.OrdersPart.self)
            return graph.content
        """), "\(source)")
    // The app's own part is described too, for a module that would append it.
    #expect(source.contains("Squire._CheckedPart(ScreensPart.self) { checkedPart0 }"))
  }

  /// The app as `appSource()` makes it, which is described: each test below changes one thing.
  static var describedRoot: Bool {
    appSource().source.contains("graph.part(FeatureOrders.OrdersPart.self)")
  }

  @Test func aPartWhoseRegistrationIsNotExactIsNotDescribedNorItsRoot() {
    #expect(Self.describedRoot)
    #expect(Self.ordersSource().contains("checkedParts"))
    // Registered or not depending on the run.
    let orders = Self.orders(
      register: """
        if Bool.random() { container.register(OrderBook.init).as(OrderService.self) }
        """)
    #expect(!Self.ordersSource(orders).contains("checkedParts"))
    let (source, _) = Self.appSource(orders: orders)
    #expect(!source.contains("checkedGraphs"), "\(source)")
  }

  @Test func aPartOfAModuleTheToolDoesNotReadLeavesTheRootToTheWalk() {
    #expect(Self.describedRoot)
    let (source, result) = Self.appSource(dependencies: ["Core"])
    #expect(result.problems.isEmpty, "\(result.lines)")
    #expect(!source.contains("checkedGraphs"), "\(source)")
  }

  @Test func aRootWithAProblemIsNotDescribed() {
    #expect(Self.describedRoot)
    // Nothing provides the logger the order book needs.
    let (source, result) = Self.appSource(Self.app(parts: ["OrdersPart"]))
    #expect(!result.problems.isEmpty)
    #expect(!source.contains("checkedGraphs"), "\(source)")
  }

  @Test func aRootWhoseDefaultLifetimeChangesAPartsComponentIsNotDescribed() {
    #expect(Self.describedRoot)
    // The order book is `.single` here, `.prototype` as its module describes it.
    let (source, result) = Self.appSource(Self.app(made: "Container(defaultLifetime: .single)"))
    #expect(result.problems.isEmpty && result.warnings.isEmpty, "\(result.lines)")
    #expect(!source.contains("checkedGraphs"), "\(source)")
  }

  @Test func aPartThatAppendsAnotherIsNotDescribed() {
    #expect(Self.describedRoot)
    let orders = Self.orders(
      register: """
        container.append(part: CorePart.self)
          container.register(OrderBook.init).as(OrderService.self)
        """)
    #expect(!Self.ordersSource(orders).contains("checkedParts"))
    let (source, _) = Self.appSource(Self.app(parts: ["OrdersPart"]), orders: orders)
    #expect(!source.contains("checkedGraphs"), "\(source)")
  }
}
#endif
