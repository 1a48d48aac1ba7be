import Testing

@testable import Squire

@Suite("Arguments passed down")
struct PassedArgumentsTests {
  fileprivate protocol Presenting: AnyObject {
    var userID: Int { get }
  }

  private final class Service {}

  private final class Presenter: Presenting {
    let userID: Int
    let service: Service
    init(userID: Int, service: Service) {
      self.userID = userID
      self.service = service
    }
  }

  private struct Header {
    let title: String
    let subtitle: String?
  }

  private struct Screen {
    let presenter: Presenter
    let header: Header
  }

  /// Two presenters in one screen: each instance takes the same arguments.
  private struct SplitScreen {
    let left: Presenter
    let right: Presenter
  }

  private struct ByProtocol {
    let presenter: any Presenting
  }

  /// A screen two levels above the presenter.
  private struct Window {
    let screen: Screen
  }

  private func screens() -> Container {
    let container = Container()
    container.register(Service.init)
    container.register(Presenter.init) { arg($0) }
    container.register { Header(title: arg($0), subtitle: arg($1)) }
    container.register(Screen.init(presenter:header:)).passesArguments(
      to: Presenter.self, Header.self)
    return container
  }

  @Test func argumentsReachDependenciesOfTheResolvedComponent() throws {
    let container = screens()
    let screen = try container.tryResolve(
      Screen.self, passing: .to(Presenter.self, 42), .to(Header.self, "Profile", "Ada"))
    #expect(screen.presenter.userID == 42)
    #expect(screen.header.title == "Profile")
    #expect(screen.header.subtitle == "Ada")
    // The trapping form and the inferred type.
    let other: Screen = container.resolve(
      passing: .to(Presenter.self, 7), .to(Header.self, "Home"))
    #expect(other.presenter.userID == 7)
    #expect(other.header.subtitle == nil)
  }

  @Test func argumentsReachComponentsSeveralLevelsDown() throws {
    let container = screens()
    container.register(Window.init(screen:)).passesArguments(to: Presenter.self, Header.self)
    let window = try container.tryResolve(
      Window.self, passing: .to(Presenter.self, 3), .to(Header.self, "Deep"))
    #expect(window.screen.presenter.userID == 3)
    #expect(window.screen.header.title == "Deep")
    #expect(container.validate().problems.isEmpty)
  }

  @Test func theResolvedComponentItselfCanBeNamed() throws {
    let container = screens()
    let presenter = try container.tryResolve(Presenter.self, passing: .to(Presenter.self, 5))
    #expect(presenter.userID == 5)
  }

  @Test func everyInstanceInTheResolveTakesTheSameArguments() throws {
    let container = Container()
    container.register(Service.init)
    container.register(Presenter.init) { arg($0) }
    container.register(SplitScreen.init(left:right:)).passesArguments(to: Presenter.self)
    let screen = try container.tryResolve(SplitScreen.self, passing: .to(Presenter.self, 9))
    #expect(screen.left.userID == 9)
    #expect(screen.right.userID == 9)
    #expect(screen.left !== screen.right)
  }

  @Test func aForwardedTypeNamesTheComponent() throws {
    let container = Container()
    container.register(Service.init)
    container.register(Presenter.init) { arg($0) }.as((any Presenting).self)
    container.register(ByProtocol.init(presenter:)).passesArguments(to: (any Presenting).self)
    let screen = try container.tryResolve(
      ByProtocol.self, passing: .to((any Presenting).self, 11))
    #expect(screen.presenter.userID == 11)
    #expect(container.validate().problems.isEmpty)
  }

