#if BuildPlugin
/// Which components certainly do not pass a dependency's runtime arguments down to it, as
/// `validate()` decides it: a component nothing builds as a dependency is resolved at the top and
/// passes them when it declares `.passesArguments(to:)` for the dependency; one built as a
/// dependency passes them when everything that builds it does. The tool is sure a component does
/// not pass them only when it knows every component that builds another right away.
struct ArgumentPassing {
  /// Per component, those that build it right away (not through a `Provider`, a `Lazy` or a
  /// cyclic injection), itself left out.
  private var askers: [ObjectIdentifier: [Registration]] = [:]
  private var builds: [ObjectIdentifier: [Registration]] = [:]
  private let components: [Registration]
  private let index: DeclarationIndex
  /// Some component declares `.passesArguments(to:)`: without one, no argument is passed down.
  private let anyDeclared: Bool
  /// Every link a resolve builds right away is among those given: a component that none
  /// reaches is resolved at the top.
  let askersKnown: Bool

  /// - Parameters:
  ///   - links: the immediate links the check found (`from` builds `to`), `many` included.
  ///   - anyDeclared: some registration of the container or its parents, certain or not,
  ///     declares `.passesArguments(to:)`.
  ///   - askersKnown: no component asks for something the tool could not read or look up.
  init(
    components: [Registration], links: [(from: Registration, to: Registration)],
    anyDeclared: Bool, askersKnown: Bool, index: DeclarationIndex
  ) {
    self.components = components
    self.index = index
    self.anyDeclared = anyDeclared
    // A link to a registration that is not a component (a parent's, overridden here, that a
    // `.single` of the parent still builds) leads to links the check did not follow.
    let ids = Set(components.map(ObjectIdentifier.init))
    self.askersKnown =
      askersKnown
      && links.allSatisfy {
        ids.contains(ObjectIdentifier($0.from)) && ids.contains(ObjectIdentifier($0.to))
      }
    for (from, to) in links where from !== to {
      askers[ObjectIdentifier(to), default: []].append(from)
      builds[ObjectIdentifier(from), default: []].append(to)
    }
  }

  /// The components that certainly build `target` in a resolve that does not pass its arguments
  /// down.
  func notPassing(to target: Registration) -> Set<ObjectIdentifier> {
    let all = Set(components.map(ObjectIdentifier.init))
    guard anyDeclared else { return all }
    guard askersKnown else { return [] }
    let keys = Set([target.type].compactMap { $0 } + target.forwards.map(\.key.type))
    var result: Set<ObjectIdentifier> = []
    var queue: [Registration] = []
    for component in components where askers[ObjectIdentifier(component)] == nil {
      // A type the target does not declare may be one of the target's under another name.
      let declares = component.passesArgumentsTo.contains {
        keys.contains($0.type) || !index.isKnown($0.type)
      }
      if !declares && result.insert(ObjectIdentifier(component)).inserted {
        queue.append(component)
      }
    }
    // What does not pass them makes everything it builds not get them.
    while let next = queue.popLast() {
      for built in builds[ObjectIdentifier(next)] ?? []
      where result.insert(ObjectIdentifier(built)).inserted {
        queue.append(built)
      }
    }
    return result
  }
}
#endif
