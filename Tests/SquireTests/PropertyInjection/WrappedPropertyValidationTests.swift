import Testing

@testable import Squire

private final class Console {
  let dashboard: Dashboard
  init(dashboard: Dashboard) { self.dashboard = dashboard }
}

@Suite("Validating wrapped properties")
struct WrappedPropertyValidationTests {
  @Test func aWrappedPropertyNobodyProvidesIsReportedWithThePath() throws {
    let container = Container()
    container.register(Console.init)
    container.register(Dashboard.init)
    let report = container.validate()
    let missing = report.problems.filter {
      if case .missingDependency = $0.kind { return true }
      return false
    }
    let types = missing.compactMap { problem -> String? in
      guard case .missingDependency(let type, _, let neededBy) = problem.kind else { return nil }
      #expect(neededBy == ["Dashboard"])
      return type
    }
    #expect(Set(types) == ["TimeSource", "BookCatalog"])
    let clock = try #require(missing.first { $0.description.contains("TimeSource") })
    #expect(clock.path == ["Console", "Dashboard", "TimeSource"])
  }

  @Test func aGraphThatProvidesEveryWrappedPropertyIsValid() {
    let container = Container()
    container.register(SystemClock.init).as(TimeSource.self)
    container.register(Bookshelf.init).as(BookCatalog.self)
    container.register(Dashboard.init)
    container.register(OptionalDashboard.init)
    #expect(container.validate().isValid)
  }

  @Test func anOptionalWrappedPropertyMayBeMissing() {
    let container = Container()
    container.register(SystemClock.init).as(TimeSource.self)
    container.register(OptionalDashboard.init)
    #expect(container.validate().isValid)
  }

  @Test func aNamedPropertyIsCheckedUnderItsNameOnceItsClassWasFilled() {
    let container = Container()
    container.register { LabeledClock(label: "utc") }.as(TimeSource.self, name: "utc")
    container.register { LabeledClock(label: "remote") }.as(TimeSource.self, tag: Remote.self)
    container.register(NamedDashboard.init)
    _ = container.resolve(NamedDashboard.self)
    #expect(container.validate().isValid)
  }

  /// Issue 37, 7: a property with no name whose type is provided only under a name passed
  /// validation, and its resolve failed.
  @Test func aPropertyWhoseTypeIsProvidedOnlyUnderANameIsReportedMissing() throws {
    let container = Container()
    container.register { LabeledClock(label: "archive") }.as(TimeSource.self, name: "archive")
    container.register(ArchiveScreen.init)
    let report = container.validate()
    let problem = try #require(report.problems.first)
    guard case .missingDependency(let type, _, let neededBy) = problem.kind else {
      Issue.record("\(problem)")
      return
    }
    #expect(type == "TimeSource")
    #expect(neededBy == ["ArchiveScreen"])
    #expect(problem.description.contains("by name \"archive\""), "\(problem)")
    #expect(problem.description.contains("@Injected"), "\(problem)")
    #expect(throws: ResolutionError.self) { try container.tryResolve(ArchiveScreen.self) }
  }

  @Test func aLazyWrappedPropertyBreaksACycle() {
    let container = Container()
    container.register(SystemClock.init).as(TimeSource.self)
    container.register(Dashboard.init).lifetime(.single)
    container.register(CatalogOfDashboard.init).as(BookCatalog.self)
    #expect(container.validate().isValid)
    let dashboard: Dashboard = container.resolve()
    #expect((dashboard.catalog as? CatalogOfDashboard)?.dashboard === dashboard)
  }
}

private final class ArchiveScreen {
  @Injected var clock: TimeSource
}

private final class CatalogOfDashboard: BookCatalog, @unchecked Sendable {
  /// Unowned: the dashboard keeps its catalog (a `@LazyInjected` keeps its value).
  unowned let dashboard: Dashboard
  init(dashboard: Dashboard) { self.dashboard = dashboard }
}
