@_spi(Generated) import Squire
import Testing

// `validate()` on a modular app's root, as SquireBuildPlugin's generated code leaves it: two
// feature modules each describe their part (`checkedParts`), and the app's table describes the
// root with the parts it appends (`graph.part(...)`). The three "modules" are written here by
// hand, as the generator writes them (Integrations/SquireBuildPlugin/GENERATED.md): each
// registration passes its module's table, as the module's generated `register` does, and the
// app appends through its generated `append(part:)`, which remembers the app's table. No table
// knows a call site: every registration takes the generic path, and the container still learns
// the tables from them.

private protocol ModularOrders: AnyObject, Sendable {}
private protocol ModularPayments: AnyObject, Sendable {}
/// Nothing registers it: a walk finds it missing, which shows whether `validate()` walked.
private final class ModularLedger: Sendable {}
private final class ModularOrderBook: ModularOrders {
  init(payments: any ModularPayments, ledger: ModularLedger) {}
}
private final class ModularCard: ModularPayments {
  init() {}
}
private final class ModularCheckout: Sendable {
  init(orders: any ModularOrders) {}
}
private final class ModularExtra: Sendable {
  init() {}
}

private let ordersFile: StaticString = "FeatureOrders/Orders.swift"
private let paymentsFile: StaticString = "FeaturePayments/Payments.swift"
private let appFile: StaticString = "App/main.swift"
private let orderBookLine: UInt = 81_001
private let cardLine: UInt = 82_001
private let undescribedCardLine: UInt = 82_002
private let checkoutLine: UInt = 83_001
private let extraLine: UInt = 83_002

/// A table that knows no call site, only what the build described (CheckedAtBuildTimeTests
/// writes one too).
protocol DescribingTable: _GeneratedFactories {}
extension DescribingTable {
  static func factory(file: StaticString, line: UInt, type: ObjectIdentifier)
    -> _GeneratedFactory?
  { nil }

  static func forward(_ implementation: ObjectIdentifier, as type: ObjectIdentifier)
    -> _GeneratedForward?
  { nil }
}

/// FeatureOrders: its part, and the table that describes it.
private enum OrdersPart: Part {
  static func load(container: Container) {
    container._register(
      generated: { ModularOrderBook(payments: $0, ledger: $1) }, file: ordersFile,
      line: orderBookLine, from: OrdersTable.self
    )
    ._as(generated: (any ModularOrders).self, qualifier: nil, from: OrdersTable.self)
  }
}

private enum OrdersTable: DescribingTable {
  static let checkedParts = [_CheckedPart(OrdersPart.self) { orders }]

  private static let orders: _CheckedGraph.Content = {
    var graph = _CheckedGraph.Builder(dependencies: 0)
    graph.component(ordersFile, orderBookLine, ModularOrderBook.self, .prototype)
    graph.as((any ModularOrders).self)
    return graph.content
  }()
}

/// FeaturePayments: its part, and the table that describes it.
private enum PaymentsPart: Part {
  static func load(container: Container) {
    container._register(
      generated: { ModularCard() }, file: paymentsFile, line: cardLine, from: PaymentsTable.self
    )
    .lifetime(.single)
    ._as(generated: (any ModularPayments).self, qualifier: nil, from: PaymentsTable.self)
  }
}

private enum PaymentsTable: DescribingTable {
  static let checkedParts = [_CheckedPart(PaymentsPart.self) { payments }]

  private static let payments: _CheckedGraph.Content = {
    var graph = _CheckedGraph.Builder(dependencies: 0)
    graph.component(paymentsFile, cardLine, ModularCard.self, .single)
    graph.as((any ModularPayments).self)
    return graph.content
  }()
}

/// A part whose module describes nothing (built without the plugin, or not read exactly).
private enum UndescribedPart: Part {
  static func load(container: Container) {
    container._register(
      generated: { ModularCard() }, file: paymentsFile, line: undescribedCardLine,
      from: PaymentsTable.self
    )
    .lifetime(.single)
    ._as(generated: (any ModularPayments).self, qualifier: nil, from: PaymentsTable.self)
  }
}

/// App: the root, described as clean with its parts (which only a test would do: the ledger is
/// missing), and a root that only appends the parts.
private enum AppTable: DescribingTable {
  static let checkedGraphs = [
    _CheckedGraph(registrations: 3) { root }, _CheckedGraph(registrations: 2) { partsOnly },
    _CheckedGraph(registrations: 2) { undescribed }, _CheckedGraph(registrations: 2) { sameLine },
  ]

  private static let root: _CheckedGraph.Content = {
    var graph = _CheckedGraph.Builder(dependencies: 4)
    graph.component(appFile, checkoutLine, ModularCheckout.self, .prototype)
    graph.part(OrdersPart.self)
    graph.part(PaymentsPart.self)
    return graph.content
  }()

