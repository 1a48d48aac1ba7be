import Testing

@testable import Squire

/// Registering after resolving: the next snapshot links the change, not the graph.
@Suite("Registration while running")
struct RegistrationWhileRunningTests {
  @Test func registeringAfterResolvingLinksOnlyTheChange() {
    let container = ChildUnitOfWorkTests.bigParent()
    _ = container.resolve(Car.self)
    container.register(Garage.init)
    #expect(container.resolve(Garage.self).engine is BMWEngine)
    // The garage alone: not the thousand others.
    #expect(container.snapshot.withLinker { $0.linkedProducers.count } == 1)
    // A registration others depend on relinks them too, and nothing more.
    container.register(OtherWheel.init).as(Wheel.self)
    #expect(throws: ResolutionError.self) { try container.tryResolve(Car.self) }
    // OtherWheel and Car, which asks for a Wheel; and the garage again, whose layer of one
    // the new layer of one absorbed.
    #expect(container.snapshot.withLinker { $0.linkedProducers.count } == 3)
  }

  @Test func aLaterRegistrationCompetesWithAnEarlierOne() throws {
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self)
    #expect(container.resolve(Engine.self) is BMWEngine)
    container.register(OtherEngine.init).as(Engine.self)
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Engine.self) }
    guard case .ambiguous(_, let candidates, _, _) = error.reason else {
      Issue.record("expected an ambiguity: \(error)")
      return
    }
    #expect(candidates.count == 2)
    #expect(many(container.resolve(Many<Engine>.self)).count == 2)
  }

  @Test func manyKeepsRegistrationOrderAcrossRounds() {
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self)
    _ = container.resolve(BMWEngine.self)
    container.register(OtherEngine.init).as(Engine.self)
    _ = container.resolve(OtherEngine.self)
    container.register(BMWEngine.init).as(Engine.self)
    let engines = many(container.resolve(Many<Engine>.self))
    #expect(
      engines.map { String(describing: type(of: $0)) } == ["BMWEngine", "OtherEngine", "BMWEngine"])
  }

  @Test func aComponentWaitingForALaterRegistrationGetsIt() {
    let container = Container()
    container.register(Consumer.init)
    #expect(throws: ResolutionError.self) { try container.tryResolve(Consumer.self) }
    container.register(Service.init).lifetime(.perContainer)
    #expect(container.resolve(Consumer.self).service === container.resolve(Service.self))
  }

  @Test func changingAnOldRegistrationTakesEffect() {
    let container = Container()
    let service = container.register(Service.init)
    container.register(Consumer.init)
    #expect(container.resolve(Service.self) !== container.resolve(Service.self))
    service.lifetime(.single)
    #expect(container.resolve(Consumer.self).service === container.resolve(Service.self))
  }

  @Test func aNameGivenToAComponentAlreadyLinkedIsFound() throws {
    // A resolve links the new component before its `.as` (here in between; under load, a
    // resolve on another thread between `register` and `.as`).
    let container = Container()
    container.register(Service.init)
    let config = container.register { Config(name: "x") }
    _ = container.resolve(Service.self)
    config.as(Config.self, name: "x")
    #expect(try container.tryResolve(Config.self, name: "x").name == "x")
  }

  @Test func aNameGivenToARecentlyLinkedComponentRelinksOnlyItsLayer() throws {
    // Under load, a resolve on another thread links a new component between `register` and
    // its `.as`. Relinking the whole graph then made registering while serving quadratic.
    let container = ChildUnitOfWorkTests.bigParent()
    _ = container.resolve(Car.self)
    let config = container.register { Config(name: "late") }
    _ = container.resolve(Car.self)  // links the layer that holds the new component
    config.as(Config.self, name: "late")
    #expect(try container.tryResolve(Config.self, name: "late").name == "late")
    // Named only: it no longer answers a plain `Config`.
    #expect(throws: ResolutionError.self) { try container.tryResolve(Config.self) }
    // Its layer of one, linked again: not the thousand components below it.
    #expect(container.snapshot.withLinker { $0.linkedProducers.count } == 1)
    // A forward to a type others depend on relinks them too, and nothing more.
    let wheel = container.register(OtherWheel.init)
    _ = container.resolve(Car.self)
    wheel.as(Wheel.self)
    #expect(throws: ResolutionError.self) { try container.tryResolve(Car.self) }
    #expect(many(container.resolve(Many<Wheel>.self)).count == 2)
  }

  @Test func manyRoundsKeepEveryRegistrationResolvableThroughFewLayers() {
    let container = Container()
    container.register(Service.init)
    for round in 0..<1_000 {
      container.register { Config(name: "\(round)") }.as(Config.self, name: "\(round)")
      #expect(container.resolve(Config.self, name: "\(round)").name == "\(round)")
    }
    for round in stride(from: 0, to: 1_000, by: 97) {
      #expect(container.resolve(Config.self, name: "\(round)").name == "\(round)")
    }
    #expect((try? container.tryResolve(Service.self)) != nil)
    // A binary counter of layers: about log2(1,000) at most.
    #expect(container.snapshot.table.depth <= 12)
  }
}
