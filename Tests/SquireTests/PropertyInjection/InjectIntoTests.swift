import Testing

@testable import Squire

@Suite("inject(into:) and register(T.self)")
struct InjectIntoTests {
  private func container() -> Container {
    let container = Container()
    container.register(SystemClock.init).as(TimeSource.self)
    container.register(Headline.init).as(Banner.self)
    container.register(Bookshelf.init).as(BookCatalog.self)
    container.register { "Quarterly report" }.as(String.self, name: "title")
    return container
  }

  @Test func injectIntoFillsTheWrappersOfAnObjectMadeElsewhere() {
    let container = container()
    let dashboard = Dashboard()
    container.inject(into: dashboard)
    #expect(dashboard.clock.label == "system")
    #expect(dashboard.catalog is Bookshelf)
  }

  @Test func injectIntoRunsTheInjectionsOfATypeRegisteredWithoutAFactory() {
    let container = container()
    container.register(ReportScreen.self)
      .injection(name: "title") { $0.title = $1 }
      .injection { $0.events.append("injected \($0.clock.label)") }
      .postInit { $0.events.append("postInit") }
    let screen = ReportScreen()
    container.inject(into: screen)
    #expect(screen.title == "Quarterly report")
    #expect(screen.banner is Headline)
    #expect(screen.events == ["injected system", "postInit"])
  }

  @Test func aSubclassPassedAsItsSuperclassGetsItsOwnWrappersFilled() {
    let container = container()
    let screen = ReportScreen()
    let base: BaseScreen = screen
    container.inject(into: base)
    #expect(screen.clock.label == "system")
    #expect(screen.banner is Headline)
  }

  @Test func injectIntoKeepsWhatIsFilledAlready() {
    let container = container()
    let dashboard = Dashboard()
    container.inject(into: dashboard)
    let first = dashboard.clock
    container.inject(into: dashboard)
    #expect(dashboard.clock === first)
  }

  @Test func resolvingATypeWithoutAFactoryIsAClearError() throws {
    let container = container()
    container.register(ReportScreen.self)
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(ReportScreen.self)
    }
    #expect(error.reason == .noFactory(component: "ReportScreen"))
    #expect(error.description.contains("inject(into:)"))
  }

  @Test func aMissingDependencyOfInjectIntoIsAnErrorWithThePath() throws {
    let container = Container()
    container.register(ReportScreen.self).injection(name: "title") { $0.title = $1 }
    let error = try #require(throws: ResolutionError.self) {
      try container.tryInject(into: ReportScreen())
    }
    #expect(error.requested == "inject(into: ReportScreen)")
    #expect(error.path.first == "ReportScreen")
  }

  @Test func validateChecksTheInjectionsOfATypeWithoutAFactory() {
    let container = Container()
    container.register(ReportScreen.self).injection(name: "title") { $0.title = $1 }
    let missing = container.validate().problems.compactMap { problem -> String? in
      guard case .missingDependency(let type, _, let neededBy) = problem.kind else { return nil }
      #expect(neededBy == ["ReportScreen"])
      return type
    }
    #expect(Set(missing) == ["String", "TimeSource", "Banner"])
  }

  @Test func injectIntoTrapsWithTheDiagnostic() async {
    await #expect(processExitsWith: .failure) {
      Container().inject(into: Dashboard())
    }
  }
}

private final class Printer {
  let screen: ReportScreen
  init(screen: ReportScreen) { self.screen = screen }
}

@Suite("Validating a type without a factory")
struct NoFactoryValidationTests {
  @Test func aComponentThatNeedsATypeWithoutAFactoryIsReported() throws {
    let container = Container()
    container.register(SystemClock.init).as(TimeSource.self)
    container.register(Headline.init).as(Banner.self)
    container.register(ReportScreen.self)
    container.register(Printer.init)
    let problems = container.validate().problems
    #expect(problems.count == 1)
    let problem = try #require(problems.first)
    #expect(problem.kind == .noFactory(component: "ReportScreen", neededBy: ["Printer"]))
    #expect(problem.path == ["Printer", "ReportScreen"])
  }
}
