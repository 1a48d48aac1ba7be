/// What a picture of the graph shows, whatever the format: boxes and arrows with their labels
/// and styles, in a fixed order.
struct GraphPicture {
  struct Node {
    enum Shape {
      /// A registered component.
      case component
      /// A dependency nothing answers (missing or ambiguous).
      case unanswered
      /// A runtime argument's type.
      case argument
    }

    let id: String
    let lines: [String]
    let shape: Shape
    let isProblem: Bool
  }

  struct Edge: Hashable {
    enum Kind: Hashable {
      case required
      case optional
      case many
      case argument
    }

    let from: String
    let to: String
    let kind: Kind
    /// Resolved after the component exists: drawn dashed.
    let isDeferred: Bool
    let isProblem: Bool
    let label: String
  }

  private(set) var nodes: [Node] = []
  private(set) var edges: [Edge] = []

  init(_ validator: Validator) {
    let graph = validator.graph
    let order = Self.order(graph)
    var id = Array(repeating: "", count: graph.nodes.count)
    for (rank, node) in order.enumerated() { id[node] = "c\(rank + 1)" }

    var problemNodes = Set<Int>()
    for position in validator.cyclicLinks.union(validator.captiveLinks) {
      problemNodes.insert(graph.links[position].to)
      problemNodes.insert(graph.links[position].from)
    }
    for position in validator.argumentLinks { problemNodes.insert(graph.links[position].to) }
    // A type registered several times that nothing asks one of is a problem only when every
    // candidate is `.default()` (otherwise a warning: `many` takes them all).
    for (_, candidates) in graph.duplicates where candidates.allSatisfy(\.record.isDefault) {
      for (node, record) in graph.nodes.enumerated()
      where candidates.contains(where: { $0.record === record }) {
        problemNodes.insert(node)
      }
    }
    for node in order {
      nodes.append(
        Node(
          id: id[node],
          lines: Self.lines(
            of: graph.nodes[node],
            decorators: graph.decorations[ObjectIdentifier(graph.nodes[node])] ?? []),
          shape: .component,
          isProblem: problemNodes.contains(node)))
    }

    var edges = Set<Edge>()
    for position in graph.links.indices {
      edges.insert(Self.edge(link: position, validator, ids: id))
    }

    // One node per dependency nothing answers, shared by everyone who asks for it; numbered,
    // like the argument nodes, in the order of their sorted labels.
    func unansweredLabel(_ item: DependencyGraph.Unanswered) -> String {
      graph.edges[item.edge].typeName + "\n"
        + (item.candidates.isEmpty ? "missing" : "ambiguous: \(item.candidates.count) candidates")
    }
    let unansweredIDs = Self.numbered(graph.unanswered.map(unansweredLabel), prefix: "u")
    for item in graph.unanswered {
      edges.insert(
        Self.edge(
          from: id[item.from], to: unansweredIDs[unansweredLabel(item)]!, graph.edges[item.edge],
          isProblem: true, notes: []))
    }
    let argumentIDs = Self.numbered(graph.arguments.joined(), prefix: "a")
    for (node, types) in graph.arguments.enumerated() {
      for type in types {
        edges.insert(
          Edge(
            from: id[node], to: argumentIDs[type]!, kind: .argument, isDeferred: false,
            isProblem: false, label: "arg"))
      }
    }
    for (label, nodeID) in unansweredIDs.sorted(by: { $0.key < $1.key }) {
      nodes.append(
        Node(
          id: nodeID, lines: label.split(separator: "\n").map(String.init), shape: .unanswered,
          isProblem: true))
    }
    for (type, nodeID) in argumentIDs.sorted(by: { $0.key < $1.key }) {
      nodes.append(
        Node(id: nodeID, lines: [type, "runtime argument"], shape: .argument, isProblem: false))
    }

    let rank = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1.id, $0) })
    self.edges = edges.sorted {
      (rank[$0.from]!, rank[$0.to]!, $0.label, $0.isDeferred ? 1 : 0)
        < (rank[$1.from]!, rank[$1.to]!, $1.label, $1.isDeferred ? 1 : 0)
    }
  }

  /// Components by name then place of registration: registration order would change the
  /// picture whenever a part is loaded in another order.
  static func order(_ graph: DependencyGraph) -> [Int] {
    graph.nodes.indices.sorted {
      (graph.nodes[$0].typeName, graph.nodes[$0].location.description, $0)
        < (graph.nodes[$1].typeName, graph.nodes[$1].location.description, $1)
    }
  }

  /// The edge of the link at `position` in the validator's graph, between the nodes' `ids`:
  /// red, and saying why, when the link is part of a problem.
  static func edge(link position: Int, _ validator: Validator, ids: [String]) -> Edge {
    let graph = validator.graph
    let link = graph.links[position]
    var notes: [String] = []
    if validator.cyclicLinks.contains(position) { notes.append("cycle") }
    if validator.captiveLinks.contains(position) { notes.append("captive") }
    if validator.argumentLinks.contains(position) { notes.append("argument cannot be passed") }
    let isProblem = !notes.isEmpty
    // A component offered only to some consumers: the edge says why this one gets it.
    let target = graph.nodes[link.to]
    if !target.consumers.isEmpty {
      notes.insert("when injected into \(target.consumerNames)", at: 0)
    }
    return edge(
      from: ids[link.from], to: ids[link.to], graph.edges[link.edge],
      isProblem: isProblem, notes: notes)
  }

  /// Ids for distinct labels, numbered in sorted order: `prefix1`, `prefix2`, ...
  private static func numbered(_ labels: some Sequence<String>, prefix: String) -> [String: String]
  {
    var ids: [String: String] = [:]
    for (index, label) in Set(labels).sorted().enumerated() { ids[label] = "\(prefix)\(index + 1)" }
    return ids
  }

  static func edge(
    from: String, to: String, _ edge: DependencyEdge, isProblem: Bool, notes: [String]
  ) -> Edge {
    let kind: Edge.Kind
    var parts: [String] = []
    switch edge.kind {
    case .required: kind = .required
    case .optional:
      kind = .optional
      parts.append("optional")
    case .many:
      kind = .many
      parts.append("many")
    case .argument: kind = .argument
    }
    switch edge.key.qualifier {
    case .none: break
    case .name(let name): parts.append("name: \"\(name)\"")
    case .tag(let tag): parts.append("tag: \(TagRegistry.name(of: tag))")
    case .tags(let tags): parts.append("tags: \(TagRegistry.names(of: tags))")
    }
    if edge.isDeferred { parts.append("deferred") }
    if let decorator = edge.decorator { parts.append("decorator of \(decorator.typeName)") }
    return Edge(
      from: from, to: to, kind: kind, isDeferred: edge.isDeferred, isProblem: isProblem,
      label: (parts + notes).joined(separator: ", "))
  }

  /// The component's type, its lifetime, how its factory runs when not synchronously (`async`,
  /// `@MainActor`), what it is forwarded as, and whether it is the default.
  private static func lines(of record: ComponentRecord, decorators: [DecoratorRecord])
    -> [String]
  {
    var lines = [record.typeName, ".\(record.lifetime)"]
    switch record.execution {
    case .sync: break
    case .mainActor: lines.append("@MainActor")
    case .async: lines.append("async")
    }
    for forward in record.forwards
    where forward.type != ObjectIdentifier(record.implementationType)
      || forward.qualifier != .none
    {
      lines.append(
        "as \(forward.typeName)" + (forward.qualifierDescription.map { " (\($0))" } ?? ""))
    }
    if record.isDefault { lines.append("default") }
    if !record.consumers.isEmpty { lines.append("when injected into \(record.consumerNames)") }
    // One line per decorated type, in the order the decorators were linked.
    var counts: [(type: String, count: Int)] = []
    for decorator in decorators {
      if let last = counts.indices.last, counts[last].type == decorator.typeName {
        counts[last].count += 1
      } else {
        counts.append((decorator.typeName, 1))
      }
    }
    for (type, count) in counts {
      lines.append("decorated as \(type)" + (count > 1 ? " ×\(count)" : ""))
    }
    return lines
  }
}
