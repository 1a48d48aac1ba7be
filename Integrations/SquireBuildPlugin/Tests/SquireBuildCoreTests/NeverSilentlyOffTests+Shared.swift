#if BuildPlugin
import Testing

@testable import SquireBuildCore

// Containers more than one body uses: stored properties, static lets, globals; and the other
// ways code hands a container around.
extension NeverSilentlyOffTests {
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
