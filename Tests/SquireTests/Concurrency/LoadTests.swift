import Dispatch
import Testing

@testable import Squire

@Suite("No faults under load")
struct LoadTests {
  @Test func aProviderValueThatReadsAnotherProviderOfTheGraphDoesNotHang() async {
    await #expect(processExitsWith: .success) {
      startWatchdog()
      let container = Container()
      container.register(Bolt.init)
      container.register(Widget.init)
      container.register(Workshop.init)
      let workshop: Workshop = container.resolve()
      _ = workshop.widgets.value
    }
  }

  @Test func aProviderUsedMidResolveKeepsTheObjectGraph() {
    let container = Container()
    let made = CallCounter()
    container.register { Blueprint(made: made) }.lifetime(.objectGraph)
    container.register(Tool.init)
    container.register(Planner.init)
    container.register(Worker.init)
    container.register(Crew.init)
    let crew: Crew = container.resolve()
    _ = crew
    #expect(made.value == 1)
  }

  @Test func singlesInACycleEnteredFromBothEndsOnTwoThreadsFailInsteadOfDeadlocking() async {
    await #expect(processExitsWith: .success) {
      startWatchdog()
      let container = Container()
      container.register(North.init).lifetime(.single)
        .injection { (north: North, south: South) in north.south = south }
      container.register(South.init).lifetime(.single)
        .injection { (south: South, north: North) in south.north = north }
      let failures = CallCounter()
      onThreads(2) { index in
        do {
          if index == 0 {
            _ = try container.tryResolve(North.self)
          } else {
            _ = try container.tryResolve(South.self)
          }
        } catch let error as ResolutionError {
          if case .cycle = error.reason { failures.next() }
        } catch {}
      }
      precondition(failures.value == 2, "both threads report the cycle")
    }
  }

  @Test func aSingleWhoseFactoryResolvesItselfIsACycleNotAHang() async {
    await #expect(processExitsWith: .success) {
      startWatchdog()
      let container = Container()
      // Weak: the container keeps its factories, which must not keep it.
      container.register { [weak container] () throws -> Selfish in
        _ = try container?.tryResolve(Selfish.self)
        return Selfish()
      }
      .lifetime(.single)
      do {
        _ = try container.tryResolve(Selfish.self)
        preconditionFailure("resolved a single that needs itself")
      } catch let error as ResolutionError {
        guard case .cycle = error.reason else { preconditionFailure("\(error)") }
      } catch {
        preconditionFailure("\(error)")
      }
    }
  }

  @Test func aFactoryThatResolvesItselfIsACycleNotAStackOverflow() async {
    await #expect(processExitsWith: .success) {
      startWatchdog()
      for lifetime in [Lifetime.prototype, .objectGraph, .single, .perContainer, .weak] {
        let container = Container()
        container.register { [weak container] () throws -> Selfish in
          _ = try container?.tryResolve(Selfish.self)
          return Selfish()
        }
        .lifetime(lifetime)
        do {
          _ = try container.tryResolve(Selfish.self)
          preconditionFailure("resolved a component whose factory needs itself")
        } catch let error as ResolutionError {
          let message = error.description
          precondition(message.contains("Selfish"), message)
          if lifetime == .prototype || lifetime == .objectGraph {
            // Found by the count of nested resolves, which cannot tell a cycle from a recursion
            // that would end deeper: the error says how deep, and the note and fix what happened.
            guard case .tooDeep = error.reason else { preconditionFailure("\(error)") }
            precondition(message.contains("resolves through the container"), message)
            precondition(message.contains("comes back on the path"), message)
          } else {
            guard case .cycle = error.reason else { preconditionFailure("\(error)") }
          }
          // The path of the nested resolves is cut to the loop, or to its two ends.
          precondition(message.utf8.count < 4_000, "\(message.utf8.count) bytes: \(message)")
        } catch {
          preconditionFailure("\(error)")
        }
        // The thread's count of nested resolves is back to zero: a plain resolve works.
        container.register(Service.init)
        _ = container.resolve(Service.self)
      }
    }
  }

  @Test func factoriesMayResolveThroughTheContainerAFewLevelsDeep() throws {
    let container = Container()
    container.register { [weak container] () throws -> ResolvingLink in
      // Each link resolves the next through the container, 50 deep, then stops.
      ResolvingLink(
        next: ResolvingLink.made.withLock {
          $0 += 1
          return $0
        } < 50 ? try container?.tryResolve() : nil)
    }
    let chain = try container.tryResolve(ResolvingLink.self)
    #expect(chain.length == 50)
  }

  @Test func aLazyReadInAnInitializerThatNeedsItsReaderIsACycle() async {
    await #expect(processExitsWith: .success) {
      startWatchdog()
      let container = Container()
      container.register(LazyA.init).lifetime(.single)
      container.register(LazyB.init)
      _ = container.resolve(LazyA.self)
      let prototypes = Container()
      prototypes.register(LazyA.init)
      prototypes.register(LazyB.init)
      _ = prototypes.resolve(LazyA.self)
    }
  }

  @Test func aSingleIsHandedOutOnlyAfterItsCyclicInjectionRan() {
    for _ in 0..<20 {
      let container = Container()
      container.register(Liege.init).lifetime(.single)
        .injection(cycle: true) { (lord: Liege, steward: Reeve) in lord.steward = steward }
      container.register(Reeve.init)
      let halfBuilt = CallCounter()
      onThreads(8) { _ in
        let lord = container.resolve(Liege.self)
        if lord.steward == nil { halfBuilt.next() }
      }
      #expect(halfBuilt.value == 0)
    }
  }

  @Test func aSingleWhoseCyclicInjectionFailsIsNotCached() throws {
    let container = Container()
    let attempts = CallCounter()
    let made = CallCounter()
    container.register { () -> Liege in
      made.next()
      return Liege()
    }
    .lifetime(.single)
    .injection(cycle: true) { (lord: Liege, steward: Reeve) in lord.steward = steward }
    container.register { (lord: Liege) throws -> Reeve in
      if attempts.next() == 1 { throw SettingsError(file: "steward") }
      return Reeve(lord: lord)
    }
    #expect(throws: ResolutionError.self) { try container.tryResolve(Liege.self) }
    let lord = try container.tryResolve(Liege.self)
    #expect(lord.steward != nil)
    #expect(made.value == 2)
  }

  @Test func aLazyUsedOnAnotherThreadDuringTheResolveThatMadeIt() {
    let container = Container()
    container.register(Annal.init)
    container.register(Scribe.init).lifetime(.single)
    onThreads(4) { _ in _ = container.resolve(Scribe.self).chronicle.value }
    let fresh = Container()
    fresh.register(Annal.init)
    fresh.register(Scribe.init)
    for _ in 0..<200 { _ = fresh.resolve(Scribe.self) }
  }

  @Test func anObjectGraphValueHoldingALazyOfItsGraphIsFreed() {
    weak var keeper: AnnalKeeper?
    do {
      let container = Container()
      container.register(Annal.init)
      container.register(AnnalKeeper.init)
      container.register { Folio(keeper: $0) }.lifetime(.objectGraph)
      container.register(Library.init)
      let archive: Library = container.resolve()
      keeper = archive.bundle.keeper
      #expect(keeper != nil)
    }
    #expect(keeper == nil)
  }
}
