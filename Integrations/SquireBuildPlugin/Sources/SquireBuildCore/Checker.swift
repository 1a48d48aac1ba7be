/// Checks each container the reader followed, as `validate()` would, and reports only what is
/// certain: every problem it prints, `validate()` reports too.
struct Checker {
  let index: DeclarationIndex
  /// The module's name, for `#fileID` locations in messages (`Module/File.swift:12`).
  let module: String

  /// What an open child may provide.
  static let anything = Key(type: "*")

  private enum Lookup {
    case one(Registration)
    case missing
    case ambiguous([Registration])
    case unknown
  }

  /// One resolved link between two components.
  private struct Link {
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
      for level in start..<levels.count {
        guard let providers = providersByLevel[level][key] else { continue }
        if providers.contains(where: { !$0.isCertain || !$0.consumers.isEmpty }) {
          return .unknown
        }
        if providers.count == 1 { return .one(providers[0]) }
        let defaults = providers.filter(\.isDefault)
        if defaults.count == 1 { return .one(defaults[0]) }
        return .ambiguous(providers)
      }
      if forMissing
        && (descendantsProvide.contains(key) || descendantsProvide.contains(Self.anything)
          || !index.isKnown(key.type))
      {
        return .unknown
      }
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
    for (component, level) in components {
      guard let dependencies = component.dependencies else { continue }
      // A `.single` is built in the container that registered it.
      let start = component.lifetime == .single ? level : 0
      for dependency in dependencies {
        switch dependency.kind {
        case .many:
          if let all = everyProvider(dependency.key, levels, from: start, providersByLevel) {
            manyLinks += all.map { (component, $0) }
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
    let paths = Paths(components: components.map(\.0), pairs: links.map { ($0.from, $0.to) })
    var problems: [Problem] = []
    for key in missingOrder {
      problems.append(missingProblem(key, askers: missing[key]!, paths))
    }
    for key in ambiguousOrder {
      let (candidates, askers) = ambiguous[key]!
      problems.append(ambiguousProblem(key, candidates, askers: askers, paths))
    }
    problems += duplicates(graph, asked: Set(ambiguousOrder), paths)
    problems += cycles(components.map(\.0), links, paths)
    problems += captives(components.map(\.0), links, paths)
    // What a resolve builds right away, `many` included.
    let immediate = links.filter(\.dependency.isImmediate).map { ($0.from, $0.to) } + manyLinks
    let passing = ArgumentPassing(
      components: components.map(\.0), links: immediate,
      anyDeclared: levels.contains { $0.registrations.contains { !$0.passesArgumentsTo.isEmpty } },
      askersKnown: askersKnown, index: index)
    problems += unpassable(links, passing, paths)
    if passing.askersKnown { problems += passedToNothing(components.map(\.0), immediate) }
    problems += wrongForwards(components.map(\.0))
    return problems.filter { problem in
      // `// squire: dynamic` on the line of a registration silences what is reported there.
      !components.contains { $0.0.isSilenced && $0.0.location == problem.diagnostic.location }
    }
  }

  /// What `many` of `key` builds: every component that provides it in the nearest container
  /// that has any; nil when the tool cannot tell.
  private func everyProvider(
    _ key: Key, _ levels: [ContainerGraph], from start: Int,
    _ providersByLevel: [[Key: [Registration]]]
  ) -> [Registration]? {
    if levels.contains(where: { $0.suppliedByChildren.contains(key) }) { return nil }
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

  // MARK: Problems

  private func missingProblem(_ key: Key, askers: [Registration], _ paths: Paths) -> Problem {
    let type = key.displayType
    let first = askers[0]
    let neededBy = Array(Set(askers.map(\.display))).sorted()
    let asker = neededBy.count == 1 ? "`\(neededBy[0])` needs" : "\(neededBy.count) components need"
    let path = paths.path(to: first).map(\.display) + [type]
    let details = neededBy.count > 1 ? ["needed by: " + listed(neededBy)] : []
    let what: String
    let why: String
    let fix: String
    switch key.qualifier {
    case .none:
      what = "Missing dependency: nothing provides `\(type)`, which \(asker)."
      why =
        "nothing registered in this container or its parents provides `\(type)`, so "
        + "resolving \(listed(neededBy)) fails."
      let how =
        index.types[key.type]?.kind == .protocol
        ? "a type that conforms to it, forwarded with `.as(\(type).self)`: "
          + "`container.register(MyType.init).as(\(type).self)`"
        : "`container.register(\(type).init)`, or another type forwarded with `.as(\(type).self)`"
      fix =
        "register a component that provides it (\(how)), or ask for `\(type)?` where it may be "
        + "absent. A parameter's default value is not used: Squire resolves every parameter of "
        + "the initializer it is given."
    case .name(let name):
      what = "Unknown name: nothing provides `\(type)` under the name \"\(name)\", which \(asker)."
      why =
        "no component is forwarded with `.as(\(type).self, name: \"\(name)\")`; a name is a "
        + "string, so a typo shows only when validating or resolving."
      fix =
        "forward a component under exactly that name, or correct the name where it is asked "
        + "for (see the close matches); tags, being types, are checked by the compiler."
    case .tag(let tag):
      let tagName = displayName(tag)
      what = "Unknown tag: nothing provides `\(type)` under the tag `\(tagName)`, which \(asker)."
      why = "no component is forwarded with `.as(\(type).self, tag: \(tagName).self)`."
      fix =
        "forward the component meant for it with `.as(\(type).self, tag: \(tagName).self)`, or "
        + "ask with the tag it is registered under (see the close matches)."
    }
    return problem(
      at: first.location, what: what, path: path, details: details, why: why, fix: fix,
      hops: paths.hops(to: first, ending: type)
        + askers.dropFirst().map {
          ($0.location, "also needed by `\($0.display)`, registered here")
        })
  }

  private func ambiguousProblem(
    _ key: Key, _ candidates: [Registration], askers: [Registration], _ paths: Paths
  ) -> Problem {
    let type = describe(key)
    let neededBy = Array(Set(askers.map(\.display))).sorted()
    let allDefaults = candidates.allSatisfy(\.isDefault)
    let what =
      allDefaults
      ? "Ambiguous dependency: \(candidates.count) components provide `\(type)` and "
        + "\(candidates.count) are marked `.default()`."
      : "Ambiguous dependency: \(candidates.count) components provide `\(type)` and none is "
        + "marked `.default()`."
    let why: String
    let fix: String
    if allDefaults {
      why =
        "`.default()` picks one among several; on more than one it picks none, so resolving "
        + "`\(type)` fails."
      fix = "keep `.default()` on the one registration to use, and remove it from the others."
    } else if neededBy.isEmpty {
      why =
        "`\(type)` is registered \(candidates.count) times in the same container, so resolving "
        + "it fails: Squire will not pick one at random."
      fix = "remove the duplicate registration, or mark the one to use with `.default()`."
    } else {
      why =
        "\(listed(neededBy)) \(neededBy.count == 1 ? "asks" : "ask") for one `\(type)`, and "
        + "Squire will not pick one at random."
      fix =
        "mark one registration with `.default()`, ask for one by name or tag, or take them "
        + "all with `many`."
    }
    // A few candidates described, those registered by one line once with their number, the
    // rest counted, as `validate()` lists them.
    let descriptions = candidates.map { candidate -> String in
      var text = candidate.display
      if key.type != candidate.type, let qualifier = qualifierText(key.qualifier) {
        text += " (\(qualifier))"
      }
      if candidate.isDefault { text += " [default]" }
      return text + " at \(fileID(candidate.location))"
    }
    var sites: [(description: String, count: Int)] = []
    var covered = 0
    for description in descriptions {
      if let index = sites.firstIndex(where: { $0.description == description }) {
        sites[index].count += 1
        covered += 1
      } else if sites.count < 5 {
        sites.append((description, 1))
        covered += 1
      }
    }
    let described = sites.map { site in
      site.count == 1 ? site.description : site.description + " (\(site.count) registrations)"
    }
    let named = described.map { "`\($0)`" }.joined(separator: ", ")
    let listedCandidates =
      candidates.count > covered ? named + " and \(candidates.count - covered) more" : named
    let at = askers.first ?? candidates[0]
    let path =
      askers.isEmpty ? [type] : paths.path(to: at).map(\.display) + [type]
    var hops = askers.isEmpty ? [] : paths.hops(to: at, ending: type)
    hops += candidates.map { ($0.location, "candidate `\($0.display)` is registered here") }
    return problem(
      at: at.location, what: what, path: path, details: ["candidates: " + listedCandidates],
      why: why, fix: fix, hops: hops)
  }

  /// A type registered several times as itself in one container, every time `.default()`, which
  /// no one asks for: resolving it fails.
  private func duplicates(_ graph: ContainerGraph, asked: Set<Key>, _ paths: Paths) -> [Problem] {
    var byType: [String: [Registration]] = [:]
    var order: [String] = []
    for registration in graph.registrations {
      guard let type = registration.type else { continue }
      let key = Key(type: type)
      guard registration.providedKeys.contains(key) else { continue }
      if byType[type] == nil { order.append(type) }
      byType[type, default: []].append(registration)
    }
    var problems: [Problem] = []
    for type in order {
      let candidates = byType[type]!
      let key = Key(type: type)
      guard candidates.count > 1, !asked.contains(key),
        candidates.allSatisfy({ $0.isCertain && $0.consumers.isEmpty }),
        !graph.registrations.contains(where: { !$0.isCertain && $0.providedKeys.contains(key) })
      else { continue }
      // Registered several times with no one asking for one: a warning of `validate()`'s,
      // unless every one is `.default()`.
      guard candidates.allSatisfy(\.isDefault) else { continue }
      problems.append(ambiguousProblem(key, candidates, askers: [], paths))
    }
    return problems
  }

  private func cycles(_ components: [Registration], _ links: [Link], _ paths: Paths) -> [Problem] {
    var next: [ObjectIdentifier: [Registration]] = [:]
    for link in links where link.dependency.isImmediate {
      next[ObjectIdentifier(link.from), default: []].append(link.to)
    }
    var problems: [Problem] = []
    for group in stronglyConnected(components, next) {
      // One loop per group of components that need each other, from its first registered one.
      let members = Set(group.map(ObjectIdentifier.init))
      guard let start = group.min(by: { $0.order < $1.order }),
        group.count > 1 || (next[ObjectIdentifier(start)] ?? []).contains(where: { $0 === start })
      else { continue }
      // The shortest loop back to `start`, breadth first, within the group.
      var parent: [ObjectIdentifier: Registration] = [:]
      var queue = [start]
      var head = 0
      var closing: Registration?
      while head < queue.count, closing == nil {
        let node = queue[head]
        head += 1
        for target in next[ObjectIdentifier(node)] ?? []
        where members.contains(ObjectIdentifier(target)) {
          if target === start {
            closing = node
            break
          }
          if parent[ObjectIdentifier(target)] == nil {
            parent[ObjectIdentifier(target)] = node
            queue.append(target)
          }
        }
      }
      guard let closing else { continue }
      var loop = [closing]
      while let previous = parent[ObjectIdentifier(loop[0])], loop[0] !== start {
        loop.insert(previous, at: 0)
      }
      if loop[0] !== start { loop.insert(start, at: 0) }
      let names = (loop + [start]).map(\.display)
      let hops = loop.enumerated().dropFirst().map { offset, member in
        (member.location, "`\(member.display)` needs `\(names[offset + 1])`, registered here")
      }
      problems.append(
        problem(
          at: start.location, what: "Cycle with no break point: \(names.joined(separator: " → ")).",
          path: names, details: ["registered at: " + locations(loop)],
          why: "each of these needs the next before it can be made (through its initializer or "
            + "an injection not marked `cycle: true`), so resolving any of them never ends.",
          fix: "break the loop at one link: inject that dependency through a property with "
            + "`.injection(cycle: true) { ... }`, or take it as a `Lazy` or a `Provider`.",
          hops: hops))
    }
    return problems
  }

  /// The strongly connected components of the graph (Tarjan's algorithm, without recursion).
  private func stronglyConnected(
    _ nodes: [Registration], _ next: [ObjectIdentifier: [Registration]]
  ) -> [[Registration]] {
    var index: [ObjectIdentifier: Int] = [:]
    var lowest: [ObjectIdentifier: Int] = [:]
    var onStack: Set<ObjectIdentifier> = []
    var stack: [Registration] = []
    var groups: [[Registration]] = []
    var counter = 0
    for root in nodes where index[ObjectIdentifier(root)] == nil {
      // Each frame: a node and how many of its successors are done.
      var frames: [(Registration, Int)] = [(root, 0)]
      index[ObjectIdentifier(root)] = counter
      lowest[ObjectIdentifier(root)] = counter
      counter += 1
      stack.append(root)
      onStack.insert(ObjectIdentifier(root))
      while let (node, position) = frames.last {
        let id = ObjectIdentifier(node)
        let successors = next[id] ?? []
        if position < successors.count {
          frames[frames.count - 1].1 += 1
          let target = successors[position]
          let targetID = ObjectIdentifier(target)
          if index[targetID] == nil {
            index[targetID] = counter
            lowest[targetID] = counter
            counter += 1
            stack.append(target)
            onStack.insert(targetID)
            frames.append((target, 0))
          } else if onStack.contains(targetID) {
            lowest[id] = min(lowest[id]!, index[targetID]!)
          }
          continue
        }
        frames.removeLast()
        if let (parent, _) = frames.last {
          let parentID = ObjectIdentifier(parent)
          lowest[parentID] = min(lowest[parentID]!, lowest[id]!)
        }
        if lowest[id] == index[id] {
          var group: [Registration] = []
          while let member = stack.popLast() {
            onStack.remove(ObjectIdentifier(member))
            group.append(member)
            if member === node { break }
          }
          groups.append(group)
        }
      }
    }
    return groups.sorted { ($0.map(\.order).min() ?? 0) < ($1.map(\.order).min() ?? 0) }
  }

  private func captives(_ components: [Registration], _ links: [Link], _ paths: Paths) -> [Problem]
  {
    var next: [ObjectIdentifier: [Registration]] = [:]
    for link in links where link.dependency.isKept {
      next[ObjectIdentifier(link.from), default: []].append(link.to)
    }
    var problems: [Problem] = []
    for holderLifetime in [Lifetime.single, .perContainer, .weak] {
      var parent: [ObjectIdentifier: Registration?] = [:]
      var queue: [Registration] = []
      for component in components where component.lifetime == holderLifetime {
        parent[ObjectIdentifier(component)] = .some(nil)
        queue.append(component)
      }
      var head = 0
      while head < queue.count {
        let node = queue[head]
        head += 1
        for target in next[ObjectIdentifier(node)] ?? []
        where parent[ObjectIdentifier(target)] == nil {
          if isCaptive(holder: holderLifetime, dependency: target.lifetime) {
            parent[ObjectIdentifier(target)] = node
            var chain = [target]
            while let up = parent[ObjectIdentifier(chain[0])] ?? nil { chain.insert(up, at: 0) }
            problems.append(captive(chain))
          } else if target.lifetime == .prototype {
            parent[ObjectIdentifier(target)] = node
            queue.append(target)
          }
        }
      }
    }
    return problems
  }

  private func isCaptive(holder: Lifetime, dependency: Lifetime) -> Bool {
    switch (holder, dependency) {
    case (.single, .perContainer), (.single, .objectGraph), (.single, .weak),
      (.perContainer, .objectGraph), (.perContainer, .weak), (.weak, .objectGraph):
      true
    default:
      false
    }
  }

  private func captive(_ chain: [Registration]) -> Problem {
    let holder = chain[0]
    let dependency = chain[chain.count - 1]
    let through =
      chain.count > 2
      ? " through the prototype\(chain.count > 3 ? "s" : "") "
        + chain.dropFirst().dropLast().map { "`\($0.display)`" }.joined(separator: ", ")
      : ""
    let kept: String
    switch holder.lifetime {
    case .single:
      kept = "one `\(holder.display)` serves the whole container tree for the app's lifetime"
    case .perContainer:
      kept = "one `\(holder.display)` serves its container for the container's lifetime"
    default: kept = "`\(holder.display)` is kept for as long as anyone outside holds it"
    }
    let why: String
    switch dependency.lifetime {
    case .objectGraph:
      why =
        "\(kept), while a `.objectGraph` `\(dependency.display)` belongs to one top-level resolve: "
        + "`\(holder.display)` keeps the one of the resolve that made it, and every later resolve "
        + "shares a new `\(dependency.display)` that `\(holder.display)` never sees."
    case .weak:
      why =
        "\(kept), and it holds `\(dependency.display)` strongly: a `.weak` component is meant to go "
        + "when nobody outside holds it, and this one never goes."
    default:
      why =
        "\(kept), while a `.perContainer` `\(dependency.display)` is one per container: "
        + "`\(holder.display)` keeps the instance of the container that made it first, and a "
        + "child container's components get their own `\(dependency.display)` that "
        + "`\(holder.display)` never sees."
    }
    let hops = chain.enumerated().dropFirst().map { offset, member in
      (
        member.location,
        "`\(chain[offset - 1].display)` holds `\(member.display)` (.\(member.lifetime)), registered here"
      )
    }
    return problem(
      at: holder.location,
      what: "Captive dependency: `\(holder.display)` (.\(holder.lifetime)) holds "
        + "`\(dependency.display)` (.\(dependency.lifetime))\(through).",
      path: chain.map(\.display), details: ["registered at: " + locations([holder, dependency])],
      why: why,
      fix: "give `\(dependency.display)` a lifetime at least as long as `.\(holder.lifetime)`, "
        + "give `\(holder.display)` a shorter one, or inject a `Provider` of "
        + "`\(dependency.display)` so that each use resolves a current one.",
      hops: hops)
  }

  private func unpassable(_ links: [Link], _ passing: ArgumentPassing, _ paths: Paths)
    -> [Problem]
  {
    var askers: [ObjectIdentifier: [Registration]] = [:]
    var targets: [Registration] = []
    var notPassing: [ObjectIdentifier: Set<ObjectIdentifier>] = [:]
    for link in links
    where !link.to.arguments.isEmpty && link.from !== link.to && link.dependency.isImmediate {
      // Fine when every resolve that builds the asker passes the arguments down to it.
      let blocked = notPassing[ObjectIdentifier(link.to)] ?? passing.notPassing(to: link.to)
      notPassing[ObjectIdentifier(link.to)] = blocked
      guard blocked.contains(ObjectIdentifier(link.from)) else { continue }
      if askers[ObjectIdentifier(link.to)] == nil { targets.append(link.to) }
      askers[ObjectIdentifier(link.to), default: []].append(link.from)
    }
    return targets.map { target in
      let builders = askers[ObjectIdentifier(target)]!
      let neededBy = Array(Set(builders.map(\.display))).sorted()
      let listedArguments = target.arguments.map { "`\($0)`" }.joined(separator: ", ")
      let component = target.display
      return problem(
        at: target.location,
        what: "Unpassable argument: `\(target.display)` takes a runtime argument "
          + "(\(listedArguments)), but \(listed(neededBy)) "
          + (neededBy.count == 1 ? "builds" : "build") + " it as a dependency.",
        path: paths.path(to: builders[0]).map(\.display) + [target.display],
        details: ["registered at: " + locations([target])],
        why: "runtime arguments given to `resolve(args:)` go only to the component resolved at "
          + "the top, and no component that builds `\(component)` declares that its resolves pass "
          + "them down (`.passesArguments(to:)`): such a resolve fails.",
        fix: "take a `Provider` of `\(component)` and pass the arguments through it, resolve "
          + "`\(component)` directly with `container.resolve(args: ...)` and hand it over, or "
          + "pass them down: declare `.passesArguments(to: \(component).self)` on the component "
          + "resolved and resolve it with `passing: .to(\(component).self, ...)`.",
        hops: builders.map {
          (
            $0.location,
            "`\($0.display)` builds `\(target.display)` as a dependency, registered here"
          )
        })
    }
  }

  /// A warning for each `.passesArguments(to:)` whose type nothing the declaring component is
  /// built from provides, when the tool knows all it is built from (`links` is every link a
  /// resolve builds right away) and the type is one of the target's.
  private func passedToNothing(
    _ components: [Registration], _ links: [(from: Registration, to: Registration)]
  ) -> [Problem] {
    var builds: [ObjectIdentifier: [Registration]] = [:]
    for (from, to) in links { builds[ObjectIdentifier(from), default: []].append(to) }
    var problems: [Problem] = []
    for component in components where !component.passesArgumentsTo.isEmpty {
      var built: Set<ObjectIdentifier> = [ObjectIdentifier(component)]
      var provided = Set(component.providedKeys.map(\.type) + [component.type].compactMap { $0 })
      var queue = [component]
      while let next = queue.popLast() {
        for target in builds[ObjectIdentifier(next)] ?? []
        where built.insert(ObjectIdentifier(target)).inserted {
          provided.formUnion(target.providedKeys.map(\.type) + [target.type].compactMap { $0 })
          queue.append(target)
        }
      }
      for (type, location) in component.passesArgumentsTo
      where index.isKnown(type) && !provided.contains(type) {
        let name = component.display
        let passed = displayName(type)
        problems.append(
          problem(
            .warning, at: location,
            what: "Arguments passed to nothing: `\(name)` declares "
              + "`.passesArguments(to: \(passed).self)`, and nothing it is built from is a "
              + "`\(passed)`.",
            path: [name, passed], details: ["registered at: \(fileID(component.location))"],
            why: "arguments given with `.to(\(passed).self, ...)` when resolving it would be "
              + "taken by no component, and the resolve would fail.",
            fix: "name the dependency that takes the argument (its own type, or one it is "
              + "forwarded as with `.as`), or remove the declaration.",
            hops: [(component.location, "`\(name)` is registered here")]))
      }
    }
    return problems
  }

  private func wrongForwards(_ components: [Registration]) -> [Problem] {
    var problems: [Problem] = []
    for component in components {
      guard let type = component.type, index.isKnown(type),
        index.types[type]?.kind != .protocol
      else { continue }
      for forward in component.forwards where forward.key.type != type {
        guard index.isKnown(forward.key.type), index.conforms(type, to: forward.key.type) == false
        else { continue }
        // A factory typed as a class may return a subclass of it: `validate()` accepts a
        // forward to one.
        if index.types[type]?.kind == .class, index.types[forward.key.type]?.kind == .class,
          index.conforms(forward.key.type, to: type) != false
        {
          continue
        }
        let name = component.display
        let target = forward.key.displayType
        problems.append(
          problem(
            at: forward.location,
            what: "Wrong forward: `\(name)` is forwarded with `.as(\(target).self)`, and it is "
              + "not a `\(target)`.",
            path: [name], details: ["registered at: `\(name)` \(fileID(component.location))"],
            why: "`\(name)` neither conforms to nor inherits from `\(target)`, so resolving "
              + "`\(target)` through it fails every time.",
            fix: "remove that `.as`, or make `\(name)` conform to `\(target)`; if the factory "
              + "returns a subclass that does, declare the subclass as its return type.",
            hops: [(component.location, "`\(name)` is registered here")]))
      }
    }
    return problems
  }

  // MARK: Text

  private func problem(
    _ severity: Diagnostic.Severity = .error,
    at location: Location, what: String, path: [String], details: [String], why: String,
    fix: String, hops: [(Location, String)]
  ) -> Problem {
    var notes: [Diagnostic] = []
    if path.count > 1 {
      notes.append(Diagnostic(.note, at: location, "path: " + path.joined(separator: " → ")))
    }
    notes += details.map { Diagnostic(.note, at: location, $0) }
    notes.append(Diagnostic(.note, at: location, "why: " + why))
    notes.append(Diagnostic(.note, at: location, "fix: " + fix))
    notes += hops.filter { $0.0 != location }.map { Diagnostic(.note, at: $0.0, $0.1) }
    return Problem(diagnostic: Diagnostic(severity, at: location, what), notes: notes)
  }

  private func describe(_ key: Key) -> String {
    switch key.qualifier {
    case .none: key.displayType
    case .name(let name): "\(key.displayType) named \"\(name)\""
    case .tag(let tag): "\(key.displayType) tagged \(displayName(tag))"
    }
  }

  private func qualifierText(_ qualifier: Qualifier) -> String? {
    switch qualifier {
    case .none: nil
    case .name(let name): "name: \"\(name)\""
    case .tag(let tag): "tag: \(displayName(tag))"
    }
  }

  /// `Module/File.swift:12`, as `#fileID` and `#line` give it at run time.
  private func fileID(_ location: Location) -> String {
    let file = location.file.split(separator: "/").last.map(String.init) ?? location.file
    return "\(module)/\(file):\(location.line)"
  }

  private func locations(_ registrations: [Registration]) -> String {
    registrations.map { "`\($0.display)` \(fileID($0.location))" }.joined(separator: ", ")
  }

  private func listed(_ names: [String]) -> String {
    list(Array(names.prefix(5)), count: names.count)
  }

  private func list(_ listed: [String], count: Int) -> String {
    let named = listed.map { "`\($0)`" }.joined(separator: ", ")
    return count > listed.count ? named + " and \(count - listed.count) more" : named
  }
}

/// The shortest path from a component nothing depends on down to each component.
private struct Paths {
  private var parent: [ObjectIdentifier: Registration] = [:]

  init(components: [Registration], pairs: [(Registration, Registration)]) {
    var dependedOn: Set<ObjectIdentifier> = []
    var next: [ObjectIdentifier: [Registration]] = [:]
    for (from, to) in pairs where from !== to {
      dependedOn.insert(ObjectIdentifier(to))
      next[ObjectIdentifier(from), default: []].append(to)
    }
    var queue = components.filter { !dependedOn.contains(ObjectIdentifier($0)) }
    var visited = Set(queue.map(ObjectIdentifier.init))
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for target in next[ObjectIdentifier(node)] ?? []
      where visited.insert(ObjectIdentifier(target)).inserted {
        parent[ObjectIdentifier(target)] = node
        queue.append(target)
      }
    }
  }

  func path(to component: Registration) -> [Registration] {
    var path = [component]
    while let up = parent[ObjectIdentifier(path[0])], path.count < 1000 { path.insert(up, at: 0) }
    return path
  }

  /// A note at each component on the way down to `component`.
  func hops(to component: Registration, ending: String) -> [(Location, String)] {
    let path = self.path(to: component)
    return path.enumerated().dropLast().map { offset, member in
      (
        member.location,
        "on the path: `\(member.display)` needs `\(path[offset + 1].display)`, registered here"
      )
    }
  }
}
