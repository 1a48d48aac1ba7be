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
    let problem = try #require(report.problems.first)
    #expect(report.problems.count == 1)
    #expect(problem.path.count == 2_001)
    #expect(problem.path.last == "Anchor")
    container.register(Anchor.init)
    #expect(container.validate().isValid)
  }
}
