#if BuildPlugin
/// Checks each container the reader followed, as `validate()` would, and reports only what is
/// certain: every problem it prints, `validate()` reports too.
struct Checker {
  let index: DeclarationIndex
  /// The module's name, for `#fileID` locations in messages (`Module/File.swift:12`).
  let module: String
  /// Every part the target and the modules it reads declare, read alone, by qualified name:
  /// which one registers a type a container misses. Asked for only when one is missing.
  var parts: () -> [String: ContainerGraph] = { [:] }

  /// What an open child may provide.
  static let anything = Key(type: "*")

  enum Lookup {
    case one(Registration)
    case missing
    case ambiguous([Registration])
    case unknown
  }

  /// One resolved link between two components.
  struct Link {
    let from: Registration
    let to: Registration
    let dependency: Dependency
  }

  func check(_ graphs: [ContainerGraph], all: [ContainerGraph]) -> [Problem] {
    // What the children of a container provide, over every copy of it (a function that makes
    // one is read once per call): a parent may leave a type to them.
    var providedBelow: [Location: Set<Key>] = [:]
    for graph in all {
      let below = descendants(of: graph)
      providedBelow[graph.location, default: []].formUnion(
        below.flatMap { $0.registrations.flatMap(\.providedKeys) })
      // A child the tool cannot read in full may provide anything.
      if below.contains(where: \.isOpen) { providedBelow[graph.location]!.insert(Self.anything) }
    }
    var problems: [Problem] = []
    var seen: Set<String> = []
    for graph in graphs {
      guard graph.chain.allSatisfy({ !$0.isOpen && !$0.isInspected }) else { continue }
      let below = graph.chain.reduce(into: Set<Key>()) {
        $0.formUnion(providedBelow[$1.location] ?? [])
      }
      for problem in check(graph, providedBelow: below) {
        let key = problem.diagnostic.description
        if seen.insert(key).inserted { problems.append(problem) }
      }
    }
    return problems.sorted { $0.diagnostic.location < $1.diagnostic.location }
  }

