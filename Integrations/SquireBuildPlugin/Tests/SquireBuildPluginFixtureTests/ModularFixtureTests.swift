#if BuildPlugin
import Foundation
import Testing

/// One wiring mistake of issue 45's modular app: one edit of one file of Fixtures/Modular, and
/// the error the build must fail with.
struct ModularMistake: Sendable, CustomTestStringConvertible {
  /// What the mistake is, as the issue words it.
  let name: String
  /// The file to edit, from the package's folder.
  let file: String
  /// The text to replace: found exactly once in `file`.
  let old: String
  let new: String
  /// The one error the build prints (column left out): `Sources/<Module>/<File>.swift:<line>:
  /// error: ` and the start of the message.
  let error: String
  /// Words that one `error:` or `note:` line of the build holds besides, all of them.
  var alsoSaid: [String] = []

  var testDescription: String { name }
}

/// Issue 45's modular app (Fixtures/Modular: Core, FeatureOrders, FeaturePayments, Composition,
/// App, AppTests, the plugin applied to every target), built with `swift build` in a copy of its
/// own: clean as committed, and failing at the line of each wiring mistake, one edit at a time.
///
/// The copy is made once per run, beside its scratch folder (always the same place: a build
/// folder reused for a package at another path builds the old one), with Squire's path in its
/// manifest made absolute. It builds in a folder of the scratch path
/// `SQUIRE_PLUGIN_FIXTURES_SCRATCH` names (CI's, whose tool it reuses), or in
/// Fixtures/Modular/.build. The builds run with this
/// process's environment, so `SQUIRE_BUILD_TOOL`, when set, names the tool the plugin runs (and
/// neither the tool nor swift-syntax is built). Slow, so it runs when `SQUIRE_PLUGIN_FIXTURES=1`.
/// `Fixtures/Modular/check-mistakes.sh` runs the same mistakes without this test target.
@Suite(
  .serialized,
  .enabled(if: ProcessInfo.processInfo.environment["SQUIRE_PLUGIN_FIXTURES"] == "1"))
