/// Which components get the runtime arguments of a dependency passed down to them
/// (`.passesArguments(to:)` on a component resolved with `resolve(_:passing:)`).
struct ArgumentsPassedDown {
  private let graph: DependencyGraph
  /// Per node, the nodes that build it as a dependency right away (not through a `Provider`,
  /// a `Lazy` or a cyclic injection).
  private let askers: [[Int]]
  /// Whether any registration declares `.passesArguments(to:)`: without one, nothing is
  /// computed.
  private let anyDeclared: Bool

  init(_ graph: DependencyGraph) {
    self.graph = graph
    anyDeclared = graph.nodes.contains { !$0.passesArgumentsTo.isEmpty }
    var askers = Array(repeating: [Int](), count: anyDeclared ? graph.nodes.count : 0)
    if anyDeclared {
      for link in graph.links where link.from != link.to && graph.isImmediate(link) {
        askers[link.to].append(link.from)
      }
    }
    self.askers = askers
  }

  /// Per node, whether every resolve that builds it passes the arguments of `target` down:
  /// a component nothing builds as a dependency is resolved at the top, and passes them when it
  /// declares so; one built as a dependency passes them when everything that builds it does
  /// (what it declares itself is for its own resolves at the top, which validation cannot
  /// see). Components on a cycle count as passing until shown otherwise (the cycle is reported
  /// on its own). `nil` when nothing declares anything.
  func passing(to target: Int) -> [Bool]? {
    guard anyDeclared else { return nil }
    let record = graph.nodes[target]
    let keys = Set(
      [ObjectIdentifier(record.implementationType)] + record.forwards.map(\.type))
    var passing = graph.nodes.indices.map { node in
      !askers[node].isEmpty
        || graph.nodes[node].passesArgumentsTo.contains { keys.contains(ObjectIdentifier($0)) }
    }
    // What does not pass them makes everything it builds not get them.
    var dependents = Array(repeating: [Int](), count: graph.nodes.count)
    for (node, nodeAskers) in askers.enumerated() {
      for asker in nodeAskers { dependents[asker].append(node) }
    }
    var queue = graph.nodes.indices.filter { !passing[$0] }
    while let node = queue.popLast() {
      for dependent in dependents[node] where passing[dependent] {
        passing[dependent] = false
        queue.append(dependent)
      }
    }
    return passing
  }

  /// A warning for each `.passesArguments(to:)` whose type nothing the declaring component is
  /// built from provides: the arguments could go nowhere.
  func passedToNothing() -> [ValidationWarning] {
    guard anyDeclared else { return [] }
    var warnings: [ValidationWarning] = []
    for (node, record) in graph.nodes.enumerated() where !record.passesArgumentsTo.isEmpty {
      let built = builtFrom(node)
      for type in record.passesArgumentsTo {
        let id = ObjectIdentifier(type)
        let reached = built.contains { other in
          let target = graph.nodes[other]
          return ObjectIdentifier(target.implementationType) == id
            || target.forwards.contains { $0.type == id }
        }
        guard !reached else { continue }
        let name = String(describing: type)
        warnings.append(
          ValidationWarning(
            kind: .argumentsPassedToNothing(component: record.typeName, type: name),
            path: [record.typeName, name],
            what: "Arguments passed to nothing: `\(record.typeName)` declares "
              + "`.passesArguments(to: \(name).self)`, and nothing it is built from is a "
              + "`\(name)`.",
            details: ["registered at: \(record.location)"],
            why: "arguments given with `.to(\(name).self, ...)` when resolving it would be taken "
              + "by no component, and the resolve would fail.",
            fix: "name the dependency that takes the argument (its own type, or one it is "
              + "forwarded as with `.as`), or remove the declaration."))
      }
    }
    return warnings
  }

  /// `node` and every component it builds right away, directly or not.
  private func builtFrom(_ node: Int) -> [Int] {
    var seen = Set([node])
    var queue = [node]
    while let next = queue.popLast() {
      for link in graph.links[graph.linkStart[next]..<graph.linkStart[next + 1]]
      where graph.isImmediate(link) && seen.insert(link.to).inserted {
        queue.append(link.to)
      }
    }
    return Array(seen)
  }
}
