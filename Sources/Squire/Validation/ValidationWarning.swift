/// Something ``Container/validate()`` found that is likely a mistake but makes no resolve fail:
/// a decorator of a type nothing provides, a `.when(injectedInto:)` whose consumer is not
/// registered, a type registered several times that nothing asks one of. Warnings do not make a
/// report invalid.
///
/// ```swift
/// let report = container.validate()
/// for warning in report.warnings {
///   print(warning)   // what, where, why, and how to fix it
/// }
/// ```
public struct ValidationWarning: Sendable, Hashable, CustomStringConvertible {
  /// What kind of warning it is, with the types involved.
  public enum Kind: Sendable, Hashable {
    /// A decorator of `type`, registered at `location`, wraps nothing: no component visible
    /// from the container is resolvable as `type`.
    case decoratorWithoutComponent(type: String, location: String)
    /// `component` is registered `.when(injectedInto: consumer)`, and no component visible from
    /// the container is `consumer` (or forwarded as it), so nothing receives it.
    case contextWithoutConsumer(component: String, consumer: String)
    /// `type` is provided by several components of one container (registered at `candidates`),
    /// none marked `.default()`, and no component asks for one of it: taking them all with
    /// `many` works, resolving one fails.
    case registeredSeveralTimes(type: String, candidates: [String])
    /// `component` declares `.passesArguments(to: type)`, and nothing it is built from (itself
    /// included) is a `type`: arguments passed to `type` when resolving it are never taken.
    case argumentsPassedToNothing(component: String, type: String)
  }

  /// What kind of warning it is.
  public let kind: Kind
  /// The types involved, from the registration to what it is about.
  public let path: [String]
  /// The whole explanation: what, the path, why, how to fix it, and close matches.
  public let description: String
  /// Registrations close to what the warning is about.
  public let suggestions: [String]

  init(
    kind: Kind, path: [String], suggestions: [String] = [], what: String, details: [String] = [],
    why: String, fix: String
  ) {
    // Written like a problem, so that a report reads the same throughout.
    description =
      ValidationProblem(
        kind: .cycle([]), path: path, suggestions: suggestions, what: what, details: details,
        why: why, fix: fix
      ).description
    self.kind = kind
    self.path = path
    self.suggestions = suggestions
  }
}
