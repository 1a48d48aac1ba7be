import Testing

@testable import Squire

@Suite("Resolving")
struct ResolveTests {
  @Test func inferredExplicitAndOptionalFormsCompileWithoutAmbiguity() {
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self)
    #expect(container.resolve(Engine.self) is BMWEngine)
    let inferred: Engine = container.resolve()
    #expect(inferred is BMWEngine)
    let optional: Engine? = container.resolve()
    #expect(optional is BMWEngine)
  }

  @Test func optionalIsNilWhenNothingIsRegistered() throws {
    let container = Container()
    let engine: Engine? = container.resolve()
    #expect(engine == nil)
    #expect(try container.tryResolve(Wheel?.self) == nil)
  }

  @Test func optionalStillReportsAmbiguity() {
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self)
    container.register(OtherEngine.init).as(Engine.self)
    #expect(throws: ResolutionError.self) { try container.tryResolve(Engine?.self) }
  }

  @Test func missingDependencyReportsWhatWhereAndWhy() throws {
    let container = Container()
    container.register(SteelWheel.init).as(Wheel.self)
    container.register(SportBody.init).as(Body.self)
    container.register(Car.init)
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Car.self) }
    #expect(error.requested == "Car")
    #expect(error.path == ["Car"])
    #expect(error.reason == .notRegistered(type: "Engine"))
    #expect(error.description.contains("Squire could not resolve `Car`."))
    #expect(error.description.contains("path: Car → Engine"))
    #expect(error.description.contains("fix:"))
  }

  @Test func forgottenAsIsSuggested() throws {
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self, name: "bmw")
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Engine.self, name: "BMW")
    }
    #expect(error.suggestions.contains { $0.contains("differs only by case") })
  }

  @Test func initializerCycleIsAnErrorNotAStackOverflow() throws {
    let container = Container()
    container.register { (_: Consumer) in Service() }
    container.register(Consumer.init)
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Consumer.self)
    }
    #expect(error.reason == .cycle(["Consumer", "Service", "Consumer"]))
    #expect(error.description.contains("Consumer → Service → Consumer"))
  }

  @Test func cycleThroughASingleIsReportedNotDeadlocked() throws {
    let container = Container()
    container.register { (_: Consumer) in Service() }.lifetime(.single)
    container.register(Consumer.init)
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Service.self)
    }
    guard case .cycle(let cycle) = error.reason else {
      Issue.record("expected a cycle, got \(error.reason)")
      return
    }
    #expect(cycle.first == cycle.last)
    #expect(Set(cycle) == ["Service", "Consumer"])
  }

  @Test func failedSingleCanBeBuiltOnceItsDependencyArrives() throws {
    let container = Container()
    container.register(Consumer.init).lifetime(.single)
    #expect(throws: ResolutionError.self) { try container.tryResolve(Consumer.self) }
    container.register(Service.init)
    let consumer = try container.tryResolve(Consumer.self)
    #expect(consumer === container.resolve(Consumer.self))
  }

  @Test func resolveTrapsWithTheDiagnostic() async {
    await #expect(processExitsWith: .failure) {
      let container = Container()
      _ = container.resolve(Engine.self)
    }
  }

  @Test func resolveByNameTrapsWhenMissing() async {
    await #expect(processExitsWith: .failure) {
      let container = Container()
      container.register(BMWEngine.init).as(Engine.self, name: "BMW")
      let _: Engine = container.resolve(name: "Audi")
    }
  }

  @Test func wrongForwardIsAClearErrorNotACrash() throws {
    let container = Container()
    container.register(BMWEngine.init).as(Wheel.self)
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Wheel.self) }
    #expect(error.reason == .notConvertible(component: "BMWEngine", type: "Wheel"))
  }
}

@Suite("Runtime arguments")
struct ArgumentTests {
  final class Knight {
    let name: String
    let age: Int
    let engine: Engine
    init(name: String, age: Int, engine: Engine) {
      self.name = name
      self.age = age
      self.engine = engine
    }
  }

