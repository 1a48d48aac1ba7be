import PropertyBased
import Testing

@testable import Squire

// Random graphs of `Node<S0>` ... `Node<S7>`: each component is a node type with a lifetime and
// up to three dependencies on node types, asked for plainly, as an Optional, or deferred. Some
// node types end up missing, some registered twice, some in cycles with or without a deferred
// link to break them.

protocol Slot: SendableMetatype {}
enum S0: Slot {}
enum S1: Slot {}
enum S2: Slot {}
enum S3: Slot {}
enum S4: Slot {}
enum S5: Slot {}
enum S6: Slot {}
enum S7: Slot {}
let slots: [any Slot.Type] = [
  S0.self, S1.self, S2.self, S3.self, S4.self, S5.self, S6.self, S7.self,
]

final class Node<S: Slot>: Sendable {
  init() {}
}

/// A parameter type a generated factory can take.
#if compiler(>=6.2)
  // Factories are `@Sendable`: a generic one captures its parameters' metatypes.
  protocol Ingredient: SendableMetatype {}
#else
  protocol Ingredient {}
#endif
extension Node: Ingredient {}
extension Optional: Ingredient {}
extension Provider: Ingredient {}

struct RandomGraph: Sendable, CustomStringConvertible {
  enum Asked: Sendable, CaseIterable {
    case plainly
    case optionally
    case deferred
  }

  struct Dependency: Sendable {
    let slot: Int
    let asked: Asked
  }

  struct Part: Sendable {
    let slot: Int
    let lifetime: Lifetime
    let isDefault: Bool
    let dependencies: [Dependency]
  }

  let components: [Part]

  var description: String {
    components.map { component in
      "S\(component.slot) .\(component.lifetime)\(component.isDefault ? " default" : "") <- "
        + component.dependencies.map { "S\($0.slot)(\($0.asked))" }.joined(separator: ", ")
    }.joined(separator: "; ")
  }

  static func name(_ slot: Int) -> String { "Node<S\(slot)>" }

  static let generator = zip(
    Gen.int(in: 0...7),
    Gen.element(
      of: [Lifetime.prototype, .prototype, .prototype, .single, .perContainer, .objectGraph, .weak]
    ),
    Gen.bool(0.2),
    zip(
      Gen.int(in: 0...7),
      Gen.element(of: [Asked.plainly, .plainly, .plainly, .optionally, .deferred])
    )
    .map { Dependency(slot: $0, asked: $1!) }
    .array(of: 0...3)
  ).map { Part(slot: $0, lifetime: $1!, isDefault: $2, dependencies: $3) }
    .array(of: 1...9)
    .map { RandomGraph(components: $0) }

  /// The same graph with every dependency pointed at a registered node type and every node
  /// type registered once: far more of these graphs are valid, which the resolve check needs.
  var mostlyRegistered: RandomGraph {
    var seen = Set<Int>()
    let unique = components.filter { seen.insert($0.slot).inserted }
    let registered = unique.map(\.slot)
    return RandomGraph(
      components: unique.map { component in
        Part(
          slot: component.slot, lifetime: component.lifetime, isDefault: false,
          dependencies: component.dependencies.map {
            Dependency(slot: registered[$0.slot % registered.count], asked: $0.asked)
          })
      })
  }

  // MARK: Building it

  func container() -> Container {
    let container = Container()
    for component in components {
      let parameters = component.dependencies.map { Self.parameter($0) }
      let made = Self.register(slots[component.slot], parameters, in: container)
      made.lifetime(component.lifetime)
      if component.isDefault { made.makeDefault() }
    }
    return container
  }

  private static func parameter(_ dependency: Dependency) -> any Ingredient.Type {
    func of<S: Slot>(_ slot: S.Type) -> any Ingredient.Type {
      switch dependency.asked {
      case .plainly: Node<S>.self
      case .optionally: Node<S>?.self
      case .deferred: Provider<Node<S>>.self
      }
    }
    return of(slots[dependency.slot])
  }

  /// Lets a registered component be changed without knowing its type statically.
  struct Registered {
    let lifetime: (Lifetime) -> Void
    let makeDefault: () -> Void
  }

  private static func register(
    _ slot: any Slot.Type, _ parameters: [any Ingredient.Type], in container: Container
  ) -> Registered {
    func wrap<S: Slot>(_ component: Component<Node<S>>) -> Registered {
      Registered(lifetime: { component.lifetime($0) }, makeDefault: { component.default() })
    }
    func none<S: Slot>(_: S.Type) -> Registered {
      wrap(container.register { Node<S>() })
    }
    func one<S: Slot, A: Ingredient>(_: S.Type, _: A.Type) -> Registered {
      wrap(container.register { (_: A) in Node<S>() })
    }
    func two<S: Slot, A: Ingredient, B: Ingredient>(_: S.Type, _: A.Type, _: B.Type) -> Registered {
      wrap(container.register { (_: A, _: B) in Node<S>() })
    }
    func three<S: Slot, A: Ingredient, B: Ingredient, C: Ingredient>(
      _: S.Type, _: A.Type, _: B.Type, _: C.Type
    ) -> Registered {
      wrap(container.register { (_: A, _: B, _: C) in Node<S>() })
    }
    switch parameters.count {
    case 0: return none(slot)
    case 1: return one(slot, parameters[0])
    case 2: return two(slot, parameters[0], parameters[1])
    default: return three(slot, parameters[0], parameters[1], parameters[2])
    }
  }

  func resolveEach(in container: Container) throws(ResolutionError) {
    func resolve<S: Slot>(_: S.Type) throws(ResolutionError) {
      _ = try container.tryResolve(Node<S>.self)
    }
    for component in components { try resolve(slots[component.slot]) }
  }
}

