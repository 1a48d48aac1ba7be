#if BuildPlugin
import Testing

@testable import SquireBuildCore

/// Generated factories for every registration the tool can read, whatever calls the function
/// that makes the container, and the list that says which registrations got one and why the
/// others did not.
@Suite struct GeneratedListTests {
  static func run(_ files: [String: String]) -> SquireCheck.Result {
    SquireCheck.run(
      files: files.sorted { $0.key < $1.key }.map { (path: $0.key, text: $0.value) },
      module: "App", generate: true)
  }

  /// The program: the function that makes the container is called in a `switch`.
  @Test func aMakerCalledInASwitchGetsItsFactories() {
    let result = Self.run(
      ["Armory.swift": armory, "main.swift": NeverSilentlyOffTests.switchProgram])
    let source = result.generatedSource
    #expect(
      source.contains("    if Squire._isGeneratedFile(file, \"App/main.swift\") {"), "\(source)")
    #expect(source.contains("      case 8: return factoryD()\n"), "\(source)")
    #expect(source.contains("      case 9: return factoryRoot()\n"), "\(source)")
    #expect(source.contains("    table[Swift.ObjectIdentifier(D.self)] = forwardD\n"))
  }

  /// The program as it wrote it: both registrations on the line that makes the
  /// container. The table tells them apart by the type each registers.
  @Test func registrationsOnOneLineGetTheirFactories() {
    let source = Self.run([
      "main.swift": """
      import Squire

      protocol DP: AnyObject {}
      final class D: DP {}
      final class Root { init(d: any DP) {} }
      func makeContainer() -> Container {
        let c = Container(); c.register(D.init).as(DP.self); c.register(Root.init); return c
      }
      switch CommandLine.arguments[1] {
      case "run": let c = makeContainer(); _ = c.resolve(Root.self)
      default: break
      }
      """
    ]).generatedSource
    #expect(
      source.contains(
        """
              case 7:
                switch type {
                case Swift.ObjectIdentifier(D.self): return factoryD()
                case Swift.ObjectIdentifier(Root.self): return factoryRoot()
                default: return nil
                }

        """), "\(source)")
    #expect(source.contains("// App/main.swift:7: `D`: generated factory\n"), "\(source)")
    #expect(source.contains("// App/main.swift:7: `Root`: generated factory\n"), "\(source)")
  }

  /// Two registrations of one type on one line, with different initializers: the table cannot
  /// tell them apart, so both take the generic path, and the list says why.
  @Test func oneTypeTwiceOnOneLineIsLeftToTheGenericPath() {
    let result = Self.run([
      "Root.swift": """
      import Squire

      final class Blade {
        init(steel: Int) {}
        init(iron: String) {}
      }
      func makeContainer() -> Container {
        let container = Container()
        container.register(Blade.init(steel:)).as(Blade.self, name: "steel"); container.register(Blade.init(iron:)).as(Blade.self, name: "iron")
        container.register(Blade.init(steel:)).as(Blade.self, name: "plain")
        return container
      }
      """
    ])
    let reason =
      "another registration of `Blade` is written on the same line (the table tells call sites "
      + "by line and type); the registration takes Squire's generic path"
    #expect(
      result.generatedList.map(\.description) == [
        "Root.swift:9:13: note: no generated factory for `Blade`: \(reason)",
        "Root.swift:9:83: note: no generated factory for `Blade`: \(reason)",
        "Root.swift:10:13: note: generated factory: `Blade`",
      ], "\(result.generatedList)")
    #expect(!result.generatedSource.contains("case 9"), "\(result.generatedSource)")
  }

  /// A function of the app that happens to be named `register` (`Services.register(in:)`) is
  /// not one of Squire's registrations: the list does not mention it.
  @Test func anAppsOwnRegisterFunctionIsNotListed() {
    let result = Self.run([
      "Root.swift": """
      import Squire

      final class Store {}
      enum Services {
        static func register(in container: Container) {
          container.register(Store.init)
        }
      }
      func makeContainer() -> Container {
        let container = Container()
        Services.register(in: container)
        return container
      }
      """
    ])
    #expect(
      result.generatedList.map(\.description) == [
        "Root.swift:6:15: note: generated factory: `Store`"
      ], "\(result.generatedList)")
    #expect(result.generatedSummary == "1 of 1 registrations have generated factories")
  }

  /// A registration the tool reads exactly gets its factory even where the container it is made
  /// in cannot be followed: a closure handed to another module, a loop, another file.
  @Test func aReadableRegistrationGetsItsFactoryWhereverItIs() {
    let source = Self.run([
      "Armory.swift": armory,
      "Setup.swift": """
      import Squire
      import Elsewhere

      func configure(app: App) {
        app.withContainer { container in
          container.register(Sword.init)
        }
        for container in app.containers {
          container.register(Mace.init).as(Weapon.self)
        }
      }
      """,
    ]).generatedSource
    #expect(source.contains("      case 6: return factorySword()\n"), "\(source)")
    #expect(source.contains("      case 9: return factoryMace()\n"), "\(source)")
    #expect(source.contains("    table[Swift.ObjectIdentifier(Mace.self)] = forwardMace\n"))
  }

  static let listed = [
    "Armory.swift": armory,
    "Root.swift": """
    import Squire

    @MainActor final class Screen { init(knight: Knight) {} }
    func makeContainer() -> Container {
      let container = Container()
      container.register(Anvil.init)
      container.register(PlateArmor.init(forge:)).as(Armor.self)
      container.register { Knight(armor: $0) }
      container.register(Screen.init)
      container.register { (armor: Armor) -> Keep in
        let knight = Knight(armor: armor)
        return Keep(knight: knight)
      }
      container.register(Sword.init); container.register(Mace.init)
      return container
    }
    final class Anvil {}
    """,
  ]

  /// `--list-generated`: one note per registration, at its `register`, in file order.
  @Test func theListSaysWhichRegistrationsGotFactoriesAndWhy() {
    let list = Self.run(Self.listed).generatedList.map(\.description)
    #expect(
      list == [
        "Root.swift:6:13: note: generated factory: `Anvil`",
        "Root.swift:7:13: note: generated factory: `PlateArmor`",
        "Root.swift:8:13: note: generated factory: `Knight`",
        "Root.swift:9:13: note: no generated factory for `Screen`: its initializer is "
          + "`@MainActor`; the registration takes Squire's generic path",
        "Root.swift:10:13: note: no generated factory for `Keep`: the closure does more than call "
          + "one initializer with its parameters in order; the registration takes Squire's "
          + "generic path",
        "Root.swift:14:13: note: generated factory: `Sword`",
        "Root.swift:14:45: note: generated factory: `Mace`",
      ], "\(list)")
    #expect(
      Self.run(Self.listed).generatedSummary == "5 of 7 registrations have generated factories")
  }

  /// The generated file's header lists the same, as comments.
  @Test func theGeneratedFilesHeaderListsThem() {
    let source = Self.run(Self.listed).generatedSource
    #expect(source.hasPrefix(Generator.header), "\(source)")
    #expect(source.contains("\n// App/Root.swift:6: `Anvil`: generated factory\n"), "\(source)")
    #expect(
      source.contains(
        "\n// App/Root.swift:9: `Screen`: no generated factory: its initializer is `@MainActor`\n"),
      "\(source)")
    #expect(source.contains("\n// 5 of 7 registrations have generated factories.\n"))
  }
}
#endif
