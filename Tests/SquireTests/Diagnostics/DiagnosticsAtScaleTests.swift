import Testing

@testable import Squire

private protocol Horn: AnyObject {}
private final class BrassHorn: Horn {}
private final class Crier {
  let horn: Horn
  init(horn: Horn) { self.horn = horn }
}

/// Diagnostics list a few of many and count the rest: an error or a report about ten thousand
/// registrations stays a paragraph, and writing it costs a scan, not ten thousand sentences.
@Suite("Diagnostics at scale")
struct DiagnosticsAtScaleTests {
  static let count = 10_000

  @Test func anAmbiguityAmongTenThousandListsAFewAndCountsTheRest() throws {
    let container = Container()
    for _ in 0..<Self.count { container.register(BrassHorn.init).as(Horn.self) }
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Horn.self) }
    guard case .ambiguous(_, let candidates, let count, _) = error.reason else {
      Issue.record("unexpected reason \(error.reason)")
      return
    }
    // Registered by one line: listed once, with their number.
    #expect(candidates.count == 1)
    #expect(count == Self.count)
    #expect(error.description.contains("(10,000 registrations)"))
    #expect(error.description.count < 1_500, "\(error.description.count) characters")
  }

  @Test func anAmbiguityInValidationStaysAParagraph() throws {
    let container = Container()
    for _ in 0..<Self.count { container.register(BrassHorn.init).as(Horn.self) }
    container.register(Crier.init)
    let report = container.validate()
    let problem = try #require(
      report.problems.first { if case .ambiguousDependency = $0.kind { true } else { false } })
    #expect(problem.description.count < 1_500, "\(problem.description.count) characters")
  }

  @Test func unknownNamesAmongTenThousandGetAFewCloseMatches() throws {
    let container = Container()
    for index in 0..<Self.count {
      container.register(BrassHorn.init).as(Horn.self, name: "horn\(index)")
    }
    for index in 0..<100 {
      let error = try #require(throws: ResolutionError.self) {
        try container.tryResolve(Horn.self, name: "Horn\(index)x")
      }
      #expect(error.suggestions.count == NearMatches.listed + 1)
      #expect(error.description.count < 2_000, "\(error.description.count) characters")
    }
    // A typo is listed first.
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Horn.self, name: "HORN42")
    }
    #expect(error.suggestions.first?.hasPrefix("a name that differs only by case") == true)
    #expect(error.suggestions.first?.contains("\"horn42\"") == true)
    #expect(error.suggestions.last?.hasPrefix("and ") == true)
  }

  @Test func aNameALetterAwayIsListedBeforeTheRest() throws {
    let container = Container()
    for index in 0..<Self.count {
      container.register(BrassHorn.init).as(Horn.self, name: "horn\(index)")
    }
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Horn.self, name: "hron42")
    }
    #expect(error.suggestions.first?.contains("\"horn42\"") == true, "\(error.suggestions)")
  }

  @Test func nameVariantsLeaveOneCharacterOut() {
    #expect(NearMatches.variants(of: "BMW") == ["bmw", "mw", "bw", "bm"])
    #expect(!NearMatches.variants(of: "BMW").isDisjoint(with: NearMatches.variants(of: "bwm")))
    #expect(NearMatches.variants(of: "knight").isDisjoint(with: NearMatches.variants(of: "squire")))
  }
}
