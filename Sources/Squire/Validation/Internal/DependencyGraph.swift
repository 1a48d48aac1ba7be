/// The components a container can reach and the dependencies between them, as arrays of
/// indices: what validation and graph export walk. Built in one pass over the linker's records
/// and edges, so its size and cost are linear in components plus dependencies.
struct DependencyGraph {
  /// A dependency that leads to a component.
  struct Link {
    /// The node that asked.
    let from: Int
    /// The node it gets.
    let to: Int
    /// The edge that asked, in ``edges``.
    let edge: Int
  }

  /// A dependency no component answers: nothing provides it, or several do and none is the
  /// default.
  struct Unanswered {
    let from: Int
    let edge: Int
    /// Empty when nothing provides the key.
    let candidates: [Candidate]
  }

  /// The components, in registration order, nearest container first. Only those a resolve can
  /// reach: a parent's component that a child overrides under every type it provides is left
  /// out, as is everything only it depends on.
  let nodes: [ComponentRecord]
  /// Everything the linker recorded, including the edges of components left out.
  let edges: [DependencyEdge]
  /// Every link, grouped by `from` in node order, in the order each component asked.
  let links: [Link]
  /// `links[linkStart[node]..<linkStart[node + 1]]` are the node's links.
  let linkStart: [Int]
  /// Dependencies asked for as themselves (not `many`) that no component answers.
  let unanswered: [Unanswered]
  /// Per node, the types of the runtime arguments it takes.
  let arguments: [[String]]
  /// Keys that several components of one container provide as their own type, or that several
  /// components marked `.default()` provide: resolving such a type fails even if no component
  /// depends on it.
  let duplicates: [(key: LookupKey, candidates: [Candidate])]
  /// The decorators that wrap each component, in the order they wrap it.
  let decorations: [ObjectIdentifier: [DecoratorRecord]]

  init(linker: Linker) {
    let all = linker.records
    var position: [ObjectIdentifier: Int] = [:]
    position.reserveCapacity(all.count)
    for (index, record) in all.enumerated() { position[ObjectIdentifier(record)] = index }
    edges = linker.edges
    decorations = linker.decorations

    var edgesFrom = Array(repeating: [Int](), count: all.count)
    for (index, edge) in edges.enumerated() {
      if let from = position[ObjectIdentifier(edge.from)] { edgesFrom[from].append(index) }
    }

    var choices: [LookupKey: Choice] = [:]
    func choice(_ key: LookupKey) -> Choice {
      if let known = choices[key] { return known }
      let made = linker.choose(key)
      choices[key] = made
      return made
    }
    var everyCandidate: [LookupKey: [Int]] = [:]
    // `many` gets every component that provides the key in the nearest container that has any.
    func allProviders(_ key: LookupKey) -> [Int] {
      if let known = everyCandidate[key] { return known }
      let found = linker.everyCandidate(for: key).compactMap {
        position[ObjectIdentifier($0.record)]
      }
      everyCandidate[key] = found
      return found
    }
    // A key some component provides only to consumers is decided per component that asks.
    var contextualKeys = Set<LookupKey>()
    if linker.hasContextual {
      for level in linker.levels { contextualKeys.formUnion(level.contextual.keys) }
    }
    func choice(for edge: DependencyEdge) -> Choice {
      guard contextualKeys.contains(edge.key) else { return choice(edge.key) }
      return linker.choose(edge.key, consumer: Linker.consumerTypes(of: edge.from))
    }
    func targets(_ edge: DependencyEdge) -> [Int] {
      switch edge.kind {
      case .argument:
        return []
      case .many:
        guard contextualKeys.contains(edge.key) else { return allProviders(edge.key) }
        return linker.everyCandidate(for: edge.key, consumer: Linker.consumerTypes(of: edge.from))
          .compactMap { position[ObjectIdentifier($0.record)] }
      case .required, .optional:
        guard case .found(let candidate) = choice(for: edge),
          let index = position[ObjectIdentifier(candidate.record)]
        else { return [] }
        return [index]
      }
    }

    // Reachable: what some key resolves to in the container that decides it (ambiguous
    // answers included, since they are reported), then what those depend on.
    var reachable = Array(repeating: false, count: all.count)
    var queue: [Int] = []
    var decided = Set<LookupKey>()
    // With one level, its keys are distinct: nothing to remember.
    let oneLevel = linker.levels.count == 1
    for level in linker.levels {
      for (key, candidates) in level.index where oneLevel || decided.insert(key).inserted {
        for candidate in candidates {
          if let index = position[ObjectIdentifier(candidate.record)], !reachable[index] {
            reachable[index] = true
            queue.append(index)
          }
        }
      }
    }
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for edge in edgesFrom[node] {
        for target in targets(edges[edge]) where !reachable[target] {
          reachable[target] = true
          queue.append(target)
        }
      }
    }

