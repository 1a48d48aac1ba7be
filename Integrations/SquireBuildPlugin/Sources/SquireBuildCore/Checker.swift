#if BuildPlugin
/// Checks each container the reader followed, as `validate()` would, and reports only what is
/// certain: every problem it prints, `validate()` reports too.
struct Checker {
  let index: DeclarationIndex
  /// The module's name, for `#fileID` locations in messages (`Module/File.swift:12`).
  let module: String

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
        return .ambiguous(providers)
      }
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
    for key in missingOrder {
      problems.append(
        missingProblem(
          key, askers: missing[key]!, paths, inChild: descendantsProvide.contains(key)))
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
    problems += unpassable(immediate, passing, paths)
    if passing.askersKnown { problems += passedToNothing(components.map(\.0), immediate) }
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

  // MARK: Problems

  private func missingProblem(
    _ key: Key, askers: [Registration], _ paths: Paths, inChild: Bool = false
  ) -> Problem {
    let type = key.displayType
    let first = askers[0]
    let neededBy = Array(Set(askers.map(\.display))).sorted()
    let asker = neededBy.count == 1 ? "`\(neededBy[0])` needs" : "\(neededBy.count) components need"
    let path = paths.path(to: first).map(\.display) + [type]
    var details = neededBy.count > 1 ? ["needed by: " + listed(neededBy)] : []
    for decorator in askers where decorator.isDecorator {
      details.append(
        "the decorator of `\(decorator.display)` at \(fileID(decorator.location)) asks for it: a "
          + "decorator's parameters after the first are resolved as the decorated component's "
          + "dependencies")
    }
    if inChild {
      details.append(
        "only a child container registers `\(type)`, and a component of this container does "
          + "not see what its children register: register it here, or declare "
          + "`suppliedByEachChild(\(type).self)` on this container when every child registers it")
    }
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
      guard let type = registration.type, !type.hasPrefix(localPrefix) else { continue }
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
            in: component, at: forward.location, path: [name],
            what: "Wrong forward: `\(name)` is forwarded with `.as(\(target).self)`, and it is "
              + "not a `\(target)`.",
            why: "`\(name)` neither conforms to nor inherits from `\(target)`, so resolving "
              + "`\(target)` through it fails every time.",
            fix: "remove that `.as`, or make `\(name)` conform to `\(target)`; if the factory "
              + "returns a subclass that does, declare the subclass as its return type."))
      }
    }
    return problems
  }

  // MARK: Text

  /// A problem in a modifier of `component`'s registration (at `location`): the notes say where
  /// the component is registered.
  func problem(
    in component: Registration, at location: Location,
    severity: Diagnostic.Severity = .error, path: [String], what: String, why: String,
    fix: String
  ) -> Problem {
    problem(
      severity, at: location, what: what, path: path,
      details: ["registered at: " + locations([component])],
      why: why, fix: fix, hops: [(component.location, "`\(component.display)` is registered here")])
  }

  func problem(
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

  func describe(_ key: Key) -> String {
    switch key.qualifier {
    case .none: key.displayType
    case .name(let name): "\(key.displayType) named \"\(name)\""
    case .tag(let tag): "\(key.displayType) tagged \(displayName(tag))"
    }
  }

  func qualifierText(_ qualifier: Qualifier) -> String? {
    switch qualifier {
    case .none: nil
    case .name(let name): "name: \"\(name)\""
    case .tag(let tag): "tag: \(displayName(tag))"
    }
  }

  /// `Module/File.swift:12`, as `#fileID` and `#line` give it at run time.
  func fileID(_ location: Location) -> String {
    let file = location.file.split(separator: "/").last.map(String.init) ?? location.file
    return "\(module)/\(file):\(location.line)"
  }

  func locations(_ registrations: [Registration]) -> String {
    registrations.map { "`\($0.display)` \(fileID($0.location))" }.joined(separator: ", ")
  }

  func listed(_ names: [String]) -> String {
    list(Array(names.prefix(5)), count: names.count)
  }

  func list(_ listed: [String], count: Int) -> String {
    let named = listed.map { "`\($0)`" }.joined(separator: ", ")
    return count > listed.count ? named + " and \(count - listed.count) more" : named
  }
}

/// The shortest path from a component nothing depends on down to each component.
struct Paths {
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
#endif