  @Test func argumentsAreMatchedByTypeAndPosition() {
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self)
    container.register { Knight(name: arg($0), age: arg($1), engine: $2) }
    let knight: Knight = container.resolve(args: 42, "Lancelot")
    #expect(knight.name == "Lancelot")
    #expect(knight.age == 42)
  }

  @Test func missingArgumentNamesTypeAndComponent() throws {
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self)
    container.register { Knight(name: arg($0), age: arg($1), engine: $2) }
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Knight.self, args: "Lancelot")
    }
    #expect(error.reason == .missingArgument(type: "Int", component: "Knight"))
  }

  @Test func wronglyTypedArgumentIsNamedNotCastBlindly() throws {
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self)
    container.register { Knight(name: arg($0), age: arg($1), engine: $2) }
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Knight.self, args: "Lancelot", 42.0)
    }
    #expect(error.reason == .missingArgument(type: "Int", component: "Knight"))
    #expect(error.suggestions.isEmpty)
    #expect(error.notes == ["an unused argument of type `Double` was passed"])
  }

  @Test func argumentsDoNotLeakIntoDependencies() throws {
    final class Squire {
      let knight: Knight
      init(knight: Knight) { self.knight = knight }
    }
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self)
    container.register { Knight(name: arg($0), age: arg($1), engine: $2) }
    container.register(Squire.init)
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Squire.self, args: "Lancelot", 42)
    }
    #expect(error.path == ["Squire", "Knight"])
  }

  @Test func anOptionalOfATypeNothingProvidesSaysSoWhenGivenArguments() throws {
    let container = Container()
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Service?.self, args: 23)
    }
    #expect(error.reason == .notRegistered(type: "Service"))
    #expect(!error.description.contains("no `arg` parameter of the component"))
    #expect(error.description.contains("`Int`"))
  }

  @Test func anOptionalOfARegisteredComponentThatTakesNoArgumentIsStillAnUnusedArgument() throws {
    let container = Container()
    container.register { nil as Service? }
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Service?.self, args: 23)
    }
    #expect(error.reason == .unusedArguments(types: ["Int"]))
  }

  /// Two argument-taking components of one type, told apart by name.
  private func twoKnights() -> Container {
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self)
    container.register { Knight(name: arg($0), age: 1, engine: $1) }.as(Knight.self, name: "young")
    container.register { Knight(name: arg($0), age: 90, engine: $1) }.as(Knight.self, name: "old")
    return container
  }

  @Test func argumentsGoToTheComponentRegisteredUnderAName() throws {
    let container = twoKnights()
    let young: Knight = container.resolve(name: "young", args: "Arthur")
    #expect(young.age == 1 && young.name == "Arthur")
    #expect(try container.tryResolve(Knight.self, name: "old", args: "Merlin").age == 90)
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Knight.self, name: "middle", args: "Bors")
    }
    #expect(error.reason == .notRegistered(type: "Knight named \"middle\""))
  }

  @Test func argumentsGoToTheComponentRegisteredUnderANameFromAsyncCode() async throws {
    let container = twoKnights()
    #expect(await container.resolve(Knight.self, name: "old", args: "Gawain").name == "Gawain")
    let young: Knight = try await container.tryResolve(name: "young", args: "Kay")
    #expect(young.age == 1)
  }

}

/// One link of a chain of distinct types: `Chain<Chain<Chain<End>>>` and so on.
private final class Chain<Next> {
  init(next: Next) {}
}

private final class End {}

/// Registers a chain `depth` links long and returns a resolve of its top.
private func registerChain<Bottom>(
  in container: Container, depth: Int, below: Bottom.Type
) -> () throws(ResolutionError) -> Void {
  container.register(Chain<Bottom>.init(next:))
  if depth <= 1 {
    return { () throws(ResolutionError) in _ = try container.tryResolve(Chain<Bottom>.self) }
  }
  return registerChain(in: container, depth: depth - 1, below: Chain<Bottom>.self)
}

@Suite("Deep graphs")
struct DeepGraphTests {
  @Test func aChainDeeperThanTheLimitIsReportedAsTooDeepNotAsACycle() throws {
    let container = Container()
    container.register(End.init)
    let resolveTop = registerChain(in: container, depth: 300, below: End.self)
    let error = try #require(throws: ResolutionError.self) { try resolveTop() }
    #expect(error.reason == .tooDeep(limit: 200))
  }

  @Test func aLongChainLinksAndValidatesWithoutExhaustingTheStack() throws {
    let container = Container()
    container.register(End.init)
    _ = registerChain(in: container, depth: 3_000, below: End.self)
    // Validation agrees with resolution: the chain is reported as too deep, once.
    #expect(
      container.validate().problems.map(\.kind).allSatisfy {
        if case .tooDeep(_, "End", 3_001, 200) = $0 { true } else { false }
      })
    #expect(container.validate().problems.count == 1)
  }

  @Test func aChainWithinTheLimitResolves() throws {
    let container = Container()
    container.register(End.init)
    let resolveTop = registerChain(in: container, depth: 150, below: End.self)
    try resolveTop()
  }
}
