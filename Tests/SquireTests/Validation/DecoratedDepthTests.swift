import Testing

@testable import Squire

/// Each decorator around a component is one more level of a resolve, as the component is:
/// `validate()` counts them as resolution does, and the messages say how many of each.
@Suite("Depth of decorated chains")
struct DecoratedDepthTests {
  /// A chain of `components` decorated components (`Link<…<Anchor>>` down to `Anchor`), each
  /// with one decorator that hands its instance on: `2 × components` levels.
  static func decoratedChain(_ components: Int, in container: Container) -> Any.Type {
    func add<Next>(_: Next.Type) -> Any.Type {
      container.register { (next: Next) in Link(next) }
      container.decorate(Link<Next>.self) { $0 }
      return Link<Next>.self
    }
    container.register(Anchor.init)
    container.decorate(Anchor.self) { $0 }
    var top: Any.Type = Anchor.self
    for _ in 1..<components { top = add(top) }
    return top
  }

  @Test func aDecoratedChainThatResolveRefusesIsAProblemForValidate() throws {
    let container = Container()
    let levels = 202
    let top = Self.decoratedChain(levels / 2, in: container)
    #expect(throws: ResolutionError.self) { try resolve(top, in: container) }
    let problem = try #require(container.validate().problems.first)
    guard case .tooDeep(let from, let to, let depth, let limit) = problem.kind else {
      Issue.record("expected tooDeep, got \(problem.kind)")
      return
    }
    #expect(from == String(describing: top))
    #expect(to == "Anchor")
    #expect(depth == levels)
    #expect(limit == ResolutionContext.maximumDepth)
    #expect(problem.description.contains("101 components and 101 decorators"))
    #expect(problem.path == [from, "… 99 more components, 101 decorators …", to])
  }

  @Test func aDecoratedChainAsDeepAsResolutionGoesIsValidAndResolves() throws {
    let container = Container()
    let top = Self.decoratedChain(ResolutionContext.maximumDepth / 2, in: container)
    #expect(container.validate().isValid)
    #expect(try resolve(top, in: container) != nil)
  }

  @Test func theResolveErrorCountsComponentsAndDecoratorsApart() throws {
    let container = Container()
    let top = Self.decoratedChain(101, in: container)
    let error = try #require(throws: ResolutionError.self) { try resolve(top, in: container) }
    #expect(error.reason == .tooDeep(limit: ResolutionContext.maximumDepth))
    // Stopped entering level 201, the decorator of `Anchor`: between the two ends, 100
    // components and 99 decorators, counted by kind.
    #expect(error.description.contains("… 100 more components, 99 decorators …"))
    #expect(error.description.contains("200 levels"))
    #expect(!error.description.contains("199 more"))
  }

  @Test func anUndecoratedChainIsStillCountedInComponents() throws {
    let container = Container()
    container.register(Anchor.init)
    let top = LongChainTests.chain(ResolutionContext.maximumDepth, in: container)
    let problem = try #require(container.validate().problems.first)
    #expect(problem.path == [String(describing: top), "… 199 more …", "Anchor"])
    let error = try #require(throws: ResolutionError.self) { try resolve(top, in: container) }
    #expect(error.description.contains("… 199 more …"))
  }
}

private func resolve(_ type: Any.Type, in container: Container) throws -> Any? {
  func go<T>(_: T.Type) throws -> Any? { try container.tryResolve(T.self) }
  return try _openExistential(type, do: go)
}
