@_spi(Generated) import Squire
import Testing

// `validate()` on a container that holds exactly a graph SquireBuildPlugin checked when the
// module was built: no walk. The overloads below are the generator's fixed part for this file
// (`fileprivate`, so they take over this file's calls only); the table describes the graphs
// the "build" read here, as the generator writes them (Integrations/SquireBuildPlugin/
// GENERATED.md). Its `factory` knows no call site: every registration takes the generic path,
// and the container still learns the table from it.

private protocol CheckedEngine: AnyObject, Sendable {}
private final class CheckedDiesel: CheckedEngine {
  init() {}
}
private final class CheckedMock: CheckedEngine {
  init() {}
}
private final class CheckedCar: Sendable {
  let engine: any CheckedEngine
  init(engine: any CheckedEngine) { self.engine = engine }
}
private final class CheckedWheel: Sendable {
  init() {}
}
private enum CheckedSport {}

extension Container {
  @inline(never)
  @discardableResult
  fileprivate func register<Impl>(
    _ factory: @escaping @Sendable () throws -> Impl,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> Component<Impl> {
    _register(generated: factory, file: file, line: line, from: CheckedFactories.self)
  }

  @inline(never)
  @discardableResult
  fileprivate func register<Impl, P1>(
    _ factory: @escaping @Sendable (consuming P1) throws -> Impl,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> Component<Impl> {
    _register(generated: factory, file: file, line: line, from: CheckedFactories.self)
  }
}

extension Component {
  @inline(never)
  @discardableResult
  fileprivate func `as`<P>(_ type: P.Type) -> Component<Impl> {
    _as(generated: type, qualifier: nil, from: CheckedFactories.self)
  }

  @inline(never)
  @discardableResult
  fileprivate func `as`<P>(_ type: P.Type, name: String) -> Component<Impl> {
    _as(generated: type, qualifier: .name(name), from: CheckedFactories.self)
  }

  @inline(never)
  @discardableResult
  fileprivate func `as`<P, Tag>(_ type: P.Type, tag: Tag.Type) -> Component<Impl> {
    _as(generated: type, qualifier: .tag(tag), from: CheckedFactories.self)
  }
}

/// The lines the registrations pass for themselves (`line:`), as the build read them.
private let dieselLine: UInt = 80_001
private let carLine: UInt = 80_002
private let namedDieselLine: UInt = 80_011
private let lonelyCarLine: UInt = 80_012
/// Lines the build did not read.
private let otherLine: UInt = 80_099

private let thisFile: StaticString = "SquireTests/CheckedAtBuildTimeTests.swift"

/// The table the generator would write for this file: no factory, and two checked graphs.
private enum CheckedFactories: DescribingTable {
  static let checkedGraphs: [_CheckedGraph] = [
    _CheckedGraph(registrations: 2) { clean }, _CheckedGraph(registrations: 2) { namedOnly },
  ]

  /// `CheckedDiesel` as a `.single` engine (plain and tagged), and the car that needs one.
  private static let clean: _CheckedGraph.Content = {
    var graph = _CheckedGraph.Builder(dependencies: 1)
    graph.component(thisFile, dieselLine, CheckedDiesel.self, .single)
    graph.as((any CheckedEngine).self)
    graph.as((any CheckedEngine).self, tag: CheckedSport.self)
    graph.component(thisFile, carLine, CheckedCar.self, .prototype)
    return graph.content
  }()

  /// A graph with a missing dependency (the engine is only there under a name), described as
  /// clean, which only a test would do: a `validate()` that reports it valid did not walk it.
  private static let namedOnly: _CheckedGraph.Content = {
    var graph = _CheckedGraph.Builder(dependencies: 1)
    graph.component(thisFile, namedDieselLine, CheckedDiesel.self, .single)
    graph.as((any CheckedEngine).self, name: "main")
    graph.component(thisFile, lonelyCarLine, CheckedCar.self, .prototype)
    return graph.content
  }()
}

/// The registrations of `namedOnly`, as the build read them.
private func registerNamedOnly(in container: Container) {
  container.register({ CheckedDiesel() }, line: namedDieselLine).lifetime(.single)
    .as((any CheckedEngine).self, name: "main")
  container.register({ CheckedCar(engine: $0) }, line: lonelyCarLine)
}

@Suite struct CheckedAtBuildTimeTests {
  @Test func aGraphTheBuildCheckedIsNotWalkedAgain() {
    let container = Container()
    container.register({ CheckedDiesel() }, line: dieselLine).lifetime(.single)
      .as((any CheckedEngine).self).as((any CheckedEngine).self, tag: CheckedSport.self)
    container.register({ CheckedCar(engine: $0) }, line: carLine)
    let report = container.validate()
    #expect(report.isValid)
    #expect(report.checkedAtBuildTime)
    #expect("\(report)".contains("(checked when the module was built)"))
    // A child with nothing of its own walks the same graph: the counts are the walk's.
    let walked = Container(parent: container).validate()
    #expect(!walked.checkedAtBuildTime)
    #expect(walked.isValid)
    #expect(report.componentCount == walked.componentCount)
    #expect(report.dependencyCount == walked.dependencyCount)
  }

  @Test func theSkipIsObservable() {
    let container = Container()
    registerNamedOnly(in: container)
    let report = container.validate()
    // Described as clean: not walked, although a walk finds the car's engine missing.
    #expect(report.isValid)
    #expect(report.checkedAtBuildTime)
    #expect(!Container(parent: container).validate().isValid)
  }

  /// Each change makes the container something the build did not read: `validate()` walks and
  /// finds the missing engine.
  @Test(arguments: Change.allCases)
  fileprivate func anyDifferenceMakesItWalk(_ change: Change) {
    let root = Container()
    let container = change == .childContainer ? Container(parent: root) : root
    switch change {
    case .extraRegistration:
      registerNamedOnly(in: container)
      container.register({ CheckedWheel() }, line: otherLine)
    case .changedLifetime:
      container.register({ CheckedDiesel() }, line: namedDieselLine).lifetime(.perContainer)
        .as((any CheckedEngine).self, name: "main")
      container.register({ CheckedCar(engine: $0) }, line: lonelyCarLine)
    case .differentName:
      container.register({ CheckedDiesel() }, line: namedDieselLine).lifetime(.single)
        .as((any CheckedEngine).self, name: "spare")
      container.register({ CheckedCar(engine: $0) }, line: lonelyCarLine)
    case .decorator:
      registerNamedOnly(in: container)
      container.decorate(CheckedCar.self) { car in car }
    case .childContainer:
      registerNamedOnly(in: root)
    case .override:
      // As many registrations, one of them not the one the build read.
      container.register({ CheckedMock() }, line: otherLine).lifetime(.single)
        .as((any CheckedEngine).self, name: "main")
      container.register({ CheckedCar(engine: $0) }, line: lonelyCarLine)
    case .injection:
      container.register({ CheckedDiesel() }, line: namedDieselLine).lifetime(.single)
        .as((any CheckedEngine).self, name: "main")
      container.register({ CheckedCar(engine: $0) }, line: lonelyCarLine).postInit { _ in }
    }
    let report = container.validate()
    #expect(!report.checkedAtBuildTime)
    #expect(!report.isValid)
  }

  /// Where `validate()` cannot skip; each must walk.
  fileprivate enum Change: CaseIterable, Sendable, CustomTestStringConvertible {
    case extraRegistration, changedLifetime, differentName, decorator, childContainer, override
    case injection

    var testDescription: String { "\(self)" }
  }
}
