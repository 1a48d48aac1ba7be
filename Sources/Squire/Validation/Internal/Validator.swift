/// Checks a linked graph for every kind of problem at once and writes each up. Every pass is
/// linear in components plus links; paths are rebuilt from parent pointers only for problems
/// that are reported.
struct Validator {
  let graph: DependencyGraph
  let linker: Linker
  let paths: PathTree
  private let cycles: CycleFinder

  /// Problems in the order they are best read in: what is missing first, since it often
  /// explains the rest.
  private(set) var problems: [ValidationProblem] = []
  /// Links that take part in a problem, for the graph picture.
  private(set) var cyclicLinks = Set<Int>()
  private(set) var captiveLinks = Set<Int>()
  private(set) var argumentLinks = Set<Int>()
  /// What is likely a mistake but makes no resolve fail (a type registered several times that
  /// no component asks one of).
  var warnings: [ValidationWarning] = []

  init(linker: Linker) {
    self.linker = linker
    graph = DependencyGraph(linker: linker)
    paths = PathTree(graph)
    cycles = CycleFinder(graph)
    cyclicLinks = cycles.cyclicLinks
    problems += unanswered()
    problems += sorted(cycles.cycles.map(cycle))
    problems += captives()
    problems += unpassableArguments()
    warnings += ArgumentsPassedDown(graph).passedToNothing()
    problems += cleanupsThatNeverRun()
    problems += tooDeep()
    problems += wrongForwards()
    problems += unbuildable()
    derivedChecks = derived()
  }

  // MARK: Derived dependencies

  /// A derived dependency (``DerivedDependency``) components ask for: `validate()` asks the type
  /// about it once no lock is held.
  struct DerivedCheck {
    let type: any DerivedDependency.Type
    let neededBy: [String]
    let path: [String]

    /// The problem `issue` makes for the components that need the value.
    func problem(_ issue: String) -> ValidationProblem {
      let value = type.dependencyDescription
      let asker =
        neededBy.count == 1 ? "`\(neededBy[0])` needs" : "\(neededBy.count) components need"
      return ValidationProblem(
        kind: .unavailableValue(value: value, neededBy: neededBy, reason: issue),
        path: path,
        what: "Unavailable value: \(asker) `\(value)`, which cannot be made.",
        details: neededBy.count > 1 ? ["needed by: " + Validator.listed(neededBy)] : [],
        why: issue,
        fix: "provide what it is made from (see why), or stop asking for it.")
    }
  }

  private(set) var derivedChecks: [DerivedCheck] = []

  private func derived() -> [DerivedCheck] {
    if linker.derivedAsks.isEmpty { return [] }
    var position: [ObjectIdentifier: Int] = [:]
    for (index, node) in graph.nodes.enumerated() { position[ObjectIdentifier(node)] = index }
    var askers: [ObjectIdentifier: (type: any DerivedDependency.Type, nodes: [Int])] = [:]
    var order: [ObjectIdentifier] = []
    for ask in linker.derivedAsks {
      guard let node = position[ObjectIdentifier(ask.from)] else { continue }
      let id = ObjectIdentifier(ask.type)
      if askers[id] == nil { order.append(id) }
      askers[id, default: (ask.type, [])].nodes.append(node)
    }
    return order.map { id in
      let (type, nodes) = askers[id]!
      let nearest = paths.nearest(nodes)!
      return DerivedCheck(
        type: type, neededBy: names(nodes),
        path: paths.path(to: nearest).map { graph.nodes[$0].typeName }
          + [type.dependencyDescription])
    }
  }

  // MARK: Components without a factory

  /// Dependencies on a component registered with `register(T.self)`: the container cannot build
  /// it, so whatever asks for it fails.
  private func unbuildable() -> [ValidationProblem] {
    var askers: [Int: [Int]] = [:]
    var order: [Int] = []
    for link in graph.links where !graph.nodes[link.to].hasFactory {
      if askers[link.to] == nil { order.append(link.to) }
      askers[link.to, default: []].append(link.from)
    }
    return order.map { node in
      let record = graph.nodes[node]
      let neededBy = names(askers[node]!)
      let nearest = paths.nearest(askers[node]!)!
      return ValidationProblem(
        kind: .noFactory(component: record.typeName, neededBy: neededBy),
        path: paths.path(to: nearest).map { graph.nodes[$0].typeName } + [record.typeName],
        what: "No factory: `\(record.typeName)` is registered without one, and "
          + "\(Self.listed(neededBy)) \(neededBy.count == 1 ? "needs" : "need") it.",
        details: ["registered at: " + locations([node])],
        why: "`register(\(record.typeName).self)` declares what to inject into an instance made "
          + "elsewhere; the container cannot build one.",
        fix: "register a factory (`container.register(\(record.typeName).init)`), or hand the "
          + "instance made elsewhere to whoever needs it.")
    }
  }

