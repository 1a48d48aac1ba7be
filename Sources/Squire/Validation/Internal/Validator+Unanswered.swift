/// The first rules `validate()` applies: dependencies that nothing provides, and those that
/// several components provide with no way to choose.
extension Validator {
  mutating func unanswered() -> [ValidationProblem] {
    var byKey: [LookupKey: [DependencyGraph.Unanswered]] = [:]
    var keys: [LookupKey] = []
    for item in graph.unanswered {
      let key = graph.edges[item.edge].key
      if byKey[key] == nil { keys.append(key) }
      byKey[key, default: []].append(item)
    }
    var missing: [ValidationProblem] = []
    var ambiguous: [ValidationProblem] = []
    for key in keys {
      let items = byKey[key]!
      let nearest = paths.nearest(items.map(\.from))!
      let edge = graph.edges[items.first { $0.from == nearest }!.edge]
      let neededBy = names(items.map(\.from))
      let path = paths.path(to: nearest).map { graph.nodes[$0].typeName } + [edge.typeName]
      let candidates = items[0].candidates
      if candidates.isEmpty {
        let askers = Set(items.map { ObjectIdentifier(graph.nodes[$0.from]) })
        missing.append(missingProblem(edge, neededBy: neededBy, path: path, askers: askers))
      } else {
        ambiguous.append(
          ambiguousProblem(
            edge.key, String(describing: edge.type), edge.typeName, candidates, neededBy, path))
      }
    }
    // A type registered several times that no component asks one of: a problem only when
    // every candidate is `.default()` (resolving it can never work); otherwise a warning, since
    // registering plugins in a loop and taking them with `many` is a correct program.
    for (key, candidates) in graph.duplicates where byKey[key] == nil {
      let first = candidates[0]
      let provided = first.forward.map { first.record.forwards[$0].forwardedType }
      let name =
        provided.map { Linker.describe($0, key.qualifier) } ?? first.record.typeName
      if candidates.allSatisfy(\.record.isDefault) {
        ambiguous.append(ambiguousProblem(key, name, name, candidates, [], [name]))
      } else {
        warnings.append(repeatedRegistration(name, candidates))
      }
    }
    return sorted(missing) + sorted(ambiguous)
  }

  /// The warning for a type registered several times in one container that no component asks
  /// one of.
  private func repeatedRegistration(_ type: String, _ candidates: [Candidate])
    -> ValidationWarning
  {
    let listed = ResolutionError.list(
      candidates.prefix(ResolutionError.listedCandidates).map(\.description),
      count: candidates.count)
    return ValidationWarning(
      kind: .registeredSeveralTimes(
        type: type, candidates: candidates.map(\.record.location.description)),
      path: [type],
      what: "Registered several times: \(candidates.count) components provide `\(type)` and "
        + "none is marked `.default()`; no component asks for one.",
      details: ["candidates: " + listed],
      why: "`many` takes them all, but `resolve(\(type).self)` would fail: Squire will not "
        + "pick one at random.",
      fix: "nothing, if they are only taken with `many`; otherwise mark the one to use with "
        + "`.default()`, or remove the duplicate registration.")
  }

