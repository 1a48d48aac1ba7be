#if BuildPlugin
/// The containers whose graph the tool read completely and found clean, described in the
/// generated table (`checkedGraphs`) so that `validate()` need not walk them again at run time:
/// a container that holds exactly the registrations described, with the options described, is
/// the graph the build checked (GENERATED.md, "Checked graphs").
///
/// A container is described only when nothing of it is left to the program: every
/// registration read exactly (a certain call of the target's own files, its type, lifetime,
/// `.as` with literal names and tags, every dependency), nothing opened, inspected, appended
/// as a part read alone or completed by another module, no parent, decorator, contextual
/// binding, runtime argument or type left to children, and each dependency answered by exactly
/// one of its registrations. Anything else is left to `validate()`'s walk.
///
/// A registration of another module's files is allowed in one case: it is a registration of a
/// part the container appends whose module describes it (`checkedParts`, see `partBody`), read
/// in the container as the part alone reads it. The graph then names the part
/// (`graph.part(OrdersPart.self)`), and `validate()` finds the part's registrations in the
/// description its module gives.
///
/// ```swift
/// let described = CheckedGraphs(index: index, module: "App", own: ["Sources/App/Root.swift"])
///   .descriptions(of: graphs)   // one `checkedGraph<N>` body per described container
/// ```
struct CheckedGraphs {
  let index: DeclarationIndex
  /// The target's module, as `#fileID` spells it.
  let module: String
  /// The target's own files, by path.
  let own: Set<String>
  /// Parts read alone, by qualified name: the target's own (described in `checkedParts`) and
  /// those of other modules its containers append.
  var parts: [String: ContainerGraph] = [:]

  /// How deep a described graph may nest components built one inside the other: well below
  /// the depth at which a resolve stops (200), which `validate()` checks.
  static let maximumHeight = 100

  /// The body of `checkedGraph<N>` for each of `graphs` that can be described, each once, with
  /// its number of registrations.
  func descriptions(of graphs: [ContainerGraph]) -> [(location: Location, count: Int, body: String)]
  {
    var seen: Set<String> = []
    var result: [(Location, Int, String)] = []
    for graph in graphs {
      guard let body = description(of: graph), seen.insert(body).inserted else { continue }
      result.append((graph.location, graph.registrations.count, body))
    }
    return result
  }

