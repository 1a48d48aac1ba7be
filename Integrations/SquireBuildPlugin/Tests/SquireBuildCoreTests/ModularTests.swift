#if BuildPlugin
import Testing

@testable import SquireBuildCore

/// A modular app, as the plugin hands it to the tool: a target's own files, and the files of
/// the first-party modules it depends on (`--dependency`).
@Suite struct ModularTests {
  /// Core: protocols, two loggers, a request scope, and its part.
  static let core = [
    "Sources/Core/Core.swift": """
    import Squire

    public protocol Logger: AnyObject { func log(_ line: String) }
    public protocol PaymentService: AnyObject {}
    public protocol OrderService: AnyObject {}
    public let requestScope = Scope("request")

    public final class ConsoleLogger: Logger {
      public init() {}
      public func log(_ line: String) {}
    }
    public final class AuditLogger: Logger {
      public init() {}
      public func log(_ line: String) {}
    }
    public final class RequestContext {
      public init() {}
    }

    public enum CorePart: Part {
      public static func load(container: Container) {
        container.register(ConsoleLogger.init).as(Logger.self).lifetime(.single)
        container.register(AuditLogger.init).as(Logger.self, name: "audit").lifetime(.single)
        container.register(RequestContext.init).lifetime(.scoped(requestScope))
      }
    }
    """
  ]

  /// FeatureOrders: an order service that pays through Core's `PaymentService`.
  static func orders(_ extra: String = "", register: String = "") -> [String: String] {
    [
      "Sources/FeatureOrders/Orders.swift": """
      import Core
      import Squire

      final class OrderBook: OrderService {
        init(payments: PaymentService, logger: Logger) {}
      }
      \(extra)
      public enum OrdersPart: Part {
        public static func load(container: Container) {
          container.register(OrderBook.init).as(OrderService.self)
      \(register)  }
      }
      """
    ]
  }

  /// FeaturePayments: a payment service that logs to the audit log.
  static func payments(_ body: String = "", register: String = "") -> [String: String] {
    [
      "Sources/FeaturePayments/Payments.swift": """
      import Core
      import Squire

      final class CardPayments: PaymentService {
        var audit: Logger!
        init(logger: Logger) {}
      \(body)}

      public enum PaymentsPart: Part {
        public static func load(container: Container) {
          container.register(CardPayments.init).as(PaymentService.self)
            .injection(name: "audit") { $0.audit = $1 }
      \(register)  }
      }
      """
    ]
  }

  /// The app: appends the three parts and resolves its root.
  static func app(parts: [String] = ["CorePart", "OrdersPart", "PaymentsPart"]) -> [String: String]
  {
    [
      "Sources/App/main.swift": """
      import Core
      import FeatureOrders
      import FeaturePayments
      import Squire

      final class Checkout {
        init(orders: OrderService) {}
      }

      let container = Container()
      \(parts.map { "container.append(part: \($0).self)" }.joined(separator: "\n"))
      container.register(Checkout.init)
      container.validate().requireValid()
      let checkout: Checkout = container.resolve()
      """
    ]
  }

  static func run(
    _ target: [String: String], module: String, dependencies: [(String, [String: String])],
    generate: Bool = false
  ) -> SquireCheck.Result {
    func files(_ files: [String: String]) -> [(path: String, text: String)] {
      files.sorted { $0.key < $1.key }.map { (path: $0.key, text: $0.value) }
    }
    return SquireCheck.run(
      files: files(target), module: module,
      dependencies: dependencies.map { SquireCheck.Module(name: $0.0, files: files($0.1)) },
      generate: generate)
  }

  /// App's check, reading the three modules it depends on.
  static func appCheck(
    orders: [String: String] = orders(), payments: [String: String] = payments(),
    app: [String: String] = app(), generate: Bool = false
  ) -> SquireCheck.Result {
    run(
      app, module: "App",
      dependencies: [("Core", core), ("FeatureOrders", orders), ("FeaturePayments", payments)],
      generate: generate)
  }

  @Test func theCorrectAppIsCheckedWholeAndClean() {
    let result = Self.appCheck()
    #expect(result.problems.isEmpty, "\(result.problems)")
    #expect(result.skipped.isEmpty, "\(result.skipped)")
    // The root holds every appended part's registrations, App's own after them.
    #expect(result.graphs.count == 1)
    #expect(result.graphs.first?.registrations.count == 6)
    #expect(result.graphs.first?.isOpen == false)
  }

