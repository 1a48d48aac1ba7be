import Testing

@testable import Squire

@Suite("Main actor components")
struct MainActorTests {
  @MainActor
  @Test func aMainActorInitializerResolvesSynchronouslyOnTheMainActor() {
    let container = Container()
    container.append(part: ViewModelPart.self)
    let model: ViewModel = container.resolve()
    #expect(model.service === container.resolve(APIService.self))
    let screen: Screen = container.resolve()
    #expect(screen.model !== model)
  }

  @MainActor
  @Test func theClosureFormIsTheSame() {
    let container = Container()
    container.register(APIService.init)
    container.register { @MainActor in ViewModel(service: $0) }
    let model: ViewModel = container.resolve()
    _ = model
  }

  @Test func aSynchronousResolveOffTheMainActorIsAnErrorThatSaysAwait() async throws {
    let container = Container()
    container.append(part: ViewModelPart.self)
    let error = try await Task.detached {
      try #require(throws: ResolutionError.self) {
        try resolveSynchronously(Screen.self, in: container)
      }
    }.value
    #expect(
      error.reason
        == .needsAwait(component: "ViewModel", cause: AwaitCause.mainActor))
    #expect(error.path == ["Screen", "ViewModel"])
    #expect(error.description.contains("await container.resolve()"))
  }

  @Test func anAsyncResolveFromAnyContextRunsTheInitializerOnTheMainActor() async {
    let container = Container()
    container.append(part: ViewModelPart.self)
    let screen = await Task.detached { await container.resolve(Screen.self) }.value
    _ = screen
    let model: ViewModel = await container.resolve()
    _ = model
  }

  @Test func mainActorInjectionsAndPostInitsRunOnTheMainActor() async {
    let container = Container()
    let ran = CallCounter()
    container.register(APIService.init)
    container.register(ViewModel.init)
      .injectionOnMainActor { (model: ViewModel, service: APIService) in
        MainActor.preconditionIsolated()
        _ = (model, service)
        ran.next()
      }
      .postInitOnMainActor { _ in
        MainActor.preconditionIsolated()
        ran.next()
      }
    _ = await Task.detached { await container.resolve(ViewModel.self) }.value
    #expect(ran.value == 2)
  }
}

@Suite("Async factories")
struct AsyncFactoryTests {
  @Test func asyncClosuresAndInitializersAreAwaited() async throws {
    let container = Container()
    container.register { () async -> Database in await Database.connect(url: "sqlite://books") }
      .lifetime(.single)
    container.register(Cache.init)
    let cache: Cache = await container.resolve()
    #expect(cache.database.url == "sqlite://books")
    let database = try await container.tryResolve(Database.self)
    #expect(database === cache.database)
  }

  @Test func anAsyncComponentResolvesThroughItsAsTypes() async throws {
    let container = Container()
    container.register { () async -> Database in await Database.connect(url: "sqlite://books") }
      .as((any DatabaseConnection).self)
      .as(Database.self, name: "books")
    container.register { @MainActor in ViewModel(service: APIService()) }
      .as((any Presenter).self)
    let connection: any DatabaseConnection = try await container.tryResolve()
    #expect(connection.url == "sqlite://books")
    let named: Database = try await container.tryResolve(name: "books")
    #expect(named.url == "sqlite://books")
    let presenter = try await Task.detached { try await container.tryResolve((any Presenter).self) }
      .value
    _ = presenter
    let all = try await container.tryResolve(Many<any DatabaseConnection>.self)
    #expect(many(all).count == 1)
  }

  @Test func aSynchronousResolveOfAnAsyncComponentSaysAwait() throws {
    let container = Container()
    container.register { () async -> Database in await Database.connect(url: "x") }
    container.register(Cache.init)
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Cache.self) }
    #expect(error.reason == .needsAwait(component: "Cache", cause: AwaitCause.async))
    #expect(error.path == ["Cache"])
  }

  @Test func aCachedAsyncInstanceIsThereForSynchronousResolvesOnceMade() async throws {
    let container = Container()
    container.register { () async -> Database in await Database.connect(url: "x") }
      .lifetime(.single)
    await container.initializeSingletons()
    let database = try resolveSynchronously(Database.self, in: container)
    #expect(database.url == "x")
  }

  @Test func aThousandTasksRacingGetOneInstanceMadeOnce() async {
    let container = Container()
    let made = CallCounter()
    container.register { () async -> Database in
      made.next()
      try? await Task.sleep(for: .milliseconds(20))
      return await Database.connect(url: "pool")
    }
    .lifetime(.single)
    let instances = await withTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<1000 {
        group.addTask { ObjectIdentifier(await container.resolve(Database.self)) }
      }
      var seen = Set<ObjectIdentifier>()
      for await id in group { seen.insert(id) }
      return seen
    }
    #expect(made.value == 1)
    #expect(instances.count == 1)
  }

  @Test func asyncInjectionsAndPostInitsAreAwaited() async {
    final class Library: @unchecked Sendable {
      var database: Database?
      var warmed = false
    }
    let container = Container()
    container.register { () async -> Database in await Database.connect(url: "x") }
    container.register(Library.init)
      .asyncInjection { (library: Library, database: Database) async in library.database = database
      }
      .asyncPostInit { (library: Library) async in library.warmed = true }
    let library: Library = await container.resolve()
    #expect(library.database?.url == "x")
    #expect(library.warmed)
  }

  @Test func lazyAndProviderResolveAsyncValues() async throws {
    final class Holder: Sendable {
      let database: Lazy<Database>
      let caches: Provider<Cache>
      init(database: Lazy<Database>, caches: Provider<Cache>) {
        self.database = database
        self.caches = caches
      }
    }
    let container = Container()
    container.register { () async -> Database in await Database.connect(url: "x") }
    container.register(Cache.init)
    container.register(Holder.init)
    let holder: Holder = await container.resolve()
    let first = try await holder.database.get()
    #expect(try await holder.database.get() === first)
    #expect(try await holder.caches.get() !== (try await holder.caches.get()))
    #expect(throws: ResolutionError.self) { try holder.caches.get() as Cache }
  }

  @Test func asyncResolveOfASynchronousGraphGivesTheSameAnswers() async {
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self)
    container.register(SteelWheel.init).as(Wheel.self)
    container.register(SportBody.init).as(Body.self)
    container.register(Car.init)
    let car: Car = await container.resolve()
    #expect(car.engine is BMWEngine)
    let optional: Car? = await container.resolve()
    #expect(optional != nil)
  }
}

