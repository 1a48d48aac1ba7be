import Testing

@testable import Squire

private final class Charter: Sendable {
  let greeting: String?
  init(greeting: String?) { self.greeting = greeting }
}

private struct Greeting: DerivedDependency {
  struct Missing: Error, CustomStringConvertible {
    var description: String { "no greeting is set" }
  }

  let text: String

  static func derive(from settings: Charter) throws -> Greeting {
    guard let greeting = settings.greeting else { throw Missing() }
    return Greeting(text: greeting)
  }

  static func validationIssue(in container: Container) -> String? {
    guard let settings = try? container.tryResolve(Charter.self) else { return nil }
    return settings.greeting == nil ? "no greeting is set" : nil
  }

  static var dependencyDescription: String { "Greeting (settings.greeting)" }
}

private final class Pennant {
  let text: String
  init(greeting: Greeting) { text = greeting.text }
}

@Suite("Derived dependencies")
struct DerivedDependencyTests {
  @Test func aDerivedParameterIsMadeFromItsSource() {
    let container = Container()
    container.register { Charter(greeting: "Hail") }
    container.register(Pennant.init)
    #expect(container.resolve(Pennant.self).text == "Hail")
    #expect(container.validate().isValid)
  }

  @Test func aDerivationThatThrowsFailsTheResolveWithThePath() throws {
    let container = Container()
    container.register { Charter(greeting: nil) }
    container.register(Pennant.init)
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Pennant.self)
    }
    #expect(error.path == ["Pennant", "Greeting"])
    #expect(error.description.contains("no greeting is set"))
  }

  @Test func validateReportsWhatTheDerivedTypeFinds() throws {
    let container = Container()
    container.register { Charter(greeting: nil) }
    container.register(Pennant.init)
    let problems = container.validate().problems
    let problem = try #require(problems.first)
    #expect(problems.count == 1)
    #expect(
      problem.kind
        == .unavailableValue(
          value: "Greeting (settings.greeting)", neededBy: ["Pennant"], reason: "no greeting is set"
        ))
    #expect(problem.path == ["Pennant", "Greeting (settings.greeting)"])
  }

  @Test func aMissingSourceIsAMissingDependency() {
    let container = Container()
    container.register(Pennant.init)
    let types = container.validate().problems.compactMap { problem -> String? in
      guard case .missingDependency(let type, _, _) = problem.kind else { return nil }
      return type
    }
    #expect(types == ["Charter"])
  }
}