    var renumbered = Array(repeating: -1, count: all.count)
    var nodes: [ComponentRecord] = []
    for index in all.indices where reachable[index] {
      renumbered[index] = nodes.count
      nodes.append(all[index])
    }
    self.nodes = nodes

    // The names and tags registrations in the chain carry, gathered when an optional dependency
    // asks by one that nothing provides (rare): an optional under a name nothing carries is a
    // typo, not an absence.
    var carried: Set<Qualifier>?
    func isCarried(_ qualifier: Qualifier) -> Bool {
      if carried == nil {
        var found = Set<Qualifier>()
        for level in linker.levels {
          for key in level.index.keys { found.insert(key.qualifier) }
          for key in level.suppliedByChildren { found.insert(key.qualifier) }
        }
        carried = found
      }
      switch qualifier {
      case .none: return true
      case .name, .tag: return carried!.contains(qualifier)
      case .tags(let ids): return ids.allSatisfy { carried!.contains(.tag($0)) }
      }
    }

    var links: [Link] = []
    var linkStart: [Int] = [0]
    var unanswered: [Unanswered] = []
    var arguments = Array(repeating: [String](), count: nodes.count)
    for (node, record) in nodes.enumerated() {
      for edge in edgesFrom[position[ObjectIdentifier(record)]!] {
        let dependency = edges[edge]
        if dependency.kind == .argument {
          arguments[node].append(dependency.typeName)
          continue
        }
        for target in targets(dependency) {
          links.append(Link(from: node, to: renumbered[target], edge: edge))
        }
        guard dependency.kind == .required || dependency.kind == .optional else { continue }
        // A parent's `.single` is built where it was registered: what only this child provides
        // does not reach it.
        if dependency.kind == .required && linker.isMissingWhereBuilt(record, dependency.key) {
          unanswered.append(Unanswered(from: node, edge: edge, candidates: []))
          continue
        }
        switch choice(for: dependency) {
        case .found:
          break
        case .missing:
          // Left to each child: the child's own validation checks it is there.
          // Left to each child: the child's own validation checks it is there. Not for a
          // `.single`, which is built here, where no child's can reach it.
          if dependency.kind == .required
            && !(linker.isSuppliedByChildren(dependency.key) && record.lifetime != .single)
          {
            unanswered.append(Unanswered(from: node, edge: edge, candidates: []))
          } else if dependency.kind == .optional && !isCarried(dependency.key.qualifier) {
            unanswered.append(Unanswered(from: node, edge: edge, candidates: []))
          }
        case .ambiguous(let candidates):
          unanswered.append(Unanswered(from: node, edge: edge, candidates: candidates))
        }
      }
      linkStart.append(links.count)
    }
    self.links = links
    self.linkStart = linkStart
    self.unanswered = unanswered
    self.arguments = arguments

    var duplicates: [(key: LookupKey, candidates: [Candidate])] = []
    var checked = Set<LookupKey>()
    for record in nodes {
      let own = LookupKey(type: ObjectIdentifier(record.implementationType), qualifier: .none)
      guard checked.insert(own).inserted, case .ambiguous(let candidates) = choice(own) else {
        continue
      }
      duplicates.append((own, candidates))
    }
    // Two `.default()`s for one key are a mistake even when nothing depends on it yet: resolving
    // it fails. Only keys with a default can be such, and defaults are rare, so this is cheap.
    for record in nodes where record.isDefault {
      for forward in record.forwards {
        let key = LookupKey(type: forward.type, qualifier: forward.qualifier)
        guard checked.insert(key).inserted, case .ambiguous(let candidates) = choice(key),
          candidates.allSatisfy(\.record.isDefault)
        else { continue }
        duplicates.append((key, candidates))
      }
    }
    self.duplicates = duplicates
  }

  /// The links of `node`.
  func links(of node: Int) -> ArraySlice<Link> {
    links[linkStart[node]..<linkStart[node + 1]]
  }

  /// Whether a link is followed while the component that asked is still being made: the links
  /// that can close a cycle with no break point or hold an instance the holder captured.
  func isImmediate(_ link: Link) -> Bool {
    !edges[link.edge].isDeferred
  }

  /// Whether the holder keeps what the link gives it (a plain dependency, a `Lazy`, a cyclic
  /// injection, not a `Provider`): the links a captive dependency can travel along.
  func isKept(_ link: Link) -> Bool {
    edges[link.edge].holdsInstance
  }
}
