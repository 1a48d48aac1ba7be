import Squire
import Testing

@Suite struct DecoratorTests {
  @Test func decoratorsWrapInRegistrationOrderFirstInnermost() {
    let container = Container()
    container.register(RemoteCatalog.init).as(Catalog.self)
    container.register { TestClock() }
    container.decorate(Catalog.self) { inner, clock in TimedCatalog(inner: inner, clock: clock) }
    container.decorate(Catalog.self) { CachedCatalog(inner: $0) }
    let catalog: Catalog = container.resolve()
    #expect(catalog.layers == ["Cached", "Timed", "Remote"])
    #expect((catalog as? CachedCatalog)?.inner is TimedCatalog)
  }

  @Test func dependentsGetTheDecoratedInstance() {
    let container = Container()
    container.register(RemoteCatalog.init).as(Catalog.self)
    container.register(Shop.init)
    container.decorate(Catalog.self) { CachedCatalog(inner: $0) }
    let shop: Shop = container.resolve()
    #expect(shop.catalog.layers == ["Cached", "Remote"])
  }

  @Test func theComponentAsAnotherTypeIsNotDecorated() {
    let container = Container()
    container.register(RemoteCatalog.init).as(Catalog.self)
    container.decorate(Catalog.self) { CachedCatalog(inner: $0) }
    let remote: RemoteCatalog = container.resolve()
    #expect(remote.layers == ["Remote"])
  }

  @Test func decoratingTheImplementationTypeItself() {
    final class Subclassed: Sendable {
      let tag: String
      init(tag: String = "plain") { self.tag = tag }
    }
    let container = Container()
    container.register { Subclassed() }
    container.decorate(Subclassed.self) { Subclassed(tag: "wrapped " + $0.tag) }
    #expect(container.resolve(Subclassed.self).tag == "wrapped plain")
  }

  @Test func byNameByTagManyLazyAndProviderAreDecorated() throws {
    enum Fast {}
    let container = Container()
    container.register(RemoteCatalog.init).as(Catalog.self).as(Catalog.self, name: "remote")
    container.register(LocalCatalog.init).as(Catalog.self, tag: Fast.self)
      .as(Catalog.self, name: "local")
    container.decorate(Catalog.self) { CachedCatalog(inner: $0) }

    #expect(container.resolve(Catalog.self).layers == ["Cached", "Remote"])
    let named: Catalog = container.resolve(name: "remote")
    #expect(named.layers == ["Cached", "Remote"])
    let tagged: Catalog = container.resolve(tag: Fast.self)
    #expect(tagged.layers == ["Cached", "Local"])

    final class Everything: Sendable {
      let all: [Catalog]
      let lazy: Lazy<Catalog>
      let provider: Provider<Catalog>
      let optional: Catalog?
      let fast: Catalog
      init(
        all: [Catalog], lazy: Lazy<Catalog>, provider: Provider<Catalog>, optional: Catalog?,
        fast: Catalog
      ) {
        self.all = all
        self.lazy = lazy
        self.provider = provider
        self.optional = optional
        self.fast = fast
      }
    }
    container.register {
      Everything(
        all: many($0), lazy: $1, provider: $2, optional: $3, fast: by(tag: Fast.self, $4))
    }
    let everything: Everything = container.resolve()
    #expect(everything.all.map(\.layers) == [["Cached", "Remote"]])
    #expect(everything.lazy.value.layers == ["Cached", "Remote"])
    #expect(everything.provider.value.layers == ["Cached", "Remote"])
    #expect(everything.optional?.layers == ["Cached", "Remote"])
    #expect(everything.fast.layers == ["Cached", "Local"])

    let lazy = container.resolve(Lazy<Catalog>.self)
    #expect(lazy.value.layers == ["Cached", "Remote"])
    let optional: Catalog? = container.resolve()
    #expect(optional?.layers == ["Cached", "Remote"])
  }

