import Squire
import Synchronization
import Testing

@testable import SquireTesting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many cases of the parallel test run at once, and the most seen.
/// (Atomics, not a `Mutex`: Thread Sanitizer sees these.)
private let active = Atomic(0)
private let peak = Atomic(0)

@Suite struct ContainerTraitTests {
  @Test(
    "200 parallel cases, each with its own value for the same registration, see only their own",
    .container(App.base), arguments: 0..<200)
  func parallelCasesSeeOnlyTheirOwnOverride(index: Int) async throws {
    let mine = Container.ambient
    #expect(mine.parent === App.base)
    mine.register { FixedGreeting(text: "case \(index)") }.as((any Greeting).self)
    let now = active.add(1, ordering: .relaxed).newValue
    peak.max(now, ordering: .relaxed)
    defer { active.subtract(1, ordering: .relaxed) }
    // Until another case runs at the same time (they run in parallel: a shared, global
    // override would show here), and a few turns more.
    let deadline = ContinuousClock.now + .seconds(10)
    while peak.load(ordering: .relaxed) < 2 && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(1))
    }
    #expect(peak.load(ordering: .relaxed) >= 2)
    for _ in 0..<3 {
      try await Task.sleep(for: .milliseconds(1))
      let greeter: Greeter = await Container.ambient.resolve()
      #expect(greeter.greeting.text == "case \(index)")
      #expect(Postcard().greeting.text == "case \(index)")
      #expect(await App.base.resolve(Greeter.self).greeting.text == "base")
    }
  }

  @Test(
    .container(App.base) { $0.register { FixedGreeting(text: "async") }.as((any Greeting).self) })
  func anAsyncTestSeesItsOverrideAcrossAwaitsAndInChildTasks() async throws {
    let mine = Container.ambient
    try await Task.sleep(for: .milliseconds(1))
    #expect(Container.ambient === mine)
    #expect(await Container.ambient.resolve(Greeter.self).greeting.text == "async")
    async let fromAsyncLet = Container.ambient.resolve(Greeter.self).greeting.text
    let fromTask = await Task { await Container.ambient.resolve(Greeter.self).greeting.text }.value
    let fromGroup = await withTaskGroup(of: String.self) { group in
      for _ in 0..<4 { group.addTask { Postcard().greeting.text } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(await fromAsyncLet == "async")
    #expect(fromTask == "async")
    #expect(fromGroup == Array(repeating: "async", count: 4))
  }

  @Test(
    .container(App.base) { $0.register { FixedGreeting(text: "mine") }.as((any Greeting).self) })
  func aDetachedTaskDoesNotInheritTheTestsContainer() async {
    let mine = Container.ambient
    let seen = await Task.detached { Container.ambientIfSet }.value
    #expect(seen !== mine)
  }

  @Test(
    "the child-first rule: what an override reaches",
    .container(App.base) { $0.register { FixedGreeting(text: "test") }.as((any Greeting).self) })
  func whatAnOverrideReaches() {
    let test = Container.ambient
    // A base's component without a cached instance (prototype, objectGraph) is built for the
    // test with the test's dependencies.
    #expect(test.resolve(Greeter.self).greeting.text == "test")
    #expect(test.resolve(Courier.self).greeting.text == "test")
    // A base's `.perContainer` and `.weak` components: the test's child builds its own, with
    // the override.
    let session: Session = test.resolve()
    #expect(session.greeting.text == "test")
    #expect(App.base.resolve(Session.self) !== session)
    let lamp: Lamp = test.resolve()
    #expect(lamp.greeting.text == "test")
    let baseLamp: Lamp = App.base.resolve()
    #expect(baseLamp.greeting.text == "base")
    // A base's `.single` belongs to the base, built with the base's dependencies...
    #expect(test.resolve(Station.self).greeting.text == "base")
    // ...unless the test registers it too.
    test.register(Station.init(greeting:)).lifetime(.single)
    #expect(test.resolve(Station.self).greeting.text == "test")
    #expect(App.base.resolve(Station.self).greeting.text == "base")
  }

  @Test func theChildIsClosedAtTheEndAndTheBaseIsUnchanged() async throws {
    let base = App.makeBase()
    let baseSession: Session = await base.resolve()
    let closed = Counter()
    let child = Captured<Container>()
    let trait = ContainerTrait.container(base) { test in
      test.register { FixedGreeting(text: "override") }.as((any Greeting).self)
      test.register(Session.init(greeting:)).lifetime(.perContainer).onClose { _ in closed.add() }
    }
    try await trait.run {
      child.set(Container.ambient)
      #expect(await Container.ambient.resolve(Session.self).greeting.text == "override")
      #expect(closed.count == 0)
    }
    #expect(closed.count == 1)
    let test = try #require(child.current)
    #expect(test.parent === base)
    #expect(throws: ResolutionError.self) { try test.tryResolve(Session.self) }
    #expect(Container.ambientIfSet !== test)
    #expect(await base.resolve(Greeter.self).greeting.text == "base")
    #expect(await base.resolve(Session.self) === baseSession)
    #expect(base.validate().componentCount == App.base.validate().componentCount)
  }

  @Test func theChildIsClosedWhenTheTestThrows() async throws {
    struct Failure: Error {}
    let closed = Counter()
    let trait = ContainerTrait.container(App.base) { test in
      test.register { Tracker(label: "closing") }.lifetime(.perContainer)
        .onClose { _ in closed.add() }
    }
    await #expect(throws: Failure.self) {
      try await trait.run {
        _ = await Container.ambient.resolve(Tracker.self)
        throw Failure()
      }
    }
    #expect(closed.count == 1)
  }

  @Test func aBrokenOverrideFailsTheTestWithTheReportBeforeItRuns() async throws {
    let ran = Counter()
    let trait = ContainerTrait.container(App.base) { $0.register(Letter.init(printer:)) }
    let report = try await #require(throws: ValidationReport.self) {
      try await trait.run { ran.add() }
    }
    #expect(ran.count == 0)
    #expect(!report.isValid)
    #expect(report.description.contains("Printer"))
    #expect(report.description.contains("Letter"))
  }

  @Test func anOverrideThatThrowsFailsTheTestWithItsError() async throws {
    struct Failure: Error {}
    let ran = Counter()
    let trait = ContainerTrait.container(App.base) { _ in throw Failure() }
    await #expect(throws: Failure.self) { try await trait.run { ran.add() } }
    #expect(ran.count == 0)
  }

  @Test func aCleanupThatFailsIsRecordedAsAnIssue() async throws {
    struct Failure: Error {}
    let trait = ContainerTrait.container(App.base) { test in
      test.register { Tracker(label: "failing") }.lifetime(.perContainer)
        .onClose { _ in throw Failure() }
    }
    try await withKnownIssue {
      try await trait.run { _ = await Container.ambient.resolve(Tracker.self) }
    } matching: { issue in
      issue.description.contains("did not close cleanly")
    }
  }

  @Test func withoutABaseAndWithNothingAmbientTheTestFailsSayingWhy() async throws {
    let trait = ContainerTrait.container { _ in }
    // A detached task: no container is bound there (and this process sets no default).
    let error = await Task.detached { () async -> String? in
      do {
        try await trait.run {}
        return nil
      } catch {
        return "\(error)"
      }
    }.value
    #expect(error?.contains("no base container") == true)
    #expect(error?.contains("Container.setAmbientDefault(app)") == true)
  }

  /// Issue 37, 4: registering the overrides in a child of a closed base trapped, killing every
  /// test of the process; the test whose base is closed fails, saying why.
  @Test func aClosedBaseFailsTheTestInsteadOfStoppingTheProcess() async throws {
    await #expect(processExitsWith: .success) {
      let base = App.makeBase()
      _ = await base.close()
      let trait = ContainerTrait.container(base) {
        $0.register { FixedGreeting(text: "test") }.as((any Greeting).self)
      }
      do {
        try await trait.run { exit(1) }
        exit(2)
      } catch {
        let text = "\(error)"
        if !text.contains("base container is closed") || !text.contains(".container(") { exit(3) }
      }
    }
  }

  @Test func withoutABaseTheProcessDefaultIsTheBase() async throws {
    await #expect(processExitsWith: .success) {
      let app = App.makeBase()
      Container.setAmbientDefault(app)
      let trait = ContainerTrait.container {
        $0.register { FixedGreeting(text: "default") }.as((any Greeting).self)
      }
      let seen = Captured<Container>()
      try await trait.run { seen.set(Container.ambient) }
      if seen.current?.parent !== app { exit(1) }
    }
  }
}

/// A suite with the trait: each test gets a child of its own; a test's own `.container { }`
/// makes a child of the suite's child.
@Suite(
  .container(App.base) { $0.register { FixedGreeting(text: "suite") }.as((any Greeting).self) })
struct ContainerTraitOnASuiteTests {
  @Test func aTestInTheSuiteSeesTheSuitesOverride() {
    #expect(Container.ambient.parent === App.base)
    #expect(Postcard().greeting.text == "suite")
  }

  @Test(.container { $0.register { FixedGreeting(text: "test") }.as((any Greeting).self) })
  func aTestsOwnTraitNestsInTheSuites() {
    let test = Container.ambient
    #expect(test.parent?.parent === App.base)
    #expect(Postcard().greeting.text == "test")
    #expect(test.parent?.resolve(Greeter.self).greeting.text == "suite")
  }

  @Test(arguments: 0..<4)
  func eachCaseGetsAChildOfItsOwn(index: Int) {
    // Registering twice in one container would be an ambiguity: each case has its own.
    Container.ambient.register { Tracker(label: "\(index)") }
    #expect(Container.ambient.resolve(Tracker.self).label == "\(index)")
    #expect(Postcard().greeting.text == "suite")
  }
}
