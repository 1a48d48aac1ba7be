#if BuildPlugin
import Testing

@testable import SquireBuildCore

/// The types of Squire's own tests of arguments passed down (`.passesArguments(to:)`).
private let screens = """
  import Squire

  protocol Presenting: AnyObject {}
  final class Service {}
  final class Presenter: Presenting {
    init(userID: Int, service: Service) {}
  }
  struct Header {
    let title: String
    let subtitle: String?
  }
  struct Screen {
    let presenter: Presenter
    let header: Header
  }
  struct ByProtocol {
    let presenter: any Presenting
  }
  struct Window {
    let screen: Screen
  }
  struct Shell {}
  struct Frame {
    let window: Window
  }
  func previewScreen() -> Screen {
    Screen(presenter: Presenter(userID: 0, service: Service()), header: Header(title: "", subtitle: nil))
  }
  func framed(_ screen: Screen) -> Screen { screen }

  """

/// Global-actor types for `register(isolated:)`.
private let ledger = """
  import Squire

  @globalActor actor Ledger { static let shared = Ledger() }
  struct Database: Sendable {}
  @Ledger final class Store { init(database: Database) {} }
  @Ledger final class Report { init(store: Store) {} }
  @Ledger final class Account { init(owner: String, store: Store) {} }
  @Ledger final class Statement { init(account: Account) {} }

  """

/// A module of `declarations` and a root that makes `container` and runs `registrations` from
/// line 4.
private func root(_ declarations: String, _ registrations: String) -> [String: String] {
  [
    "Types.swift": declarations,
    "Root.swift": "import Squire\n\nlet container = Container()\n" + registrations,
  ]
}

/// A root that registers the service, the presenter (taking the user's ID) and `header`
/// (lines 4 to 6), then `rest` from line 7.
private func screensRoot(
  header: String = "Header(title: arg($0), subtitle: arg($1))", _ rest: String
) -> [String: String] {
  root(
    screens,
    """
    container.register(Service.init)
    container.register(Presenter.init) { arg($0) }
    container.register { \(header) }

    """ + rest)
}

