#if BuildPlugin
import Testing

@testable import SquireBuildCore

/// The containers the generated table describes (`checkedGraphs`), so that `validate()` need
/// not walk them again: only those the tool read completely and found clean.
@Suite struct CheckedGraphTests {
  static let types = """
    import Squire
    protocol Engine: AnyObject {}
    enum Sport {}
    final class Diesel: Engine {}
    final class Car {
      init(engine: any Engine) {}
      func start() {}
    }
    final class Garage {
      @Injected var car: Car
      init(sport: Engine, spare: Lazy<Car>) {}
    }
    """

  /// The generated file for a `Root.swift` whose `makeContainer()` has `body`.
  static func generated(_ body: String, more: String = "") -> String {
    let root = """
      import Squire

      func makeContainer() -> Container {
        let container = Container()
      \(body)
        return container
      }
      """
    return SquireCheck.run(
      files: [(path: "Types.swift", text: types + "\n" + more), (path: "Root.swift", text: root)],
      module: "App", generate: true
    ).generatedSource
  }

  @Test func aCompleteCleanGraphIsDescribed() {
    let source = Self.generated(
      """
        container.register(Diesel.init).lifetime(.single).as(Engine.self)
          .as(Engine.self, tag: Sport.self)
        container.register(Car.init(engine:)).postInit { $0.start() }
        container.register { Garage(sport: by(tag: Sport.self, $0), spare: $1) }.default()
      """)
    #expect(
      source.contains(
        """
          static let checkedGraphs: [Squire._CheckedGraph] = [
            Squire._CheckedGraph(registrations: 3) { checkedGraph0 },
          ]

          /// The container made at Root.swift:4.
          private static let checkedGraph0: Squire._CheckedGraph.Content = {
            var graph = Squire._CheckedGraph.Builder(dependencies: 4)
            graph.component("App/Root.swift", 5, Diesel.self, .single)
            graph.as((any Engine).self)
            graph.as((any Engine).self, tag: Sport.self)
            graph.component("App/Root.swift", 7, Car.self, .prototype, steps: 1)
            graph.component("App/Root.swift", 8, Garage.self, .prototype, isDefault: true)
            return graph.content
          }()
        }

        """), "\(source)")
  }

  @Test func aGraphWithAProblemIsNotDescribed() {
    // `Car` needs an engine nothing provides.
    let source = Self.generated("  container.register(Car.init(engine:))")
    #expect(source.contains("enum SquireGeneratedFactories"))
    #expect(!source.contains("checkedGraphs"))
  }

  @Test func aPartialGraphIsNotDescribed() {
    // Registered or not depending on the run: `if` on something the tool cannot know.
    let source = Self.generated(
      """
        container.register(Diesel.init).as(Engine.self)
        if CommandLine.arguments.count > 1 { container.register(Car.init(engine:)) }
      """)
    #expect(source.contains("enum SquireGeneratedFactories"))
    #expect(!source.contains("checkedGraphs"))
  }

  @Test func aDynamicModifierIsNotDescribed() {
    let lifetime = Self.generated(
      """
        let lifetime: Lifetime = .single
        container.register(Diesel.init).as(Engine.self).lifetime(lifetime)
        container.register(Car.init(engine:))
      """)
    #expect(lifetime.contains("enum SquireGeneratedFactories"))
    #expect(!lifetime.contains("checkedGraphs"))
    let name = Self.generated(
      """
        let name = CommandLine.arguments[0]
        container.register(Diesel.init).as(Engine.self).as(Engine.self, name: name)
        container.register(Car.init(engine:))
      """)
    #expect(name.contains("enum SquireGeneratedFactories"))
    #expect(!name.contains("checkedGraphs"))
  }

  @Test func aLoopIsNotDescribed() {
    let source = Self.generated(
      """
        container.register(Diesel.init).as(Engine.self)
        for _ in 0..<2 { container.register(Car.init(engine:)) }
      """)
    #expect(source.contains("enum SquireGeneratedFactories"))
    #expect(!source.contains("checkedGraphs"))
  }

  /// A captive through `many` (an error of the build's check too): never described.
  @Test func aCaptiveThroughManyIsNotDescribed() {
    let source = Self.generated(
      """
        container.register(Diesel.init).as(Engine.self).lifetime(.perContainer)
        container.register { Fleet(engines: many($0)) }.lifetime(.single)
      """,
      more: "final class Fleet { init(engines: [any Engine]) {} }")
    #expect(source.contains("enum SquireGeneratedFactories"))
    #expect(!source.contains("checkedGraphs"))
    // The same with a prototype engine is described.
    let prototype = Self.generated(
      """
        container.register(Diesel.init).as(Engine.self)
        container.register { Fleet(engines: many($0)) }.lifetime(.single)
      """,
      more: "final class Fleet { init(engines: [any Engine]) {} }")
    #expect(prototype.contains("Builder(dependencies: 1)"), "\(prototype)")
  }

  @Test func aChildContainerIsNotDescribedItsParentIs() {
    let source = Self.generated(
      """
        container.register(Diesel.init).as(Engine.self)
        let child = Container(parent: container)
        child.register(Car.init(engine:))
      """)
    #expect(source.contains("    graph.component(\"App/Root.swift\", 5, Diesel.self, .prototype)"))
    #expect(!source.contains("Car.self, .prototype)"))
  }
}
#endif
