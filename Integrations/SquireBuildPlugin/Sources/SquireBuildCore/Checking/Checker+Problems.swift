#if BuildPlugin
// The problems of one container: missing, ambiguous, registered twice, a wrong `.as`.
extension Checker {
  func missingProblem(
    _ key: Key, askers: [Registration], _ paths: Paths, inChild: Bool = false,
    carried: Set<Qualifier> = [], unappended: [String] = []
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
    for part in unappended {
      let module = index.types[part]?.module ?? self.module
      details.append(
        "`\(displayName(part))` in \(module) registers `\(type)`, and this container never "
          + "appends it")
    }
    let matches = closeMatches(key.qualifier, among: carried)
    if !matches.isEmpty { details.append("close matches: " + matches.joined(separator: ", ")) }
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
    case .none where !unappended.isEmpty:
      let parts = unappended.map { "`\(displayName($0))`" }.joined(separator: " or ")
      what = "Missing dependency: nothing provides `\(type)`, which \(asker)."
      why =
        "\(parts) registers `\(type)`, but this container does not append it, so resolving "
        + "\(listed(neededBy)) fails."
      fix =
        "append it where the container is made: `container.append(part: "
        + "\(displayName(unappended[0])).self)`, or register a component that provides `\(type)`."
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
    // A name or tag is reported where it is written (`.injection(name:)`, `@Injected(name:)`).
    let location = first.qualifiedAt[key] ?? first.location
    return problem(
      at: location, what: what, path: path, details: details, why: why, fix: fix,
      hops: paths.hops(to: first, ending: type)
        + askers.dropFirst().map {
          ($0.location, "also needed by `\($0.display)`, registered here")
        })
  }

  func ambiguousProblem(
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
  func duplicates(_ graph: ContainerGraph, asked: Set<Key>, _ paths: Paths) -> [Problem] {
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

  func wrongForwards(_ components: [Registration]) -> [Problem] {
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
}
#endif
