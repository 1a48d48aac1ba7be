/// How many decorators wrap a component when it is resolved as one type or another: each is a
/// level of the resolve, as the component is, so the depth `validate()` counts is the one
/// resolution stops at.
struct DecoratorLevels {
  /// Per decorated node: how many distinct decorators wrap it, by the type they decorate.
  private let counts: [Int: [ObjectIdentifier: Int]]
  private let graph: DependencyGraph

  init(_ graph: DependencyGraph) {
    self.graph = graph
    var counts: [Int: [ObjectIdentifier: Int]] = [:]
    guard !graph.decorations.isEmpty else {
      self.counts = counts
      return
    }
    for (node, record) in graph.nodes.enumerated() {
      guard let decorators = graph.decorations[ObjectIdentifier(record)] else { continue }
      // A component decorated as one type under two names is linked, and listed, twice.
      var seen = Set<ObjectIdentifier>()
      for decorator in decorators where seen.insert(ObjectIdentifier(decorator)).inserted {
        counts[node, default: [:]][ObjectIdentifier(decorator.decoratedType), default: 0] += 1
      }
    }
    self.counts = counts
  }

  /// The decorators around what `link` gets: those of the type it asks for.
  func around(_ link: DependencyGraph.Link) -> Int {
    guard let byType = counts[link.to] else { return 0 }
    return byType[graph.edges[link.edge].key.type] ?? 0
  }

  /// The decorators around `node` resolved at the top, as whichever type has the most.
  func aroundTop(_ node: Int) -> Int {
    counts[node]?.values.max() ?? 0
  }
}
