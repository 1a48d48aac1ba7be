/// The page of ``Container/graph(_:)`` in the ``GraphFormat/html`` format: the page of
/// `Sources/GraphPage` (made into `GraphPageTemplate.swift` by `Scripts/generate-graph-page.py`)
/// with the graph as JSON in it, which the page's script reads.
///
/// The JSON, version 1: `nodes` (components, then the dependencies nothing answers), each with
/// its `deps`; `problems` (what ``Container/validate()`` reports, problems then warnings), each
/// with the `nodes` it involves; `containers`, the names of the containers a node's
/// `container` counts up from the one asked. A component's `module` and `part` say where it was
/// registered: the page's overview groups a large graph by them. Nodes are in the order of the
/// other formats (by name, then place of registration), so the same graph gives the same page.
struct GraphPage {
  /// A dependency nothing answers: one node per type asked for, however many ask.
  private struct Unanswered {
    let name: String
    let candidates: Int
  }

  private var nodes: [[(String, JSON)]] = []
  /// Each node's dependencies, by node.
  private var deps: [[JSON]] = []
  /// The nodes of each type name (a name can be registered more than once).
  private var byName: [String: [Int]] = [:]
  /// The unanswered nodes, by the type asked for.
  private var unanswered: [String: Int] = [:]
  private let containers: [String]

  /// Reads the graph; called under the container's lock, with the validator that checked it.
  init(_ validator: Validator, container: Container) {
    let graph = validator.graph
    var chain: [Container] = []
    var next: Container? = container
    while let ancestor = next {
      chain.append(ancestor)
      next = ancestor.parent
    }
    containers = chain.indices.map { level in
      switch level {
      case 0: "this container"
      case 1: "its parent"
      default: "its ancestor \(level) levels up"
      }
    }

    let order = GraphPicture.order(graph)
    var id = Array(repeating: 0, count: graph.nodes.count)
    for (rank, node) in order.enumerated() { id[node] = rank }
    for node in order {
      let record = graph.nodes[node]
      byName[record.typeName, default: []].append(id[node])
      nodes.append(
        Self.component(
          record, arguments: graph.arguments[node],
          decorators: Self.distinct(graph.decorations[ObjectIdentifier(record)] ?? []),
          container: chain.firstIndex { $0 === record.owner }))
    }

    // What nothing answers: a node per type asked for, after the components, by name.
    var names: [String: Unanswered] = [:]
    for item in graph.unanswered {
      let name = graph.edges[item.edge].typeName
      names[name] = Unanswered(name: name, candidates: item.candidates.count)
    }
    for item in names.values.sorted(by: { $0.name < $1.name }) {
      unanswered[item.name] = nodes.count
      nodes.append([
        ("name", .string(item.name)),
        ("kind", item.candidates == 0 ? "missing" : "ambiguous"),
        ("candidates", .int(item.candidates)),
      ])
    }

    // Dependencies: one per target and label (two parameters of one type are one arrow).
    deps = Array(repeating: [], count: nodes.count)
    var seen = Set<[String]>()
    let ids = id.map(String.init)
    func add(from: Int, to: Int, _ edge: GraphPicture.Edge) {
      guard seen.insert([String(from), String(to), edge.label]).inserted else { return }
      deps[from].append(
        .object([
          ("to", .int(to)), ("kind", .string("\(edge.kind)")), ("label", .string(edge.label)),
          ("deferred", .bool(edge.isDeferred)), ("problem", .bool(edge.isProblem)),
        ]))
    }
    for (position, link) in graph.links.enumerated() {
      add(
        from: id[link.from], to: id[link.to],
        GraphPicture.edge(link: position, validator, ids: ids))
    }
    for item in graph.unanswered {
      let edge = graph.edges[item.edge]
      add(
        from: id[item.from], to: unanswered[edge.typeName]!,
        GraphPicture.edge(
          from: "", to: "", edge, isProblem: edge.kind == .required || !item.candidates.isEmpty,
          notes: []))
    }
  }

  /// The page's JSON, with `report`'s problems and warnings marked on the nodes they involve.
  func json(_ report: ValidationReport) -> JSON {
    var marks = Array(repeating: [JSON](), count: nodes.count)
    var problems: [JSON] = []
    let items =
      report.problems.map { (kind: Optional($0.kind), $0.path, $0.description, isWarning: false) }
      + report.warnings.map { (kind: nil, $0.path, $0.description, isWarning: true) }
    for (index, item) in items.enumerated() {
      let involved = self.involved(item.kind, path: item.1)
      for node in involved { marks[node].append(.int(index)) }
      let lines = item.2.split(separator: "\n", maxSplits: 1)
      problems.append(
        .object([
          ("severity", item.isWarning ? "warning" : "problem"),
          ("title", .string(lines.first.map(String.init) ?? "")),
          ("text", .string(lines.count > 1 ? String(lines[1]) : "")),
          ("path", .array(item.1.map(JSON.string))),
          ("nodes", .array(involved.map(JSON.int))),
        ]))
    }
    return .object([
      ("version", 1),
      ("containers", .array(containers.map(JSON.string))),
      ("components", .int(report.componentCount)),
      ("dependencies", .int(report.dependencyCount)),
      (
        "nodes",
        .array(
          nodes.indices.map { node in
            .object(
              nodes[node] + [("deps", .array(deps[node])), ("problems", .array(marks[node]))])
          })
      ),
      ("problems", .array(problems)),
    ])
  }