  @Test func anArgumentOfTheWrongTypeSaysWhatWasPassed() {
    let container = screens()
    let error = #expect(throws: ResolutionError.self) {
      try container.tryResolve(
        Screen.self, passing: .to(Presenter.self, "42"), .to(Header.self, "Profile"))
    }
    #expect(error?.reason == .missingArgument(type: "Int", component: "Presenter"))
    #expect(error?.path == ["Screen", "Presenter"])
    #expect(
      error?.description.contains(
        "the arguments passed to `Presenter` are of type `String`: none more of type `Int`") == true
    )
  }

  @Test func anArgumentNobodyTakesIsAnError() {
    let container = screens()
    let error = #expect(throws: ResolutionError.self) {
      // `Service` is built, and takes no argument.
      try container.tryResolve(
        Screen.self, passing: .to(Presenter.self, 1), .to(Header.self, "A"),
        .to(Service.self, 2.5))
    }
    #expect(error?.reason == .unusedPassedArguments(component: "Service", types: ["Double"]))
    #expect(error?.description.contains("no `arg` parameter of a `Service` ran") == true)
  }

  @Test func anArgumentForATypeNotOnThePathIsAnError() {
    let container = screens()
    let error = #expect(throws: ResolutionError.self) {
      try container.tryResolve(
        Screen.self, passing: .to(Presenter.self, 1), .to(Header.self, "A"), .to(Window.self, 3))
    }
    #expect(error?.reason == .unusedPassedArguments(component: "Window", types: ["Int"]))
  }

  @Test func anExtraArgumentForABuiltComponentIsAnError() {
    let container = screens()
    let error = #expect(throws: ResolutionError.self) {
      try container.tryResolve(
        Screen.self, passing: .to(Presenter.self, 1, 2), .to(Header.self, "A"))
    }
    #expect(error?.reason == .unusedPassedArguments(component: "Presenter", types: ["Int"]))
    #expect(
      error?.description.contains(
        "a `Presenter` was built and took the other arguments passed to it") == true)
  }

  @Test func aResolveWithoutTheArgumentsSaysHowToPassThem() {
    let container = screens()
    let error = #expect(throws: ResolutionError.self) { try container.tryResolve(Screen.self) }
    #expect(error?.reason == .missingArgument(type: "Int", component: "Presenter"))
    #expect(
      error?.description.contains("`container.resolve(_:passing: .to(Presenter.self, ...))`")
        == true)
  }

  @Test func asyncResolvePassesArgumentsDownAndChecksThem() async throws {
    let container = screens()
    let screen = try await container.tryResolve(
      Screen.self, passing: .to(Presenter.self, 4), .to(Header.self, "Async"))
    #expect(screen.presenter.userID == 4)
    let trapping: Screen = await container.resolve(
      passing: .to(Presenter.self, 8), .to(Header.self, "T"))
    #expect(trapping.presenter.userID == 8)
    await #expect(throws: ResolutionError.self) {
      try await container.tryResolve(
        Screen.self, passing: .to(Presenter.self, 4), .to(Header.self, "A"), .to(Window.self, 1))
    }
  }

  // MARK: Validation

  @Test func validationAcceptsADeclaredPassingDown() {
    #expect(screens().validate().problems.isEmpty)
  }

  @Test func validationReportsADependencyNoDeclarationCovers() throws {
    let container = Container()
    container.register(Service.init)
    container.register(Presenter.init) { arg($0) }
    container.register { Header(title: arg($0), subtitle: arg($1)) }
    // Declares it for the presenter only.
    container.register(Screen.init(presenter:header:)).passesArguments(to: Presenter.self)
    let problem = try #require(container.validate().problems.first)
    #expect(container.validate().problems.count == 1)
    #expect(
      problem.kind
        == .unpassableArgument(component: "Header", argumentTypes: ["String"], neededBy: ["Screen"])
    )
    #expect(problem.description.contains("`.passesArguments(to: Header.self)`"))
  }

  /// What SquireBuildPlugin's tool reports too, in the same words (its `ProblemTests`).
  @Test func validationReportsADependencyBuiltThroughMany() throws {
    struct Gallery {
      let presenters: [any Presenting]
    }
    let container = Container()
    container.register(Service.init)
    container.register(Presenter.init) { arg($0) }.as((any Presenting).self)
    container.register { Gallery(presenters: many($0)) }
    let problem = try #require(container.validate().problems.first)
    #expect(
      problem.kind
        == .unpassableArgument(
          component: "Presenter", argumentTypes: ["Int"], neededBy: ["Gallery"])
    )
    #expect(
      problem.description.contains(
        "Unpassable argument: `Presenter` takes a runtime argument (`Int`), but `Gallery` builds "
          + "it as a dependency."))
    let passing = Container()
    passing.register(Service.init)
    passing.register(Presenter.init) { arg($0) }.as((any Presenting).self)
    passing.register { Gallery(presenters: many($0)) }.passesArguments(to: (any Presenting).self)
    #expect(passing.validate().problems.isEmpty)
  }

  @Test func validationReportsAPathThatStartsWithoutTheDeclaration() throws {
    let container = screens()
    // `Window` builds the screen without declaring that it passes the arguments down: a
    // resolve of `Window` cannot give them.
    container.register(Window.init(screen:))
    let kinds = container.validate().problems.map(\.kind)
    #expect(
      kinds == [
        .unpassableArgument(component: "Header", argumentTypes: ["String"], neededBy: ["Screen"]),
        .unpassableArgument(
          component: "Presenter", argumentTypes: ["Int"], neededBy: ["Screen"]),
      ])
  }

  @Test func validationWarnsOfADeclarationForATypeNothingBuilds() throws {
    let container = screens()
    container.register(Window.init(screen:))
      .passesArguments(to: Presenter.self, Header.self, Service.self, ByProtocol.self)
    let report = container.validate()
    #expect(report.problems.isEmpty)
    let warning = try #require(report.warnings.first)
    #expect(report.warnings.count == 1)
    #expect(warning.kind == .argumentsPassedToNothing(component: "Window", type: "ByProtocol"))
    #expect(warning.description.contains("nothing it is built from is a `ByProtocol`"))
  }
}