  @Test func aDecoratorsParametersTakeModifiers() {
    enum Backup {}
    final class Fallback: Catalog {
      let inner: Catalog
      let backups: [Catalog]
      let clock: Lazy<TestClock>
      let missing: RepositoryLog?
      init(inner: Catalog, backups: [Catalog], clock: Lazy<TestClock>, missing: RepositoryLog?) {
        self.inner = inner
        self.backups = backups
        self.clock = clock
        self.missing = missing
      }
      var layers: [String] { ["Fallback"] + inner.layers }
    }
    let container = Container()
    container.register(RemoteCatalog.init).as(Catalog.self)
    container.register(LocalCatalog.init).as(LocalCatalog.self, tag: Backup.self)
    container.register { TestClock(name: "lazy") }
    container.decorate(Catalog.self) {
      Fallback(
        inner: $0, backups: [by(tag: Backup.self, $1) as LocalCatalog], clock: $2, missing: $3)
    }
    let catalog = container.resolve(Catalog.self) as? Fallback
    #expect(catalog?.layers == ["Fallback", "Remote"])
    #expect(catalog?.backups.map(\.layers) == [["Local"]])
    #expect(catalog?.clock.value.name == "lazy")
    #expect(catalog?.missing == nil)
  }

  @Test func aCachedLifetimeCachesTheDecoratedInstance() {
    let runs = Counter()
    let container = Container()
    container.register(RemoteCatalog.init).as(Catalog.self).as(Catalog.self, name: "main")
      .lifetime(.single)
    container.decorate(Catalog.self) { inner -> Catalog in
      runs.increment()
      return CachedCatalog(inner: inner)
    }
    let first: Catalog = container.resolve()
    let second: Catalog = container.resolve()
    let named: Catalog = container.resolve(name: "main")
    #expect(first === second)
    #expect(first === named)
    #expect(runs.count == 1)
    // The component itself is one instance, decorated or not.
    #expect((first as? CachedCatalog)?.inner === container.resolve(RemoteCatalog.self))
  }

  @Test func perContainerDecoratedInstancesArePerContainer() {
    let runs = Counter()
    let parent = Container()
    parent.register(RemoteCatalog.init).as(Catalog.self).lifetime(.perContainer)
    parent.decorate(Catalog.self) { inner -> Catalog in
      runs.increment()
      return CachedCatalog(inner: inner)
    }
    let child = Container(parent: parent)
    let a = parent.resolve(Catalog.self)
    let b = parent.resolve(Catalog.self)
    let c = child.resolve(Catalog.self)
    #expect(a === b)
    #expect(a !== c)
    #expect(runs.count == 2)
  }

  @Test func prototypesAreDecoratedEachTime() {
    let runs = Counter()
    let container = Container()
    container.register(RemoteCatalog.init).as(Catalog.self)
    container.decorate(Catalog.self) { inner -> Catalog in
      runs.increment()
      return CachedCatalog(inner: inner)
    }
    _ = container.resolve(Catalog.self)
    _ = container.resolve(Catalog.self)
    #expect(runs.count == 2)
  }

  @Test func objectGraphDecoratedOncePerResolve() {
    final class Two: Sendable {
      let a: Catalog
      let b: Catalog
      init(a: Catalog, b: Catalog) {
        self.a = a
        self.b = b
      }
    }
    let container = Container()
    container.register(RemoteCatalog.init).as(Catalog.self).lifetime(.objectGraph)
    container.decorate(Catalog.self) { CachedCatalog(inner: $0) }
    container.register(Two.init)
    let two: Two = container.resolve()
    #expect(two.a === two.b)
    #expect(two.a is CachedCatalog)
    #expect(container.resolve(Two.self).a !== two.a)
  }

