import Testing

@testable import Squire

private protocol Horn: AnyObject {}
private final class BrassHorn: Horn {}

private enum Outer1 { enum Tag {} }
private enum Outer2 { enum Tag {} }

private struct Point {
  let x: Int
  let y: Int
}

/// Messages that name what they mean, whatever the number of registrations or arguments.
@Suite("Message detail")
struct MessageDetailTests {
  @Test func anAmbiguityListsEachRegistrationSiteOnceWithItsCount() throws {
    let container = Container()
    for _ in 0..<10_000 { container.register(BrassHorn.init).as(Horn.self) }
    container.register(BrassHorn.init).as(Horn.self)
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Horn.self) }
    guard case .ambiguous(_, let candidates, let count, _) = error.reason else {
      Issue.record("unexpected reason \(error.reason)")
      return
    }
    #expect(count == 10_001)
    #expect(Set(candidates).count == candidates.count, "\(candidates)")
    #expect(candidates.count == 2, "\(candidates)")
    #expect(candidates.first?.contains("10,000 registrations") == true, "\(candidates)")
    #expect(error.description.count < 1_500)
  }

  @Test func aMissingSecondArgumentOfOneTypeSaysHowManyWerePassed() throws {
    let container = Container()
    container.register { Point(x: arg($0), y: arg($1)) }
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Point.self, args: 3)
    }
    #expect(!error.description.contains("none was passed"), "\(error)")
    #expect(error.description.contains("2 runtime arguments of type `Int`"), "\(error)")
    #expect(error.description.contains("1 was passed"), "\(error)")
  }

  @Test func aTagIsNamedWithTheTypesItIsNestedIn() throws {
    let container = Container()
    container.register(BrassHorn.init).as(Horn.self, tag: Outer1.Tag.self)
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Horn.self, tag: Outer2.Tag.self)
    }
    #expect(error.description.contains("Outer2.Tag"), "\(error)")
    #expect(error.suggestions.joined().contains("Outer1.Tag"), "\(error)")
  }
}

private final class Trumpeter {
  init(horn: Horn) {}
}

@Suite("Message detail in validation")
struct ValidationMessageDetailTests {
  @Test func anAmbiguityInValidationListsEachRegistrationSiteOnce() throws {
    let container = Container()
    for _ in 0..<10_000 { container.register(BrassHorn.init).as(Horn.self) }
    container.register(Trumpeter.init)
    let report = container.validate()
    let problem = try #require(
      report.problems.first { if case .ambiguousDependency = $0.kind { true } else { false } })
    #expect(problem.description.contains("(10,000 registrations)"), "\(problem)")
    #expect(!problem.description.contains("more"), "\(problem)")
  }
}