  private func check(_ graph: ContainerGraph, providedBelow descendantsProvide: Set<Key>)
    -> [Problem]
  {
    let levels = graph.chain
    // A part read alone: what it asks for may come from another part of the app.
    let isPart = graph.part != nil || graph.completedElsewhere
    // Each level's components, a parent's left out where a nearer level overrides every type it
    // provides (as `validate()` leaves it out).
    // Each level's providers by key, in registration order.
    let providersByLevel = levels.map { container -> [Key: [Registration]] in
      var providers: [Key: [Registration]] = [:]
      for registration in container.registrations {
        for key in registration.providedKeys { providers[key, default: []].append(registration) }
      }
      return providers
    }
    var components: [(Registration, level: Int)] = []
    for (level, container) in levels.enumerated() {
      for registration in container.registrations where registration.isCertain {
        let keys = registration.providedKeys
        let overridden =
          level > 0 && !keys.isEmpty
          && keys.allSatisfy { key in providersByLevel[..<level].contains { $0[key] != nil } }
        if !overridden { components.append((registration, level)) }
      }
    }
    components.sort { $0.0.order < $1.0.order }

    func lookup(_ key: Key, from start: Int, forMissing: Bool) -> Lookup {
      if levels.contains(where: { $0.suppliedByChildren.contains(key) }) { return .unknown }
      // A name the tool cannot tell apart (a type local to a function, same-named private
      // types of two files): which component provides it, it does not know.
      if key.type.hasPrefix(localPrefix) { return .unknown }
      for level in start..<levels.count {
        guard let providers = providersByLevel[level][key] else { continue }
        if providers.contains(where: { !$0.isCertain || !$0.consumers.isEmpty }) {
          return .unknown
        }
        if providers.count == 1 { return .one(providers[0]) }
        let defaults = providers.filter(\.isDefault)
        if defaults.count == 1 { return .one(defaults[0]) }
        // Another part may mark one `.default()`.
        return isPart ? .unknown : .ambiguous(providers)
      }
      if isPart { return .unknown }
      // What only a child registers is missing here, as `validate()` says: a parent's
      // component does not see its children's registrations.
      if forMissing && !index.isKnown(key.type) { return .unknown }
      return .missing
    }

    var links: [Link] = []
    var missing: [Key: [Registration]] = [:]
    var missingOrder: [Key] = []
    var ambiguous: [Key: (candidates: [Registration], askers: [Registration])] = [:]
    var ambiguousOrder: [Key] = []
    // Whether the tool knows every component a resolve builds right away, and each `many`'s
    // components: what a runtime argument passed down needs (see `ArgumentPassing`).
    var askersKnown =
      levels.allSatisfy { level in
        !level.hasDecorators && level.registrations.allSatisfy(\.isCertain)
      }
      && components.allSatisfy(\.0.readsEveryDependency)
    var manyLinks: [(from: Registration, to: Registration)] = []
    // The same, as links the component keeps (`many` builds each one and hands them over).
    var keptByMany: [Link] = []
    for (component, level) in components {
      guard let dependencies = component.dependencies else { continue }
      // A `.single` is built in the container that registered it.
      let start = component.lifetime == .single ? level : 0
      for dependency in dependencies {
        switch dependency.kind {
        case .many:
          if let all = everyProvider(dependency.key, levels, from: start, providersByLevel) {
            manyLinks += all.map { (component, $0) }
            let kept = Dependency(key: dependency.key, kind: .required)
            keptByMany += all.map { Link(from: component, to: $0, dependency: kept) }
          } else {
            askersKnown = false
          }
          continue
        case .argument: continue
        case .required, .optional, .lazy, .provider: break
        }
        let found = lookup(dependency.key, from: start, forMissing: dependency.kind == .required)
        if dependency.isImmediate {
          switch found {
          case .one, .missing: break
          case .ambiguous, .unknown: askersKnown = false
          }
        }
        switch found {
        case .one(let target):
          links.append(Link(from: component, to: target, dependency: dependency))
        case .missing where dependency.kind == .required:
          if missing[dependency.key] == nil { missingOrder.append(dependency.key) }
          if missing[dependency.key]?.contains(where: { $0 === component }) != true {
            missing[dependency.key, default: []].append(component)
          }
        case .ambiguous(let candidates) where dependency.kind == .required:
          if ambiguous[dependency.key] == nil {
            ambiguousOrder.append(dependency.key)
            ambiguous[dependency.key] = (candidates, [])
          }
          if ambiguous[dependency.key]!.askers.contains(where: { $0 === component }) == false {
            ambiguous[dependency.key]!.askers.append(component)
          }
        default:
          continue
        }
      }
    }
    // A decorator's own dependencies, resolved as the decorated component's, where a component
    // of the decorated type is there to decorate.
    for decorator in levels.flatMap(\.decorators) where decorator.isCertain {
      guard let type = decorator.type,
        case .one = lookup(Key(type: type), from: 0, forMissing: false)
      else { continue }
      for dependency in decorator.dependencies ?? [] where dependency.kind == .required {
        guard case .missing = lookup(dependency.key, from: 0, forMissing: true) else { continue }
        if missing[dependency.key] == nil { missingOrder.append(dependency.key) }
        missing[dependency.key, default: []].append(decorator)
      }
    }
    let paths = Paths(components: components.map(\.0), pairs: links.map { ($0.from, $0.to) })
    var problems: [Problem] = []
    let carried = carriedQualifiers(levels, below: descendantsProvide)
    for key in missingOrder {
      problems.append(
        missingProblem(
          key, askers: missing[key]!, paths, inChild: descendantsProvide.contains(key),
          carried: carried, unappended: partsProviding(key, notIn: levels)))
    }
    if !isPart {
      problems += unknownNames(
        components.map(\.0), carried: carried,
        anyOpenBelow: descendantsProvide.contains(Self.anything),
        paths)
    }
    for key in ambiguousOrder {
      let (candidates, askers) = ambiguous[key]!
      problems.append(ambiguousProblem(key, candidates, askers: askers, paths))
    }
    if !isPart { problems += duplicates(graph, asked: Set(ambiguousOrder), paths) }
    problems += cycles(components.map(\.0), links, paths)
    problems += captives(components.map(\.0), links + keptByMany, paths)
    // What a resolve builds right away, `many` included.
    let immediate = links.filter(\.dependency.isImmediate).map { ($0.from, $0.to) } + manyLinks
    let passing = ArgumentPassing(
      components: components.map(\.0), links: immediate,
      anyDeclared: levels.contains { $0.registrations.contains { !$0.passesArgumentsTo.isEmpty } },
      askersKnown: askersKnown, index: index)
    if !isPart {
      problems += unpassable(immediate, passing, paths)
      if passing.askersKnown { problems += passedToNothing(components.map(\.0), immediate) }
    }
    problems += wrongForwards(components.map(\.0))
    for (key, location) in graph.topLevelResolves {
      guard case .one(let root) = lookup(key, from: 0, forMissing: false) else { continue }
      if let problem = needsAwait(root, at: location, links) { problems.append(problem) }
    }
    // `await container.initializeSingletons()` builds each `.single` of the container.
    for location in graph.topLevelInitializations {
      let singles = components.filter { $0.level == 0 && $0.0.lifetime == .single }.map(\.0)
      if let problem = singles.lazy.compactMap({
        self.needsAwait($0, at: location, links, initializing: true)
      }).first {
        problems.append(problem)
      }
    }
    return problems.filter { problem in
      // `// squire: dynamic` on the line of a registration silences what is reported there.
      !components.contains { $0.0.isSilenced && $0.0.location == problem.diagnostic.location }
    }
  }