  @Test func aChildsDecoratorAppliesOnlyThroughTheChildOnTopOfTheParents() {
    let parent = Container()
    parent.register(RemoteCatalog.init).as(Catalog.self)
    parent.register(Shop.init)
    parent.decorate(Catalog.self) { Layer("parent", $0) }
    let child = Container(parent: parent)
    child.decorate(Catalog.self) { Layer("child", $0) }
    #expect(child.resolve(Catalog.self).layers == ["child", "parent", "Remote"])
    #expect(child.resolve(Shop.self).catalog.layers == ["child", "parent", "Remote"])
    #expect(parent.resolve(Catalog.self).layers == ["parent", "Remote"])
    #expect(parent.resolve(Shop.self).catalog.layers == ["parent", "Remote"])
    let sibling = Container(parent: parent)
    #expect(sibling.resolve(Shop.self).catalog.layers == ["parent", "Remote"])
  }

  @Test func aDecoratorGetsItsDependenciesFromTheChildFirst() {
    let parent = Container()
    parent.register(RemoteCatalog.init).as(Catalog.self)
    parent.register { TestClock(name: "parent") }
    parent.decorate(Catalog.self) { inner, clock in TimedCatalog(inner: inner, clock: clock) }
    let child = Container(parent: parent)
    child.register { TestClock(name: "child") }
    #expect((child.resolve(Catalog.self) as? TimedCatalog)?.clock.name == "child")
    #expect((parent.resolve(Catalog.self) as? TimedCatalog)?.clock.name == "parent")
  }

  @Test func aDecoratorRegisteredAfterResolvingTakesEffect() {
    let container = Container()
    container.register(RemoteCatalog.init).as(Catalog.self)
    #expect(container.resolve(Catalog.self).layers == ["Remote"])
    container.decorate(Catalog.self) { CachedCatalog(inner: $0) }
    #expect(container.resolve(Catalog.self).layers == ["Cached", "Remote"])
  }

  /// The report that opened issue 11: a logging decorator around a repository was called a
  /// cycle, and the suggested `Lazy` would have made the decorator wrap itself.
  @Test func aDecoratorsInnerIsTheUndecoratedInstanceNeverACycle() throws {
    let container = Container()
    container.register(SQLRepository.init).as(Repository.self).lifetime(.single)
    container.register(RepositoryLog.init).lifetime(.single)
    container.decorate(Repository.self) { inner, logger in
      LoggingRepository(inner: inner, logger: logger)
    }
    let report = container.validate()
    #expect(report.isValid, "\(report)")
    #expect(report.warnings.isEmpty, "\(report)")
    let repository = try container.tryResolve(Repository.self)
    let logging = try #require(repository as? LoggingRepository)
    #expect(logging.inner is SQLRepository)
    #expect(repository.find(7) == "row 7")
    #expect(container.resolve(RepositoryLog.self).lines.withLock { $0 } == ["find 7"])
  }

  @Test func aLazyOfTheDecoratedTypeInADecoratorIsTheDecoratedOneNotItsInner() {
    final class Peeking: Catalog {
      let inner: Catalog
      let decorated: Lazy<Catalog>
      init(inner: Catalog, decorated: Lazy<Catalog>) {
        self.inner = inner
        self.decorated = decorated
      }
      var layers: [String] { ["Peeking"] + inner.layers }
    }
    let container = Container()
    container.register(RemoteCatalog.init).as(Catalog.self)
    container.decorate(Catalog.self) { Peeking(inner: $0, decorated: $1) }
    let catalog = container.resolve(Catalog.self) as? Peeking
    // `inner` is never the decorator's own result; a `Lazy` of the type resolves the decorated
    // type: another decorated instance here (a `.single` would get itself, and keep itself).
    #expect(catalog?.inner is RemoteCatalog)
    let other = catalog?.decorated.value as? Peeking
    #expect(other != nil)
    #expect(other !== catalog)
    #expect(other?.inner is RemoteCatalog)
  }

