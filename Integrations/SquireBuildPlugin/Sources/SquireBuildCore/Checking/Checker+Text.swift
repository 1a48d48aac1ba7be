#if BuildPlugin
// The words of a problem: its notes, how a key and a place are written, and the path to it.
extension Checker {
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
    let module = index.fileModules[location.file] ?? self.module
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