  private func missingProblem(
    _ edge: DependencyEdge, neededBy: [String], path: [String], askers: Set<ObjectIdentifier>
  ) -> ValidationProblem {
    let type = String(describing: edge.type)
    let (needs, need) = edge.kind == .optional ? ("asks for", "ask for") : ("needs", "need")
    let asker =
      neededBy.count == 1 ? "`\(neededBy[0])` \(needs)" : "\(neededBy.count) components \(need)"
    var details =
      neededBy.count > 1
      ? ["needed by: " + Self.listed(neededBy)] : []
    if edge.from.lifetime == .single
      && (linker.isSuppliedByChildren(edge.key) || linker.isMissingWhereBuilt(edge.from, edge.key))
    {
      details.append(
        "`\(edge.from.typeName)` is `.single`: it is built in the container that registered it, "
          + "which a child's registrations do not reach; give it a shorter lifetime "
          + "(`.perContainer`) or register it in the child")
    } else if linker.levels.contains(where: { $0.suppliedByChildren.contains(edge.key) }) {
      details.append(
        "a parent declares it `suppliedByEachChild`: this child container must register it")
    }
    if let property = edge.wrappedProperty, edge.key.qualifier == .none {
      details.append(
        "asked for by the wrapped property \(property), checked as asking for no name or tag: "
          + "a wrapper's name or tag is known only once an object of `\(edge.from.typeName)` has "
          + "been built (if the property names one, resolve one before validating)")
    }
    if edge.kind == .optional {
      let qualifier = if case .name = edge.key.qualifier { "name" } else { "tag" }
      details.append(
        "asked for as an optional (`\(type)?`, or `\(type)!` through `.injection(name:)`), which "
          + "is nil when nothing provides it; no registration in this container or its parents "
          + "carries this \(qualifier) at all, so it would always be nil")
    }
    if let decorator = edge.decorator {
      details.append(
        "asked for by the decorator of `\(decorator.typeName)` registered at "
          + "\(decorator.location), which wraps `\(edge.from.typeName)`")
    }
    let suggestions = linker.nearMatches.suggestions(
      for: edge.type, qualifier: edge.key.qualifier, askers: askers)
    func missing(
      _ qualifier: ValidationProblem.Qualifier?, what: String, why: String, fix: String
    ) -> ValidationProblem {
      ValidationProblem(
        kind: .missingDependency(type: type, qualifier: qualifier, neededBy: neededBy),
        path: path, suggestions: suggestions, what: what, details: details, why: why, fix: fix)
    }
    switch edge.key.qualifier {
    case .none:
      return missing(
        nil,
        what: "Missing dependency: nothing provides `\(type)`, which \(asker).",
        why: "nothing registered in this container or its parents provides `\(type)`, so "
          + "resolving \(Self.listed(neededBy)) fails.",
        fix: ResolutionError.fixForMissing(edge.type))
    case .name(let name):
      return missing(
        .name(name),
        what:
          "Unknown name: nothing provides `\(type)` under the name \"\(name)\", which \(asker).",
        why: "no component is forwarded with `.as(\(type).self, name: \"\(name)\")`; a name is a "
          + "string, so a typo shows only when validating or resolving.",
        fix: "forward a component under exactly that name, or correct the name where it is asked "
          + "for (see the close matches); tags, being types, are checked by the compiler.")
    case .tags(let ids):
      let forwards = ids.map { "`.as(\(type).self, tag: \(TagRegistry.name(of: $0)).self)`" }
        .sorted().joined(separator: " and ")
      let tags = TagRegistry.names(of: ids)
      return missing(
        .tags(ids.map(TagRegistry.name(of:)).sorted()),
        what: "Unknown tags: nothing provides `\(type)` under every one of the tags \(tags), "
          + "which \(asker).",
        why: "nested `by(tag:_:)` modifiers ask for a component forwarded under each of their "
          + "tags, and no component is forwarded with all of \(forwards).",
        fix: "forward the component meant for it under every one of these tags, or drop the tags "
          + "it does not have where it is asked for (see the close matches).")
    case .tag(let id):
      let tag = TagRegistry.name(of: id)
      return missing(
        .tag(tag),
        what: "Unknown tag: nothing provides `\(type)` under the tag `\(tag)`, which \(asker).",
        why: "no component is forwarded with `.as(\(type).self, tag: \(tag).self)`.",
        fix:
          "forward the component meant for it with `.as(\(type).self, tag: \(tag).self)`, or ask "
          + "with the tag it is registered under (see the close matches).")
    }
  }

  private func ambiguousProblem(
    _ key: LookupKey, _ bareType: String, _ type: String, _ candidates: [Candidate],
    _ neededBy: [String], _ path: [String]
  ) -> ValidationProblem {
    // A few candidates are described, in registration order, and the rest counted: an
    // ambiguity among thousands stays a paragraph.
    let sites = Candidate.listed(candidates)
    let listed = ResolutionError.list(
      sites.descriptions, count: candidates.count, listedCount: sites.covered)
    let qualifier = publicQualifier(key.qualifier)
    let allDefaults = candidates.allSatisfy(\.record.isDefault)
    let what =
      allDefaults
      ? "Ambiguous dependency: \(candidates.count) components provide `\(type)` and "
        + "\(candidates.count) are marked `.default()`."
      : "Ambiguous dependency: \(candidates.count) components provide `\(type)` and none is "
        + "marked `.default()`."
    var why: String
    if allDefaults {
      why =
        "`.default()` picks one among several; on more than one it picks none, so resolving "
        + "`\(type)` fails."
    } else if neededBy.isEmpty {
      why =
        "`\(type)` is registered \(candidates.count) times in the same container, so resolving "
        + "it fails: Squire will not pick one at random."
    } else {
      why =
        "\(Self.listed(neededBy)) "
        + "\(neededBy.count == 1 ? "asks" : "ask") for one `\(type)`, and Squire will not pick one "
        + "at random."
    }
    var fix: String
    if allDefaults {
      fix = "keep `.default()` on the one registration to use, and remove it from the others."
    } else if neededBy.isEmpty {
      fix = "remove the duplicate registration, or mark the one to use with `.default()`."
    } else {
      fix =
        "mark one registration with `.default()`, ask for one by name or tag, or take them "
        + "all with `many`."
    }
    // Registered for the same consumer: the components that ask get both.
    if !allDefaults, candidates.allSatisfy({ !$0.record.consumers.isEmpty }) {
      let names = candidates.prefix(2).map { "`\($0.record.typeName)`" }.joined(separator: " and ")
      let consumers = Set(candidates.map(\.record.consumerNames)).sorted().joined(separator: ", ")
      why =
        "\(names)\(candidates.count > 2 ? " and others" : "") are registered "
        + "`.when(injectedInto:)` the same consumer (\(consumers)), so it gets \(candidates.count) "
        + "`\(type)`s, and Squire will not pick one at random."
      fix =
        "keep `.when(injectedInto:)` on the one registration meant for \(consumers), or mark it "
        + "`.default()`."
    }
    return ValidationProblem(
      kind: .ambiguousDependency(
        type: bareType, qualifier: qualifier,
        candidates: candidates.map(\.record.typeName).sorted(),
        neededBy: neededBy),
      path: path, what: what, details: ["candidates: " + listed], why: why, fix: fix)
  }
}