  /// The statements that build `graph`'s description, or nil when the tool cannot vouch for it.
  func description(of graph: ContainerGraph) -> String? {
    guard graph.parent == nil, !graph.isOpen, !graph.isInspected, graph.part == nil,
      !graph.completedElsewhere, !graph.hasDecorators, graph.decorators.isEmpty,
      graph.suppliedByChildren.isEmpty, !graph.registrations.isEmpty
    else { return nil }
    // The parts of other modules it appends, each described by its module: their registrations
    // as the part alone reads them, each to be met once in the container.
    var partLines: [String] = []
    var fromParts: [PartSite: [Registration]] = [:]
    // The files of each other module the tool reads, by path.
    var files: [String: Set<String>] = [:]
    for (path, module) in index.fileModules { files[module, default: []].insert(path) }
    for name in graph.loadedParts.sorted() {
      guard let load = index.partLoads[name] else { return nil }
      guard let partModule = load.file.module else { continue }
      guard let alone = parts[name], isPart(name),
        partBody(alone, module: partModule, own: files[partModule] ?? [], naming: false) != nil,
        let spelled = index.generatedName(name, in: "")
      else { return nil }
      partLines.append("    graph.part(\(Generator.metatype(spelled)))")
      for registration in alone.registrations {
        fromParts[PartSite(registration), default: []].append(registration)
      }
    }
    var providers: [Key: [Registration]] = [:]
    for registration in graph.registrations {
      for key in registration.providedKeys { providers[key, default: []].append(registration) }
    }
    // A key two components provide: an ambiguity, or a warning `validate()` gives.
    guard providers.values.allSatisfy({ $0.count == 1 }) else { return nil }
    var sites: Set<String> = []
    var dependencyCount = 0
    var immediate: [ObjectIdentifier: [Registration]] = [:]
    // What each component keeps, `many` included (a graph is described only with none captive).
    var kept: [Checker.Link] = []
    var lines: [String] = []
    for registration in graph.registrations {
      // A part's registration: as the part alone reads it (which its module describes).
      var ofPart = false
      if !own.contains(registration.location.file) {
        guard let module = index.fileModules[registration.location.file],
          isExact(registration, own: files[module] ?? []),
          let alone = fromParts[PartSite(registration)]?.popLast(), Self.same(registration, alone)
        else { return nil }
        ofPart = true
      }
      guard let type = registration.type, ofPart || isExact(registration, own: own),
        let lifetime = Self.lifetime(registration.lifetime), wrappedAreKnown(type),
        let dependencies = registration.dependencies
      else { return nil }
      var name = ""
      if !ofPart {
        guard let spelled = index.generatedName(type, in: ""),
          sites.insert("\(registration.location.line) \(spelled)").inserted
        else { return nil }
        name = spelled
      }
      var below: [Registration] = []
      for dependency in dependencies {
        guard !dependency.key.type.hasPrefix(localPrefix) else { return nil }
        switch dependency.kind {
        case .argument:
          return nil
        case .many:
          let all = providers[dependency.key] ?? []
          // All of none under a name or tag: maybe a typo, which is the walk's to judge.
          if all.isEmpty && dependency.key.qualifier != .none { return nil }
          dependencyCount += all.count
          below += all
          let keeps = Dependency(key: dependency.key, kind: .required)
          kept += all.map { Checker.Link(from: registration, to: $0, dependency: keeps) }
        case .required, .optional, .lazy, .provider:
          // An optional that nothing answers, or anything the tool cannot find: the walk's.
          guard let found = providers[dependency.key], found.count == 1 else { return nil }
          dependencyCount += 1
          if dependency.isImmediate { below.append(found[0]) }
          kept.append(Checker.Link(from: registration, to: found[0], dependency: dependency))
        }
      }
      immediate[ObjectIdentifier(registration)] = below
      if ofPart { continue }
      guard
        let written = componentLines(
          registration, of: type, spelled: name, lifetime: lifetime, module: module)
      else { return nil }
      lines += written
    }
    guard let height = height(graph.registrations, immediate), height <= Self.maximumHeight
    else { return nil }
    let checker = Checker(index: index, module: module)
    let paths = Paths(components: graph.registrations, pairs: kept.map { ($0.from, $0.to) })
    guard checker.captives(graph.registrations, kept, paths).isEmpty,
      fromParts.values.allSatisfy(\.isEmpty)
    else { return nil }
    return "    var graph = Squire._CheckedGraph.Builder(dependencies: \(dependencyCount))\n"
      + (lines + partLines).map { $0 + "\n" }.joined() + "    return graph.content\n"
  }

  /// The body of `checkedPart<N>` for each of the target's own parts that can be described
  /// (see `partBody`), with the part's type as generated code spells it, in file order.
  func partDescriptions() -> [(type: String, location: Location, body: String)] {
    var result: [(type: String, location: Location, body: String)] = []
    for (name, graph) in parts where index.partLoads[name]?.file.isOwn == true {
      guard isPart(name), let type = index.generatedName(name, in: ""),
        let body = partBody(graph, module: module, own: own, naming: true)
      else { continue }
      result.append((type, graph.location, body))
    }
    return result.sorted { $0.location < $1.location }
  }