  // MARK: Cycles

  private func cycle(_ nodes: [Int]) -> ValidationProblem {
    let names = nodes.map { graph.nodes[$0].typeName }
    let loop = names.joined(separator: " → ")
    return ValidationProblem(
      kind: .cycle(names), path: names,
      what: "Cycle with no break point: \(loop).",
      details: ["registered at: " + locations(nodes.dropLast())],
      why: "each of these needs the next before it can be made (through its initializer or an "
        + "injection not marked `cycle: true`), so resolving any of them never ends.",
      fix: "break the loop at one link: inject that dependency through a property with "
        + "`.injection(cycle: true) { ... }`, or take it as a `Lazy` or a `Provider`.")
  }

  // MARK: Captive dependencies

  /// One breadth-first walk per holding lifetime, from every component of that lifetime through
  /// the prototypes they hold (a prototype lives as long as its holder) to what they capture.
  private mutating func captives() -> [ValidationProblem] {
    var found: [ValidationProblem] = []
    let count = graph.nodes.count
    var scopes: [Scope] = []
    for node in graph.nodes {
      if case .scoped(let scope) = node.lifetime, !scopes.contains(scope) { scopes.append(scope) }
    }
    for holderLifetime in CaptiveRule.holders(scopes: scopes) {
      var parent = Array(repeating: -2, count: count)
      var queue: [Int] = []
      for node in 0..<count where graph.nodes[node].lifetime == holderLifetime {
        parent[node] = -1
        queue.append(node)
      }
      var head = 0
      while head < queue.count {
        let node = queue[head]
        head += 1
        for position in graph.linkStart[node]..<graph.linkStart[node + 1] {
          let link = graph.links[position]
          guard graph.isKept(link), parent[link.to] == -2 else { continue }
          let lifetime = graph.nodes[link.to].lifetime
          if CaptiveRule.isCaptive(holder: holderLifetime, dependency: lifetime) {
            parent[link.to] = node
            captiveLinks.insert(position)
            found.append(captive(link.to, parent))
          } else if lifetime == .prototype {
            parent[link.to] = node
            queue.append(link.to)
          }
        }
      }
    }
    return sorted(found)
  }

  private func captive(_ target: Int, _ parent: [Int]) -> ValidationProblem {
    var chain = [target]
    while parent[chain[chain.count - 1]] >= 0 { chain.append(parent[chain[chain.count - 1]]) }
    chain.reverse()
    let holder = graph.nodes[chain[0]]
    let dependency = graph.nodes[target]
    let through =
      chain.count > 2
      ? " through the prototype\(chain.count > 3 ? "s" : "") "
        + chain.dropFirst().dropLast().map { "`\(graph.nodes[$0].typeName)`" }.joined(
          separator: ", ")
      : ""
    return ValidationProblem(
      kind: .captiveDependency(
        holder: holder.typeName, holderLifetime: holder.lifetime,
        dependency: dependency.typeName, dependencyLifetime: dependency.lifetime),
      path: chain.map { graph.nodes[$0].typeName },
      what: "Captive dependency: `\(holder.typeName)` (.\(holder.lifetime)) holds "
        + "`\(dependency.typeName)` (.\(dependency.lifetime))\(through).",
      details: ["registered at: " + locations([chain[0], target])],
      why: CaptiveRule.why(
        holder: holder.typeName, holder.lifetime, dependency: dependency.typeName,
        dependency.lifetime),
      fix: "give `\(dependency.typeName)` a lifetime at least as long as `.\(holder.lifetime)`, "
        + "give `\(holder.typeName)` a shorter one, or inject a `Provider` of "
        + "`\(dependency.typeName)` so that each use resolves a current one.")
  }

  // MARK: Runtime arguments

