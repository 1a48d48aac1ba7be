#if BuildPlugin
import Testing

@testable import SquireBuildCore

@Suite struct ProblemTests {
  @Test func missingDependencyAtTheRegistrationThatNeedsIt() {
    let result = check([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire

      func makeContainer() -> Container {
        let container = Container()
        container.register(PlateArmor.init(forge:)).as(Armor.self)
        container.register(Knight.init(armor:))
        container.register(Keep.init(knight:))
        return container
      }
      """,
    ])
    #expect(
      result.problems.map(\.diagnostic.description) == [
        "Root.swift:5:13: error: Missing dependency: nothing provides `Forge`, which "
          + "`PlateArmor` needs."
      ])
    let notes = result.problems.first?.notes.map(\.description) ?? []
    #expect(notes.first == "Root.swift:5:13: note: path: Keep → Knight → PlateArmor → Forge")
    #expect(
      notes.contains(
        "Root.swift:5:13: note: why: nothing registered in this container or its parents "
          + "provides `Forge`, so resolving `PlateArmor` fails."))
    #expect(
      notes.contains(
        "Root.swift:7:13: note: on the path: `Keep` needs `Knight`, registered here"))
    #expect(
      notes.contains(
        "Root.swift:6:13: note: on the path: `Knight` needs `PlateArmor`, registered here"))
  }

  @Test func ambiguousDependency() {
    let found = errors([
      "Armory.swift": armory + """
        final class Squire2 { init(weapon: Weapon) {} }
        """,
      "Root.swift": """
      import Squire

      let container = Container()
      container.register(Sword.init).as(Weapon.self)
      container.register(Mace.init).as(Weapon.self)
      container.register(Squire2.init)
      """,
    ])
    #expect(
      found == [
        "Root.swift:6:11: error: Ambiguous dependency: 2 components provide `Weapon` and none "
          + "is marked `.default()`."
      ])
  }

  @Test func aDefaultSettlesIt() {
    let found = errors([
      "Armory.swift": armory + "final class Squire2 { init(weapon: Weapon) {} }\n",
      "Root.swift": """
      import Squire

      let container = Container()
      container.register(Sword.init).as(Weapon.self).default()
      container.register(Mace.init).as(Weapon.self)
      container.register(Squire2.init)
      """,
    ])
    #expect(found.isEmpty)
  }

  @Test func cycleWithNoBreakPointAndItsBreak() {
    let declarations = """
      import Squire
      final class Left { init(right: Right) {} }
      final class Right {
        var left: Left?
        init(left: Left) {}
      }
      final class Page {
        weak var knight: Lord?
      }
      final class Lord { init(page: Page) {} }

      """
    let found = errors([
      "Types.swift": declarations,
      "Root.swift": """
      import Squire

      let container = Container()
      container.register(Left.init)
      container.register(Right.init)
      container.register(Lord.init(page:))
      container.register(Page.init).injection(cycle: true, \\.knight)
      """,
    ])
    #expect(
      found == ["Root.swift:4:11: error: Cycle with no break point: Left → Right → Left."])
  }

  @Test func cycleThroughAKeyPathInjection() {
    let found = errors([
      "Types.swift": """
      import Squire
      final class Page { var knight: Lord! }
      final class Lord { init(page: Page) {} }
      """,
      "Root.swift": """
      import Squire

      let container = Container()
      container.register(Lord.init(page:))
      container.register(Page.init).injection(\\.knight)
      """,
    ])
    // `Lord!` is an optional: absent is fine, but present it is needed at once.
    #expect(found == ["Root.swift:4:11: error: Cycle with no break point: Lord → Page → Lord."])
  }

  @Test func captiveDependencyThroughAPrototype() {
    let found = errors([
      "Types.swift": """
      import Squire
      final class Session {}
      final class Middle { init(session: Session) {} }
      final class Cache { init(middle: Middle) {} }
      """,
      "Root.swift": """
      import Squire

      let container = Container()
      container.register(Session.init).lifetime(.objectGraph)
      container.register(Middle.init)
      container.register(Cache.init).lifetime(.single)
      """,
    ])
    #expect(
      found == [
        "Root.swift:6:11: error: Captive dependency: `Cache` (.single) holds `Session` "
          + "(.objectGraph) through the prototype `Middle`."
      ])
  }

  /// `many` builds every component it finds, and the holder keeps them: as `validate()` says.
  @Test func captiveDependencyThroughMany() {
    let found = errors([
      "Types.swift": """
      import Squire
      protocol Engine: AnyObject {}
      final class Diesel: Engine {}
      final class Fleet { init(engines: [any Engine]) {} }
      """,
      "Root.swift": """
      import Squire

      let container = Container()
      container.register(Diesel.init).as(Engine.self).lifetime(.perContainer)
      container.register { Fleet(engines: many($0)) }.lifetime(.single)
      """,
    ])
    #expect(
      found == [
        "Root.swift:5:11: error: Captive dependency: `Fleet` (.single) holds `Diesel` "
          + "(.perContainer)."
      ])
  }

  @Test func providerIsNotCaptive() {
    let found = errors([
      "Types.swift": """
      import Squire
      final class Session {}
      final class Cache { init(session: Provider<Session>) {} }
      """,
      "Root.swift": """
      import Squire

      let container = Container()
      container.register(Session.init).lifetime(.objectGraph)
      container.register(Cache.init).lifetime(.single)
      """,
    ])
    #expect(found.isEmpty)
  }

  @Test func wrongForward() {
    let found = errors(registrations: "container.register(Sword.init).as(Armor.self)")
    #expect(
      found == [
        "Root.swift:4:32: error: Wrong forward: `Sword` is forwarded with `.as(Armor.self)`, and "
          + "it is not a `Armor`."
      ])
  }

  @Test func conformanceInAnExtensionIsSeen() {
    let found = errors(
      registrations: "container.register(Sword.init).as(Armor.self)",
      declarations: armory + "extension Sword: Armor { var pieces: [String] { [] } }\n")
    #expect(found.isEmpty)
  }

  @Test func unpassableArgumentInTheTrailingClosureForm() {
    let found = errors([
      "Types.swift": """
      import Squire
      final class Recruit { init(name: String, forge: Forge) {} }
      final class Forge {}
      final class Muster { init(recruit: Recruit) {} }
      """,
      "Root.swift": """
      import Squire

      let container = Container()
      container.register(Forge.init)
      container.register(Recruit.init) { arg($0) }
      container.register(Muster.init)
      """,
    ])
    #expect(
      found == [
        "Root.swift:5:11: error: Unpassable argument: `Recruit` takes a runtime argument "
          + "(`String`), but `Muster` builds it as a dependency."
      ])
  }

  @Test func missingAcrossFilesThroughParts() {
    let found = errors([
      "Armory.swift": armory,
      "Parts.swift": """
      import Squire

      enum ArmoryPart: Part {
        static func load(container: Container) {
          container.register(PlateArmor.init(forge:)).as(Armor.self)
        }
      }
      enum GarrisonPart: Part {
        static func load(container: Container) {
          container.append(part: ArmoryPart.self)
          container.register(Knight.init)
        }
      }
      """,
      "main.swift": """
      import Squire

      let container = Container()
      container.append(part: GarrisonPart.self)
      let knight: Knight = container.resolve()
      """,
    ])
    #expect(
      found == [
        "Parts.swift:5:15: error: Missing dependency: nothing provides `Forge`, which "
          + "`PlateArmor` needs."
      ])
  }

  @Test func missingThroughAFunctionTheContainerIsHandedTo() {
    let found = errors([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire

      func registerArmory(in container: Container) {
        container.register(PlateArmor.init(forge:)).as(Armor.self)
      }

      func makeContainer() -> Container {
        let container = Container()
        registerArmory(in: container)
        container.register(Knight.init)
        return container
      }
      """,
    ])
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("Root.swift:4:13: error: Missing dependency") == true)
  }

  @Test func missingInAKeyPathInjection() {
    let found = errors([
      "Types.swift": """
      import Squire
      protocol Engine {}
      final class Car { var engine: Engine? ; var wheel: Wheel! ; var body: Body?
        init() {}
      }
      final class Wheel {}
      final class Body {}
      """,
      "Root.swift": """
      import Squire

      let container = Container()
      container.register(Car.init).injection(\\.body)
      container.register(Wheel.init)
      container.register(Body.init)
      let other = Container()
      other.register(Car.init)
        .injection(\\Car.body)
      """,
    ])
    #expect(found.isEmpty)
  }

  @Test func missingNamedAndTagged() {
    let found = errors([
      "Types.swift": """
      import Squire
      protocol Engine {}
      enum Sport {}
      final class Fast: Engine {}
      final class Car { init(engine: Engine) {} }
      """,
      "Root.swift": """
      import Squire

      let container = Container()
      container.register(Fast.init).as(Engine.self, tag: Sport.self)
      container.register { Car(engine: by(tag: Sport.self, $0)) }
      let other = Container()
      other.register(Fast.init).as(Engine.self)
      other.register { Car(engine: by(tag: Sport.self, on: $0)) }
      """,
    ])
    #expect(
      found == [
        "Root.swift:8:7: error: Unknown tag: nothing provides `Engine` under the tag `Sport`, "
          + "which `Car` needs."
      ])
  }
}