/// Arguments passed down, `arg` in a closure and `register(isolated:)`: read, and checked as
/// `validate()` checks them.
extension ProblemTests {
  @Test func aDependencyNoDeclarationCoversIsUnpassable() {
    let result = check(
      screensRoot(
        """
        container.register(Screen.init(presenter:header:)).passesArguments(to: Presenter.self)
        """))
    #expect(
      result.problems.map(\.diagnostic.description) == [
        "Root.swift:6:11: error: Unpassable argument: `Header` takes a runtime argument "
          + "(`String`), but `Screen` builds it as a dependency."
      ])
    let notes = result.problems.first?.notes.map(\.description) ?? []
    #expect(
      notes.contains(
        "Root.swift:6:11: note: why: runtime arguments given to `resolve(args:)` go only to the "
          + "component resolved at the top, and no component that builds `Header` declares that "
          + "its resolves pass them down (`.passesArguments(to:)`): such a resolve fails."))
    #expect(
      notes.contains(
        "Root.swift:6:11: note: fix: take a `Provider` of `Header` and pass the arguments "
          + "through it, resolve `Header` directly with `container.resolve(args: ...)` and hand "
          + "it over, or pass them down: declare `.passesArguments(to: Header.self)` on the "
          + "component resolved and resolve it with `passing: .to(Header.self, ...)`."))
    #expect(
      notes.contains(
        "Root.swift:7:11: note: `Screen` builds `Header` as a dependency, registered here"))
  }

  @Test func aPathThatStartsWithoutTheDeclarationIsUnpassable() {
    let found = errors(
      screensRoot(
        """
        container.register(Screen.init(presenter:header:))
          .passesArguments(to: Presenter.self, Header.self)
        container.register(Window.init(screen:))
        """))
    // `Window` builds the screen and does not pass the arguments down, as `validate()` says.
    #expect(
      found == [
        "Root.swift:5:11: error: Unpassable argument: `Presenter` takes a runtime argument "
          + "(`Int`), but `Screen` builds it as a dependency.",
        "Root.swift:6:11: error: Unpassable argument: `Header` takes a runtime argument "
          + "(`String`), but `Screen` builds it as a dependency.",
      ])
  }

  @Test func aDependencyBuiltThroughManyIsUnpassableAsValidateSays() {
    let gallery =
      screens + """
        struct Gallery {
          let presenters: [any Presenting]
        }

        """
    let registrations = """
      container.register(Service.init)
      container.register(Presenter.init) { arg($0) }.as(Presenting.self)
      container.register { Gallery(presenters: many($0)) }
      """
    let result = check(root(gallery, registrations))
    #expect(
      result.problems.map(\.diagnostic.description) == [
        "Root.swift:5:11: error: Unpassable argument: `Presenter` takes a runtime argument "
          + "(`Int`), but `Gallery` builds it as a dependency."
      ])
    #expect(
      result.problems.first?.notes.map(\.description).contains(
        "Root.swift:6:11: note: `Gallery` builds `Presenter` as a dependency, registered here")
        == true)
    // Passed down to what `many` builds: nothing to report.
    let passing = check(
      root(gallery, registrations + ".passesArguments(to: Presenting.self)"))
    #expect(passing.problems.isEmpty)
  }

  @Test func anArgumentInTheClosureFormBuiltAsADependency() {
    let found = errors(
      root(
        screens,
        """
        container.register(Service.init)
        container.register { Presenter(userID: arg($0), service: $1) }
        container.register { Header(title: "Profile", subtitle: nil) }
        container.register(Screen.init(presenter:header:))
        let other = Container()
        other.register(Service.init)
        other.register { (id: Arg<Int>, service: Service) in Presenter(userID: arg(id), service: service) }
        other.register { (title: Arg<String>, subtitle: Arg<String?>) in
          Header(title: arg(title), subtitle: arg(subtitle))
        }
        other.register(Screen.init(presenter:header:))
        """))
    #expect(
      found == [
        "Root.swift:5:11: error: Unpassable argument: `Presenter` takes a runtime argument "
          + "(`Int`), but `Screen` builds it as a dependency.",
        "Root.swift:10:7: error: Unpassable argument: `Presenter` takes a runtime argument "
          + "(`Int`), but `Screen` builds it as a dependency.",
        "Root.swift:11:7: error: Unpassable argument: `Header` takes a runtime argument "
          + "(`String`), but `Screen` builds it as a dependency.",
      ])
  }

  @Test func isolatedRegistrationsAreChecked() {
    let found = errors(
      root(
        ledger,
        """
        container.register(isolated: Store.init)
        container.register(isolated: { @Ledger (store: Store) in Report(store: store) })
        container.register(isolated: Account.init) { arg($0) }
        container.register(isolated: { @Ledger (account: Account) in Statement(account: account) })
        """))
    #expect(
      found == [
        "Root.swift:4:11: error: Missing dependency: nothing provides `Database`, which "
          + "`Store` needs.",
        "Root.swift:6:11: error: Unpassable argument: `Account` takes a runtime argument "
          + "(`String`), but `Statement` builds it as a dependency.",
      ])
  }

  @Test func aRootThatPassesOnlyOneOfThemDown() {
    let result = check(
      screensRoot(
        """
        container.register(Screen.init(presenter:header:))
          .passesArguments(to: Presenter.self, Header.self)
        container.register(Window.init(screen:)).passesArguments(to: Presenter.self)
        let screen = container.resolve(Screen.self, passing: .to(Presenter.self, 42))
        """))
    // `Window` covers the presenter only: the header is unpassable through it.
    #expect(
      result.problems.map(\.diagnostic.description) == [
        "Root.swift:6:11: error: Unpassable argument: `Header` takes a runtime argument "
          + "(`String`), but `Screen` builds it as a dependency."
      ])
    #expect(result.skipped.isEmpty)
  }

  @Test func aDeclarationForATypeNothingBuildsIsAWarning() {
    let result = check(
      screensRoot(
        """
        container.register(Screen.init(presenter:header:))
          .passesArguments(to: Presenter.self, Header.self)
        container.register(Window.init(screen:))
          .passesArguments(to: Presenter.self, Header.self, Service.self, ByProtocol.self)
        """))
    #expect(result.problems.isEmpty)
    #expect(
      result.warnings.map(\.diagnostic.description) == [
        "Root.swift:10:4: warning: Arguments passed to nothing: `Window` declares "
          + "`.passesArguments(to: ByProtocol.self)`, and nothing it is built from is a "
          + "`ByProtocol`."
      ])
    #expect(
      result.warnings.first?.notes.map(\.description).contains(
        "Root.swift:10:4: note: fix: name the dependency that takes the argument (its own type, "
          + "or one it is forwarded as with `.as`), or remove the declaration.") == true)
  }
}

/// Arguments passed down, `arg` in a closure and `register(isolated:)`: what is correct is clean.
extension NoFalseErrorTests {
  @Test func aDeclaredPassingDownIsFine() {
    let result = check(
      screensRoot(
        """
        container.register(Screen.init(presenter:header:))
          .passesArguments(to: Presenter.self, Header.self)
        let screen = container.resolve(
          Screen.self, passing: .to(Presenter.self, 42), .to(Header.self, "Profile"))
        """))
    #expect(result.problems.isEmpty)
    #expect(result.skipped.isEmpty)
  }

  @Test func aForwardedTypeNamesTheComponent() {
    let result = check(
      root(
        screens,
        """
        container.register(Service.init)
        container.register(Presenter.init) { arg($0) }.as(Presenting.self)
        container.register(ByProtocol.init(presenter:)).passesArguments(to: Presenting.self)
        """))
    #expect(result.problems.isEmpty)
    #expect(result.skipped.isEmpty)
  }

