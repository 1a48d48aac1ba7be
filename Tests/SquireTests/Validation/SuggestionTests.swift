import Testing

@testable import Squire

protocol Lance: AnyObject {}
protocol ShieldProtocol: AnyObject {}
final class OakLance: Lance {}
final class TowerShield: ShieldProtocol {}
final class Quartermaster {}

@Suite("Suggestions for what is missing")
struct SuggestionTests {
  @Test func subclassNotForwardedIsSuggested() throws {
    let container = Container()
    container.register(Destrier.init)
    container.register(Stable.init(horse:))
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Stable.self) }
    #expect(
      error.suggestions.contains {
        $0.hasPrefix("`Destrier` registered at")
          && $0.hasSuffix("inherits from `Horse` but is not forwarded with `.as(Horse.self)`")
      })
    // The validation report says the same.
    #expect(container.validate().problems.first?.suggestions == error.suggestions)
  }

  @Test func subclassAlreadyForwardedUnderANameIsNotSuggestedTwice() throws {
    let container = Container()
    container.register(Destrier.init).as(Horse.self, name: "war")
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Horse.self) }
    #expect(error.suggestions.count == 1)
    #expect(
      error.suggestions.first?.hasSuffix("resolvable as `Horse` only by name \"war\"") == true)
  }

  @Test func likelyImplementationOfAProtocolIsAMaybe() throws {
    let container = Container()
    container.register(OakLance.init)
    container.register(Quartermaster.init)
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Lance.self) }
    #expect(error.suggestions.count == 1)
    #expect(
      error.suggestions.first?.hasPrefix("maybe `OakLance` registered at") == true,
      "\(error.suggestions)")
    #expect(error.suggestions.first?.hasSuffix("not forwarded with `.as(Lance.self)`") == true)
  }

  @Test func protocolSuffixIsIgnoredWhenMatchingNames() throws {
    let container = Container()
    container.register(TowerShield.init)
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(ShieldProtocol.self)
    }
    #expect(error.suggestions.contains { $0.hasPrefix("maybe `TowerShield`") })
  }

  @Test func unrelatedNamesAreNotSuggested() throws {
    let container = Container()
    container.register(Quartermaster.init)
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Lance.self) }
    #expect(error.suggestions.isEmpty)
  }

  @Test func tagRegisteredForAnotherTypeIsSuggested() throws {
    let container = Container()
    container.register(Destrier.init).as(Horse.self, tag: Tournament.self)
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Lance.self, tag: Tournament.self)
    }
    #expect(
      error.suggestions.contains {
        $0.hasPrefix("the tag Tournament is registered for another type: `Destrier`")
      })
  }

  @Test func trapAndErrorShareTheirText() throws {
    let container = Container()
    container.register(OakLance.init)
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Lance.self) }
    // `resolve` traps with `error.description`; the suggestions are part of that text.
    #expect(error.description.contains("close matches:\n    - maybe `OakLance`"))
  }

  @Test func camelCaseWordsSplitAcronyms() {
    #expect(NearMatches.words(of: "BMWEngine") == ["BMW", "Engine"])
    #expect(NearMatches.words(of: "oakLance2") == ["oak", "Lance2"])
    #expect(NearMatches.coreName("IEngine") == "Engine")
    #expect(NearMatches.coreName("EngineProtocol") == "Engine")
    #expect(NearMatches.bareName("any Outer.Engine") == "Engine")
    #expect(NearMatches.bareName("Node<S1>") == "Node")
  }
}
