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

  // MARK: Stored properties, static lets, globals

  @Test func aStoredPropertyFilledByAMethod() {
    let result = check([
      "Armory.swift": armory,
      "App.swift": """
      import Squire

      final class AppDelegate {
        let container = Container()
        func launch() {
          \(Self.registrations())
          _ = container.resolve(Knight.self)
        }
      }
      """,
    ])
    Self.expectChecked(result, at: "App.swift", line: 6)
  }

  @Test func aStoredPropertyFilledInItsInitializerThroughSelf() {
    let result = check([
      "Armory.swift": armory,
      "App.swift": """
      import Squire

      final class AppModel {
        let container: Container
        init() {
          container = Container()
          \(Self.registrations("self.container"))
        }
      }
      """,
    ])
    Self.expectChecked(result, at: "App.swift", line: 7)
  }

  @Test(arguments: [
    "static let shared = makeRoot()",
    """
    static let shared: Container = {
        let container = Container()
        \(registrations())
        return container
      }()
    """,
  ])
  func aStaticLet(_ declaration: String) {
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
      "Dependencies.swift": """
      import Squire

      enum Dependencies {
        \(declaration)
      }
      """,
      "main.swift": "_ = Dependencies.shared.resolve(Knight.self)",
    ])
    #expect(
      result.problems.map(\.diagnostic.description).contains { $0.hasSuffix(Self.missingForge) },
      "\(result.problems)")
    #expect(result.skipped.isEmpty, "\(result.skipped)")
  }

  @Test func aStaticLetFilledByAStaticMethod() {
    let result = check([
      "Armory.swift": armory,
      "Dependencies.swift": """
      import Squire

      enum Dependencies {
        static let container = Container()
        static func configure() {
          \(Self.registrations())
        }
      }
      """,
      "main.swift": """
      Dependencies.configure()
      _ = Dependencies.container.resolve(Knight.self)
      """,
    ])
    Self.expectChecked(result, at: "Dependencies.swift", line: 6)
  }

  @Test func aGlobalFilledByAFunctionInAnotherFile() {
    let result = check([
      "Armory.swift": armory,
      "main.swift": """
      import Squire

      let container = Container()
      container.register(Keep.init)
      configure()
      _ = container.resolve(Keep.self)
      """,
      "Setup.swift": """
      import Squire

      func configure() {
        \(Self.registrations())
      }
      """,
    ])
    Self.expectChecked(result, at: "Setup.swift", line: 4)
  }

  /// Two functions that may or may not run fill one container: nothing they register is
  /// certain, and the container says so.
  @Test func aPropertyFilledByTwoMethodsIsNoted() {
    let result = check([
      "Armory.swift": armory,
      "App.swift": """
      import Squire

      final class AppDelegate {
        let container = Container()
        func useSword() { container.register(Sword.init).as(Weapon.self) }
        func useMace() { container.register(Mace.init).as(Weapon.self) }
      }
      """,
    ])
    #expect(result.problems.isEmpty, "\(result.problems)")
    #expect(result.skipped.map(\.location.line) == [4], "\(result.skipped)")
  }

  /// A closure's parameter, a `for` variable or an `if let` named like a global container is
  /// another value: what is registered in it is not the global's.
  @Test func namesBoundInABlockHideAGlobal() {
    let found = errors([
      "Armory.swift": armory,
      "main.swift": """
      import Squire

      let container = Container()
      container.register(Mace.init).as(Weapon.self)
      _ = container.resolve(Weapon.self)
      """,
      "Other.swift": """
      import Squire

      func fill(_ others: [Container], _ maybe: Container?) {
        for container in others { container.register(Sword.init).as(Weapon.self) }
        others.forEach { container in container.register(Sword.init).as(Weapon.self) }
        if let container = maybe { container.register(Sword.init).as(Weapon.self) }
      }
      """,
    ])
    #expect(found.isEmpty, "\(found)")
  }

  /// `Container.init()`, and `.init()` where the annotation says `Container`: containers too.
  @Test(arguments: ["let container: Container = .init()", "let container = Container.init()"])
  func aContainerMadeByInit(_ made: String) {
    let result = check([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire

      \(made)
      \(Self.registrations())
      """,
    ])
    Self.expectChecked(result, at: "Root.swift", line: 4)
  }

  /// A target with a type of its own named `Container` spells Squire's `Squire.Container`:
  /// the tool cannot tell every use of the name apart, so each of Squire's containers gets a
  /// note.
  @Test func aTargetWithItsOwnContainerTypeNotesSquiresContainers() {
    let result = check([
      "Armory.swift": armory + "struct Container { let children: [String] }\n",
      "Root.swift": """
      import Squire

      let ui = Container(children: [])
      let di = Squire.Container()
      \(Self.registrations("di"))
      """,
    ])
    #expect(result.problems.isEmpty)
    #expect(result.skipped.map(\.location.line) == [4])
  }

  /// `@_exported import Squire` in one file makes Squire visible in every file of the target.
  @Test func squireExportedByAnotherFile() {
    let result = check([
      "Armory.swift": armory,
      "Exports.swift": "@_exported import Squire\n",
      "Root.swift": """
      func makeRoot() -> Container {
        let container = Container()
        \(Self.registrations())
        return container
      }
      """,
    ])
    Self.expectChecked(result, at: "Root.swift", line: 3)
  }

  /// A computed property or a subscript that makes a container: checked as made there.
  @Test(arguments: [
    "enum Env {\n  static var live: Container {",
    "extension Container {\n  static var live: Container {",
    "struct Registry {\n  subscript(name: String) -> Container {",
  ])
  func aContainerMadeInAGetter(_ opening: String) {
    let result = check([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire
      \(opening)
          let container = Container()
          \(Self.registrations())
          return container
        }
      }
      """,
    ])
    Self.expectChecked(result, at: "Root.swift", line: 5)
  }

  /// A container made as a parameter's default value: one note, since what the function
  /// registers may need what a caller's container holds.
  @Test func aContainerMadeAsADefaultValueIsNoted() {
    let result = check([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire

      func run(container: Container = Container()) {
        \(Self.registrations())
      }
      run()
      """,
    ])
    #expect(result.problems.isEmpty)
    #expect(result.skipped.map(\.location.line) == [3])
  }

  /// Squire's observers register nothing: a container observed is still checked.
  @Test(arguments: [
    "container.onRegistration { print($0) }", "container.onResolveFailure { print($0) }",
  ])
  func anObservedContainer(_ observing: String) {
    let result = check([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire

      let container = Container()
      \(observing)
      \(Self.registrations())
      """,
    ])
    Self.expectChecked(result, at: "Root.swift", line: 5)
  }

  /// A function that makes a child of the container it is given (a maker, or a request's
  /// scope) is checked at each call, and its reading alone (where the parent is unknown) adds
  /// no note.
  @Test(arguments: [
    (
      "func makeChild(of parent: Container) -> Container {\n  let child = Container(parent: parent)",
      "  return child\n}\nlet app = Container()\nlet child = makeChild(of: app)"
    ),
    (
      "func serve(app: Container) {\n  let child = Container(parent: app)",
      "}\nlet app = Container()\nserve(app: app)"
    ),
  ])
  func aChildOfAContainerAFunctionIsGiven(_ opening: String, _ closing: String) {
    let result = check([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire
      \(opening)
        \(Self.registrations("child"))
      \(closing)
      """,
    ])
    Self.expectChecked(result, at: "Root.swift", line: 4)
  }

  /// `append(part: Self.self)` in a static method of the part's type appends that part.
  @Test func aPartAppendedAsSelf() {
    let result = check([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire

      enum ArmoryPart: Part {
        static func load(container: Container) {
          \(Self.registrations())
        }
      }
      extension ArmoryPart {
        static func install(in container: Container) { container.append(part: Self.self) }
      }
      let container = Container()
      ArmoryPart.install(in: container)
      """,
    ])
    Self.expectChecked(result, at: "Root.swift", line: 5)
  }

  /// Methods that an initializer calls, each as a statement of its body, all run when an
  /// instance is made: what they register into the stored container is checked together.
  @Test func aPropertyFilledByMethodsAnInitializerCalls() {
    let result = check([
      "Armory.swift": armory,
      "App.swift": """
      import Squire

      final class AppDelegate {
        let container = Container()
        init() {
          registerCore()
          self.registerFeatures()
        }
        private func registerCore() {
          container.register(PlateArmor.init(forge:)).as(Armor.self)
        }
        private func registerFeatures() {
          container.register(Knight.init)
        }
      }
      """,
    ])
    Self.expectChecked(result, at: "App.swift", line: 10)
  }
}
#endif