  @Test func aDecoratorDependingOnWhatNeedsTheDecoratedTypeIsACycle() {
    final class Audited: Catalog {
      let inner: Catalog
      let auditor: Auditor
      init(inner: Catalog, auditor: Auditor) {
        self.inner = inner
        self.auditor = auditor
      }
      var layers: [String] { ["Audited"] + inner.layers }
    }
    let container = Container()
    container.register(RemoteCatalog.init).as(Catalog.self)
    container.register(Auditor.init)
    container.decorate(Catalog.self) { Audited(inner: $0, auditor: $1) }
    let report = container.validate()
    #expect(report.problems.contains { if case .cycle = $0.kind { true } else { false } })
    #expect(throws: ResolutionError.self) { try container.tryResolve(Catalog.self) }
    do {
      _ = try container.tryResolve(Catalog.self)
    } catch {
      guard case .cycle = error.reason else {
        Issue.record("expected a cycle, got \(error)")
        return
      }
    }
  }

  @Test func aDecoratorsMissingDependencyIsReportedWithTheDecorator() throws {
    let container = Container()
    container.register(RemoteCatalog.init).as(Catalog.self)
    container.decorate(Catalog.self) { inner, clock in TimedCatalog(inner: inner, clock: clock) }
    let report = container.validate()
    let problem = try #require(report.problems.first)
    guard case .missingDependency(let type, _, let neededBy) = problem.kind else {
      Issue.record("expected a missing dependency: \(report)")
      return
    }
    #expect(type == "TestClock")
    #expect(neededBy == ["RemoteCatalog"])
    #expect(problem.description.contains("decorator of `Catalog` registered at"))
    #expect(throws: ResolutionError.self) { try container.tryResolve(Catalog.self) }
  }

  @Test func aDecoratorOfATypeNothingProvidesIsAWarning() throws {
    let container = Container()
    container.register(RemoteCatalog.init)
    container.decorate(Catalog.self) { CachedCatalog(inner: $0) }
    let report = container.validate()
    #expect(report.isValid)
    let warning = try #require(report.warnings.first)
    guard case .decoratorWithoutComponent(let type, _) = warning.kind else {
      Issue.record("expected a decorator warning: \(report)")
      return
    }
    #expect(type == "Catalog")
    #expect(warning.description.contains("never runs"))
    #expect(warning.description.contains("RemoteCatalog"), "a close match: \(warning)")
    #expect(report.description.contains("warning"))
  }

  @Test func aThrowingDecoratorFailsTheResolveAndCachesNothing() {
    let fail = Counter()
    let container = Container()
    container.register(RemoteCatalog.init).as(Catalog.self).lifetime(.single)
    container.decorate(Catalog.self) { inner -> Catalog in
      fail.increment()
      if fail.count == 1 { throw DecoratorFailure() }
      return CachedCatalog(inner: inner)
    }
    do {
      _ = try container.tryResolve(Catalog.self)
      Issue.record("expected the decorator's error")
    } catch {
      #expect(error.underlyingError is DecoratorFailure)
    }
    #expect(container.resolve(Catalog.self) is CachedCatalog)
  }

  @Test func asyncDecoratorsRunInAsyncResolvesOnly() async throws {
    let container = Container()
    container.register(RemoteCatalog.init).as(Catalog.self)
    container.decorate(Catalog.self) { (inner: Catalog) async -> Catalog in
      await Task.yield()
      return CachedCatalog(inner: inner)
    }
    let catalog: Catalog = try await container.tryResolve(Catalog.self)
    #expect(catalog.layers == ["Cached", "Remote"])
    do {
      _ = try resolveSynchronously(Catalog.self, in: container)
      Issue.record("a synchronous resolve cannot run an async decorator")
    } catch {
      guard case .needsAwait = error.reason else {
        Issue.record("expected needsAwait, got \(error)")
        return
      }
    }
  }

  @MainActor
  @Test func mainActorDecoratorsRunOnTheMainActor() {
    let container = Container()
    container.register(RemoteCatalog.init).as(Catalog.self)
    container.decorate(Catalog.self) { @MainActor in MainActorCatalog(inner: $0) }
    let here: Catalog = container.resolve()
    #expect(here.layers == ["Main", "Remote"])
  }