  /// The statements that describe a part read alone (`graph`) of `module`, whose files are
  /// `own`, or nil when the tool cannot vouch for it: every registration read exactly, as for a
  /// container, but what it asks for may be another part's or the root's, so nothing of its
  /// dependencies is checked here (the graph that appends it is checked whole). It appends no
  /// other part, opens nothing, decorates nothing. Without `naming`, the component types are
  /// not spelled (another module's internal types): only whether its module describes it.
  func partBody(_ graph: ContainerGraph, module: String, own: Set<String>, naming: Bool)
    -> String?
  {
    guard let name = graph.part, graph.loadedParts == [name], !graph.isOpen,
      !graph.hasDecorators, graph.decorators.isEmpty, graph.suppliedByChildren.isEmpty,
      graph.children.isEmpty
    else { return nil }
    var sites: Set<String> = []
    var lines: [String] = []
    for registration in graph.registrations {
      guard let type = registration.type, isExact(registration, own: own),
        let lifetime = Self.lifetime(registration.lifetime), wrappedAreKnown(type),
        let dependencies = registration.dependencies,
        dependencies.allSatisfy({ $0.kind != .argument && !$0.key.type.hasPrefix(localPrefix) }),
        sites.insert("\(registration.location.line) \(type)").inserted
      else { return nil }
      guard naming else {
        guard registration.forwards.allSatisfy({ vouches($0.key, for: type) }) else { return nil }
        continue
      }
      guard let spelled = index.generatedName(type, in: ""),
        let written = componentLines(
          registration, of: type, spelled: spelled, lifetime: lifetime, module: module)
      else { return nil }
      lines += written
    }
    return "    var graph = Squire._CheckedGraph.Builder(dependencies: 0)\n"
      + lines.map { $0 + "\n" }.joined() + "    return graph.content\n"
  }

  /// A registration of a part, by where it is written and its type.
  private struct PartSite: Hashable {
    let location: Location
    let type: String?

    init(_ registration: Registration) {
      location = registration.location
      type = registration.type
    }
  }

  /// Whether `registration`, read in a container, is what `alone` reads of it in its part: the
  /// lifetime (the container's default may differ), `.default()`, steps and forwards.
  private static func same(_ registration: Registration, _ alone: Registration) -> Bool {
    registration.lifetime == alone.lifetime && registration.isDefault == alone.isDefault
      && registration.steps == alone.steps
      && registration.forwards.map(\.key) == alone.forwards.map(\.key)
  }

  /// Whether `name` declares that it conforms to Squire's `Part` (generated code names it as
  /// one), and the target declares no `Part` of its own.
  private func isPart(_ name: String) -> Bool {
    guard index.types["Part"] == nil, let declaration = index.types[name] else { return false }
    return declaration.inherited.contains {
      !$0.isConditional && ($0.name == "Part" || $0.name == "Squire.Part")
    }
  }

  /// Whether the tool knows `type` is `key`'s type or conforms to it.
  private func vouches(_ key: Key, for type: String) -> Bool {
    key.type == type || index.conforms(type, to: key.type) == true
  }

  /// `graph.component(...)` for `registration`, a component of `type` that generated code spells
  /// `spelled`, registered in `module`, then a `graph.as(...)` per forward; nil when a forward is
  /// one the tool cannot vouch for or name.
  private func componentLines(
    _ registration: Registration, of type: String, spelled: String, lifetime: String,
    module: String
  ) -> [String]? {
    let file = registration.location.file.split(separator: "/").last.map(String.init) ?? ""
    var line =
      "    graph.component(\"\(module)/\(file)\", \(registration.location.line), "
      + "\(Generator.metatype(spelled)), .\(lifetime)"
    if registration.isDefault { line += ", isDefault: true" }
    if registration.steps > 0 { line += ", steps: \(registration.steps)" }
    var lines = [line + ")"]
    for forward in registration.forwards {
      guard let text = forwardLine(forward.key, of: type) else { return nil }
      lines.append(text)
    }
    return lines
  }