  @Test func aRootInABranchMayPassThemDown() {
    let found = errors([
      "Screens.swift": screens,
      "Root.swift": """
      import Squire

      func makeContainer(windowed: Bool) -> Container {
        let container = Container()
        container.register(Service.init)
        container.register(Presenter.init) { arg($0) }
        container.register { Header(title: "Profile", subtitle: nil) }
        container.register(Screen.init(presenter:header:))
        if windowed {
          container.register(Window.init(screen:)).passesArguments(to: Presenter.self)
        }
        return container
      }
      """,
    ])
    #expect(found.isEmpty)
  }

  @Test func aRootWhoseFactoryTheToolCannotReadMayPassThemDown() {
    let result = check(
      screensRoot(
        header: #"Header(title: "Profile", subtitle: nil)"#,
        """
        container.register(Screen.init(presenter:header:))
        container.register { Window(screen: framed($0)) }.passesArguments(to: Presenter.self)
        """))
    #expect(result.problems.isEmpty)
    #expect(result.warnings.isEmpty)
  }

  @Test func aComponentKeptInAVariableMayBeModifiedLater() {
    let result = check(
      screensRoot(
        """
        let screen = container.register(Screen.init(presenter:header:))
        screen.passesArguments(to: Presenter.self, Header.self)
        """))
    #expect(result.problems.isEmpty)
    #expect(result.skipped.map(\.location.line) == [3])
    // A discarded one is read in full.
    let discarded = errors(screensRoot("_ = container.register(Screen.init(presenter:header:))\n"))
    #expect(discarded.map { $0.prefix(20) } == ["Root.swift:5:11: err", "Root.swift:6:11: err"])
  }

  @Test func registrationsInTheBranchesOfAnIfOrASwitchMayNotBeMade() {
    let found = errors(
      registrations: """
        if Bool.random() {
          container.register(Mace.init).as(Weapon.self)
        } else {
          container.register(Sword.init).as(Weapon.self)
        }
        switch Int.random(in: 0...1) {
        case 0: container.register(PlateArmor.init(forge:)).as(Armor.self)
        default: container.register(PlateArmor.init(forge:)).as(Armor.self)
        }
        container.register(Forge.init)
        container.register { Squire2(weapon: $0, armor: $1) }
        """,
      declarations: armory + "final class Squire2 { init(weapon: Weapon, armor: Armor) {} }\n")
    #expect(found.isEmpty)
  }

  @Test func aParentsSingleBuildsWhatAChildOverrides() {
    // The child's check: `Frame`, a `.single` of the parent, builds the parent's `Window`, which
    // the child overrides, and so the screen: it passes the arguments down.
    let result = check(
      screensRoot(
        header: #"Header(title: "Profile", subtitle: nil)"#,
        """
        container.register(Screen.init(presenter:header:))
        container.register(Window.init(screen:))
        container.register(Frame.init(window:)).lifetime(.single)
          .passesArguments(to: Presenter.self)
        let child = Container(parent: container)
        child.register { Window(screen: previewScreen()) }
        """))
    #expect(result.problems.isEmpty)
    #expect(result.warnings.isEmpty)
  }

  @Test func aDecoratorMayBuildIt() {
    let found = errors(
      screensRoot(
        header: #"Header(title: "Profile", subtitle: nil)"#,
        """
        container.register(Screen.init(presenter:header:))
        container.register(Shell.init).passesArguments(to: Presenter.self)
        container.decorate(Shell.self) { (shell: Shell, screen: Screen) in shell }
        """))
    #expect(found.isEmpty)
  }

  @Test func anOptionalArgumentInTheClosureFormIsFine() {
    let found = errors(
      root(
        screens,
        """
        container.register { Header(title: "Profile", subtitle: arg($0)) }
        container.register(Service.init)
        container.register { Presenter(userID: 7, service: $0) }
        container.register(Screen.init(presenter:header:))
        """))
    #expect(found.isEmpty)
  }

  @Test func correctIsolatedRegistrationsAreClean() {
    let result = check(
      root(
        ledger,
        """
        container.register(Database.init)
        container.register(isolated: Store.init)
        container.register(isolated: { @Ledger (store: Store) in Report(store: store) })
        container.register(isolated: Account.init) { arg($0) }
        container.register(isolated: { @Ledger (account: Account) in Statement(account: account) })
          .passesArguments(to: Account.self)
        """))
    #expect(result.problems.isEmpty)
    #expect(result.skipped.isEmpty)
  }
}

/// `register(isolated:)` is not generated: the call stays with Squire's `register`.
extension GeneratorTests {
  @Test func isolatedRegistrationsAreLeftToTheGenericRegister() {
    let source = SquireCheck.run(
      files: [
        (path: "Ledger.swift", text: ledger),
        (
          path: "Root.swift",
          text: """
          import Squire

          func makeContainer() -> Container {
            let container = Container()
            container.register(Database.init)
            container.register(isolated: Store.init)
            container.register(isolated: { @Ledger (store: Store) in Report(store: store) })
            return container
          }
          """
        ),
      ], module: "Books", generate: true
    ).generatedSource.split(separator: "\n").filter { !$0.hasPrefix("//") }
      .joined(separator: "\n")
    #expect(source.contains("factoryDatabase"))
    #expect(!source.contains("Store"))
    #expect(!source.contains("Report"))
  }
}
#endif