@Suite("Throwing factories")
struct ThrowingFactoryTests {
  @Test func aFactorysErrorIsCarriedWithThePath() throws {
    let container = Container()
    container.register { () throws -> Settings in try Settings.load() }
    container.register { (settings: Settings) in Port(number: settings.port) }
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Port.self) }
    #expect(error.path == ["Port", "Settings"])
    #expect(error.underlyingError as? SettingsError == SettingsError(file: "settings.json"))
    #expect(
      error.reason
        == .factoryFailed(component: "Settings", error: "SettingsError(file: \"settings.json\")"))
    #expect(error.description.contains("threw an error: SettingsError"))
  }

  @Test func aFailedCachedLifetimeCachesNothing() throws {
    let container = Container()
    let attempts = CallCounter()
    container.register { () throws -> Settings in
      if attempts.next() == 1 { throw SettingsError(file: "first") }
      return Settings(port: 1)
    }
    .lifetime(.single)
    #expect(throws: ResolutionError.self) { try container.tryResolve(Settings.self) }
    #expect(try container.tryResolve(Settings.self).port == 1)
    #expect(attempts.value == 2)
  }

  @Test func anAsyncThrowingFactoryFailsAndThenSucceeds() async throws {
    let container = Container()
    let attempts = CallCounter()
    container.register { () async throws -> Settings in
      if attempts.next() == 1 { throw SettingsError(file: "remote") }
      return try await Settings.fetch()
    }
    .lifetime(.single)
    let error = try await #require(throws: ResolutionError.self) {
      try await container.tryResolve(Settings.self)
    }
    #expect(error.underlyingError is SettingsError)
    #expect(try await container.tryResolve(Settings.self).port == 8080)
  }

  @Test func resolveTrapsNamingTheCallersLine() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container()
      container.register { () throws -> Settings in try Settings.load() }
      _ = container.resolve(Settings.self)
    }.map { result in
      let text = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(text.contains("IsolationTests.swift"))
      #expect(!text.contains("Container+Resolve.swift"))
    }
  }
}

struct Port: Sendable {
  let number: Int
}

@Suite("Graph export of async and main-actor components")
struct IsolationGraphTests {
  @Test func theGraphMarksAsyncAndMainActorComponents() {
    let container = Container()
    container.append(part: ViewModelPart.self)
    container.register { () async -> Database in await Database.connect(url: "x") }
    let dot = container.graph(.dot)
    let mermaid = container.graph(.mermaid)
    #expect(dot.contains("@MainActor"))
    #expect(dot.contains("async"))
    #expect(mermaid.contains("@MainActor"))
    #expect(mermaid.contains("async"))
  }
}

/// A main-actor model that takes a runtime argument first.
@MainActor
final class ProfileModel {
  let userID: Int
  let service: APIService
  init(userID: Int, service: APIService) {
    MainActor.preconditionIsolated("ProfileModel.init ran off the main actor")
    self.userID = userID
    self.service = service
  }
}

/// A component whose async initializer takes a runtime argument first.
final class MonthlyReport: Sendable {
  let month: Int
  init(month: Int, service: APIService) async {
    await Task.yield()
    self.month = month
  }
}

@Suite("The modifier form with isolated and async initializers")
struct ModificatorIsolationTests {
  @MainActor
  @Test func aMainActorInitializerIsBuiltOnTheMainActor() {
    let container = Container()
    container.register(APIService.init)
    container.register(ProfileModel.init) { arg($0) }
    let model: ProfileModel = container.resolve(args: 42)
    #expect(model.userID == 42)
  }

  @Test func offTheMainActorASynchronousResolveSaysAwaitAndAnAsyncOneHops() async throws {
    let container = Container()
    container.register(APIService.init)
    container.register(ProfileModel.init) { arg($0) }
    let error = try await Task.detached {
      try #require(throws: ResolutionError.self) {
        let _: ProfileModel = try container.tryResolve(args: 7)
      }
    }.value
    #expect(error.reason == .needsAwait(component: "ProfileModel", cause: AwaitCause.mainActor))
    let model: ProfileModel = await container.resolve(args: 7)
    #expect(model.userID == 7)
  }

  @Test func anAsyncInitializerIsAwaited() async {
    let container = Container()
    container.register(APIService.init)
    container.register(MonthlyReport.init) { arg($0) }
    let report: MonthlyReport = await container.resolve(args: 11)
    #expect(report.month == 11)
  }
}