  /// Whether the tool read `registration` exactly, and it has nothing the build's check leaves
  /// to `validate()`, in one of `own`.
  private func isExact(_ registration: Registration, own: Set<String>) -> Bool {
    registration.isCertain && registration.readsEveryDependency
      && registration.arguments.isEmpty && registration.consumers.isEmpty
      && registration.passesArgumentsTo.isEmpty && !registration.isAsync
      && !registration.isSilenced && !registration.isDecorator && !registration.isLabelledForm
      && registration.factory?.isMainActor != true
      && own.contains(registration.location.file)
  }

  /// `graph.as(...)` for a forward the compiler or the tool checked; nil for one it cannot
  /// vouch for or name.
  private func forwardLine(_ key: Key, of type: String) -> String? {
    guard vouches(key, for: type), let target = index.generatedName(key.type, in: "")
    else { return nil }
    switch key.qualifier {
    case .none:
      return "    graph.as(\(Generator.metatype(target)))"
    case .name(let name):
      // A name written plainly; anything that needs escaping is left to the walk.
      guard name.allSatisfy({ $0.isLetter || $0.isNumber || " _-.:/".contains($0) }) else {
        return nil
      }
      return "    graph.as(\(Generator.metatype(target)), name: \"\(name)\")"
    case .tag(let tag):
      guard let tagName = index.generatedName(tag, in: "") else { return nil }
      return "    graph.as(\(Generator.metatype(target)), tag: \(Generator.metatype(tagName)))"
    }
  }

  /// Whether every `@Injected` and `@LazyInjected` property of `type` and its superclasses is
  /// one the tool read (a literal name or tag, a type it can tell): a superclass it does not
  /// know may hold more.
  private func wrappedAreKnown(_ type: String) -> Bool {
    var current: String? = type
    var steps = 0
    while let name = current {
      guard let declaration = index.types[name], steps < 20 else { return false }
      if declaration.kind == .protocol { return true }
      for property in declaration.wrapped {
        guard let qualifier = property.qualifier,
          index.dependency(of: property.type, in: name, qualifier: qualifier) != nil
        else { return false }
      }
      guard let inherited = declaration.firstInherited else { return true }
      let next = index.canonical(inherited.name, in: inherited.scope)
      if index.types[next] == nil {
        // Not a superclass: a struct or an enum has none; a class's first inherited type that
        // the tool does not know may be one.
        return declaration.kind != .class || Self.protocols.contains(next)
      }
      current = next
      steps += 1
    }
    return true
  }

  /// Protocols of the standard library a class commonly names first.
  static let protocols: Set<String> = [
    "Sendable", "AnyObject", "Equatable", "Hashable", "Identifiable", "CustomStringConvertible",
    "CustomDebugStringConvertible", "Codable", "Encodable", "Decodable", "Error",
  ]

  /// The most components built one inside the other, through dependencies a component needs
  /// while it is made; nil on a cycle (the check reports it).
  private func height(
    _ registrations: [Registration], _ immediate: [ObjectIdentifier: [Registration]]
  ) -> Int? {
    var heights: [ObjectIdentifier: Int] = [:]
    var onPath: Set<ObjectIdentifier> = []
    func height(of registration: Registration) -> Int? {
      let id = ObjectIdentifier(registration)
      if let known = heights[id] { return known }
      guard onPath.count <= Self.maximumHeight, onPath.insert(id).inserted else { return nil }
      var most = 0
      for next in immediate[id] ?? [] {
        guard let below = height(of: next) else { return nil }
        most = max(most, below)
      }
      onPath.remove(id)
      heights[id] = most + 1
      return most + 1
    }
    var most = 0
    for registration in registrations {
      guard let found = height(of: registration) else { return nil }
      most = max(most, found)
    }
    return most
  }

  /// A lifetime as generated code spells it; nil for one it cannot name (a scope, unknown).
  static func lifetime(_ lifetime: Lifetime) -> String? {
    switch lifetime {
    case .prototype, .objectGraph, .perContainer, .single, .weak: lifetime.description
    case .scoped, .unknown: nil
    }
  }
}
#endif
