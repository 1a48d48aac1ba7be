/// Which lifetimes may not hold which: a component that lives longer than a dependency it keeps
/// makes that dependency live as long as itself (a captive dependency).
///
/// | holder | may not hold |
/// |---|---|
/// | `.single` | `.perContainer`, `.objectGraph`, `.weak`, `.scoped` |
/// | `.perContainer` | `.objectGraph`, `.weak`, `.scoped` |
/// | `.scoped` | `.perContainer`, `.objectGraph`, `.weak`, another scope's `.scoped` |
/// | `.weak` | `.objectGraph` |
/// | `.prototype`, `.objectGraph` | nothing: they live as long as what holds them |
///
/// A `.prototype` in between passes the holder's lifetime on: a `.single` that holds a
/// prototype that holds an `.objectGraph` captures it just the same.
enum CaptiveRule {
  /// Lifetimes that keep what they hold beyond one resolve, longest first; `scopes` are the
  /// custom scopes the graph uses.
  static func holders(scopes: [Scope]) -> [Lifetime] {
    [.single, .perContainer] + scopes.map(Lifetime.scoped) + [.weak]
  }

  static func isCaptive(holder: Lifetime, dependency: Lifetime) -> Bool {
    switch (holder, dependency) {
    case (.single, .perContainer), (.single, .objectGraph), (.single, .weak), (.single, .scoped),
      (.perContainer, .objectGraph), (.perContainer, .weak), (.perContainer, .scoped),
      (.scoped, .perContainer), (.scoped, .objectGraph), (.scoped, .weak),
      (.weak, .objectGraph):
      true
    case (.scoped(let outer), .scoped(let inner)):
      outer != inner
    default:
      false
    }
  }

  /// Why `holder` may not hold `dependency`, for the problem's text.
  static func why(
    holder: String, _ holderLifetime: Lifetime, dependency: String, _ lifetime: Lifetime
  )
    -> String
  {
    let kept: String
    switch holderLifetime {
    case .single: kept = "one `\(holder)` serves the whole container tree for the app's lifetime"
    case .perContainer: kept = "one `\(holder)` serves its container for the container's lifetime"
    case .scoped(let scope):
      kept = "one `\(holder)` serves every container until scope `\(scope.name)` is closed"
    default: kept = "`\(holder)` is kept for as long as anyone outside holds it"
    }
    switch lifetime {
    case .objectGraph:
      return "\(kept), while a `.objectGraph` `\(dependency)` belongs to one top-level resolve: "
        + "`\(holder)` keeps the one of the resolve that made it, and every later resolve shares "
        + "a new `\(dependency)` that `\(holder)` never sees."
    case .weak:
      return "\(kept), and it holds `\(dependency)` strongly: a `.weak` component is meant to go "
        + "when nobody outside holds it, and this one never goes."
    case .scoped(let scope):
      return "\(kept), while `\(dependency)` belongs to a period of scope `\(scope.name)`: when "
        + "that scope is closed, `\(holder)` keeps the old `\(dependency)` and never sees the new."
    default:
      return "\(kept), while a `.perContainer` `\(dependency)` is one per container: `\(holder)` "
        + "keeps the instance of the container that made it first, and a child container's "
        + "components get their own `\(dependency)` that `\(holder)` never sees."
    }
  }
}
