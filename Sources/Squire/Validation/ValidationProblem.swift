/// One thing wrong with a container's graph, found by ``Container/validate()``: what it is,
/// the path of components that leads to it, and a paragraph saying why it is wrong and how to
/// fix it.
///
/// ```swift
/// for problem in container.validate().problems {
///   if case .missingDependency(let type, _, let neededBy) = problem.kind {
///     print("\(neededBy) need \(type)")
///   }
///   print(problem.path.joined(separator: " → "))
///   print(problem)   // the whole paragraph
/// }
/// ```
public struct ValidationProblem: Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem it is, with the types involved.
  public enum Kind: Sendable, Hashable {
    /// Nothing provides `type` (under `qualifier`, if any), and the components in `neededBy`
    /// ask for it as a dependency they cannot do without. Under a name or a tag this is an
    /// unknown name or tag.
    case missingDependency(type: String, qualifier: Qualifier?, neededBy: [String])
    /// Several components provide `type` and none is marked `.default()`. `neededBy` lists the
    /// components that ask for one; it is empty when the type is registered twice as itself,
    /// which makes resolving it directly fail.
    case ambiguousDependency(
      type: String, qualifier: Qualifier?, candidates: [String], neededBy: [String])
    /// Components that need each other while they are being made, with no `cycle: true`
    /// injection, `Lazy` or `Provider` to break the loop: from a component back to it,
    /// `["A", "B", "A"]`.
    case cycle([String])
    /// `holder` keeps `dependency`, which should live shorter: see
    /// <doc:ValidatingYourGraph#Captive-dependencies> for the rules.
    case captiveDependency(
      holder: String, holderLifetime: Lifetime, dependency: String, dependencyLifetime: Lifetime)
    /// `component` takes runtime arguments of `argumentTypes` (through `arg`), but the
    /// components in `neededBy` build it as their dependency, and only the component resolved
    /// at the top receives arguments.
    case unpassableArgument(component: String, argumentTypes: [String], neededBy: [String])
    /// `component` has an `.onClose`, but its `lifetime` (`.prototype`, `.objectGraph`) gives
    /// its instances to no one who closes: the cleanup would never run.
    case cleanupNeverRuns(component: String, lifetime: Lifetime)
    /// Resolving `from` builds components nested `depth` deep, down to `to`: deeper than
    /// resolution goes (`limit`), so resolving it fails.
    case tooDeep(from: String, to: String, depth: Int, limit: Int)
    /// `component` is forwarded with `.as(type)`, and its instances are not a `type`: resolving
    /// `type` through it would fail every time.
    case wrongForward(component: String, type: String)
    /// `component` is registered with `register(_:)`, without a factory, and the components in
    /// `neededBy` ask the container to build it: only `inject(into:)` can use it.
    case noFactory(component: String, neededBy: [String])
    /// The components in `neededBy` ask for `value`, a ``DerivedDependency`` (a configuration
    /// value, for one), which cannot be made: `reason` says why.
    case unavailableValue(value: String, neededBy: [String], reason: String)
  }

  /// How a dependency was narrowed beyond its type.
  public enum Qualifier: Sendable, Hashable, CustomStringConvertible {
    /// Asked for under a name: `.as(Engine.self, name: "BMW")` provides it.
    case name(String)
    /// Asked for under a tag type, given by its name: `.as(Engine.self, tag: Sport.self)`
    /// provides it.
    case tag(String)
    /// Asked for under every one of several tags (nested `by(tag:_:)`), given by their names:
    /// a component forwarded under each of them provides it.
    case tags([String])

    /// `name "BMW"` or `tag Sport`.
    public var description: String {
      switch self {
      case .name(let name): "name \"\(name)\""
      case .tag(let tag): "tag \(tag)"
      case .tags(let tags): "tags \(tags.joined(separator: ", "))"
      }
    }
  }

  /// What kind of problem it is.
  public let kind: Kind
  /// The components from one that nothing depends on (what an app resolves) down to the
  /// problem, ending in the missing or ambiguous dependency, the captive one, or, for a cycle,
  /// the loop itself: `["Knight", "Armor", "Forge"]`.
  public let path: [String]
  /// Registrations close to a missing dependency: a forgotten `.as`, a name that differs by
  /// case, a tag registered for another type.
  public let suggestions: [String]
  /// The whole explanation: what, the path, why, how to fix it, and close matches.
  public let description: String

  init(
    kind: Kind, path: [String], suggestions: [String] = [], what: String, details: [String] = [],
    why: String, fix: String
  ) {
    self.kind = kind
    self.path = path
    self.suggestions = suggestions
    var lines = [what]
    if path.count > 1 { lines.append("  path: " + path.joined(separator: " → ")) }
    lines += details.map { "  " + $0 }
    lines.append("  why: " + why)
    lines.append("  fix: " + fix)
    if !suggestions.isEmpty {
      lines.append("  close matches:")
      lines += suggestions.map { "    - " + $0 }
    }
    description = lines.joined(separator: "\n")
  }
}
