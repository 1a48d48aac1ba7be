#if BuildPlugin
import Testing

@testable import SquireBuildCore

/// Every container the tool sees made is checked, or gets one note at the line that makes it:
/// no name, no start-up validation and no way of handing a container around switches the check
/// off without a word.
@Suite struct NeverSilentlyOffTests {
  static let missingForge =
    "error: Missing dependency: nothing provides `Forge`, which `PlateArmor` needs."

  /// Registers `PlateArmor` (which needs a `Forge`) and `Knight` into `name`.
  static func registrations(_ name: String = "container") -> String {
    """
    \(name).register(PlateArmor.init(forge:)).as(Armor.self)
      \(name).register(Knight.init)
    """
  }

  /// The check found the missing `Forge` at `file:line`, and skipped nothing.
  static func expectChecked(
    _ result: SquireCheck.Result, at file: String, line: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let found = result.problems.map(\.diagnostic.description)
    #expect(
      found.contains { $0.hasPrefix("\(file):\(line):") && $0.hasSuffix(missingForge) },
      "\(found)", sourceLocation: sourceLocation)
    #expect(result.skipped.isEmpty, "\(result.skipped)", sourceLocation: sourceLocation)
  }

  // MARK: Start-up validation keeps the check on

  @Test(arguments: [
    ("printed", "print(container.validate())"),
    (
      "read, and the program stops",
      """
      let report = container.validate()
      if !report.isValid {
        print(report)
        fatalError()
      }
      """
    ),
    ("required", "try container.validate().requireValid()"),
    ("compared", "if container.validate().isValid == false { fatalError() }"),
    ("its problems counted", "precondition(container.validate().problems.isEmpty)"),
  ])
  func startUpValidationInAnAppKeepsTheCheck(_ what: String, validation: String) {
    let result = check([
      "Armory.swift": armory,
      "main.swift": """
      import Squire

      let container = Container()
      \(Self.registrations())
      \(validation)
      _ = container.resolve(Knight.self)
      """,
    ])
    Self.expectChecked(result, at: "main.swift", line: 4)
  }

  /// Squire's own API that registers nothing keeps the check on (issue 45, item 6).
  @Test(arguments: [
    "let knight: Knight = container.withAmbient { container.resolve() }",
    "if container.isClosed { fatalError() }",
    "print(container.registrations.count)",
    "print(container.defaultLifetime)",
    "let closing = container.startClosing()",
  ])
  func squiresOwnCallsThatRegisterNothingKeepTheCheck(_ use: String) {
    let result = check([
      "Armory.swift": armory,
      "main.swift": """
      import Squire

      let container = Container()
      \(Self.registrations())
      \(use)
      """,
    ])
    Self.expectChecked(result, at: "main.swift", line: 4)
  }

  /// Every form of `Container`'s initializer is read, the composing closure included.
  @Test(arguments: [
    "let container = Container { container in\n  \(registrations())\n}",
    "let container = Container(defaultLifetime: .prototype) {\n  \(registrations("$0"))\n}",
    "let container = Container(parent: Container(), closedByParent: false)\n\(registrations())",
  ])
  func everyInitializerFormIsChecked(_ made: String) {
    let result = check([
      "Armory.swift": armory,
      "main.swift": "import Squire\n\n\(made)\n",
    ])
    Self.expectChecked(result, at: "main.swift", line: 4)
  }

  @Test func aFunctionThatReturnsWhenThereAreProblemsKeepsTheCheck() {
    let result = check([
      "Armory.swift": armory,
      "App.swift": """
      import Squire

      func start() {
        let container = Container()
        \(Self.registrations())
        let report = container.validate()
        if !report.problems.isEmpty { return }
        _ = container.resolve(Knight.self)
      }
      """,
    ])
    Self.expectChecked(result, at: "App.swift", line: 5)
  }

  /// A test target's containers whose problems the code reads are tests of the problems: the
  /// plugin says it is a test target (`--tests`), or the file imports a test framework, or the
  /// code carries `// squire: expect-problems`.
  @Test func aTestThatExpectsProblemsIsLeftToValidate() {
    let reading = """
      import Squire

      func reportsTheMissingForge() {
        let container = Container()
        \(Self.registrations())
        let report = container.validate()
        precondition(!report.problems.isEmpty)
      }
      """
    let inTestTarget = SquireCheck.run(
      files: [("Armory.swift", armory), ("Tests.swift", reading)], module: "AppTests",
      testTarget: true)
    #expect(inTestTarget.problems.isEmpty)
    #expect(inTestTarget.skipped.isEmpty)
    let xcTest = check([
      "Armory.swift": armory,
      "Tests.swift": reading.replacing("import Squire", with: "import Squire\nimport XCTest"),
    ])
    #expect(xcTest.problems.isEmpty)
    let marked = check([
      "Armory.swift": armory,
      "Demo.swift": """
      import Squire

      func showTheMissingForge() {
        let container = Container()  // squire: expect-problems
        \(Self.registrations())
        print(container.validate())
      }
      """,
    ])
    #expect(marked.problems.isEmpty)
    #expect(marked.skipped.isEmpty)
    // In an app target the same code is checked.
    Self.expectChecked(
      check(["Armory.swift": armory, "Tests.swift": reading]), at: "Tests.swift", line: 5)
  }

  // MARK: A name never decides what is checked

  @Test(arguments: ["makeContainer", "makeRoot", "make"])
  func aMakerOfAnyNameUsedInAnotherBody(_ name: String) {
    let result = check([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire

      func \(name)() -> Container {
        let container = Container()
        \(Self.registrations())
        return container
      }
      """,
      "App.swift": """
      import Squire

      @main struct App {
        static func main() {
          let container = \(name)()
          _ = container.resolve(Knight.self)
        }
      }
      """,
    ])
    Self.expectChecked(result, at: "Root.swift", line: 5)
  }

  @Test func mainSwiftWithoutImportingSquire() {
    let result = check([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire

      func makeRoot() -> Container {
        let container = Container()
        \(Self.registrations())
        return container
      }
      """,
      "main.swift": """
      let container = makeRoot()
      let knight = container.resolve(Knight.self)
      """,
    ])
    Self.expectChecked(result, at: "Root.swift", line: 5)
  }

  @Test(arguments: [
    "use(makeRoot())",
    "_ = makeRoot()",
    "let model = Model(container: makeRoot())",
    "makeRoot().resolve(Knight.self)",
    "Model.start(makeRoot())",
  ])
  func aContainerHandedOn(_ statement: String) {
    let result = check([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire

      func makeRoot() -> Container {
        let container = Container()
        \(Self.registrations())
        return container
      }
      func use(_ container: Container) {
        _ = container.resolve(Knight.self)
      }
      final class Model {
        let container: Container
        init(container: Container) { self.container = container }
        static func start(_ container: Container) { _ = container.resolve(Knight.self) }
      }
      """,
      "main.swift": statement,
    ])
    Self.expectChecked(result, at: "Root.swift", line: 5)
  }

  /// A container handed to code the tool cannot read gets one note, however often the function
  /// that makes it is called.
  @Test func oneNoteForAContainerTheToolCannotFollow() {
    let result = check([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire
      import Elsewhere

      func makeRoot() -> Container {
        let container = Container()
        \(Self.registrations())
        return container
      }
      """,
      "main.swift": """
      import Elsewhere
      run(makeRoot())
      run(makeRoot())
      let chosen = CommandLine.arguments.count > 1 ? makeRoot() : Container()
      """,
    ])
    #expect(result.problems.isEmpty)
    #expect(result.skipped.map(\.location.line) == [5], "\(result.skipped)")
    #expect(result.skipped.first?.message.contains("`run`") == true)
  }

  // MARK: Branches, loops, closures

  /// The issue's program: the function that makes the container is called in a `switch`.
  static let switchProgram = """
    import Squire

    protocol DP: AnyObject {}
    final class D: DP {}
    final class Root { init(d: any DP) {} }
    func makeContainer() -> Container {
      let c = Container()
      c.register(D.init).as(DP.self)
      c.register(Root.init)
      return c
    }
    switch CommandLine.arguments[1] {
    case "run": let c = makeContainer(); _ = c.resolve(Root.self)
    default: break
    }
    for _ in 0..<2 {
      let c = Container()
      c.register(PlateArmor.init(forge:)).as(Armor.self)
    }
    """

  @Test func containersMadeInBranchesAndLoopsAreChecked() {
    let result = check(["Armory.swift": armory, "main.swift": Self.switchProgram])
    Self.expectChecked(result, at: "main.swift", line: 18)
    #expect(result.problems.count == 1, "\(result.problems)")
  }

  @Test func aContainerMadeInAClosure() {
    let result = check([
      "Armory.swift": armory,
      "App.swift": """
      import Squire

      func later(_ body: @escaping () -> Void) { body() }
      func start() {
        later {
          let container = Container()
          \(Self.registrations())
          _ = container.resolve(Knight.self)
        }
      }
      """,
    ])
    Self.expectChecked(result, at: "App.swift", line: 7)
  }
}
#endif
