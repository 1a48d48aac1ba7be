#if BuildPlugin
/// How a type is asked for or provided besides its type: a name or a tag, as `.as(_:name:)`,
/// `.as(_:tag:)` and `by(tag:)` write them.
enum Qualifier: Hashable, Sendable {
  case none
  case name(String)
  case tag(String)
}

/// What a lookup is keyed by: a type, by its name qualified as written in the target after
/// typealiases are followed, and a qualifier.
struct Key: Hashable, Sendable {
  let type: String
  let qualifier: Qualifier

  init(type: String, qualifier: Qualifier = .none) {
    self.type = type
    self.qualifier = qualifier
  }

  /// The type as `String(describing:)` prints it at run time: the innermost name of a nested
  /// type, so that the tool's messages read as `validate()`'s.
  var displayType: String { displayName(type) }
}

/// The last component of a qualified name, outside generic arguments: `Outer.Inner` is `Inner`.
func displayName(_ qualified: String) -> String {
  let qualified =
    qualified.hasPrefix(localPrefix) ? String(qualified.dropFirst(localPrefix.count)) : qualified
  var depth = 0
  var start = qualified.startIndex
  for index in qualified.indices {
    switch qualified[index] {
    case "<", "[", "(": depth += 1
    case ">", "]", ")": depth -= 1
    case "." where depth == 0: start = qualified.index(after: index)
    default: break
    }
  }
  return String(qualified[start...])
}

/// A lifetime as `.lifetime(_:)` is given it; `unknown` when it is not written as a literal.
enum Lifetime: Hashable, Sendable, CustomStringConvertible {
  case prototype
  case objectGraph
  case perContainer
  case single
  case weak
  case scoped(String)
  case unknown

  var description: String {
    switch self {
    case .prototype: "prototype"
    case .objectGraph: "objectGraph"
    case .perContainer: "perContainer"
    case .single: "single"
    case .weak: "weak"
    case .scoped(let scope): "scoped(\(scope))"
    case .unknown: "unknown"
    }
  }
}

/// Something a component asks for: a parameter of its factory, an injection, a wrapped
/// property.
struct Dependency: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    /// The type itself: it must be there.
    case required
    /// An `Optional`: absent is fine.
    case optional
    /// Every implementation (`many`).
    case many
    /// Resolved after its owner exists: a `Lazy` (kept) or a `Provider` (not kept).
    case lazy
    case provider
    /// A runtime argument (`arg`).
    case argument
  }

  let key: Key
  let kind: Kind
  /// An injection marked `cycle: true`: resolved at the end of the resolve, so it breaks cycles.
  let breaksCycle: Bool

  init(key: Key, kind: Kind, breaksCycle: Bool = false) {
    self.key = key
    self.kind = kind
    self.breaksCycle = breaksCycle
  }

  /// Needed while its owner is being made: a cycle through it has no break point.
  var isImmediate: Bool { !breaksCycle && (kind == .required || kind == .optional) }

  /// Kept by its owner (a `Provider` resolves a current one each time).
  var isKept: Bool { kind == .required || kind == .optional || kind == .lazy }
}
#endif
