#if BuildPlugin
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

  /// Two files each with a `private` `Helper`, registered through a function of the file into
  /// one container and used by a consumer of the same file: two types, no ambiguity.
  @Test func samenamedPrivateTypesOfTwoFilesAreDistinct() {
    func file(_ name: String) -> String {
      """
      import Squire

      private final class Helper {}
      private final class \(name) { init(helper: Helper) {} }
      func register\(name)(in container: Container) {
        container.register(Helper.init)
        container.register(\(name).init)
      }
      """
    }
    let result = check([
      "Left.swift": file("Left"),
      "Right.swift": file("Right"),
      "Root.swift": """
      import Squire

      let container = Container()
      registerLeft(in: container)
      registerRight(in: container)
      """,
    ])
    #expect(result.problems.isEmpty, "\(result.problems.map(\.diagnostic.description))")
  }

  /// Registrations of one type in the branches of `#if` and `#else` are never both made.
  @Test func registrationsInExclusiveBranchesAreNotAmbiguous() {
    let found = errors([
      "Root.swift": """
      import Squire

      protocol API {}
      #if DEBUG
      final class MockAPI: API {}
      typealias Backend = MockAPI
      #else
      final class RealAPI: API {}
      typealias Backend = RealAPI
      #endif
      final class Client { init(api: any API, backend: Backend) {} }
      let container = Container()
      #if DEBUG
      container.register(MockAPI.init).as(API.self)
      container.register(Backend.init)
      #else
      container.register(RealAPI.init).as(API.self)
      container.register(Backend.init)
      #endif
      container.register(Client.init)
      """
    ])
    #expect(found.isEmpty)
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

  /// Roots beside `armory` that check clean: what they register may or may not be there, or is
  /// there in a way the tool reads.
  @Test(arguments: [
    (
      "a closure with logic is not followed",
      """
      container.register { (forge: Forge?) -> PlateArmor in
        let pieces = ["helm"]
        _ = pieces
        return PlateArmor(forge: forge ?? Forge())
      }
      container.register { makeSomething() }
      container.register(Knight.init)
      """
    ),
    (
      "`// squire: dynamic` silences a registration",
      "container.register(PlateArmor.init(forge:)).as(Armor.self)  // squire: dynamic"
    ),
    (
      "each child supplies it",
      """
      container.suppliedByEachChild(Forge.self)
      container.register(PlateArmor.init(forge:)).as(Armor.self)
      """
    ),
    (
      "an extension of `Container` from another module may register it",
      """
      container.register(configuration: reader)
      container.register(PlateArmor.init(forge:)).as(Armor.self)
      """
    ),
  ])
  func noError(_ what: String, registrations: String) {
    #expect(errors(registrations: registrations).isEmpty, "\(what)")
  }

  /// SquireConfiguration's `register(configuration:)` and `config(Key.self, $0)`: the container
  /// is checked, not skipped, and a value read with no configuration registered is missing.
  @Test func squireConfigurationIsRead() {
    func root(_ configuration: String) -> [String: String] {
      [
        "Types.swift": """
        import Squire
        struct Settings { init(port: Int) {} }
        final class Server { init(settings: Settings) {} }
        """,
        "Root.swift": """
        import Squire
        import SquireConfiguration

        let container = Container()
        \(configuration)
        container.register { Settings(port: config(HTTPPort.self, $0)) }.lifetime(.single)
        container.register(Server.init)
        """,
      ]
    }
    let configured = check(root("container.register(configuration: reader)"))
    #expect(configured.problems.isEmpty)
    #expect(configured.skipped.isEmpty, "\(configured.skipped)")
    #expect(
      errors(root("")) == [
        "Root.swift:6:11: error: Missing dependency: nothing provides `ConfigurationSource`, "
          + "which `Settings` needs."
      ])
  }

  /// A value the function that makes the container is given, registered by a closure
  /// (`register { logger }`), provides its type: the container is checked, not skipped.
  @Test func aValueTheMakerIsGivenIsRead() {
    let result = check([
      "Root.swift": """
      import Squire

      final class Logger {}
      final class Service { init(logger: Logger) {} }
      func makeContainer(logger: Logger) -> Container {
        let container = Container()
        container.register { logger }
        container.register(Service.init)
        return container
      }
      let container = makeContainer(logger: Logger())
      """
    ])
    #expect(result.problems.isEmpty)
    #expect(result.skipped.isEmpty, "\(result.skipped)")
  }

  /// A function the container is handed to is followed when the call leaves out parameters
  /// with default values; SquireHummingbird's `RequestScopeMiddleware(container)` supplies the
  /// request and its context, and SquireServiceLifecycle's `ContainerServices` registers
  /// nothing: the container is checked, not skipped.
  @Test func functionsWithDefaultsAndSquiresOwnPackagesAreFollowed() {
    let result = check([
      "Armory.swift": armory,
      "Root.swift": """
      import Squire
      import SquireHummingbird
      import SquireServiceLifecycle

      struct AppContext: RequestScopeContext {}
      final class Handler { init(request: Request, context: AppContext) {} }
      func provideForge(to container: Container, twice: Bool = false) {
        container.register(Forge.init)
      }
      func serve(_ container: Container) async throws -> ContainerServices {
        _ = RequestScopeMiddleware(container)
        return try await ContainerServices(container)
      }
      let container = Container()
      provideForge(to: container)
      container.register(PlateArmor.init(forge:)).as(Armor.self)
      container.register(Handler.init)
      let services = try await serve(container)
      """,
    ])
    #expect(result.problems.isEmpty)
    #expect(result.skipped.isEmpty, "\(result.skipped)")
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
    let found = errors(
      registrations: """
        container.register(Sword.init).as(Weapon.self)
        container.register(Sword.init).as(Weapon.self)
        let defaults = Container()
        defaults.register(Sword.init).default()
        defaults.register(Sword.init).default()
        """)
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

/// What a second hunt of correct programs found: each compiled and validated without the plugin.
@Suite struct HuntTests {
  /// A type declared in a statement's body in `main.swift` (`do { struct Local ... }`) is local:
  /// generated code cannot name it.
  @Test func aTypeDeclaredInATopLevelStatementGetsNoFactory() {
    let source = GeneratedCodeCompilesTests.generated([
      "main.swift": """
      import Squire

      final class Logger {}
      let container = Container()
      container.register(Logger.init)
      do {
        struct Local { let logger: Logger }
        container.register(Local.init)
        if true {
          final class Deeper { init(logger: Logger) {} }
          container.register(Deeper.init)
        }
        try container.validate().requireValid()
      }
      """
    ])
    #expect(source.contains("Logger"))
    #expect(!source.contains("Local"))
    #expect(!source.contains("Deeper"))
  }

  /// Labels written with backticks: generated code writes them as a call needs them, without
  /// the backticks the compiler warns about (only `inout` and `_` keep theirs).
  @Test func backtickedLabelsAreWrittenAsACallNeedsThem() {
    let source = GeneratedCodeCompilesTests.generated([
      "main.swift": """
      import Squire

      final class Clock {}
      final class Alarm { init(`default`: Clock, `self` s: Clock, `inout`: Clock) {} }
      final class Timer { init(`in` clock: Clock) {} }
      let container = Container()
      container.register(Clock.init)
      container.register(Alarm.init)
      container.register(Timer.init(in:))
      container.register { Timer(`in`: $0) }
      """
    ])
    #expect(
      source.contains("Alarm(default: d0(&context), self: d1(&context), `inout`: d2(&context))"))
    #expect(source.contains("Timer(in: d0(&context))"))
    #expect(!source.contains("`default`"))
  }

  /// `App.Service`: a type of the target named with the module's name is the same type.
  @Test func aTypeNamedWithItsModule() {
    let found = errors([
      "Root.swift": """
      import Squire

      final class Service {}
      final class Client { init(service: App.Service) {} }
      final class Other { init(service: Service) {} }
      let container = Container()
      container.register(App.Service.init)
      container.register(Client.init)
      container.register(Other.init)
      """
    ])
    #expect(found.isEmpty, "\(found)")
  }

  /// `Orders.register(in:)` and `Users.register(in:)`: static functions of one name in two
  /// types are told apart by the type the call names.
  @Test func staticFunctionsOfOneNameInTwoTypes() {
    func feature(_ name: String, needs: String) -> String {
      """
      import Squire

      enum \(name) {
        final class Store { init(config: \(needs)) {} }
        final class Config {}
        static func register(in container: Container) {
          container.register(Config.init)
          container.register(Store.init)
        }
      }
      """
    }
    let result = check([
      "Orders.swift": feature("Orders", needs: "Config"),
      "Users.swift": feature("Users", needs: "Orders.Config"),
      "Root.swift": """
      import Squire

      let container = Container()
      Users.register(in: container)
      """,
    ])
    // Read with `Users`'s function: its `Store` needs `Orders.Config`, which is missing.
    #expect(
      result.problems.map(\.diagnostic.description) == [
        "Users.swift:8:15: error: Missing dependency: nothing provides `Config`, which `Store` needs."
      ])
    #expect(result.skipped.isEmpty, "\(result.skipped)")
  }

  /// `Config` in a subclass of `Base` is `Base.Config` (declared in `Base` or an extension of
  /// it), before a `Config` of the file's top level.
  @Test(arguments: [
    "class Base {\n  struct Config {}\n}", "class Base {}\nextension Base {\n  struct Config {}\n}",
  ])
  func aTypeNestedInASuperclass(_ base: String) {
    let files = [
      "Types.swift": """
      struct Config {}
      \(base)
      final class Sub: Base {
        init(config: Config) {}
      }
      """,
      "Root.swift": """
      import Squire

      let container = Container()
      container.register { Base.Config() }
      container.register(Sub.init)
      """,
    ]
    #expect(errors(files).isEmpty, "\(errors(files))")
    #expect(GeneratedCodeCompilesTests.generated(files).contains("link(Base.Config.self)"))
  }
}
#endif