/// What validation should find, worked out the slow and obvious way.
struct ReferenceCheck {
  var missing = Set<String>()
  var ambiguous = Set<String>()
  var cycleCount = 0
  var captive = Set<String>()

  /// The component a slot resolves to, if exactly one is chosen.
  let chosen: [Int: Int]
  /// Per component, the components it needs while it is made.
  let immediate: [[Int]]

  init(_ graph: RandomGraph) {
    let components = graph.components
    var chosen: [Int: Int] = [:]
    for slot in 0..<8 {
      let providers = components.indices.filter { components[$0].slot == slot }
      let defaults = providers.filter { components[$0].isDefault }
      let needed = components.contains {
        $0.dependencies.contains { $0.slot == slot && $0.asked != .optionally }
      }
      // Several providers are a problem where one is asked for (an Optional too), or when
      // several are `.default()`; otherwise a warning.
      let asked = components.contains { $0.dependencies.contains { $0.slot == slot } }
      if providers.count == 1 {
        chosen[slot] = providers[0]
      } else if providers.count > 1 {
        if defaults.count == 1 {
          chosen[slot] = defaults[0]
        } else if asked || defaults.count > 1 {
          ambiguous.insert(RandomGraph.name(slot))
        }
      }
      if providers.isEmpty && needed { missing.insert(RandomGraph.name(slot)) }
    }
    self.chosen = chosen
    immediate = components.map { component in
      component.dependencies.filter { $0.asked != .deferred }.compactMap { chosen[$0.slot] }
    }

    // Strongly connected components by mutual reachability: fine for nine nodes.
    let count = components.count
    var reaches = Array(repeating: Array(repeating: false, count: count), count: count)
    for start in 0..<count {
      var stack = immediate[start]
      while let node = stack.popLast() {
        guard !reaches[start][node] else { continue }
        reaches[start][node] = true
        stack += immediate[node]
      }
    }
    var counted = Set<Int>()
    for node in 0..<count where reaches[node][node] && !counted.contains(node) {
      cycleCount += 1
      for other in 0..<count where reaches[node][other] && reaches[other][node] {
        counted.insert(other)
      }
    }

    // The rules as the documentation states them, written out independently of the library.
    let mayNotHold: [Lifetime: [Lifetime]] = [
      .single: [.perContainer, .objectGraph, .weak],
      .perContainer: [.objectGraph, .weak],
      .weak: [.objectGraph],
    ]
    for (holder, component) in components.enumerated() {
      guard let forbidden = mayNotHold[component.lifetime] else { continue }
      var seen = Set<Int>()
      var stack = immediate[holder]
      while let node = stack.popLast() {
        guard seen.insert(node).inserted else { continue }
        let lifetime = components[node].lifetime
        if forbidden.contains(lifetime) {
          captive.insert(".\(component.lifetime) holds \(RandomGraph.name(components[node].slot))")
        } else if lifetime == .prototype {
          stack += immediate[node]
        }
      }
    }
  }

  var isValid: Bool { missing.isEmpty && ambiguous.isEmpty && cycleCount == 0 && captive.isEmpty }
}

@Suite("Validation of random graphs")
struct RandomGraphTests {
  @Test func validationAgreesWithTheReferenceCheck() async {
    await propertyCheck(count: 300, input: RandomGraph.generator) { graph in
      let report = graph.container().validate()
      let reference = ReferenceCheck(graph)
      var missing = Set<String>()
      var ambiguous = Set<String>()
      var cycles: [[String]] = []
      var captive = Set<String>()
      for problem in report.problems {
        switch problem.kind {
        case .missingDependency(let type, _, _): missing.insert(type)
        case .ambiguousDependency(let type, _, _, _): ambiguous.insert(type)
        case .cycle(let names): cycles.append(names)
        case .captiveDependency(_, let lifetime, let dependency, _):
          captive.insert(".\(lifetime) holds \(dependency)")
        case .unpassableArgument: Issue.record("no arguments were generated: \(problem)")
        case .cleanupNeverRuns: Issue.record("no cleanups were generated: \(problem)")
        case .tooDeep: Issue.record("no graph is generated that deep: \(problem)")
        case .wrongForward: Issue.record("every generated forward fits: \(problem)")
        case .noFactory: Issue.record("every generated component has a factory: \(problem)")
        case .unavailableValue: Issue.record("no derived values were generated: \(problem)")
        }
      }
      #expect(missing == reference.missing, "\(report)")
      #expect(ambiguous == reference.ambiguous, "\(report)")
      #expect(cycles.count == reference.cycleCount, "\(report)")
      #expect(captive == reference.captive, "\(report)")
      #expect(report.isValid == reference.isValid)
      for cycle in cycles {
        #expect(cycle.first == cycle.last)
        // Every step of a reported cycle is a dependency asked for while the component is made.
        for (from, to) in zip(cycle, cycle.dropFirst()) {
          let linked = graph.components.indices.contains { index in
            RandomGraph.name(graph.components[index].slot) == from
              && reference.immediate[index].contains {
                RandomGraph.name(graph.components[$0].slot) == to
              }
          }
          #expect(linked, "\(from) → \(to) in \(cycle)")
        }
      }
    }
  }

  @Test func everyGraphThatValidatesResolves() async {
    var accepted = 0
    await propertyCheck(count: 500, input: RandomGraph.generator.map(\.mostlyRegistered)) {
      graph in
      let container = graph.container()
      let report = container.validate()
      guard report.isValid else { return }
      accepted += 1
      #expect(throws: Never.self, "\(graph)") { try graph.resolveEach(in: container) }
    }
    // Guards against a generator that only makes broken graphs, which would test nothing.
    #expect(accepted > 40)
  }
}
