import Testing

@testable import Squire

/// One more link on a chain: `Link<Link<Anchor>>` needs a `Link<Anchor>`.
final class Link<Next> {
  init(_ next: Next) {}
}
final class Anchor {}

@Suite("Validation of long chains")
struct LongChainTests {
  /// Registers `Link<...<Anchor>>` types nested `length` deep, each needing the one below it,
  /// without recursion (each step opens the previous type from an existential).
  static func chain(_ length: Int, in container: Container) -> Any.Type {
    func add<Next>(_: Next.Type) -> Any.Type {
      container.register { (next: Next) in Link(next) }
      return Link<Next>.self
    }
    var top: Any.Type = Anchor.self
    for _ in 0..<length { top = add(top) }
    return top
  }

  @Test func longChainWithAMissingEndIsReportedWithItsWholePath() throws {
    let container = Container()
    _ = Self.chain(2_000, in: container)
    let report = container.validate()
    let problem = try #require(
      report.problems.first { if case .missingDependency = $0.kind { true } else { false } })
    #expect(problem.path.count == 2_001)
    #expect(problem.path.last == "Anchor")
    container.register(Anchor.init)
    // Complete, and deeper than resolution goes: validation says so, as resolving would.
    let complete = container.validate()
    #expect(complete.problems.count == 1)
    if case .tooDeep(_, let end, let depth, _) = complete.problems.first?.kind {
      #expect(end == "Anchor")
      #expect(depth == 2_001)
    } else {
      Issue.record("expected the chain to be reported as too deep: \(complete)")
    }
  }
}