struct ModularFixtureTests {
  /// The six mistakes of the issue's table, each in a file of its own module, found by the
  /// build of the root that appends the parts (Composition's, and the targets that use it).
  static let mistakes: [ModularMistake] = [
    ModularMistake(
      name: "a class in FeatureOrders needs a type nobody registers",
      file: "Sources/FeatureOrders/Orders.swift",
      old: #"public init() { stock = Stock(items: ["tea", "cups", "kettle"]) }"#,
      new: "public init(stock: Stock) { self.stock = stock }",
      error: "Sources/FeatureOrders/OrdersPart.swift:11: error: Missing dependency: nothing "
        + "provides `Stock`, which `StockCheck` needs."),
    ModularMistake(
      name: "PaymentsPart never appended",
      file: "Sources/Composition/Composition.swift",
      old: "container.append(part: PaymentsPart.self)",
      new: "// container.append(part: PaymentsPart.self)",
      error: "Sources/FeatureOrders/OrdersPart.swift:12: error: Missing dependency: nothing "
        + "provides `PaymentService`, which `OrderDesk` needs.",
      alsoSaid: ["`PaymentsPart`", "FeaturePayments", "never appends"]),
    ModularMistake(
      name: "a .single in FeaturePayments holds a .scoped one from Core",
      file: "Sources/FeaturePayments/PaymentsPart.swift",
      old: "container.register(FraudCheck.init).as(OrderCheck.self)",
      new: "container.register(FraudCheck.init).as(OrderCheck.self).lifetime(.single)",
      error: "Sources/FeaturePayments/PaymentsPart.swift:13: error: Captive dependency: "
        + "`FraudCheck` (.single) holds `RequestContext`"),
    ModularMistake(
      name: "a cycle between the two feature modules",
      file: "Sources/FeaturePayments/Payments.swift",
      old: "public init(gateway: Gateway, ledger: Ledger) {",
      new: "public init(gateway: Gateway, ledger: Ledger, orders: OrderService) {",
      error: "Sources/FeatureOrders/OrdersPart.swift:12: error: Cycle with no break point: "
        + "OrderDesk → CardPayments → OrderDesk."),
    ModularMistake(
      name: #"a typo in .injection(name: "adit") into var logger: Logger!"#,
      file: "Sources/FeaturePayments/PaymentsPart.swift",
      old: #".injection(name: "audit")"#,
      new: #".injection(name: "adit")"#,
      error: "Sources/FeaturePayments/PaymentsPart.swift:14: error: Unknown name: no "
        + #"registration carries the name "adit""#),
    ModularMistake(
      name: #"a typo in @Injected(name: "adit")"#,
      file: "Sources/FeatureOrders/Orders.swift",
      old: #"@Injected(name: "audit")"#,
      new: #"@Injected(name: "adit")"#,
      error: "Sources/FeatureOrders/Orders.swift:40: error: Unknown name: nothing provides "
        + #"`Logger` under the name "adit""#),
  ]

  /// Mistakes inside PaymentsPart alone: FeaturePayments' own build (`--target FeaturePayments`)
  /// finds them, though no container of that module appends the part.
  static let libraryMistakes: [ModularMistake] = [
    ModularMistake(
      name: "a .single of PaymentsPart holds a .perContainer one of PaymentsPart",
      file: "Sources/FeaturePayments/Gateway.swift",
      old: "public init() {}",
      new: "public init(ledger: Ledger) {}",
      error: "Sources/FeaturePayments/PaymentsPart.swift:10: error: Captive dependency: "
        + "`Gateway` (.single) holds `Ledger` (.perContainer)."),
    ModularMistake(
      name: "a cycle inside PaymentsPart",
      file: "Sources/FeaturePayments/Ledger.swift",
      old: "public init() {}",
      new: "public init(refunds: RefundDesk) {}",
      error: "Sources/FeaturePayments/PaymentsPart.swift:11: error: Cycle with no break point: "
        + "Ledger → RefundDesk → Ledger."),
  ]

  /// The package as committed.
  static let package = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Fixtures/Modular")

  /// Squire's checkout: the folder of the root Package.swift.
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The copy every test builds, made once.
  static let copy = Result { try makeCopy() }

  /// Copies the package's manifest and sources into `<scratch>-package/Modular`, made afresh,
  /// with Squire by its absolute path.
  static func makeCopy() throws -> URL {
    let scratch = scratch.standardizedFileURL
    let folder = scratch.deletingLastPathComponent()
      .appending(path: scratch.lastPathComponent + "-package").appending(path: "Modular")
    if FileManager.default.fileExists(atPath: folder.path) {
      try FileManager.default.removeItem(at: folder)
    }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for item in ["Package.swift", "Sources", "Tests"] {
      try FileManager.default.copyItem(
        at: package.appending(path: item), to: folder.appending(path: item))
    }
    let manifest = folder.appending(path: "Package.swift")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    let relative = #"path: "../../../..""#
    guard text.components(separatedBy: relative).count == 2 else {
      throw CopyError(description: "Package.swift names Squire's path otherwise than \(relative)")
    }
    try text.replacingOccurrences(of: relative, with: #"path: "\#(repository.path)""#)
      .write(to: manifest, atomically: true, encoding: .utf8)
    return folder
  }

  struct CopyError: Error, CustomStringConvertible {
    let description: String
  }

  /// The copy's scratch path: a folder of CI's shared one, or Fixtures/Modular/.build.
  static let scratch =
    ProcessInfo.processInfo.environment["SQUIRE_PLUGIN_FIXTURES_SCRATCH"].map {
      URL(fileURLWithPath: $0).appending(path: "modular-fixture")
    } ?? package.appending(path: ".build")

  /// Runs `swift subcommand` on the copy, in its scratch path, then `arguments`.
  ///
  /// Not in the scratch path CI shares with FixtureBuildTests: two packages taking turns in one
  /// build folder confuse its build description ("No target named 'FeaturePayments-…' in build
  /// description"). In CI this package builds in a folder of its own inside the shared one,
  /// with the tool CI built there, so that swift-syntax is not built again.
  static func swift(_ subcommand: String, _ arguments: [String] = []) throws -> (
    status: Int32, output: String
  ) {
    let environment = ProcessInfo.processInfo.environment
    var tool: [String: String] = [:]
    if let shared = environment["SQUIRE_PLUGIN_FIXTURES_SCRATCH"],
      environment["SQUIRE_BUILD_TOOL"] == nil
    {
      tool["SQUIRE_BUILD_TOOL"] =
        URL(fileURLWithPath: shared).appending(path: "debug/squire-build-tool").path
    }
    return try runSwift(
      subcommand, package: try copy.get(), arguments, environment: tool, scratch: scratch,
      shared: false)
  }

  /// The build's `severity` lines at the app's files, once each, as
  /// `Sources/<Module>/<File>.swift:<line>: <severity>: <message>` (the column left out: the
  /// same mistake may be reported by several targets' builds).
  static func diagnostics(_ severity: String, in output: String) -> [String] {
    var seen: Set<String> = []
    var found: [String] = []
    for line in output.split(separator: "\n") {
      guard let start = line.range(of: "/Modular/Sources/") else { continue }
      let located = line[start.lowerBound...].dropFirst("/Modular/".count)
      guard
        let match = located.wholeMatch(
          of: /(Sources\/[^:]+):(\d+)(?::\d+)?: ([a-z]+): (.*)/),
        match.3 == severity
      else { continue }
      let diagnostic = "\(match.1):\(match.2): \(severity): \(match.4)"
      if seen.insert(diagnostic).inserted { found.append(diagnostic) }
    }
    return found
  }

  /// Applies `mistake` to the copy, runs `body`, and restores the file.
  static func with<T>(_ mistake: ModularMistake, _ body: () throws -> T) throws -> T {
    let file = try copy.get().appending(path: mistake.file)
    let original = try String(contentsOf: file, encoding: .utf8)
    let occurrences = original.components(separatedBy: mistake.old).count - 1
    try #require(occurrences == 1, "\(mistake.file) holds `\(mistake.old)` \(occurrences) times")
    try original.replacingOccurrences(of: mistake.old, with: mistake.new)
      .write(to: file, atomically: true, encoding: .utf8)
    defer { try? original.write(to: file, atomically: true, encoding: .utf8) }
    return try body()
  }

  /// Builds with `mistake` made (the whole package, or `target`): the build fails with its one
  /// error.
  static func expectFailure(_ mistake: ModularMistake, target: String? = nil) throws {
    let (status, output) = try with(mistake) {
      try swift("build", target.map { ["--target", $0] } ?? [])
    }
    #expect(status != 0, "the build succeeded")
    let errors = diagnostics("error", in: output)
    #expect(
      errors.count == 1 && errors.allSatisfy { $0.hasPrefix(mistake.error) },
      "expected: \(mistake.error)\nfound: \(errors)\n\(output)")
    if !mistake.alsoSaid.isEmpty {
      let said = errors + diagnostics("note", in: output)
      #expect(
        said.contains { line in mistake.alsoSaid.allSatisfy { line.contains($0) } },
        "no error or note says \(mistake.alsoSaid): \(said)")
    }
  }

  @Test func theAppBuildsCleanAndRunsValidated() throws {
    let (status, output) = try Self.swift("build")
    #expect(status == 0, "\(output)")
    #expect(Self.diagnostics("error", in: output).isEmpty, "\(output)")
    let run = try Self.swift("run", ["App"])
    #expect(run.status == 0, "\(run.output)")
    #expect(
      Array(run.output.split(separator: "\n").suffix(11)) == [
        "validate(): 12 components, 0 problems",
        "log: checkout opens",
        "log: charged order 1: ch_1: 300 cents for order 1",
        "log: refused: piano is out of stock",
        "log: refused: request 1: kettle is over the limit",
        "tea: ch_1: 300 cents for order 1",
        "piano: refused: piano is out of stock",
        "kettle: refused: request 1: kettle is over the limit",
        "refunded 300 cents for order 1",
        "audit: order 1: tea, 300 cents",
        "audit: refunded order 1: 300 cents",
      ], "\(run.output)")
  }

