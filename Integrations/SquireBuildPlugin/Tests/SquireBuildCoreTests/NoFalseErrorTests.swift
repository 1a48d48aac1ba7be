import Testing

@testable import SquireBuildCore

/// What the tool cannot follow is never an error.
@Suite struct NoFalseErrorTests {
  @Test func aRegistrationInABranchMayProvideIt() {
    let result = check([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire

      func makeContainer(real: Bool) -> Container {
        let container = Container()
        if real { container.register(Forge.init) }
        container.register(PlateArmor.init(forge:)).as(Armor.self)
        return container
      }
      """,
    ])
    #expect(result.problems.isEmpty)
  }

  @Test func aContainerHandedToCodeTheToolCannotReadIsSkippedWithOneNote() {
    let result = check([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire
      import Elsewhere

      let container = Container()
      registerEverything(into: container)
      container.register(PlateArmor.init(forge:)).as(Armor.self)
      """,
    ])
    #expect(result.problems.isEmpty)
    #expect(result.skipped.count == 1)
    #expect(result.skipped.first?.location.line == 4)
  }

  @Test func typesFromOtherModulesAreNeverMissing() {
    let found = errors([
      "Root.swift": """
      import Squire
      import Logging

      final class Service { init(logger: Logger) {} }
      let container = Container()
      container.register(Service.init)
      """
    ])
    #expect(found.isEmpty)
  }

  @Test func aClosureWithLogicIsNotFollowed() {
    let found = errors([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire

      let container = Container()
      container.register { (forge: Forge?) -> PlateArmor in
        let pieces = ["helm"]
        _ = pieces
        return PlateArmor(forge: forge ?? Forge())
      }
      container.register { makeSomething() }
      container.register(Knight.init)
      """,
    ])
    #expect(found.isEmpty)
  }

  @Test func aTestOfTheProblemsIsLeftToValidate() {
    let found = errors([
      "Armory.swift": armory,
      "Tests.swift": """
      import Squire
      import Testing

      @Test func reportsTheMissingForge() {
        let container = Container()
        container.register(PlateArmor.init(forge:)).as(Armor.self)
        #expect(!container.validate().isValid)
      }
      @Test func throwsWhenResolving() {
        let container = Container()
        container.register(Knight.init)
        #expect(throws: ResolutionError.self) { try container.tryResolve(Knight.self) }
      }
      """,
    ])
    #expect(found.isEmpty)
  }

  @Test func squireDynamicSilencesARegistration() {
    let found = errors([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire

      let container = Container()
      container.register(PlateArmor.init(forge:)).as(Armor.self)  // squire: dynamic
      """,
    ])
    #expect(found.isEmpty)
  }

  @Test func aChildThatSuppliesWhatTheParentLacks() {
    let found = errors([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire

      let container = Container()
      container.register(PlateArmor.init(forge:)).as(Armor.self)
      let request = Container(parent: container)
      request.register(Forge.init)
      """,
    ])
    #expect(found.isEmpty)
  }

  @Test func suppliedByEachChild() {
    let found = errors([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire

      let container = Container()
      container.suppliedByEachChild(Forge.self)
      container.register(PlateArmor.init(forge:)).as(Armor.self)
      """,
    ])
    #expect(found.isEmpty)
  }

  @Test func anExtensionOfContainerFromAnotherModule() {
    let found = errors([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire

      let container = Container()
      container.register(configuration: reader)
      container.register(PlateArmor.init(forge:)).as(Armor.self)
      """,
    ])
    #expect(found.isEmpty)
  }

  @Test func aTypeOfItsOwnNamedContainer() {
    let found = errors([
      "Armory.swift": armory + "final class Container { func register(_ x: Any) {} }\n",
      "Root.swift": """
      let container = Container()
      container.register(PlateArmor.init(forge:))
      """,
    ])
    #expect(found.isEmpty)
  }

  @Test func aTypeRegisteredTwiceThatNoOneAsksOneOfIsNoError() {
    let found = errors([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire

      let container = Container()
      container.register(Sword.init).as(Weapon.self)
      container.register(Sword.init).as(Weapon.self)
      let defaults = Container()
      defaults.register(Sword.init).default()
      defaults.register(Sword.init).default()
      """,
    ])
    #expect(
      found == [
        "Root.swift:7:10: error: Ambiguous dependency: 2 components provide `Sword` and 2 are "
          + "marked `.default()`."
      ])
  }

  @Test func aContainersDefaultLifetime() {
    let found = errors([
      "Types.swift": """
      import Squire
      final class Session {}
      final class Cache { init(session: Session) {} }
      """,
      "Root.swift": """
      import Squire

      let container = Container(defaultLifetime: .objectGraph)
      container.register(Session.init)
      container.register(Cache.init).lifetime(.single)
      let child = Container(parent: container)
      child.register(Session.init).lifetime(.prototype)
      """,
    ])
    #expect(
      found == [
        "Root.swift:5:11: error: Captive dependency: `Cache` (.single) holds `Session` "
          + "(.objectGraph)."
      ])
  }

  @Test func severalInitializersAndNoLabels() {
    let found = errors([
      "Types.swift": """
      import Squire
      final class Forge {}
      final class Smith {
        init(forge: Forge) {}
        init() {}
      }
      """,
      "Root.swift": """
      import Squire

      let container = Container()
      container.register(Smith.init(forge:))
      container.register(Smith.init)  // squire: dynamic
      """,
    ])
    // The first needs a Forge; which initializer the second names, the reader never guesses.
    #expect(
      found == [
        "Root.swift:4:11: error: Missing dependency: nothing provides `Forge`, which `Smith` needs."
      ])
  }
}
