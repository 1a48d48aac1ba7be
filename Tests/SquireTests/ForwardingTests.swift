import Testing

@testable import Squire

@Suite("Forwarding with .as, names, tags and defaults")
struct ForwardingTests {
  @Test func componentIsResolvableAsItsOwnTypeAndEveryForward() {
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self).as(AnyObject.self)
    #expect(container.resolve(Engine.self) is BMWEngine)
    #expect(container.resolve(AnyObject.self) is BMWEngine)
    #expect(container.resolve(BMWEngine.self) !== container.resolve(BMWEngine.self))
  }

  @Test func forwardedTypeIsNotResolvableWithoutAs() throws {
    let container = Container()
    container.register(BMWEngine.init)
    #expect(throws: ResolutionError.self) { try container.tryResolve(Engine.self) }
  }

  @Test func namedForwardIsResolvableOnlyByThatName() throws {
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self, name: "BMW")
    container.register(OtherEngine.init).as(Engine.self, name: "other")
    #expect(container.resolve(Engine.self, name: "BMW") is BMWEngine)
    #expect(container.resolve(Engine.self, name: "other") is OtherEngine)
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Engine.self) }
    #expect(error.reason == .notRegistered(type: "Engine"))
    #expect(error.suggestions.count == 2)
  }

  @Test func ownTypeOnlyUnderANameIsNotResolvableWithoutIt() {
    let container = Container()
    container.register(BMWEngine.init).as(BMWEngine.self, name: "BMW")
    #expect(throws: Never.self) { try container.tryResolve(BMWEngine.self, name: "BMW") }
    #expect(throws: ResolutionError.self) { try container.tryResolve(BMWEngine.self) }
  }

  @Test func taggedForwardIsResolvableOnlyUnderThatTag() throws {
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self, tag: Sport.self)
    container.register(OtherEngine.init).as(Engine.self, tag: Comfort.self)
    #expect(container.resolve(Engine.self, tag: Sport.self) is BMWEngine)
    #expect(container.resolve(Engine.self, tag: Comfort.self) is OtherEngine)
    #expect(throws: ResolutionError.self) { try container.tryResolve(Engine.self) }
  }

  @Test func severalProvidersWithoutDefaultAreAmbiguous() throws {
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self)
    container.register(OtherEngine.init).as(Engine.self)
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Engine.self) }
    guard case .ambiguous(let type, let candidates, _, _) = error.reason else {
      Issue.record("expected an ambiguity, got \(error.reason)")
      return
    }
    #expect(type == "Engine")
    #expect(candidates.count == 2)
    #expect(error.description.contains(".default()"))
  }

  @Test func defaultWinsAmongSeveral() {
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self)
    container.register(OtherEngine.init).as(Engine.self).default()
    #expect(container.resolve(Engine.self) is OtherEngine)
  }

  @Test func ambiguityInsideAGraphNamesThePath() throws {
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self)
    container.register(OtherEngine.init).as(Engine.self)
    container.register(SteelWheel.init).as(Wheel.self)
    container.register(SportBody.init).as(Body.self)
    container.register(Car.init)
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Car.self) }
    #expect(error.requested == "Car")
    #expect(error.path == ["Car"])
  }
}
