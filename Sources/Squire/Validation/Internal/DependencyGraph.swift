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
    // A record's index in `all`: most often its place among its container's records (a root
    // of one layer lists them in that order), checked by identity; otherwise looked up in a
    // table made at the first miss.
    var byIdentity: [ObjectIdentifier: Int]?
    func position(of record: ComponentRecord) -> Int? {
      let guess = record.position
      if guess < all.count, all[guess] === record { return guess }
      if byIdentity == nil {
        var table: [ObjectIdentifier: Int] = [:]
        table.reserveCapacity(all.count)
        for (index, record) in all.enumerated() { table[ObjectIdentifier(record)] = index }
        byIdentity = table
      }
      return byIdentity?[ObjectIdentifier(record)]
    }
    // Read through a local: the functions below capture it, and may not capture `self` before
    // every property is set.
    let edges = linker.edges
    self.edges = edges
    decorations = linker.decorations

    // Each node's edges, in the order it asked: `edgeOrder[edgeStart[node]..<edgeStart[node + 1]]`
    // (one array for all, not one per node).
    var edgeNode = [Int](repeating: -1, count: edges.count)
    var edgeStart = [Int](repeating: 0, count: all.count + 1)
    for (index, edge) in edges.enumerated() {
      guard let from = position(of: edge.from) else { continue }
      edgeNode[index] = from
      edgeStart[from + 1] += 1
    }
    for node in all.indices { edgeStart[node + 1] += edgeStart[node] }
    var edgeOrder = [Int](repeating: 0, count: edgeStart[all.count])
    var filled = edgeStart
    for index in edges.indices where edgeNode[index] >= 0 {
      edgeOrder[filled[edgeNode[index]]] = index
      filled[edgeNode[index]] += 1
    }
    func edgesFrom(_ node: Int) -> ArraySlice<Int> {
      edgeOrder[edgeStart[node]..<edgeStart[node + 1]]
    }

    var choices: [LookupKey: Choice] = [:]
    choices.reserveCapacity(edges.count)
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
        position(of: $0.record)
      }
      everyCandidate[key] = found
      return found
    }
    // A key some component provides only to consumers is decided per component that asks.
    var contextualKeys = Set<LookupKey>()
    if linker.hasContextual {
      for level in linker.levels { contextualKeys.formUnion(level.contextual.keys) }
    }
    // Fields are read from `edges` in place: a copy of an edge retains what it holds.
    func choice(forEdge edge: Int) -> Choice {
      let key = edges[edge].key
      guard contextualKeys.contains(key) else { return choice(key) }
      return linker.choose(key, consumer: Linker.consumerTypes(of: edges[edge].from))
    }
    // What each plain (required or optional) dependency gets, decided once per edge: the walk,
    // the links and the check of what is unanswered all ask, and a lookup hashes its key.
    var decidedChoice = [Choice?](repeating: nil, count: edges.count)
    // The node it leads to; -1 for none.
    var decidedTarget = [Int](repeating: -1, count: edges.count)
    func decide(_ edge: Int) -> Choice {
      if let known = decidedChoice[edge] { return known }
      let made = choice(forEdge: edge)
      decidedChoice[edge] = made
      if case .found(let candidate) = made, let index = position(of: candidate.record) {
        decidedTarget[edge] = index
      }
      return made
    }
    // Calls `body` with each node the edge leads to, without making an array for the one a
    // plain dependency leads to.
    func forEachTarget(of edge: Int, _ body: (Int) -> Void) {
      switch edges[edge].kind {
      case .argument:
        return
      case .many:
        let key = edges[edge].key
        let targets =
          contextualKeys.contains(key)
          ? linker.everyCandidate(for: key, consumer: Linker.consumerTypes(of: edges[edge].from))
            .compactMap { position(of: $0.record) }
          : allProviders(key)
        for target in targets { body(target) }
      case .required, .optional:
        _ = decide(edge)
        if decidedTarget[edge] >= 0 { body(decidedTarget[edge]) }
      }
    }

    // Reachable: what some key resolves to in the container that decides it (ambiguous
    // answers included, since they are reported), then what those depend on.
    var reachable = Array(repeating: false, count: all.count)
    var queue: [Int] = []
    queue.reserveCapacity(all.count)
    // With one level, its keys are distinct, and every record it indexes is reached: no key
    // is looked at.
    if linker.levels.count == 1 {
      for record in linker.levels[0].indexed {
        if let index = position(of: record), !reachable[index] {
          reachable[index] = true
          queue.append(index)
        }
      }
    } else {
      var decided = Set<LookupKey>()
      for level in linker.levels {
        for (key, candidates) in level.index where decided.insert(key).inserted {
          for candidate in candidates {
            if let index = position(of: candidate.record), !reachable[index] {
              reachable[index] = true
              queue.append(index)
            }
          }
        }
      }
    }
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for edge in edgesFrom(node) {
        forEachTarget(of: edge) { target in
          guard !reachable[target] else { return }
          reachable[target] = true
          queue.append(target)
        }
      }
    }

    var renumbered = Array(repeating: -1, count: all.count)
    var nodes: [ComponentRecord] = []
    var original: [Int] = []
    nodes.reserveCapacity(queue.count)
    original.reserveCapacity(queue.count)
    for index in all.indices where reachable[index] {
      renumbered[index] = nodes.count
      nodes.append(all[index])
      original.append(index)
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
    links.reserveCapacity(edges.count)
    var linkStart: [Int] = [0]
    linkStart.reserveCapacity(nodes.count + 1)
    var unanswered: [Unanswered] = []
    var arguments = Array(repeating: [String](), count: nodes.count)
    for (node, record) in nodes.enumerated() {
      for edge in edgesFrom(original[node]) {
        let kind = edges[edge].kind
        if kind == .argument {
          arguments[node].append(edges[edge].typeName)
          continue
        }
        forEachTarget(of: edge) { target in
          links.append(Link(from: node, to: renumbered[target], edge: edge))
        }
        guard kind == .required || kind == .optional else { continue }
        let key = edges[edge].key
        // A parent's `.single` is built where it was registered: what only this child provides
        // does not reach it.
        if kind == .required && linker.isMissingWhereBuilt(record, key) {
          unanswered.append(Unanswered(from: node, edge: edge, candidates: []))
          continue
        }
        switch decide(edge) {
        case .found:
          break
        case .missing:
          // Left to each child: the child's own validation checks it is there. Not for a
          // `.single`, which is built here, where no child's can reach it.
          if kind == .required
            && !(linker.isSuppliedByChildren(key) && record.lifetime != .single)
          {
            unanswered.append(Unanswered(from: node, edge: edge, candidates: []))
          } else if kind == .optional && !isCarried(key.qualifier) {
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
      // A key that one component provides in the whole chain is not ambiguous: counted first,
      // since most are such, and asking costs more than counting.
      var providers = 0
      for level in linker.levels.indices {
        providers += linker.levels[level].index[own]?.count ?? 0
      }
      guard providers > 1, checked.insert(own).inserted,
        case .ambiguous(let candidates) = choice(own)
      else { continue }
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
