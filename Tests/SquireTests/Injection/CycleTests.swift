import Testing

@testable import Squire

private final class Lord: Sendable {
  let steward: Steward
  init(steward: Steward) { self.steward = steward }
}

// Test fixture: its properties are set by the container within one resolve, then only read.
private final class Steward: @unchecked Sendable {
  // Weak, as a back reference should be: the test suite runs under the leak checker too.
  weak var lord: Lord?
  var servedAtPostInit: Bool?
}

private final class West {
  var east: East?
}

private final class East {
  weak var west: West?
}

/// A lord who holds his vassal lazily; the vassal needs his lord: a cycle a `Lazy` breaks.
private final class LazyLord {
  let vassal: Lazy<Vassal>
  init(vassal: Lazy<Vassal>) { self.vassal = vassal }
}

private final class Vassal {
  weak var lord: LazyLord?
  init(lord: LazyLord) { self.lord = lord }
}

@Suite("Cycles")
struct CycleTests {
  @Test(arguments: [Lifetime.prototype, .objectGraph])
  func cycleBrokenByAPropertyInjectionClosesOnTheSameInstances(lifetime: Lifetime) {
    let container = Container()
    container.register(Lord.init).lifetime(lifetime)
    container.register(Steward.init)
      .injection(cycle: true, \.lord)
      .lifetime(lifetime)
    let lord: Lord = container.resolve()
    #expect(lord.steward.lord === lord)

    // From another root, with the steward asked for first: still one lord and one steward.
    final class Court {
      let steward: Steward
      let lord: Lord
      init(steward: Steward, lord: Lord) {
        self.steward = steward
        self.lord = lord
      }
    }
    container.register(Court.init)
    let court: Court = container.resolve()
    #expect(court.steward.lord === court.lord)
    #expect(court.lord.steward === court.steward)
  }

  @Test func bothSidesCyclic() {
    let container = Container()
    container.register(West.init).injection(cycle: true, \.east)
    container.register(East.init).injection(cycle: true, \.west)
    let west: West = container.resolve()
    #expect(west.east?.west === west)
  }

  @Test func cycleThroughSingles() {
    let container = Container()
    container.register(Lord.init).lifetime(.single)
    container.register(Steward.init).injection(cycle: true, \.lord).lifetime(.single)
    let lord: Lord = container.resolve()
    #expect(lord.steward.lord === lord)
    #expect(container.resolve(Steward.self) === lord.steward)
  }

  @Test func postInitRunsAfterTheCyclicInjection() {
    let container = Container()
    container.register(Lord.init)
    container.register(Steward.init)
      .injection(cycle: true, \.lord)
      .postInit { $0.servedAtPostInit = $0.lord != nil }
    let lord: Lord = container.resolve()
    #expect(lord.steward.servedAtPostInit == true)
  }

  @Test func eachResolveClosesItsOwnCycle() {
    let container = Container()
    container.register(Lord.init)
    container.register(Steward.init).injection(cycle: true, \.lord)
    let first: Lord = container.resolve()
    let second: Lord = container.resolve()
    #expect(first !== second)
    #expect(first.steward !== second.steward)
    #expect(second.steward.lord === second)
  }

  @Test func cycleWithoutABreakPointIsAnErrorNamingIt() throws {
    let container = Container()
    container.register(Lord.init)
    container.register(Steward.init).injection(\.lord)
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Lord.self) }
    #expect(error.reason == .cycle(["Lord", "Steward", "Lord"]))
    #expect(error.description.contains("cycle: true"))
  }

  @Test func lazyBreaksACycle() {
    let container = Container()
    container.register(LazyLord.init).lifetime(.objectGraph)
    container.register(Vassal.init)
    let lord: LazyLord = container.resolve()
    #expect(!lord.vassal.isResolved)
    #expect(lord.vassal.value.lord === lord)
  }

  @Test func aLazyInAnObjectGraphComponentDoesNotKeepItAlive() {
    let container = Container()
    container.register(LazyLord.init).lifetime(.objectGraph)
    container.register(Vassal.init)
    weak var released: LazyLord?
    do {
      let lord: LazyLord = container.resolve()
      released = lord
      #expect(lord.vassal.value.lord === lord)
    }
    #expect(released == nil)
  }
}

@Suite("Injection order")
struct InjectionOrderTests {
  private final class Recorder {
    var steps: [String] = []
  }

  @Test func nonCyclicInDeclarationOrderThenCyclicThenPostInit() {
    let container = Container()
    container.register { 1 }
    container.register(Recorder.init)
      .injection(cycle: true) { (recorder: Recorder, _: Int) in recorder.steps.append("cyclic 1") }
      .injection { $0.steps.append("first") }
      .postInit { $0.steps.append("post") }
      .injection { (recorder: Recorder, _: Int) in recorder.steps.append("second") }
      .injection(cycle: true) { (recorder: Recorder, _: Int) in recorder.steps.append("cyclic 2") }
    let recorder: Recorder = container.resolve()
    #expect(recorder.steps == ["first", "second", "cyclic 1", "cyclic 2", "post"])
  }

  @Test func injectionFailureNamesTheComponentAndTheDependency() throws {
    let container = Container()
    container.register(Recorder.init).injection { (recorder: Recorder, engine: Engine) in }
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Recorder.self)
    }
    #expect(error.path == ["Recorder"])
    #expect(error.reason == .notRegistered(type: "Engine"))
  }
}