  private mutating func unpassableArguments() -> [ValidationProblem] {
    var askers: [Int: [Int]] = [:]
    var targets: [Int] = []
    let passedDown = ArgumentsPassedDown(graph)
    var passing: [Int: [Bool]] = [:]
    // Askers that take the component later through what passes no argument: a `Lazy` (its
    // `get()` takes none, unlike a `Provider`'s), `@LazyInjected`, a cyclic injection.
    var later = Set<Int>()
    for (position, link) in graph.links.enumerated()
    where !graph.arguments[link.to].isEmpty && link.from != link.to
      && (graph.isImmediate(link) || graph.isKept(link))
    {
      if graph.isImmediate(link) {
        // Fine when every resolve that builds the asker passes the arguments down to it.
        let passes = passing[link.to] ?? passedDown.passing(to: link.to) ?? []
        passing[link.to] = passes
        if !passes.isEmpty && passes[link.from] { continue }
      } else {
        later.insert(link.from)
      }
      if askers[link.to] == nil { targets.append(link.to) }
      askers[link.to, default: []].append(link.from)
      argumentLinks.insert(position)
    }
    let found = targets.map { target -> ValidationProblem in
      let component = graph.nodes[target].typeName
      let neededBy = names(askers[target]!)
      let nearest = paths.nearest(askers[target]!)!
      let arguments = graph.arguments[target]
      let listed = arguments.map { "`\($0)`" }.joined(separator: ", ")
      return ValidationProblem(
        kind: .unpassableArgument(
          component: component, argumentTypes: arguments, neededBy: neededBy),
        path: (paths.path(to: nearest) + [target]).map { graph.nodes[$0].typeName },
        what: "Unpassable argument: `\(component)` takes a runtime argument (\(listed)), but "
          + Self.listed(neededBy) + " "
          + (neededBy.count == 1 ? "builds" : "build") + " it as a dependency.",
        details: ["registered at: " + locations([target])]
          + askers[target]!.filter(later.contains).map { asker in
            "`\(graph.nodes[asker].typeName)` takes it later, through a `Lazy` (or "
              + "`@LazyInjected`, or a cyclic injection): that resolves it with no argument"
          },
        why: "runtime arguments given to `resolve(args:)` go only to the component resolved at the "
          + "top, and no component that builds `\(component)` declares that its resolves pass them "
          + "down (`.passesArguments(to:)`): such a resolve fails.",
        fix: "take a `Provider` of `\(component)` and pass the arguments through it, resolve "
          + "`\(component)` directly with `container.resolve(args: ...)` and hand it over, or "
          + "pass them down: declare `.passesArguments(to: \(component).self)` on the component "
          + "resolved and resolve it with `passing: .to(\(component).self, ...)`.")
    }
    return sorted(found)
  }

  // MARK: Cleanups

  private func cleanupsThatNeverRun() -> [ValidationProblem] {
    graph.nodes.indices.compactMap { node -> ValidationProblem? in
      let record = graph.nodes[node]
      guard record.hasCleanup, record.lifetime == .prototype || record.lifetime == .objectGraph
      else { return nil }
      let (name, lifetime) = (record.typeName, record.lifetime)
      return ValidationProblem(
        kind: .cleanupNeverRuns(component: name, lifetime: lifetime),
        path: [name],
        what: "Cleanup that never runs: `\(name)` has an `.onClose`, and lifetime `.\(lifetime)`.",
        details: ["registered at: " + locations([node])],
        why: "a `.\(lifetime)` instance is handed to whoever asked for it and kept by no "
          + "container or scope, so no `close()` ever reaches it.",
        fix: "give `\(name)` a lifetime that is closed (`.perContainer` in a child "
          + "per unit of work, `.single`, `.scoped(scope)`), or close it where it is used.")
    }
  }

  // MARK: Depth