/// What `validate()` reports that the check used to leave to it.
@Suite struct GapTests {
  /// The parent resolves `PlateArmor`, whose `Forge` only a child registers.
  @Test func aDependencyOnlyAChildRegistersIsMissingInTheParent() {
    let result = check([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire

      let container = Container()
      container.register(PlateArmor.init(forge:)).as(Armor.self)
      let request = Container(parent: container)
      request.register(Forge.init)
      """,
    ])
    #expect(
      result.problems.map(\.diagnostic.description) == [
        "Root.swift:4:11: error: Missing dependency: nothing provides `Forge`, which "
          + "`PlateArmor` needs."
      ])
    #expect(
      result.problems.first?.notes.contains { $0.message.contains("only a child container") }
        == true)
  }

  @Test func aSingleHoldingAScopedComponentIsCaptive() {
    let found = errors(
      registrations: """
        container.register(Forge.init).lifetime(.scoped(session))
        container.register(PlateArmor.init(forge:)).as(Armor.self).lifetime(.single)
        """)
    #expect(
      found == [
        "Root.swift:5:11: error: Captive dependency: `PlateArmor` (.single) holds `Forge` "
          + "(.scoped(session))."
      ])
  }

  @Test func aDecoratorsOwnDependencyIsMissing() {
    let found = errors(
      registrations: """
        container.register(Forge.init)
        container.register(PlateArmor.init(forge:)).as(Armor.self)
        container.decorate(Armor.self) { inner, weapon in Polished(inner: inner, weapon: weapon) }
        container.decorate(Armor.self) { (inner: Armor, knight: Knight) in inner }
        container.decorate(Armor.self) { Polished(inner: $0, weapon: $1) }
        container.decorate(Forge.self) { inner, weapon in inner }
        """,
      declarations: armory + """
        final class Polished: Armor {
          var pieces: [String] { [] }
          init(inner: Armor, weapon: Weapon) {}
        }
        """)
    #expect(
      found == [
        "Root.swift:6:11: error: Missing dependency: nothing provides `Weapon`, which "
          + "`Armor` needs.",
        "Root.swift:7:11: error: Missing dependency: nothing provides `Knight`, which "
          + "`Armor` needs.",
      ])
  }

  @Test func aMethodInjectionsDependencyIsItsParameters() {
    let found = errors(
      registrations: """
        container.register(Sword.init).as(Weapon.self, name: "Excalibur")
        container.register(Forge.init)
        container.register(Smith.init).injection(name: "Audi") { $0.install($1) }
        container.register(Armorer.init).injection(name: "Gram") { $0.weapon = $1 }
        container.register(Smith.init).injection(name: "Excalibur") { $0.install($1) }
        """,
      declarations: armory + """
        final class Smith {
          func install(_ weapon: Weapon) {}
        }
        final class Armorer {
          var weapon: any Weapon = Sword()
        }
        """)
    #expect(
      found == [
        // At the name, where the typo is.
        "Root.swift:6:48: error: Unknown name: nothing provides `Weapon` under the name "
          + "\"Audi\", which `Smith` needs.",
        "Root.swift:7:50: error: Unknown name: nothing provides `Weapon` under the name "
          + "\"Gram\", which `Armorer` needs.",
      ])
  }

  /// Top-level code of a `main.swift` gets the synchronous `resolve` even written with `await`:
  /// a graph with something async in it fails there every time.
  @Test func aTopLevelAwaitResolveInMainOfAnAsyncGraphFails() {
    let types = """
      import Squire
      final class Database { init() async {} }
      final class Store { init(database: Database) {} }
      final class Clock {}
      """
    func root(_ code: String, in file: String = "main.swift") -> [String] {
      errors([
        "Types.swift": types,
        file: """
        import Squire

        let container = Container()
        container.register { () async -> Database in await Database() }
        container.register(Store.init)
        container.register(Clock.init)
        \(code)
        """,
      ])
    }
    let message =
      "error: Needs await: top-level code of `main.swift` gets the synchronous `resolve` even "
      + "written with `await`, and it cannot build `Store`."
    #expect(
      root("let store = await container.resolve(Store.self)") == ["main.swift:7:29: " + message])
    #expect(root("let store: Store = await container.resolve()") == ["main.swift:7:36: " + message])
    // In an async function, and for a graph with nothing async: the async `resolve`, or fine.
    #expect(root("func run() async { _ = await container.resolve(Store.self) }").isEmpty)
    #expect(root("let clock = await container.resolve(Clock.self)").isEmpty)
    // Anywhere but `main.swift`: no top-level code.
    #expect(root("let store = await container.resolve(Store.self)", in: "Root.swift").isEmpty)
  }

  /// `await container.initializeSingletons()` in the top-level code of a `main.swift` is the
  /// synchronous one too: a `.single` that is async, or builds something async, fails there.
  @Test func aTopLevelAwaitInitializeSingletonsOfAnAsyncSingleFails() {
    func root(_ lifetime: String, _ code: String) -> [String] {
      errors([
        "Types.swift": """
        import Squire
        final class Database { init() async {} }
        final class Store { init(database: Database) {} }
        """,
        "main.swift": """
        import Squire

        let container = Container()
        container.register(Database.init).lifetime(.\(lifetime))
        container.register(Store.init).lifetime(.single)
        \(code)
        """,
      ])
    }
    let message =
      "error: Needs await: top-level code of `main.swift` gets the synchronous "
      + "`initializeSingletons()` even written with `await`, and it cannot build "
    #expect(
      root("single", "await container.initializeSingletons()") == [
        "main.swift:6:17: " + message + "`Database`."
      ])
    #expect(
      root("prototype", "try await container.tryInitializeSingletons()") == [
        "main.swift:6:21: " + message + "`Store`."
      ])
    #expect(root("single", "func run() async { await container.initializeSingletons() }").isEmpty)
    #expect(root("single", "container.initializeSingletons()").isEmpty)
  }
}
#endif