  private static let partsOnly: _CheckedGraph.Content = {
    var graph = _CheckedGraph.Builder(dependencies: 3)
    graph.part(OrdersPart.self)
    graph.part(PaymentsPart.self)
    return graph.content
  }()

  /// The app registers an order book on the line of the part's, in its own file.
  private static let sameLine: _CheckedGraph.Content = {
    var graph = _CheckedGraph.Builder(dependencies: 4)
    graph.component(appFile, orderBookLine, ModularOrderBook.self, .prototype)
    graph.part(OrdersPart.self)
    return graph.content
  }()

  private static let undescribed: _CheckedGraph.Content = {
    var graph = _CheckedGraph.Builder(dependencies: 3)
    graph.part(OrdersPart.self)
    graph.part(UndescribedPart.self)
    return graph.content
  }()
}

/// What the app's generated `append(part:)` does.
private func append(_ part: any Part.Type, to container: Container) {
  container._append(part: part, from: AppTable.self)
}

/// The app's `Checkout` registration.
private func registerCheckout(in container: Container) {
  container._register(
    generated: { ModularCheckout(orders: $0) }, file: appFile, line: checkoutLine,
    from: AppTable.self)
}

@Suite struct CheckedModularTests {
  @Test func aRootWithDescribedPartsIsNotWalkedAgain() {
    let container = Container()
    append(OrdersPart.self, to: container)
    registerCheckout(in: container)
    append(PaymentsPart.self, to: container)
    let report = container.validate()
    // Described as clean: not walked, although a walk finds the ledger missing.
    #expect(report.isValid)
    #expect(report.checkedAtBuildTime)
    #expect(report.componentCount == 3)
    #expect(report.dependencyCount == 4)
    let walked = Container(parent: container).validate()
    #expect(!walked.checkedAtBuildTime)
    #expect(!walked.isValid)
  }

  @Test func aRootThatOnlyAppendsPartsIsRememberedByItsAppend() {
    let container = Container()
    append(OrdersPart.self, to: container)
    append(PaymentsPart.self, to: container)
    let report = container.validate()
    #expect(report.checkedAtBuildTime)
    #expect(report.isValid)
    // Appended without the app's generated `append(part:)`: its table is not remembered.
    let unremembered = Container()
    unremembered.append(part: OrdersPart.self)
    unremembered.append(part: PaymentsPart.self)
    #expect(!unremembered.validate().checkedAtBuildTime)
  }

  @Test func aRootsRecordOnAPartsLineIsToldApartByItsFile() {
    let container = Container()
    append(OrdersPart.self, to: container)
    container._register(
      generated: { ModularOrderBook(payments: $0, ledger: $1) }, file: appFile,
      line: orderBookLine, from: AppTable.self)
    let report = container.validate()
    #expect(report.checkedAtBuildTime)
    #expect(report.dependencyCount == 4)
  }

  /// Each change makes the container something the build did not read: `validate()` walks and
  /// reports what the walk finds (the missing ledger).
  @Test(arguments: Change.allCases)
  fileprivate func anyDifferenceMakesItWalk(_ change: Change) {
    let container =
      change == .otherLifetime ? Container(defaultLifetime: .perContainer) : Container()
    append(OrdersPart.self, to: container)
    switch change {
    case .recordMore:
      append(PaymentsPart.self, to: container)
      registerCheckout(in: container)
      container._register(
        generated: { ModularExtra() }, file: appFile, line: extraLine, from: AppTable.self)
    case .recordLess:
      registerCheckout(in: container)
    case .partWithoutDescription:
      append(UndescribedPart.self, to: container)
    case .otherLifetime:
      append(PaymentsPart.self, to: container)
      registerCheckout(in: container)
    case .recordNotOfThePart:
      // As many records, the card registered by the app rather than by its part.
      registerCheckout(in: container)
      container._register(
        generated: { ModularCard() }, file: appFile, line: extraLine, from: AppTable.self
      )
      .lifetime(.single)
      ._as(generated: (any ModularPayments).self, qualifier: nil, from: AppTable.self)
    }
    let report = container.validate()
    #expect(!report.checkedAtBuildTime)
    #expect(!report.isValid)
    #expect(report.problems.contains { "\($0)".contains("ModularLedger") }, "\(report)")
  }

  /// Where `validate()` cannot skip; each must walk.
  fileprivate enum Change: CaseIterable, Sendable, CustomTestStringConvertible {
    case recordMore, recordLess, partWithoutDescription, otherLifetime, recordNotOfThePart

    var testDescription: String { "\(self)" }
  }
}
