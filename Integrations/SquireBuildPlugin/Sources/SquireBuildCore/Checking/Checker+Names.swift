#if BuildPlugin
// Names and tags: a name no registration carries is a typo, wherever it is asked for; the parts
// a container forgot to append.
extension Checker {
  /// The names and tags that registrations of `levels` carry, and those of the keys the
  /// containers below provide.
  func carriedQualifiers(_ levels: [ContainerGraph], below: Set<Key>) -> Set<Qualifier> {
    var carried = Set(below.map(\.qualifier))
    for level in levels {
      for registration in level.registrations {
        for key in registration.providedKeys { carried.insert(key.qualifier) }
      }
      for key in level.suppliedByChildren { carried.insert(key.qualifier) }
    }
    carried.remove(.none)
    return carried
  }

  /// Each optional, lazy or provided dependency asked for by a name or tag that no registration
  /// of the container, its parents or its children carries: a typo that a resolve would not
  /// report (the property stays nil, or the `Lazy` fails later). A required one is a missing
  /// dependency, reported as such.
  func unknownNames(
    _ components: [Registration], carried: Set<Qualifier>, anyOpenBelow: Bool, _ paths: Paths
  ) -> [Problem] {
    guard !anyOpenBelow else { return [] }
    var problems: [Problem] = []
    for component in components where component.isCertain {
      for dependency in component.dependencies ?? [] {
        let key = dependency.key
        guard key.qualifier != .none, !carried.contains(key.qualifier),
          !key.type.hasPrefix(localPrefix),
          [.optional, .lazy, .provider].contains(dependency.kind)
        else { continue }
        let location = component.qualifiedAt[key] ?? component.location
        let asked =
          switch dependency.kind {
          case .lazy: "`Lazy<\(key.displayType)>`"
          case .provider: "`Provider<\(key.displayType)>`"
          default: "`\(key.displayType)?`"
          }
        let (what, carrier) =
          switch key.qualifier {
          case .name(let name):
            ("Unknown name: no registration carries the name \"\(name)\"", "name")
          case .tag(let tag):
            ("Unknown tag: no registration carries the tag `\(displayName(tag))`", "tag")
          case .none: ("", "")
          }
        let matches = closeMatches(key.qualifier, among: carried)
        let forward =
          switch key.qualifier {
          case .name(let name): ".as(\(key.displayType).self, name: \"\(name)\")"
          case .tag(let tag): ".as(\(key.displayType).self, tag: \(displayName(tag)).self)"
          case .none: ""
          }
        problems.append(
          problem(
            at: location,
            what: what + ", which `\(component.display)` asks for as \(asked).",
            path: paths.path(to: component).map(\.display) + [describe(key)],
            details: ["registered at: " + locations([component])]
              + (matches.isEmpty ? [] : ["close matches: " + matches.joined(separator: ", ")]),
            why: "a \(carrier) is not checked by the compiler, and the dependency is optional: "
              + "a resolve leaves it empty without an error, and the program fails later, where "
              + "it is used.",
            fix: "correct the \(carrier)"
              + (matches.isEmpty ? "" : " (close matches above)")
              + ", or forward a component under it with `\(forward)`.",
            hops: [(component.location, "`\(component.display)` is registered here")]))
      }
    }
    return problems
  }

  /// The names (or tags) among `carried` close to `qualifier`'s: a typo's likely meaning.
  func closeMatches(_ qualifier: Qualifier, among carried: Set<Qualifier>) -> [String] {
    let (written, candidates): (String, [(String, String)])
    switch qualifier {
    case .none: return []
    case .name(let name):
      written = name
      candidates = carried.compactMap {
        if case .name(let other) = $0 { (other, "\"\(other)\"") } else { nil }
      }
    case .tag(let tag):
      written = displayName(tag)
      candidates = carried.compactMap {
        if case .tag(let other) = $0 {
          (displayName(other), "`\(displayName(other))`")
        } else {
          nil
        }
      }
    }
    let limit = max(2, written.count / 3)
    return
      candidates
      .map { (distance(written.lowercased(), $0.0.lowercased()), $0.1) }
      .filter { $0.0 <= limit }
      .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
      .prefix(3).map(\.1)
  }

  /// The parts declared in the target or the modules it reads, appended nowhere in `levels`,
  /// that register something providing `key`.
  func partsProviding(_ key: Key, notIn levels: [ContainerGraph]) -> [String] {
    let loaded = Set(levels.flatMap(\.loadedParts))
    return parts().filter { name, graph in
      !loaded.contains(name)
        && graph.registrations.contains { $0.providedKeys.contains(key) }
    }
    .keys.sorted()
  }

  /// The edit distance between two strings (insertions, deletions, substitutions).
  private func distance(_ left: String, _ right: String) -> Int {
    let a = Array(left)
    let b = Array(right)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = Swift.min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
#endif