  /// Shop's root appends Catalog's part, which Catalog's build describes: `validate()` finds the
  /// graph the build checked whole, and does not walk it.
  @Test func aRootOfAnotherModulesDescribedPartIsCheckedAtBuildTime() throws {
    let run = try Self.swift("run", ["Shop"])
    #expect(run.status == 0, "\(run.output)")
    #expect(
      Array(run.output.split(separator: "\n").suffix(2)) == [
        "validate(): 3 components, checked at build time: true",
        "tea: 300 cents",
      ], "\(run.output)")
  }

  /// Sets the modification date of every Swift file of the copy to now, so that the next build
  /// runs every target's check again (a build with nothing changed runs none, and prints none of
  /// their notes).
  static func touchEverySwiftFile() throws {
    let copy = try copy.get()
    for folder in ["Sources", "Tests"] {
      let folder = copy.appending(path: folder)
      guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
      else { throw CopyError(description: "cannot list \(folder.path)") }
      for case let file as URL in files where file.pathExtension == "swift" {
        try FileManager.default.setAttributes(
          [.modificationDate: Date()], ofItemAtPath: file.path)
      }
    }
  }

  /// The root that appends parts of three other modules is checked, not skipped: no note says a
  /// container was left to `validate()`.
  @Test func theRootIsCheckedWhole() throws {
    try Self.touchEverySwiftFile()
    let (status, output) = try Self.swift("build")
    #expect(status == 0, "\(output)")
    #expect(Self.diagnostics("note", in: output).isEmpty, "\(output)")
  }

  @Test(arguments: mistakes)
  func eachMistakeFailsTheBuildAtItsLine(_ mistake: ModularMistake) throws {
    try Self.expectFailure(mistake)
  }

  @Test(arguments: libraryMistakes)
  func aLibrarysOwnBuildFailsAtItsPartsLine(_ mistake: ModularMistake) throws {
    try Self.expectFailure(mistake, target: "FeaturePayments")
  }

  /// OrdersPart needs a `PaymentService`, which only PaymentsPart provides: FeatureOrders' own
  /// build leaves that to the roots that append both, and says nothing.
  @Test func aLibrarysOwnBuildLeavesOtherPartsDependenciesToTheRoot() throws {
    let (status, output) = try Self.swift("build", ["--target", "FeatureOrders"])
    #expect(status == 0, "\(output)")
    let said = ["error", "warning", "note"].flatMap { Self.diagnostics($0, in: output) }
    #expect(!said.contains { $0.hasPrefix("Sources/FeatureOrders/") }, "\(output)")
  }
}

/// check-mistakes.sh, the quick way to run the mistakes, runs the same ones as the test.
@Test func theScriptMakesTheTestsMistakes() throws {
  let script = try String(
    contentsOf: ModularFixtureTests.package.appending(path: "check-mistakes.sh"), encoding: .utf8)
  for mistake in ModularFixtureTests.mistakes + ModularFixtureTests.libraryMistakes {
    for text in [mistake.file, mistake.old, mistake.new, mistake.error] + mistake.alsoSaid {
      #expect(script.contains("'\(text)'"), "check-mistakes.sh: no '\(text)'")
    }
  }
}
#endif
