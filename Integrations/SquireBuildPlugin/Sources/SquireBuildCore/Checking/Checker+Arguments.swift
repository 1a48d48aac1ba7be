#if BuildPlugin
// The checks of runtime arguments: one that cannot be passed, and one passed to nothing.

extension Checker {
  /// - Parameter links: what a resolve builds right away (`from` builds `to`), `many` included,
  ///   as `validate()` counts them.
  func unpassable(
    _ links: [(from: Registration, to: Registration)], _ passing: ArgumentPassing, _ paths: Paths
  ) -> [Problem] {
    var askers: [ObjectIdentifier: [Registration]] = [:]
    var targets: [Registration] = []
    var notPassing: [ObjectIdentifier: Set<ObjectIdentifier>] = [:]
    for (from, to) in links where !to.arguments.isEmpty && from !== to {
      // Fine when every resolve that builds the asker passes the arguments down to it.
      let blocked = notPassing[ObjectIdentifier(to)] ?? passing.notPassing(to: to)
      notPassing[ObjectIdentifier(to)] = blocked
      guard blocked.contains(ObjectIdentifier(from)) else { continue }
      if askers[ObjectIdentifier(to)] == nil { targets.append(to) }
      askers[ObjectIdentifier(to), default: []].append(from)
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
  func passedToNothing(
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
            in: component, at: location, severity: .warning, path: [name, passed],
            what: "Arguments passed to nothing: `\(name)` declares "
              + "`.passesArguments(to: \(passed).self)`, and nothing it is built from is a "
              + "`\(passed)`.",
            why: "arguments given with `.to(\(passed).self, ...)` when resolving it would be "
              + "taken by no component, and the resolve would fail.",
            fix: "name the dependency that takes the argument (its own type, or one it is "
              + "forwarded as with `.as`), or remove the declaration."))
      }
    }
    return problems
  }
}
#endif
