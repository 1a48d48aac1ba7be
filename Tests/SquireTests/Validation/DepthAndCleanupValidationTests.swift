import Testing

@testable import Squire

@Suite("Validation of depth and cleanups")
struct DepthAndCleanupValidationTests {
  @Test func aChainDeeperThanResolutionGoesIsReportedWithItsTwoEnds() throws {
    let container = Container()
    container.register(Anchor.init)
    let top = LongChainTests.chain(ResolutionContext.maximumDepth, in: container)
    let report = container.validate()
    let problem = try #require(report.problems.first)
    #expect(report.problems.count == 1)
    guard case .tooDeep(let from, let to, let depth, let limit) = problem.kind else {
      Issue.record("expected tooDeep, got \(problem.kind)")
      return
    }
    #expect(from == String(describing: top))
    #expect(to == "Anchor")
    #expect(depth == ResolutionContext.maximumDepth + 1)
    #expect(limit == ResolutionContext.maximumDepth)
    #expect(problem.path.count == 3)
  }

  @Test func aChainAsDeepAsResolutionGoesIsValidAndResolves() throws {
    let container = Container()
    container.register(Anchor.init)
    let top = LongChainTests.chain(ResolutionContext.maximumDepth - 1, in: container)
    #expect(container.validate().isValid)
    #expect(try resolve(top, in: container) != nil)
  }

  @Test func theResolveErrorForDepthShowsTheTwoEndsOnly() throws {
    let container = Container()
    container.register(Anchor.init)
    let top = LongChainTests.chain(ResolutionContext.maximumDepth, in: container)
    let error = try #require(throws: ResolutionError.self) { try resolve(top, in: container) }
    #expect(error.reason == .tooDeep(limit: ResolutionContext.maximumDepth))
    #expect(error.description.contains("more …"))
    // The top's type name alone is long (it nests the whole chain); the path is not repeated.
    #expect(error.description.count < 3 * String(describing: top).count + 1_000)
  }

  @Test(arguments: [Lifetime.prototype, .objectGraph])
  func aCleanupOnALifetimeNothingClosesIsReported(lifetime: Lifetime) {
    let container = Container()
    container.register(Service.init).lifetime(lifetime).onClose { _ in }
    #expect(
      container.validate().problems.map(\.kind) == [
        .cleanupNeverRuns(component: "Service", lifetime: lifetime)
      ])
  }

  @Test(arguments: [Lifetime.perContainer, .single, .weak, .scoped(Scope("session"))])
  func aCleanupOnALifetimeThatIsClosedIsFine(lifetime: Lifetime) {
    let container = Container()
    container.register(Service.init).lifetime(lifetime).onClose { _ in }
    #expect(container.validate().isValid)
  }
}

/// Resolves `type` from `container`, an existential opened.
private func resolve(_ type: Any.Type, in container: Container) throws -> Any? {
  func go<T>(_: T.Type) throws -> Any? { try container.tryResolve(T.self) }
  return try _openExistential(type, do: go)
}