  @Test func mainActorDecoratorsOffTheMainActorNeedAwait() async throws {
    let container = Container()
    container.register(RemoteCatalog.init).as(Catalog.self)
    container.decorate(Catalog.self) { @MainActor in MainActorCatalog(inner: $0) }
    let awaited: Catalog = try await container.tryResolve(Catalog.self)
    #expect(awaited.layers == ["Main", "Remote"])
  }

  @Test func resetInstancesLetsGoOfDecoratedSingles() {
    let container = Container()
    container.register(RemoteCatalog.init).as(Catalog.self).lifetime(.single)
    container.decorate(Catalog.self) { CachedCatalog(inner: $0) }
    let first = container.resolve(Catalog.self)
    container.resetInstances(of: .single)
    let second = container.resolve(Catalog.self)
    #expect(first !== second)
    #expect((second as? CachedCatalog)?.inner === container.resolve(RemoteCatalog.self))
  }

  @Test func theGraphShowsDecorators() {
    let container = Container()
    container.register(RemoteCatalog.init).as(Catalog.self)
    container.register { TestClock() }
    container.decorate(Catalog.self) { inner, clock in TimedCatalog(inner: inner, clock: clock) }
    container.decorate(Catalog.self) { CachedCatalog(inner: $0) }
    let dot = container.graph(.dot)
    let mermaid = container.graph(.mermaid)
    for text in [dot, mermaid] {
      #expect(text.contains("decorated as Catalog ×2"), "\(text)")
      #expect(text.contains("decorator of Catalog"), "\(text)")
    }
  }

  @Test func weakAndScopedDecoratedInstancesFollowTheirLifetime() {
    let scope = Scope("request")
    let container = Container()
    container.register(RemoteCatalog.init).as(Catalog.self).lifetime(.weak)
    container.register(LocalCatalog.init).as(Catalog.self, name: "scoped").lifetime(.scoped(scope))
    container.decorate(Catalog.self) { CachedCatalog(inner: $0) }
    let held = container.resolve(Catalog.self)
    #expect(container.resolve(Catalog.self) === held)
    let scoped: Catalog = container.resolve(name: "scoped")
    let again: Catalog = container.resolve(name: "scoped")
    #expect(again === scoped)
    #expect(scoped.layers == ["Cached", "Local"])
    scope.close()
    let next: Catalog = container.resolve(name: "scoped")
    #expect(next !== scoped)
  }

  @Test func initializeSingletonsBuildsTheDecoratedInstance() {
    let runs = Counter()
    let container = Container()
    container.register(RemoteCatalog.init).as(Catalog.self).lifetime(.single)
    container.decorate(Catalog.self) { inner -> Catalog in
      runs.increment()
      return CachedCatalog(inner: inner)
    }
    container.initializeSingletons()
    #expect(runs.count == 1)
    _ = container.resolve(Catalog.self)
    #expect(runs.count == 1)
  }

  @Test func aCycleThroughCyclicInjectionsClosesOnTheDecoratedInstance() throws {
    final class Library: @unchecked Sendable {
      var catalog: Catalog?
      init() {}
    }
    final class LinkedCatalog: Catalog, @unchecked Sendable {
      var library: Library?
      init() {}
      let layers = ["Linked"]
    }
    let container = Container()
    container.register(Library.init).injection(cycle: true) { $0.catalog = $1 as Catalog }
    container.register(LinkedCatalog.init).as(Catalog.self)
      .injection(cycle: true) { $0.library = $1 }
    container.decorate(Catalog.self) { CachedCatalog(inner: $0) }
    #expect(container.validate().isValid)

    let library: Library = container.resolve()
    let fromLibrary = try #require(library.catalog as? CachedCatalog)
    #expect((fromLibrary.inner as? LinkedCatalog)?.library === library)

    let catalog = try #require(container.resolve(Catalog.self) as? CachedCatalog)
    let inner = try #require(catalog.inner as? LinkedCatalog)
    #expect(inner.library?.catalog === catalog)
    // The cycles are strong here: broken by hand, as an app would hold one side weakly.
    library.catalog = nil
    inner.library = nil
  }
}
