import Testing

@testable import Squire

// Each test pins an answer Squire once got wrong (issue 12): a silent wrong object, a crash in
// `tryResolve`, or a `validate()` that said "no problem" about a graph that fails.

private protocol Vehicle: AnyObject {}
private final class RedSportsCar: Vehicle {}
private final class RedVan: Vehicle {}
private final class BlueSportsCar: Vehicle {}
private enum Red {}
private enum Fast {}

private final class Showroom {
  let cars: [Vehicle]
  init(cars: [Vehicle]) { self.cars = cars }
}

private final class Spotlight {
  let car: Vehicle?
  init(car: Vehicle?) { self.car = car }
}

private protocol Blade: AnyObject {}
private final class Sabre: Blade {}
private final class Rapier: Blade {}
private final class Stick {}

private final class Greeter {
  let name: String
  let title: String?
  init(name: String, title: String?) {
    self.name = name
    self.title = title
  }
}

private enum LibraryName {}
private final class Logger {
  let prefix: String
  init(prefix: String) { self.prefix = prefix }
}

private final class Rack {
  let blades: [Blade?]
  init(blades: [Blade?]) { self.blades = blades }
}

@Suite("Truthful answers")
struct TruthfulAnswersTests {
  private func dealership() -> Container {
    let container = Container()
    container.register(RedSportsCar.init).as(Vehicle.self, tag: Red.self).as(
      Vehicle.self, tag: Fast.self)
    container.register(RedVan.init).as(Vehicle.self, tag: Red.self)
    container.register(BlueSportsCar.init).as(Vehicle.self, tag: Fast.self)
    return container
  }

  // MARK: Nested tags

  @Test func nestedTagsMeanUnderEveryOneOfThem() {
    let container = dealership()
    container.register { Showroom(cars: many(by(tag: Fast.self, by(tag: Red.self, $0)))) }
    let cars = container.resolve(Showroom.self).cars
    #expect(cars.count == 1)
    #expect(cars.first is RedSportsCar)
  }

  @Test func nestedTagsPickTheOneUnderBoth() {
    let container = dealership()
    container.register { Spotlight(car: by(tag: Fast.self, by(tag: Red.self, $0))) }
    #expect(container.resolve(Spotlight.self).car is RedSportsCar)
  }

  @Test func nestedTagsWithNoMatchGiveNilToAnOptional() {
    let container = Container()
    container.register(RedVan.init).as(Vehicle.self, tag: Red.self)
    container.register(BlueSportsCar.init).as(Vehicle.self, tag: Fast.self)
    container.register { Spotlight(car: by(tag: Fast.self, by(tag: Red.self, $0))) }
    #expect(container.resolve(Spotlight.self).car == nil)
  }

  @Test func nestedTagsWithNoMatchAreReportedByValidate() throws {
    let container = Container()
    container.register(RedVan.init).as(Vehicle.self, tag: Red.self)
    container.register { Showroom(cars: [by(tag: Fast.self, by(tag: Red.self, $0))]) }
    let report = container.validate()
    let problem = try #require(report.problems.first)
    #expect(report.problems.count == 1)
    #expect(problem.description.contains("Fast"))
    #expect(problem.description.contains("Red"))
    #expect(throws: ResolutionError.self) { try container.tryResolve(Showroom.self) }
  }

  // MARK: many into optionals

  @Test func manyOfOptionalsGivesEveryImplementation() {
    let container = Container()
    container.register(Sabre.init).as(Blade.self)
    container.register(Sabre.init).as(Blade.self)
    container.register { Rack(blades: many($0)) }
    #expect(container.resolve(Rack.self).blades.count == 2)
    let empty = Container()
    empty.register { Rack(blades: many($0)) }
    #expect(empty.resolve(Rack.self).blades.isEmpty)
  }

  // MARK: Runtime arguments

  @Test func anOptionalArgumentNotPassedIsNil() throws {
    let container = Container()
    container.register { Greeter(name: arg($0), title: arg($1)) }
    let greeter = try container.tryResolve(Greeter.self, args: "Ann")
    #expect(greeter.name == "Ann")
    #expect(greeter.title == nil)
    let titled = try container.tryResolve(Greeter.self, args: "Ann", "Dr")
    #expect(titled.title == "Dr")
  }

