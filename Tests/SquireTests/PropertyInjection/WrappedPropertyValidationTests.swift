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

  @Test func aNamedPropertyIsNotReportedMissingBeforeItsClassWasFilled() {
    let container = Container()
    container.register { LabeledClock(label: "utc") }.as(TimeSource.self, name: "utc")
    container.register { LabeledClock(label: "remote") }.as(TimeSource.self, tag: Remote.self)
    container.register(NamedDashboard.init)
    let missing = container.validate().problems.filter {
      if case .missingDependency = $0.kind { return true }
      return false
    }
    #expect(missing.isEmpty)
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

private final class CatalogOfDashboard: BookCatalog, @unchecked Sendable {
  /// Unowned: the dashboard keeps its catalog (a `@LazyInjected` keeps its value).
  unowned let dashboard: Dashboard
  init(dashboard: Dashboard) { self.dashboard = dashboard }
}