  /// The whole page.
  static func html(_ data: JSON) -> String {
    GraphPageTemplate.beforeData + data.text + GraphPageTemplate.afterData
  }

  /// The nodes a problem involves, in order: the components its kind names (those that ask,
  /// the candidates, the holder and what it holds, the loop of a cycle), every component of its
  /// path, and the node of the dependency nothing answers. A type registered twice marks both.
  /// A warning (no kind) involves the components of its path.
  private func involved(_ kind: ValidationProblem.Kind?, path: [String]) -> [Int] {
    var names: [String] = []
    var unansweredName: String?
    switch kind {
    case nil: break
    case .missingDependency(_, _, let neededBy):
      names = neededBy
      unansweredName = path.last
    case .ambiguousDependency(_, _, let candidates, let neededBy):
      names = neededBy + candidates
      unansweredName = path.last
    case .cycle(let loop): names = loop
    case .captiveDependency(let holder, _, let dependency, _): names = [holder, dependency]
    case .unpassableArgument(let component, _, let neededBy): names = [component] + neededBy
    case .cleanupNeverRuns(let component, _): names = [component]
    case .tooDeep(let from, let to, _, _): names = [from, to]
    case .wrongForward(let component, _): names = [component]
    case .noFactory(let component, let neededBy): names = [component] + neededBy
    case .unavailableValue(_, let neededBy, _): names = neededBy
    }
    var found: [Int] = []
    var seen = Set<Int>()
    for name in names + path {
      for node in byName[name] ?? [] where seen.insert(node).inserted { found.append(node) }
    }
    if let name = unansweredName, let node = unanswered[name], seen.insert(node).inserted {
      found.append(node)
    }
    return found
  }

  /// Each decorator once, in the order they wrap: one that wraps the component under several
  /// keys is linked once per key.
  private static func distinct(_ decorators: [DecoratorRecord]) -> [DecoratorRecord] {
    var seen = Set<ObjectIdentifier>()
    return decorators.filter { seen.insert(ObjectIdentifier($0)).inserted }
  }

  /// The module of a `register` call: the first part of its file's `#fileID`
  /// (`Castle/App.swift`), the default of every `register`'s `file`. Nil for a file given
  /// another way (`#filePath` is absolute).
  private static func module(ofFileID file: String) -> String? {
    let parts = file.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty else { return nil }
    return String(parts[0])
  }

  /// A component's node: where it was registered and how, without its dependencies.
  private static func component(
    _ record: ComponentRecord, arguments: [String], decorators: [DecoratorRecord],
    container: Int?
  ) -> [(String, JSON)] {
    let isolation: JSON =
      switch record.execution {
      case .sync: .null
      case .mainActor: "@MainActor"
      case .async: "async"
      }
    let own = ObjectIdentifier(record.implementationType)
    let forwards = record.forwards.filter { $0.type != own || $0.qualifier != .none }
    return [
      ("name", .string(record.typeName)),
      ("kind", "component"),
      ("lifetime", .string("\(record.lifetime)")),
      ("isolation", isolation),
      ("isDefault", .bool(record.isDefault)),
      ("hasFactory", .bool(record.hasFactory)),
      ("hasCleanup", .bool(record.hasCleanup)),
      ("container", container.map(JSON.int) ?? .null),
      ("module", module(ofFileID: record.location.file.description).map(JSON.string) ?? .null),
      ("part", record.part.map { .string(String(describing: $0)) } ?? .null),
      ("file", .string(record.location.file.description)),
      ("line", .int(Int(record.location.line))),
      ("asItself", .bool(record.isResolvableAsItself)),
      (
        "forwards",
        .array(
          forwards.map {
            .object([
              ("type", .string($0.typeName)),
              ("qualifier", $0.qualifierDescription.map(JSON.string) ?? .null),
            ])
          })
      ),
      ("consumers", .array(record.consumers.map { .string(String(describing: $0)) })),
      (
        "decorators",
        .array(
          decorators.map {
            .object([("type", .string($0.typeName)), ("at", .string($0.location.description))])
          })
      ),
      ("arguments", .array(arguments.map(JSON.string))),
    ]
  }
}
