import Synchronization
import Testing

@testable import Squire

@Suite("@Injected and @LazyInjected")
struct InjectedTests {
  @Test func injectedIsFilledWhenTheContainerBuildsTheObject() {
    let container = Container()
    container.register(SystemClock.init).as(TimeSource.self)
    container.register(Bookshelf.init).as(BookCatalog.self)
    container.register(Dashboard.init)
    let dashboard: Dashboard = container.resolve()
    #expect(dashboard.clock.label == "system")
  }

  @Test func wrappedPropertiesAreFilledBeforeInjectionsAndPostInit() {
    let container = Container()
    container.register(SystemClock.init).as(TimeSource.self)
    container.register(Dashboard.init)
      .postInit { $0.ready = $0.clock.label == "system" }
    #expect(container.resolve(Dashboard.self).ready)
  }

  @Test func lazyInjectedResolvesOnFirstReadOnceThenKeeps() {
    let container = Container()
    container.register(SystemClock.init).as(TimeSource.self)
    container.register(LazyOnly.init)
    container.register(Counted.init).as(BookCatalog.self)
    let before = Counted.made.load(ordering: .relaxed)
    let object: LazyOnly = container.resolve()
    #expect(Counted.made.load(ordering: .relaxed) == before)
    let first = object.catalog
    #expect(Counted.made.load(ordering: .relaxed) == before + 1)
    #expect(object.catalog === first)
    #expect(Counted.made.load(ordering: .relaxed) == before + 1)
  }

  @Test func lazyInjectedResolvesOnceWhenReadFromManyThreadsAtOnce() async {
    let container = Container()
    container.register(SlowCounted.init).as(BookCatalog.self)
    container.register(LazyOnly.init).lifetime(.single)
    let object: LazyOnly = await container.resolve()
    let before = SlowCounted.made.load(ordering: .relaxed)
    let seen = await withTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<16 { group.addTask { ObjectIdentifier(object.catalog) } }
      return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(seen.count == 1)
    #expect(SlowCounted.made.load(ordering: .relaxed) == before + 1)
  }

  @Test func lazyInjectedKeepsItsContainerWeakly() {
    var container: Container? = Container()
    weak let released = container
    container!.register(Bookshelf.init).as(BookCatalog.self)
    container!.register(LazyOnly.init)
    let object: LazyOnly = container!.resolve()
    container = nil
    #expect(released == nil)
    #expect(throws: ResolutionError.self) { _ = try object.catalogForTesting() }
  }

  @Test func qualifiersPickTheNamedAndTaggedComponents() {
    let container = Container()
    container.register { LabeledClock(label: "local") }.as(TimeSource.self)
    container.register { LabeledClock(label: "utc") }.as(TimeSource.self, name: "utc")
    container.register { LabeledClock(label: "remote") }.as(TimeSource.self, tag: Remote.self)
    container.register(NamedDashboard.init)
    for _ in 0..<2 {
      let dashboard: NamedDashboard = container.resolve()
      #expect(dashboard.clock.label == "utc")
      #expect(dashboard.remote.label == "remote")
      #expect(dashboard.lazyClock.label == "utc")
    }
  }

  @Test func optionalsAreNilWhenNothingProvidesTheType() {
    let container = Container()
    container.register(SystemClock.init).as(TimeSource.self)
    container.register(OptionalDashboard.init)
    let dashboard: OptionalDashboard = container.resolve()
    #expect(dashboard.banner == nil)
    #expect(dashboard.lazyBanner == nil)
    #expect(dashboard.clock?.label == "system")
  }

  @Test func aMissingDependencyFailsTheResolveWithThePath() throws {
    let container = Container()
    container.register(Dashboard.init)
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Dashboard.self)
    }
    #expect(error.reason == .notRegistered(type: "TimeSource"))
    #expect(error.path == ["Dashboard"])
  }

  @Test func aChildsRegistrationsFillAParentsComponent() {
    let parent = Container()
    parent.register { LabeledClock(label: "production") }.as(TimeSource.self)
    parent.register(Dashboard.init)
    _ = parent.resolve(Dashboard.self)
    let child = Container(parent: parent)
    child.register { LabeledClock(label: "mock") }.as(TimeSource.self)
    #expect(child.resolve(Dashboard.self).clock.label == "mock")
    #expect(parent.resolve(Dashboard.self).clock.label == "production")
  }

  @Test func aSingleIsFilledOnceAndReadFromManyThreads() async {
    let container = Container()
    container.register(SystemClock.init).as(TimeSource.self).lifetime(.single)
    container.register(Dashboard.init).lifetime(.single)
    let labels = await withTaskGroup(of: String.self) { group in
      for _ in 0..<16 { group.addTask { container.resolve(Dashboard.self).clock.label } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(labels == Array(repeating: "system", count: 16))
  }

  @Test func anAsyncDependencyIsFilledByAnAsyncResolve() async throws {
    let container = Container()
    container.register { () async -> TimeSource in LabeledClock(label: "async") }
    container.register(Dashboard.init)
    let dashboard: Dashboard = try await container.tryResolve()
    #expect(dashboard.clock.label == "async")
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Dashboard.self, isolation: nil)
    }
    guard case .needsAwait = error.reason else {
      Issue.record("\(error)")
      return
    }
  }

  @Test func readingAnUnfilledPropertyTrapsNamingItAndItsClass() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = Dashboard().clock
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("`Dashboard.clock`"))
    #expect(message.contains("@Injected"))
    #expect(message.contains("inject(into:)"))
  }

  @Test func readingAnUnboundLazyPropertyTrapsNamingItAndItsClass() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = Dashboard().catalog
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("`Dashboard.catalog`"))
    #expect(message.contains("@LazyInjected"))
  }

  @Test func aClassWithoutWrappedPropertiesAddsNoStep() {
    #expect(WrappedProperties.fields(of: PlainService.self).isEmpty)
    #expect(WrappedProperties.step(for: PlainService.self, nil) == nil)
    #expect(WrappedProperties.fields(of: Int.self).isEmpty)
    #expect(WrappedProperties.fields(of: ReportScreen.self).map(\.name) == ["clock", "banner"])
  }
}

final class LazyOnly: @unchecked Sendable {
  @LazyInjected var catalog: BookCatalog

  /// The lazy property's value, or the error that reading it would trap with.
  func catalogForTesting() throws(ResolutionError) -> BookCatalog? {
    try _catalog.slot.get()
  }
}

final class Counted: BookCatalog {
  static let made = Atomic(0)
  init() { Self.made.add(1, ordering: .relaxed) }
}

final class SlowCounted: BookCatalog {
  static let made = Atomic(0)
  init() {
    Self.made.add(1, ordering: .relaxed)
    var spin = 0
    for index in 0..<200_000 { spin &+= index }
    precondition(spin != 1)
  }
}