  @Test func argumentsNoParameterTakesAreAnErrorNamingThem() throws {
    let container = Container()
    container.register { Logger(prefix: arg($0)) }
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Logger.self, args: "Ann", 42)
    }
    guard case .unusedArguments(let types) = error.reason else {
      Issue.record("unexpected reason \(error.reason)")
      return
    }
    #expect(types == ["Int"])
    #expect(error.description.contains("`Int`"))
  }

  @Test func argumentsNoParameterTakesAreAnErrorFromAsyncCodeToo() async throws {
    let container = Container()
    container.register { Logger(prefix: arg($0)) }
    let error = try await #require(throws: ResolutionError.self) {
      try await container.tryResolve(Logger.self, args: "Ann", 42)
    }
    #expect(error.reason == .unusedArguments(types: ["Int"]))
  }

  @Test func anArgumentAParameterForgotToTakeIsNotedFromAsyncCodeToo() async throws {
    let container = Container()
    container.register(Logger.init)  // without `arg`: the `String` is a dependency
    let error = try await #require(throws: ResolutionError.self) {
      try await container.tryResolve(Logger.self, args: "Ann")
    }
    #expect(error.reason == .notRegistered(type: "String"))
    #expect(
      error.description.contains(
        "an argument of type `String` was passed to `resolve(args:)` and not taken"))
  }

  // MARK: Qualified-only components

  @Test func aComponentForwardedAsItselfOnlyUnderATagIsNotAPlainDependency() {
    let container = Container()
    container.register { "Town Library" }.as(String.self, tag: LibraryName.self)
    container.register(Logger.init)
    let report = container.validate()
    #expect(!report.isValid)
    #expect(throws: ResolutionError.self) { try container.tryResolve(Logger.self) }
    #expect(container.resolve(String.self, tag: LibraryName.self) == "Town Library")
  }

  @Test func aComponentAlsoForwardedAsItselfPlainlyStaysResolvable() {
    let container = Container()
    container.register { "Town Library" }.as(String.self, tag: LibraryName.self).as(String.self)
    container.register(Logger.init)
    #expect(container.validate().isValid)
    #expect(container.resolve(Logger.self).prefix == "Town Library")
  }

  // MARK: Checked `.as`

  @Test func aLaterInstanceThatDoesNotFitTheForwardIsAnErrorNotACrash() throws {
    let counter = Counter()
    let container = Container()
    container.register { () -> AnyObject in
      counter.increment()
      return counter.count == 1 ? Sabre() : Stick()
    }.as(Blade.self)
    #expect(try container.tryResolve(Blade.self) is Sabre)
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Blade.self)
    }
    guard case .notConvertible = error.reason else {
      Issue.record("unexpected reason \(error.reason)")
      return
    }
  }

  @Test func everyInstanceOfAConstrainedExistentialIsChecked() throws {
    let counter = Counter()
    let container = Container()
    container.register { () -> any Collection<Int> in
      counter.increment()
      return counter.count == 1 ? [1] : Set([1])
    }.as([Int].self)
    #expect(try container.tryResolve([Int].self) == [1])
    #expect(throws: ResolutionError.self) { try container.tryResolve([Int].self) }
  }

  @Test func aSubclassInstanceIsCheckedToo() throws {
    let counter = Counter()
    let container = Container()
    container.register { () -> Base in
      counter.increment()
      return counter.count == 1 ? Base() : Derived()
    }.as(Marked.self)
    // `Base` itself is not `Marked`; the first instance is not, so it throws; a `Derived` is.
    #expect(throws: ResolutionError.self) { try container.tryResolve(Marked.self) }
    #expect(try container.tryResolve(Marked.self) is Derived)
  }

  @Test func aWrongForwardToAClassIsReportedByValidate() {
    let container = Container()
    container.register(Stick.init).as(Base.self)
    let report = container.validate()
    #expect(report.problems.map(\.kind) == [.wrongForward(component: "Stick", type: "Base")])
  }

  @Test func aWrongForwardToAProtocolIsReportedByValidate() {
    let container = Container()
    container.register(Stick.init).as(Blade.self)
    container.register { Plank() }.as(Marked.self).as((any Marked & Sendable).self)
    container.register(Sabre.init).as(Blade.self).as(AnyObject.self)
    container.register { Pebble() }.as(AnyObject.self)
    let kinds = container.validate().problems.map(\.kind)
    #expect(
      kinds == [
        .wrongForward(component: "Pebble", type: "AnyObject"),
        .wrongForward(component: "Stick", type: "Blade"),
      ])
  }

  @Test func rightForwardsPassValidate() {
    let container = Container()
    container.register(Derived.init).as(Base.self).as(Marked.self).as((any Base & Marked).self)
    container.register { 42 }.as((any Hashable).self).as(Any.self)
    #expect(container.validate().isValid, "\(container.validate())")
    let subclassing = Container()
    subclassing.register { Base() }.as(Derived.self)  // a base-class factory may return it
    #expect(subclassing.validate().isValid, "\(subclassing.validate())")
  }

  // MARK: `.weak` for class instances behind existentials

  @Test func weakAcceptsAnyObjectAndClassBoundExistentials() {
    let container = Container()
    container.register { () -> AnyObject in Sabre() }.lifetime(.weak)
    container.register { () -> any Blade in Sabre() }.lifetime(.weak)
    let held = container.resolve(AnyObject.self)
    #expect(container.resolve(AnyObject.self) === held)
    let blade = container.resolve((any Blade).self)
    #expect(container.resolve((any Blade).self) === blade)
  }

  // MARK: Two defaults

  @Test func twoDefaultsAreReportedByValidateWithTheRightWords() throws {
    let container = Container()
    container.register(Sabre.init).as(Blade.self).default()
    container.register(Rapier.init).as(Blade.self).default()
    let report = container.validate()
    let problem = try #require(report.problems.first)
    #expect(problem.description.contains("2 are marked `.default()`"))
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Blade.self)
    }
    #expect(!error.description.contains("none is marked"))
    #expect(error.description.contains("marked `.default()`"))
  }

  // MARK: Optional factories

  @Test func aFactoryOfAnOptionalIsReachedThroughTheOptional() {
    let container = Container()
    container.register { () -> Service? in Service() }
    #expect(container.resolve(Service?.self) != nil)
    container.register { Consumer(service: $0 ?? Service()) }
    #expect(container.validate().isValid)
  }
}

private class Base {}
private protocol Marked {}
private final class Derived: Base, Marked {}
private struct Plank: Marked {}
private struct Pebble {}
