import Dispatch
import Foundation
import Testing

@testable import Squire

/// What a request or a test creates, uses and drops: a child container.
@Suite("Children as the unit of work")
struct ChildUnitOfWorkTests {
  /// A parent with `count` components besides the car's graph.
  static func bigParent(_ count: Int = 1_000) -> Container {
    let parent = Container()
    for index in 0..<count { parent.register(Anchor.init).as(Anchor.self, name: "\(index)") }
    parent.register(BMWEngine.init).as(Engine.self)
    parent.register(SteelWheel.init).as(Wheel.self)
    parent.register(SportBody.init).as(Body.self)
    parent.register(Car.init)
    return parent
  }

  @Test func aChildWithNoRegistrationsResolvesThroughItsParentsSnapshot() {
    let parent = Self.bigParent()
    _ = parent.resolve(Car.self)
    let child = Container(parent: parent)
    #expect(child.resolve(Car.self).engine is BMWEngine)
    #expect(child.snapshot === parent.snapshot)
  }

  @Test func aChildThatRegistersAfterResolvingThroughItsParentGetsItsOwn() {
    let parent = Self.bigParent()
    let child = Container(parent: parent)
    #expect(child.resolve(Car.self).engine is BMWEngine)
    #expect(child.snapshot === parent.snapshot)
    child.register(OtherEngine.init).as(Engine.self)
    #expect(child.resolve(Car.self).engine is OtherEngine)
    #expect(child.resolve(Engine.self) is OtherEngine)
    #expect(parent.resolve(Car.self).engine is BMWEngine)
  }

  @Test func aChildLinksOnlyWhatItsRegistrationsChange() {
    let parent = Self.bigParent()
    _ = parent.resolve(Car.self)
    let child = Container(parent: parent)
    child.register(OtherEngine.init).as(Engine.self)
    #expect(child.resolve(Car.self).engine is OtherEngine)
    // OtherEngine, and Car, which needs an Engine: not the parent's thousand others.
    #expect(child.snapshot.withLinker { $0.linkedProducers.count } == 2)
    #expect(parent.resolve(Car.self).engine is BMWEngine)
  }

  @Test func aGrandchildSeesBothOfItsParents() {
    let parent = Self.bigParent(10)
    let child = Container(parent: parent)
    child.register(OtherEngine.init).as(Engine.self)
    let grandchild = Container(parent: child)
    grandchild.register(OtherWheel.init).as(Wheel.self)
    let car = grandchild.resolve(Car.self)
    #expect(car.engine is OtherEngine)
    #expect(car.wheel is OtherWheel)
    #expect(child.resolve(Car.self).wheel is SteelWheel)
  }

  @Test func aParentsLaterRegistrationReachesAChildThatRegisteredItsOwn() {
    let parent = Container()
    parent.register(BMWEngine.init).as(Engine.self)
    parent.register(Car.init)
    let child = Container(parent: parent)
    child.register(OtherEngine.init).as(Engine.self)
    #expect(throws: ResolutionError.self) { try child.tryResolve(Car.self) }
    parent.register(SteelWheel.init).as(Wheel.self)
    parent.register(SportBody.init).as(Body.self)
    #expect(child.resolve(Car.self).engine is OtherEngine)
  }

  @Test func aParentsPerContainerComponentHasOneInstancePerChild() {
    let parent = Container()
    parent.register(Service.init).lifetime(.perContainer)
    let first = Container(parent: parent)
    let second = Container(parent: parent)
    #expect(first.resolve(Service.self) === first.resolve(Service.self))
    #expect(first.resolve(Service.self) !== second.resolve(Service.self))
    #expect(first.resolve(Service.self) !== parent.resolve(Service.self))
  }

  @Test func droppedChildrenAreFreedAndLeaveNothingInTheParent() {
    let parent = Container()
    parent.register(Service.init).lifetime(.perContainer).onClose { _ in }
    weak var dropped: Container?
    weak var instance: Service?
    for _ in 0..<1_000 {
      let child = Container(parent: parent)
      instance = child.resolve(Service.self)
      dropped = child
    }
    #expect(dropped == nil)
    #expect(instance == nil)
    #expect(parent.owned.childCount == 0)
  }

  @Test func childrenMadeAndUsedOnManyThreadsEachGetTheirOwnInstance() {
    let counter = Counter()
    let parent = Container()
    parent.register { () -> Service in
      counter.increment()
      return Service()
    }.lifetime(.perContainer)
    parent.register(Consumer.init)
    DispatchQueue.concurrentPerform(iterations: 400) { index in
      let child = Container(parent: parent)
      if index % 2 == 0 { child.register { Config(name: "\(index)") } }
      let consumer = child.resolve(Consumer.self)
      #expect(consumer.service === child.resolve(Service.self))
    }
    #expect(counter.count == 400)
  }
}

final class OtherWheel: Wheel {}

@Suite("Children under load")
struct ChildrenUnderLoadTests {
  /// Children link (reading their parent's records) while the parent registers and changes
  /// options, on many threads. Run in a child process with a watchdog, so that a deadlock
  /// fails the test instead of stalling the run.
  @Test func childrenLinkingWhileTheParentRegistersNeitherDeadlockNorMissAChange() async {
    await #expect(processExitsWith: .success) {
      Thread.detachNewThread {
        Thread.sleep(forTimeInterval: 60)
        print("watchdog: still running after 60 s, a deadlock")
        exit(1)
      }
      let parent = ChildUnitOfWorkTests.bigParent(20)
      DispatchQueue.concurrentPerform(iterations: 8) { thread in
        for round in 0..<200 {
          if thread == 0 {
            parent.register { Config(name: "\(round)") }.as(Config.self, name: "\(round)")
              .lifetime(.perContainer)
            continue
          }
          let child = Container(parent: parent)
          child.register(OtherEngine.init).as(Engine.self)
          guard child.resolve(Car.self).engine is OtherEngine else { exit(2) }
          // The parent's Configs are ambiguous as themselves; nothing is missing.
          if round % 25 != 0 { continue }
          let problems = child.validate().problems
          guard
            problems.allSatisfy({ if case .ambiguousDependency = $0.kind { true } else { false } })
          else { exit(3) }
        }
      }
      guard parent.resolve(Config.self, name: "199").name == "199" else { exit(4) }
      exit(0)
    }
  }
}