  @Test func aMissingDependencyInAFeatureModuleFailsTheAppAtItsLine() {
    let result = Self.appCheck(
      orders: Self.orders(
        """
        final class Shipping {
          init(carrier: Carrier) {}
        }
        public protocol Carrier {}
        """,
        register: "    container.register(Shipping.init)\n"))
    #expect(
      result.problems.map(\.diagnostic.description) == [
        "Sources/FeatureOrders/Orders.swift:14:15: error: Missing dependency: nothing provides "
          + "`Carrier`, which `Shipping` needs."
      ])
  }

  @Test func aPartNeverAppendedIsNamed() {
    let result = Self.appCheck(app: Self.app(parts: ["CorePart", "OrdersPart"]))
    let problem = result.problems.first
    #expect(
      result.problems.map(\.diagnostic.description) == [
        "Sources/FeatureOrders/Orders.swift:10:15: error: Missing dependency: nothing provides "
          + "`PaymentService`, which `OrderBook` needs."
      ])
    let notes = problem?.notes.map(\.message) ?? []
    #expect(
      notes.contains(
        "`PaymentsPart` in FeaturePayments registers `PaymentService`, and this container "
          + "never appends it"), "\(notes)")
    #expect(notes.contains { $0.contains("container.append(part: PaymentsPart.self)") })
    // The path goes through App's root to the feature module's component.
    #expect(notes.first == "path: Checkout → OrderBook → PaymentService")
  }

  @Test func aCaptiveAcrossModules() {
    let result = Self.appCheck(
      payments: Self.payments().mapValues {
        $0.replacing(
          "init(logger: Logger) {}", with: "init(logger: Logger, context: RequestContext) {}"
        )
        .replacing(
          ".as(PaymentService.self)\n", with: ".as(PaymentService.self).lifetime(.single)\n")
      })
    #expect(
      result.problems.map(\.diagnostic.description) == [
        "Sources/FeaturePayments/Payments.swift:11:15: error: Captive dependency: "
          + "`CardPayments` (.single) holds `RequestContext` (.scoped(requestScope))."
      ], "\(result.problems)")
  }

  @Test func aCycleBetweenTwoFeatureModules() {
    let result = Self.appCheck(
      payments: Self.payments().mapValues {
        $0.replacing(
          "init(logger: Logger) {}", with: "init(logger: Logger, orders: OrderService) {}")
      })
    #expect(result.problems.count == 1)
    #expect(result.problems.first?.diagnostic.message.hasPrefix("Cycle") == true)
    let locations = Set(
      (result.problems.first.map { [$0.diagnostic] + $0.notes } ?? []).map(\.location.file))
    #expect(locations.contains("Sources/FeaturePayments/Payments.swift"), "\(locations)")
    #expect(locations.contains("Sources/FeatureOrders/Orders.swift"), "\(locations)")
  }

  @Test func aNameTypoIntoAnImplicitlyUnwrappedPropertyFailsAtTheName() {
    let result = Self.appCheck(
      payments: Self.payments().mapValues {
        $0.replacing("name: \"audit\"", with: "name: \"adit\"")
      })
    #expect(
      result.problems.map(\.diagnostic.description) == [
        "Sources/FeaturePayments/Payments.swift:12:24: error: Unknown name: no registration "
          + "carries the name \"adit\", which `CardPayments` asks for as `Logger?`."
      ], "\(result.problems)")
    #expect(
      result.problems.first?.notes.map(\.message).contains("close matches: \"audit\"") == true)
  }

  @Test func aNameTypoInAnInjectedPropertyFailsAtTheAttribute() {
    let result = Self.appCheck(
      payments: Self.payments(
        """
          @Injected(name: "adit") var auditLog: Logger
          @Injected(name: "audit") var kept: Logger
          @Injected(name: "nobody") var optional: Logger?

        """))
    #expect(
      result.problems.map(\.diagnostic.description) == [
        "Sources/FeaturePayments/Payments.swift:7:3: error: Unknown name: nothing provides "
          + "`Logger` under the name \"adit\", which `CardPayments` needs.",
        "Sources/FeaturePayments/Payments.swift:9:3: error: Unknown name: no registration "
          + "carries the name \"nobody\", which `CardPayments` asks for as `Logger?`.",
      ], "\(result.problems)")
    #expect(
      result.problems.first?.notes.map(\.message).contains("close matches: \"audit\"") == true)
  }

  @Test func aRootMadeInALibraryFunctionIsCheckedWhereTheAppCallsIt() {
    let composition = [
      "Sources/Composition/Composition.swift": """
      import Core
      import FeatureOrders
      import FeaturePayments
      import Squire

      public enum Composition {
        public static func makeAppContainer() -> Container {
          let container = Container()
          container.append(part: CorePart.self)
          container.append(part: OrdersPart.self)
          return container
        }
      }
      """
    ]
    let app = [
      "Sources/App/main.swift": """
      import Composition
      import Core
      import Squire

      let container = Composition.makeAppContainer()
      container.validate().requireValid()
      let orders: OrderService = container.resolve()
      """
    ]
    let result = Self.run(
      app, module: "App",
      dependencies: [
        ("Composition", composition), ("Core", Self.core), ("FeatureOrders", Self.orders()),
        ("FeaturePayments", Self.payments()),
      ])
    #expect(
      result.problems.map(\.diagnostic.description) == [
        "Sources/FeatureOrders/Orders.swift:10:15: error: Missing dependency: nothing provides "
          + "`PaymentService`, which `OrderBook` needs."
      ])
    #expect(
      result.problems.first?.notes.contains {
        $0.message.contains("`PaymentsPart` in FeaturePayments registers `PaymentService`")
      } == true)
    // The library's own build does not check a root it returns to code it cannot see; the
    // app's build does.
    let library = Self.run(
      composition, module: "Composition",
      dependencies: [
        ("Core", Self.core), ("FeatureOrders", Self.orders()),
        ("FeaturePayments", Self.payments()),
      ])
    #expect(library.problems.isEmpty)
  }

  @Test func aLibraryBuildChecksWhatItsPartsAloneShow() {
    // A cycle inside PaymentsPart: the library's own build fails at its line.
    let cyclic = Self.payments(
      "",
      register: """
            container.register(Ledger.init)
            container.register(Journal.init)

        """
    ).mapValues {
      $0 + """

        final class Ledger { init(journal: Journal) {} }
        final class Journal { init(ledger: Ledger) {} }
        """
    }
    let result = Self.run(cyclic, module: "FeaturePayments", dependencies: [("Core", Self.core)])
    #expect(result.problems.count == 1, "\(result.problems)")
    #expect(result.problems.first?.diagnostic.message.hasPrefix("Cycle") == true)
    #expect(
      result.problems.first?.diagnostic.location.file == "Sources/FeaturePayments/Payments.swift")
    // What only another part provides (`Logger`, from CorePart) is left to the apps: silent.
    let clean = Self.run(
      Self.payments(), module: "FeaturePayments", dependencies: [("Core", Self.core)])
    #expect(clean.problems.isEmpty, "\(clean.problems)")
    #expect(clean.skipped.isEmpty, "\(clean.skipped)")
    // The same with no module read at all: nothing is known of Core, still silent.
    let alone = Self.run(Self.payments(), module: "FeaturePayments", dependencies: [])
    #expect(alone.problems.isEmpty, "\(alone.problems)")
  }

  @Test func aLibraryBuildReportsACaptiveAndAWrongForwardInsideAPart() {
    let part = [
      "Sources/Feature/Feature.swift": """
      import Squire

      public protocol Store {}
      final class Memory {}
      final class Disk {}
      final class Session { init(memory: Memory) {} }
      let session = Scope("session")

      public enum FeaturePart: Part {
        public static func load(container: Container) {
          container.register(Memory.init).lifetime(.scoped(session))
          container.register(Session.init).lifetime(.single)
          container.register(Disk.init).as(Store.self)
        }
      }
      """
    ]
    let result = Self.run(part, module: "Feature", dependencies: [])
    #expect(
      result.problems.map(\.diagnostic.message).map { String($0.prefix(18)) }.sorted() == [
        "Captive dependency", "Wrong forward: `Di",
      ], "\(result.problems)")
  }

  @Test func typesOfOtherModulesGetGeneratedFactoriesWhenPublic() {
    let core = [
      "Sources/Core/Core.swift": """
      public protocol Logger: AnyObject {}
      public final class ConsoleLogger: Logger {
        public init() {}
      }
      public final class Clock {
        init() {}
      }
      public final class Ledger {
        public init(logger: Logger) {}
      }
      """
    ]
    let app = [
      "Sources/App/main.swift": """
      import Core
      import Squire

      final class Report {
        init(logger: Logger, ledger: Ledger) {}
      }
      let container = Container()
      container.register(ConsoleLogger.init).as(Logger.self)
      container.register(Ledger.init)
      container.register(Clock.init)
      container.register(Report.init)
      let report: Report = container.resolve()
      """
    ]
    let result = Self.run(app, module: "App", dependencies: [("Core", core)], generate: true)
    #expect(result.problems.isEmpty, "\(result.problems)")
    #expect(result.generatedSummary == "3 of 4 registrations have generated factories")
    #expect(
      result.generatedList.map(\.message).contains {
        $0.contains("`Clock`") && $0.contains("its initializer is not public in Core")
      }, "\(result.generatedList)")
    let source = Generator.source(for: result)
    #expect(source.contains("Core.ConsoleLogger()"), "\(source)")
    #expect(source.contains("any Core.Logger"), "\(source)")
  }

  @Test func aTypeOfAModuleTheToolDoesNotReadSaysSo() {
    let app = [
      "Sources/App/main.swift": """
      import Logging
      import Squire

      let container = Container()
      container.register { Logging.Logger(label: "app") }
      """
    ]
    let result = Self.run(app, module: "App", dependencies: [])
    #expect(
      result.generatedList.map(\.message).contains {
        $0.contains("the tool does not read the module that declares it (a package fetched by URL")
      }, "\(result.generatedList)")
  }

  /// The list says which type of a module the tool does not read kept a factory out.
  @Test func aTypeOfAnUnreadModuleIsNamedInTheReason() {
    let app = [
      "Sources/App/main.swift": """
      import Logging
      import ServiceLifecycle
      import Squire

      final class Database: Service {
        init() {}
        func run() async throws {}
      }
      final class Store {
        init(logger: Logger) {}
      }
      let container = Container()
      container.register(Database.init)
      container.register(Store.init)
      """
    ]
    let list = Self.run(app, module: "App", dependencies: []).generatedList.map(\.message)
    #expect(
      list.contains {
        $0.contains(
          "`Database`: it inherits `Service`, declared in a module the tool does not read (a "
            + "package fetched by URL")
      }, "\(list)")
    #expect(
      list.contains {
        $0.contains(
          "`Store`: the tool cannot name `Logger`, a parameter's type: it is declared in a")
      }, "\(list)")
  }

  @Test func aNameDeclaredInTwoModulesIsNeverAFalseError() {
    let other = [
      "Sources/Other/Other.swift": """
      import Squire
      public final class Store { public init() {} }
      """
    ]
    let app = [
      "Sources/App/main.swift": """
      import Squire

      final class Store { init() {} }
      final class Screen { init(store: Store) {} }
      let container = Container()
      container.register(Store.init)
      container.register(Screen.init)
      container.validate().requireValid()
      """
    ]
    let result = Self.run(app, module: "App", dependencies: [("Other", other)], generate: true)
    #expect(result.problems.isEmpty, "\(result.problems)")
  }

  /// One part name in the target and in a module it reads: the target's own is the one
  /// appended, as in Swift; in two modules it reads, the tool says it cannot tell.
  @Test func aPartNameInTwoModules() {
    func wiring(_ module: String, _ registrations: String) -> [String: String] {
      [
        "Sources/\(module)/Wiring.swift": """
        import Squire

        public final class \(module)Service { public init() {} }
        public enum Wiring: Part {
          public static func load(container: Container) {
            \(registrations)
          }
        }
        """
      ]
    }
    let app = [
      "Sources/App/main.swift": """
      import Squire

      final class Needy { init(service: FeatureService) {} }
      let container = Container()
      container.append(part: Wiring.self)
      container.register(Needy.init)
      """
    ]
    let own = Self.run(
      app.merging(wiring("App", "container.register(AppService.init)")) { $1 }, module: "App",
      dependencies: [("Feature", wiring("Feature", "container.register(FeatureService.init)"))])
    #expect(
      own.problems.map(\.diagnostic.message) == [
        "Missing dependency: nothing provides `FeatureService`, which `Needy` needs."
      ], "\(own.problems) \(own.skipped)")
    let two = Self.run(
      app, module: "App",
      dependencies: [
        ("Feature", wiring("Feature", "container.register(FeatureService.init)")),
        ("Other", wiring("Other", "container.register(OtherService.init)")),
      ])
    #expect(two.problems.isEmpty)
    #expect(
      two.skipped.map(\.message).contains {
        $0.contains("part `Wiring` is declared in more than one module the tool reads")
      }, "\(two.skipped)")
  }

  @Test func aPartOfAModuleTheToolDoesNotReadNotesWhy() {
    let result = Self.run(
      Self.app(parts: ["CorePart"]), module: "App", dependencies: [])
    #expect(
      result.skipped.map(\.message).contains {
        $0.contains("part `CorePart` is declared in a module the tool does not read")
      }, "\(result.skipped)")
  }
}
#endif