  /// A top-level `await container.resolve()` of a `main.swift` (the synchronous `resolve`, which
  /// Swift picks there) of `root`, whose graph has something async that a resolve builds anew:
  /// it fails with `needsAwait` every time. Components kept between resolves are not followed
  /// (an instance may be there already).
  ///
  /// With `initializing`, the call is `initializeSingletons()`, which builds `root` (a `.single`)
  /// itself.
  private func needsAwait(
    _ root: Registration, at location: Location, _ links: [Link], initializing: Bool = false
  ) -> Problem? {
    var next: [ObjectIdentifier: [Registration]] = [:]
    for link in links where link.dependency.isImmediate {
      next[ObjectIdentifier(link.from), default: []].append(link.to)
    }
    var parent: [ObjectIdentifier: Registration] = [:]
    var queue = [root]
    var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      guard
        node.lifetime == .prototype || node.lifetime == .objectGraph
          || (initializing && node === root)
      else { continue }
      if node.isAsync {
        var chain = [node]
        while let up = parent[ObjectIdentifier(chain[0])] { chain.insert(up, at: 0) }
        return problem(
          at: location,
          what: "Needs await: top-level code of `main.swift` gets the synchronous "
            + (initializing ? "`initializeSingletons()`" : "`resolve`")
            + " even written with `await`, and it cannot build `\(root.display)`.",
          path: chain.map(\.display),
          details: ["registered at: " + locations(chain.count > 1 ? [root, node] : [root])],
          why: "`\(node.display)` is async (its factory, an injection or a `postInit` awaits), "
            + "so this \(initializing ? "call" : "resolve") fails with `needsAwait` every time "
            + "the program runs.",
          fix: (initializing ? "initialize the singletons" : "resolve it")
            + " from an `async` function: a `@main` type's `static func main() async`, "
            + "or a function that `main.swift` awaits.",
          hops: chain.map { ($0.location, "`\($0.display)` is registered here") })
      }
      for target in next[ObjectIdentifier(node)] ?? []
      where seen.insert(ObjectIdentifier(target)).inserted {
        parent[ObjectIdentifier(target)] = node
        queue.append(target)
      }
    }
    return nil
  }

  /// What `many` of `key` builds: every component that provides it in the nearest container
  /// that has any; nil when the tool cannot tell.
  private func everyProvider(
    _ key: Key, _ levels: [ContainerGraph], from start: Int,
    _ providersByLevel: [[Key: [Registration]]]
  ) -> [Registration]? {
    if levels.contains(where: { $0.suppliedByChildren.contains(key) }) { return nil }
    if key.type.hasPrefix(localPrefix) { return nil }
    for level in start..<levels.count {
      guard let providers = providersByLevel[level][key] else { continue }
      return providers.allSatisfy({ $0.isCertain && $0.consumers.isEmpty }) ? providers : nil
    }
    return []
  }

  private func descendants(of graph: ContainerGraph) -> [ContainerGraph] {
    var result: [ContainerGraph] = []
    var stack = graph.children
    while let next = stack.popLast() {
      result.append(next)
      stack += next.children
    }
    return result
  }
}
#endif
