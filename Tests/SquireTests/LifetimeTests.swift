import Testing

@testable import Squire

@Suite("Lifetimes")
struct LifetimeTests {
  @Test func prototypeIsNewEveryTime() {
    let container = Container()
    container.register(Service.init)
    container.register(Consumer.init)
    container.register(Pair.init)
    let pair: Pair = container.resolve()
    #expect(pair.first.service !== pair.second.service)
    #expect(container.resolve(Service.self) !== container.resolve(Service.self))
  }

  @Test func objectGraphIsSharedWithinOneResolveOnly() {
    let container = Container()
    container.register(Service.init).lifetime(.objectGraph)
    container.register(Consumer.init)
    container.register(Pair.init)
    let pair: Pair = container.resolve()
    #expect(pair.first.service === pair.second.service)
    let other: Pair = container.resolve()
    #expect(other.first.service !== pair.first.service)
  }

  @Test func perContainerIsOnePerContainer() {
    let container = Container()
    container.register(Service.init).lifetime(.perContainer)
    #expect(container.resolve(Service.self) === container.resolve(Service.self))
    let child = Container(parent: container)
    let fromChild = child.resolve(Service.self)
    #expect(fromChild === child.resolve(Service.self))
    #expect(fromChild !== container.resolve(Service.self))
  }

  @Test func singleIsOnePerContainerTree() {
    let container = Container()
    container.register(Service.init).lifetime(.single)
    let child = Container(parent: container)
    #expect(container.resolve(Service.self) === child.resolve(Service.self))
  }

  @Test func initializeSingletonsBuildsThemNow() {
    let counter = Counter()
    let container = Container()
    container.register { () -> Service in
      counter.increment()
      return Service()
    }.lifetime(.single)
    #expect(counter.count == 0)
    container.initializeSingletons()
    #expect(counter.count == 1)
    _ = container.resolve(Service.self)
    #expect(counter.count == 1)
  }

  @Test func instancesSurviveRegisteringMore() {
    let container = Container()
    container.register(Service.init).lifetime(.perContainer)
    let before = container.resolve(Service.self)
    container.register(BMWEngine.init).as(Engine.self)
    #expect(container.resolve(Service.self) === before)
  }

  @Test func weakLivesAsLongAsSomeoneHoldsIt() {
    let counter = Counter()
    let container = Container()
    container.register { () -> Service in
      counter.increment()
      return Service()
    }.lifetime(.weak)
    var held: Service? = container.resolve()
    #expect(container.resolve(Service.self) === held)
    #expect(counter.count == 1)
    weak let released = held
    held = nil
    #expect(released == nil)
    _ = container.resolve(Service.self)
    #expect(counter.count == 2)
  }

  @Test func weakOfAValueTypeTrapsWithAMessage() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container()
      container.register { Config(name: "x") }.lifetime(.weak)
    }.map { result in
      let text = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(text.contains("LifetimeTests.swift"))
      #expect(text.contains("cannot have lifetime `.weak`"))
      #expect(text.contains("Use `.perContainer` for value types"))
    }
  }

  /// Issue 37, 5: the same fault `.weak` had, with a scope that holds its instances weakly: a
  /// `precondition`, whose message `-O` strips.
  @Test func aWeakScopeOnAValueTypeTrapsWithTheMessageOfWeak() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container()
      container.register { Config(name: "x") }.lifetime(.scoped(Scope("screen", holdsWeakly: true)))
    }.map { result in
      let text = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(text.contains("LifetimeTests.swift"))
      #expect(text.contains("cannot have lifetime `.scoped(screen)`"))
      #expect(text.contains("only class instances can be held weakly"))
      #expect(text.contains("Use `.perContainer`, or a scope that holds its instances strongly,"))
    }
  }

  @Test func cachedInstancesAreReleasedWithTheirContainer() {
    weak var perContainer: Service?
    weak var single: BMWEngine?
    do {
      let container = Container()
      container.register(Service.init).lifetime(.perContainer)
      container.register(BMWEngine.init).lifetime(.single)
      perContainer = container.resolve()
      single = container.resolve()
      #expect(perContainer != nil)
      #expect(single != nil)
    }
    #expect(perContainer == nil)
    #expect(single == nil)
  }

  @Test func childInstancesAreReleasedWithTheChild() {
    let parent = Container()
    parent.register(Service.init).lifetime(.perContainer)
    weak var fromChild: Service?
    do {
      let child = Container(parent: parent)
      fromChild = child.resolve()
      #expect(fromChild != nil)
    }
    #expect(fromChild == nil)
  }

  /// A cached instance is kept as an object when it is one, boxed otherwise: each kind comes
  /// back as it was made, the same one every time, and goes with its container.
  @Test(arguments: [Lifetime.perContainer, .single])
  func cachedInstancesOfEveryKindComeBackAsMade(lifetime: Lifetime) {
    weak var heldByValue: Service?
    weak var heldByExistential: CachedSquare?
    do {
      let container = Container()
      container.register { CachedValue(number: 1, service: Service()) }.lifetime(lifetime)
      container.register { () -> any CachedShape in CachedCircle(radius: 2) }
        .lifetime(lifetime)
      container.register { () -> any CachedShape & AnyObject in CachedSquare(side: 3) }
        .lifetime(lifetime)
      container.register { () -> Int? in 7 }.lifetime(lifetime)
      container.register { () -> (Int, String) in (4, "four") }.lifetime(lifetime)

      let value: CachedValue = container.resolve()
      #expect(value.number == 1)
      #expect(container.resolve(CachedValue.self).number == 1)
      #expect(container.resolve(CachedValue.self).service === value.service)
      heldByValue = value.service

      let circle = container.resolve((any CachedShape).self)
      #expect((circle as? CachedCircle)?.radius == 2)
      let square = container.resolve((any CachedShape & AnyObject).self)
      #expect(square === container.resolve((any CachedShape & AnyObject).self))
      #expect(square.area == 9)
      heldByExistential = square as? CachedSquare
      #expect(container.resolve(Int?.self) == 7)
      let pair = container.resolve((Int, String).self)
      #expect(pair.0 == 4 && pair.1 == "four")
    }
    #expect(heldByValue == nil)
    #expect(heldByExistential == nil)
  }
}

private struct CachedValue {
  let number: Int
  let service: Service
}

private protocol CachedShape { var area: Int { get } }

private struct CachedCircle: CachedShape {
  let radius: Int
  var area: Int { 3 * radius * radius }
}

private final class CachedSquare: CachedShape, Sendable {
  let side: Int
  init(side: Int) { self.side = side }
  var area: Int { side * side }
}