  /// Chains of components built one inside the other deeper than resolution goes, counted as
  /// resolution counts them: a level per component and per decorator around one. One pass:
  /// each node's height (the most levels from it down, over immediate links outside cycles),
  /// computed with an explicit stack, then a problem per deepest end, from a top nothing asks
  /// for immediately.
  private func tooDeep() -> [ValidationProblem] {
    let limit = ResolutionContext.maximumDepth
    let count = graph.nodes.count
    let decorators = DecoratorLevels(graph)
    var height = Array(repeating: 0, count: count)
    var below = Array(repeating: -1, count: count)
    // The decorators around the node `below` points to, on the way from this one.
    var decoratorsBelow = Array(repeating: 0, count: count)
    var hasParent = Array(repeating: false, count: count)
    func follows(_ position: Int) -> Bool {
      // An empty set is not asked: asking hashes the position all the same.
      graph.isImmediate(graph.links[position])
        && (cyclicLinks.isEmpty || !cyclicLinks.contains(position))
    }
    var frames: [(node: Int, next: Int)] = []
    for start in 0..<count where height[start] == 0 {
      height[start] = -1
      frames.append((start, graph.linkStart[start]))
      while let frame = frames.last {
        let node = frame.node
        if frame.next < graph.linkStart[node + 1] {
          frames[frames.count - 1].next += 1
          guard follows(frame.next) else { continue }
          let target = graph.links[frame.next].to
          if target != node { hasParent[target] = true }
          if height[target] == 0 {
            height[target] = -1
            frames.append((target, graph.linkStart[target]))
          }
          continue
        }
        frames.removeLast()
        var best = 1
        for position in graph.linkStart[node]..<graph.linkStart[node + 1] where follows(position) {
          let link = graph.links[position]
          guard height[link.to] > 0 else { continue }
          let around = decorators.around(link)
          // A decorator's own dependencies are built inside the decorator, one level above
          // the component it wraps; the component's, inside the component.
          let reached = (graph.edges[link.edge].decorator == nil ? 1 : 0) + around + height[link.to]
          if reached > best {
            best = reached
            below[node] = link.to
            decoratorsBelow[node] = around
          }
        }
        height[node] = best
      }
    }
    var byEnd: [Int: (top: Int, levels: Int)] = [:]
    for node in 0..<count where !hasParent[node] {
      let levels = decorators.aroundTop(node) + height[node]
      guard levels > limit else { continue }
      var end = node
      while below[end] >= 0 { end = below[end] }
      if let known = byEnd[end], known.levels >= levels { continue }
      byEnd[end] = (node, levels)
    }
    return sorted(
      byEnd.map { end, chain in
        let from = graph.nodes[chain.top].typeName
        let to = graph.nodes[end].typeName
        var components = 1
        var decorated = decorators.aroundTop(chain.top)
        var node = chain.top
        while below[node] >= 0 {
          decorated += decoratorsBelow[node]
          node = below[node]
          components += 1
        }
        let built =
          decorated == 0
          ? "\(components) components"
          : "\(components) components and \(decorated) decorators (\(chain.levels) levels)"
        return ValidationProblem(
          kind: .tooDeep(from: from, to: to, depth: chain.levels, limit: limit),
          path: [
            from,
            "… \(ResolutionError.countedLevels(components: components - 2, decorators: decorated)) …",
            to,
          ],
          what: "Too deep: resolving `\(from)` builds \(built) one inside the other, down to "
            + "`\(to)`.",
          details: ["registered at: " + locations([chain.top, end])],
          why: "resolution stops at \(limit) levels (a component, or a decorator around one) "
            + "rather than risk the thread's stack, so resolving `\(from)` fails.",
          fix: "cut the chain: give a component in it a `Provider` or `Lazy` of the next, which "
            + "is resolved later, from the top again.")
      })
  }

  // MARK: Wrong forwards

  private func wrongForwards() -> [ValidationProblem] {
    var found: [ValidationProblem] = []
    for record in graph.nodes {
      // A generated conversion was checked by the compiler; asking the runtime costs a
      // conformance lookup, which reads every conformance record in the process.
      for forward in record.forwards
      where !forward.isCompilerChecked(from: record.implementationType)
        && ForwardCheck.fits(record.implementationType, as: forward.forwardedType) == false
      {
        let component = record.typeName
        let type = forward.typeName
        found.append(
          ValidationProblem(
            kind: .wrongForward(component: component, type: type), path: [component],
            what: "Wrong forward: `\(component)` is forwarded with "
              + "`.as(\(ResolutionError.forwardable(type)).self)`, and it is not a `\(type)`.",
            details: ["registered at: `\(component)` \(record.location)"],
            why: "`\(component)` neither conforms to nor inherits from `\(type)`, so resolving "
              + "`\(type)` through it fails every time.",
            fix: "remove that `.as`, or make `\(component)` conform to `\(type)`; if the factory "
              + "returns a subclass that does, declare the subclass as its return type."))
      }
    }
    return sorted(found)
  }

  // MARK: Helpers

  /// `A`, `B` and 40 more: a few names written, the rest counted.
  static func listed(_ names: [String]) -> String {
    ResolutionError.list(
      Array(names.prefix(ResolutionError.listedCandidates)), count: names.count)
  }

  func names(_ nodes: [Int]) -> [String] {
    Array(Set(nodes.map { graph.nodes[$0].typeName })).sorted()
  }

  private func locations(_ nodes: some Sequence<Int>) -> String {
    nodes.map { "`\(graph.nodes[$0].typeName)` \(graph.nodes[$0].location)" }.joined(
      separator: ", ")
  }

  func publicQualifier(_ qualifier: Qualifier) -> ValidationProblem.Qualifier? {
    switch qualifier {
    case .none: nil
    case .name(let name): .name(name)
    case .tag(let tag): .tag(TagRegistry.name(of: tag))
    case .tags(let tags): .tags(tags.map(TagRegistry.name(of:)).sorted())
    }
  }

  /// Linking visits keys in hash order, so problems are sorted to read the same in every run.
  func sorted(_ problems: [ValidationProblem]) -> [ValidationProblem] {
    problems.sorted { $0.description < $1.description }
  }
}
