import Testing

@testable import Squire

private final class Knight {
  let squire: Squire
  init(squire: Squire) { self.squire = squire }
}

private final class Squire {
  var knight: Knight?
  var servedAtPostInit: Bool?
}

private final class Left {
  var right: Right?
}

private final class Right {
  var left: Left?
}

@Suite("Cycles")
struct CycleTests {
  @Test(arguments: [Lifetime.prototype, .objectGraph])
  func cycleBrokenByAPropertyInjectionClosesOnTheSameInstances(lifetime: Lifetime) {
    let container = Container()
    container.register(Knight.init).lifetime(lifetime)
    container.register(Squire.init)
      .injection(cycle: true, \.knight)
      .lifetime(lifetime)
    let knight: Knight = container.resolve()
    #expect(knight.squire.knight === knight)

    let squire: Squire = container.resolve()
    #expect(squire.knight?.squire === squire)
  }

  @Test func bothSidesCyclic() {
    let container = Container()
    container.register(Left.init).injection(cycle: true, \.right)
    container.register(Right.init).injection(cycle: true, \.left)
    let left: Left = container.resolve()
    #expect(left.right?.left === left)
  }

  @Test func cycleThroughSingles() {
    let container = Container()
    container.register(Knight.init).lifetime(.single)
    container.register(Squire.init).injection(cycle: true, \.knight).lifetime(.single)
    let knight: Knight = container.resolve()
    #expect(knight.squire.knight === knight)
    #expect(container.resolve(Squire.self) === knight.squire)
  }

  @Test func postInitRunsAfterTheCyclicInjection() {
    let container = Container()
    container.register(Knight.init)
    container.register(Squire.init)
      .injection(cycle: true, \.knight)
      .postInit { $0.servedAtPostInit = $0.knight != nil }
    let knight: Knight = container.resolve()
    #expect(knight.squire.servedAtPostInit == true)
  }

  @Test func eachResolveClosesItsOwnCycle() {
    let container = Container()
    container.register(Knight.init)
    container.register(Squire.init).injection(cycle: true, \.knight)
    let first: Knight = container.resolve()
    let second: Knight = container.resolve()
    #expect(first !== second)
    #expect(first.squire !== second.squire)
    #expect(second.squire.knight === second)
  }

  @Test func cycleWithoutABreakPointIsAnErrorNamingIt() throws {
    let container = Container()
    container.register(Knight.init)
    container.register(Squire.init).injection(\.knight)
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Knight.self) }
    #expect(error.reason == .cycle(["Knight", "Squire", "Knight"]))
    #expect(error.description.contains("cycle: true"))
  }

  @Test func lazyBreaksACycle() {
    final class Lord {
      let vassal: Lazy<Vassal>
      init(vassal: Lazy<Vassal>) { self.vassal = vassal }
    }
    final class Vassal {
      let lord: Lord
      init(lord: Lord) { self.lord = lord }
    }
    let container = Container()
    container.register(Lord.init).lifetime(.objectGraph)
    container.register(Vassal.init)
    let lord: Lord = container.resolve()
    #expect(!lord.vassal.isResolved)
    #expect(lord.vassal.value.lord === lord)
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
