import Testing

@testable import Squire

final class RequestContext: Sendable {
  let id: Int
  init(id: Int) { self.id = id }
}

final class OrderHandler: Sendable {
  let context: RequestContext
  init(context: RequestContext) { self.context = context }
}

@Suite("Dependencies supplied by each child")
struct SuppliedByEachChildTests {
  func app() -> Container {
    let app = Container()
    app.suppliedByEachChild(RequestContext.self)
    app.register(OrderHandler.init)
    return app
  }

  @Test func theRootThatDeclaresItIsValid() {
    #expect(app().validate().isValid)
  }

  @Test func withoutTheDeclarationTheRootIsNotValid() {
    let app = Container()
    app.register(OrderHandler.init)
    #expect(!app.validate().isValid)
  }

  @Test func aChildThatSuppliesItIsValidAndResolves() {
    let app = app()
    let request = Container(parent: app)
    request.register { RequestContext(id: 7) }.lifetime(.perContainer)
    #expect(request.validate().isValid)
    #expect(request.resolve(OrderHandler.self).context.id == 7)
  }

  @Test func aChildThatForgetsItIsReported() throws {
    let request = Container(parent: app())
    let report = request.validate()
    let problem = try #require(report.problems.first)
    #expect(report.problems.count == 1)
    #expect(
      problem.kind
        == .missingDependency(type: "RequestContext", qualifier: nil, neededBy: ["OrderHandler"]))
    #expect(problem.description.contains("suppliedByEachChild"))
  }

  @Test func resolvingFromTheRootSaysToResolveFromAChild() throws {
    let error = try #require(throws: ResolutionError.self) {
      try app().tryResolve(OrderHandler.self)
    }
    #expect(error.description.contains("resolve from a child container"))
  }

  @Test func aSingleNeedingWhatEachChildSuppliesIsReportedOnTheRoot() throws {
    let app = Container()
    app.suppliedByEachChild(RequestContext.self)
    app.register(OrderHandler.init).lifetime(.single)
    let problem = try #require(app.validate().problems.first)
    #expect(app.validate().problems.count == 1)
    #expect(problem.description.contains("is `.single`"))
  }

  @Test func aParentsSingleIsValidatedWhereItIsBuilt() throws {
    let app = Container()
    app.register(Garage.init).lifetime(.single)
    let test = Container(parent: app)
    test.register(BMWEngine.init).as(Engine.self)
    // Resolving fails: the garage is built in `app`, which has no engine. Validation agrees.
    #expect(throws: ResolutionError.self) { try test.tryResolve(Garage.self) }
    let problem = try #require(test.validate().problems.first)
    #expect(
      problem.kind == .missingDependency(type: "Engine", qualifier: nil, neededBy: ["Garage"]))
    #expect(problem.description.contains("is `.single`"))
  }
}
