#if Vapor
import Squire
import SquireVapor
import Testing
import Vapor
import VaporTesting

struct Mailer: Sendable {
  let sender: String
}
struct Signup: Sendable {
  let mailer: Mailer
}

/// The production composition: what every app, and every test app, registers.
func configureSignup(_ app: Application) {
  app.squire.register { Mailer(sender: "smtp") }.lifetime(.single)
  app.squire.register(Signup.init)
  app.post("signup") { req async throws -> String in
    try await req.resolve(Signup.self).mailer.sender
  }
}

struct Pool: Sendable {}
struct Cache: Sendable {
  let pool: Pool
}
struct Broken: Sendable {
  let missing: NotRegistered
}

@Suite("SquireVapor: boot validates the container, shutdown closes it, a test app overrides it")
struct LifecycleTests {
  @Test("Boot fails on a broken graph, with Squire's report as the error")
  func bootFailsOnBrokenGraph() async throws {
    try await withTestApp { app in
      app.squire.register(Broken.init)
      await #expect(throws: ValidationReport.self) { try await app.asyncBoot() }
    }
    // What the testing library's `app.testing()` calls: the synchronous `boot()`.
    try await withTestApp { app in
      app.squire.register(Broken.init)
      let report = #expect(throws: ValidationReport.self) { try app.testing() }
      #expect(report?.isValid == false)
      #expect("\(String(describing: report))".contains("NotRegistered"))
    }
  }

  @Test("Boot adds the middleware right after ErrorMiddleware, once")
  func middlewarePlaced() async throws {
    try await withTestApp { app in
      _ = app.squire
      try await app.asyncBoot()
      let middleware = app.middleware.resolve()
      let scope = try #require(middleware.firstIndex { $0 is RequestScopeMiddleware })
      let errors = try #require(middleware.firstIndex { $0 is ErrorMiddleware })
      #expect(scope == errors + 1)
      #expect(middleware.count { $0 is RequestScopeMiddleware } == 1)
    }
  }

  @Test("An app that first uses app.squire after it booted is told that no scope gets closed")
  func firstUsedAfterBoot() async throws {
    let logs = LogCapture()
    try await withTestApp(logs: logs) { app in
      app.get("late") { req async -> String in
        _ = req.requestScope
        return "ok"
      }
      try await app.testing().test(.GET, "late") { #expect($0.status == .ok) }
    }
    #expect(logs.all.contains { $0.contains("booted before it first used app.squire") })
  }

  @Test("Shutdown closes the container: its cleanups run, last made first")
  func shutdownCloses() async throws {
    let tracker = Tracker()
    let app = try await Application.make(.testing)
    app.squire.register(Pool.init).lifetime(.single).onClose { _ in tracker.record("pool") }
    app.squire.register(Cache.init).lifetime(.single).onClose { _ in
      await Task.yield()
      tracker.record("cache")
    }
    try await app.asyncBoot()
    _ = try await app.squire.tryResolve(Cache.self)
    #expect(tracker.events.isEmpty)
    let container = app.squire
    try await app.asyncShutdown()
    #expect(tracker.events == ["cache", "pool"], "the cache, made last, closes first")
    #expect(container.isClosed)
  }

  @Test("A test app overrides a registration; another app of the same composition keeps it")
  func overrideInMemory() async throws {
    try await withTestApp { app in
      configureSignup(app)
      let test = Container(parent: app.squire)
      test.register { Mailer(sender: "fake") }.lifetime(.single)
      app.squire = test
      try await app.testing().test(.POST, "signup") { #expect($0.body.string == "fake") }
    }
    try await withTestApp { app in
      configureSignup(app)
      try await app.testing().test(.POST, "signup") { #expect($0.body.string == "smtp") }
    }
  }

  @Test("The override holds over real HTTP (.running on a loopback port)")
  func overrideRunning() async throws {
    let tracker = Tracker()
    try await withTestApp { app in
      configureSignup(app)
      let test = Container(parent: app.squire)
      test.register { Mailer(sender: "fake") }.lifetime(.single)
        .onClose { _ in tracker.record("fake mailer closed") }
      app.squire = test
      try await app.testing(method: .running(hostname: "127.0.0.1", port: 0))
        .test(.POST, "signup") { response in
          #expect(response.status == .ok)
          #expect(response.body.string == "fake")
        }
    }
    #expect(tracker.events == ["fake mailer closed"], "the test's container closed at shutdown")
  }
}
#endif
