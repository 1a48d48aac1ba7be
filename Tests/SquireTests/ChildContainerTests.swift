import Testing

@testable import Squire

@Suite("Child containers")
struct ChildContainerTests {
  @Test func childSeesParentRegistrations() {
    let parent = Container()
    parent.register(BMWEngine.init).as(Engine.self)
    let child = Container(parent: parent)
    #expect(child.resolve(Engine.self) is BMWEngine)
  }

  @Test func childOverridesWithoutTouchingParent() {
    let parent = Container()
    parent.register(BMWEngine.init).as(Engine.self)
    let child = Container(parent: parent)
    child.register(OtherEngine.init).as(Engine.self)
    #expect(child.resolve(Engine.self) is OtherEngine)
    #expect(parent.resolve(Engine.self) is BMWEngine)
  }

  @Test func parentComponentGetsDependenciesFromTheChildFirst() {
    let parent = Container()
    parent.register(BMWEngine.init).as(Engine.self)
    parent.register(SteelWheel.init).as(Wheel.self)
    parent.register(SportBody.init).as(Body.self)
    parent.register(Car.init)
    let test = Container(parent: parent)
    test.register(OtherEngine.init).as(Engine.self)
    #expect(test.resolve(Car.self).engine is OtherEngine)
    #expect(parent.resolve(Car.self).engine is BMWEngine)
  }

  @Test func parentRegisteringLaterReachesTheChild() {
    let parent = Container()
    let child = Container(parent: parent)
    #expect(throws: ResolutionError.self) { try child.tryResolve(Engine.self) }
    parent.register(BMWEngine.init).as(Engine.self)
    #expect(child.resolve(Engine.self) is BMWEngine)
  }

  @Test func childRegistrationHidesAllOfTheParentsForThatType() {
    let parent = Container()
    parent.register(BMWEngine.init).as(Engine.self)
    parent.register(OtherEngine.init).as(Engine.self)
    let child = Container(parent: parent)
    child.register(BMWEngine.init).as(Engine.self)
    // The parent's two would be ambiguous; the child's one decides.
    #expect(child.resolve(Engine.self) is BMWEngine)
  }

  @Test func aLazyOrProviderMadeInAChildStillResolvesAfterTheChildRegistersAgain() throws {
    // `CycleHead(tail: Lazy<CycleTail>)` with `CycleTail(head: CycleHead)`: the Lazy breaks the
    // cycle, and the tail's producer goes through the child's snapshot. The child registering
    // again links a new snapshot; the old one must stay usable by the Lazy made from it.
    let root = Container()
    let child = Container(parent: root)
    child.register(CycleHead.init).lifetime(.perContainer)
    child.register(CycleTail.init)
    let head = child.resolve(CycleHead.self)
    child.register(Service.init)
    _ = child.resolve(Service.self)
    #expect(try head.tail.get().head == ObjectIdentifier(head))
    #expect(try head.tails.get().head == ObjectIdentifier(head))
  }
}

final class CycleHead: Sendable {
  let tail: Lazy<CycleTail>
  let tails: Provider<CycleTail>
  init(tail: Lazy<CycleTail>, tails: Provider<CycleTail>) {
    self.tail = tail
    self.tails = tails
  }
}

final class CycleTail: Sendable {
  /// Which head it was made for; not the head itself, which keeps its `Lazy`'s tail.
  let head: ObjectIdentifier
  init(head: CycleHead) { self.head = ObjectIdentifier(head) }
}
