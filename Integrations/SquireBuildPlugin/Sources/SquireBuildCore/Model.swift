#if BuildPlugin
/// Where something is written: a file, a line and a column, all counted from 1.
public struct Location: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The path, as the tool was given it.
  public let file: String
  /// The line, from 1.
  public let line: Int
  /// The column, from 1.
  public let column: Int

  init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column`, as compilers print it.
  public var description: String { "\(file):\(line):\(column)" }

  /// In file order.
  public static func < (left: Location, right: Location) -> Bool {
    (left.file, left.line, left.column) < (right.file, right.line, right.column)
  }
}

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

/// One `register` call, as far as the tool could read it.
final class Registration: @unchecked Sendable {
  /// The `register` token.
  let location: Location
  /// The component's type, qualified; nil when the tool cannot tell it.
  let type: String?
  /// What its factory and injections ask for; nil when the tool cannot tell all of it.
  var dependencies: [Dependency]?
  /// `dependencies` is everything it asks for, not only what the tool could read of it.
  var readsEveryDependency = false
  /// `arg` parameters' types.
  var arguments: [String] = []
  /// `.as` calls: the key and where the call is written.
  var forwards: [(key: Key, location: Location)] = [] {
    didSet { cachedKeys = nil }
  }
  var isDefault = false
  var lifetime: Lifetime = .prototype
  /// `.when(injectedInto:)` consumers.
  var consumers: [String] = []
  /// `.passesArguments(to:)`: the types named, and where each call is written.
  var passesArgumentsTo: [(type: String, location: Location)] = []
  /// Made on every run, in order: not in a branch, a loop or a closure.
  let isCertain: Bool
  /// Its factory, an injection or a `postInit` is async: a synchronous resolve cannot build it.
  var isAsync = false
  /// The line carries `// squire: dynamic`.
  var isSilenced = false
  /// The factory, read for generated code: an initializer's labels, or nil.
  var factory: Factory?
  /// What generated code needs of it, when its factory type is known exactly.
  var generated: GeneratedSite?
  /// When it was registered, among every registration the tool read.
  var order = 0
  /// Not a component: a decorator of `type` (`decorate(T.self) { ... }`), with its own
  /// dependencies. It provides nothing.
  var isDecorator = false

  init(location: Location, type: String?, isCertain: Bool) {
    self.location = location
    self.type = type
    self.isCertain = isCertain
  }

  /// The keys it can be resolved by: its own type unless every `.as` of its own type is under
  /// a name or a tag, and every `.as`.
  var providedKeys: [Key] {
    if let cachedKeys { return cachedKeys }
    let keys = makeProvidedKeys()
    cachedKeys = keys
    return keys
  }
  private var cachedKeys: [Key]?

  private func makeProvidedKeys() -> [Key] {
    guard let type else { return [] }
    let own = forwards.filter { $0.key.type == type }
    var keys: [Key] = []
    if own.isEmpty || own.contains(where: { $0.key.qualifier == .none }) {
      keys.append(Key(type: type))
    }
    for forward in forwards where !keys.contains(forward.key) { keys.append(forward.key) }
    return keys
  }

  var display: String { type.map(displayName) ?? "?" }
}

/// What generated code needs of a registration whose factory type the tool knows exactly.
struct GeneratedSite: Hashable, Sendable {
  /// The component's type, as generated code spells it.
  let implType: String
  /// The factory's parameter types, in order.
  let parameterTypes: [String]
  /// The initializer call that replaces the factory at this site: each argument's label (nil for
  /// none) and the index of the parameter it takes; nil when only the factory may be called.
  let direct: [(label: String?, parameter: Int)]?
  /// The initializer throws.
  let throwing: Bool
  /// `#fileID`'s file name and the `register` token's line.
  let file: String
  let line: Int

  static func == (left: GeneratedSite, right: GeneratedSite) -> Bool {
    left.implType == right.implType && left.parameterTypes == right.parameterTypes
      && left.directText == right.directText && left.file == right.file && left.line == right.line
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(implType)
    hasher.combine(parameterTypes)
    hasher.combine(directText)
    hasher.combine(file)
    hasher.combine(line)
  }

  /// The direct call's text: `try Car(engine: d0(&context), body: d1(&context))`.
  var directText: String? {
    guard let direct else { return nil }
    let arguments = direct.map { argument in
      (argument.label.map { "\($0): " } ?? "") + "d\(argument.parameter)(&context)"
    }
    let call = "\(implType)(\(arguments.joined(separator: ", ")))"
    return direct.isEmpty && !throwing ? call : "try " + call
  }

  /// The overload's function type, which names it.
  var signature: String {
    "(\(parameterTypes.joined(separator: ", "))) throws -> \(implType)"
  }

  /// What tells one helper from another: sites with the same key share one.
  var key: String { signature + " " + (directText ?? "") }
}

/// How a registration's factory builds its instance, when it is an initializer of a type of the
/// target the tool can call itself.
struct Factory: Hashable, Sendable {
  let labels: [String]
  let parameters: [Dependency]
  let isAsync: Bool
  let isThrowing: Bool
  let isMainActor: Bool
}

/// A container made in the target, with everything the tool saw registered in it.
final class ContainerGraph: @unchecked Sendable {
  let location: Location
  let parent: ContainerGraph?
  var registrations: [Registration] = []
  var children: [ContainerGraph] = []
  /// Something the tool could not follow may register in it, or registered what it cannot read:
  /// no problem of it is certain.
  var isOpen = false
  /// Why it is open, for the one note that says so.
  var openReason: String?
  /// The code that makes it inspects its problems itself (`validate()` read, resolves expected
  /// to throw): a test of the problems, left alone.
  var isInspected = false
  /// The code that makes it requires it to be valid (`requireValid()`, `isValid`).
  var isValidated = false
  /// `decorate` is called on it: decorators ask for dependencies the tool does not always read.
  var hasDecorators = false
  /// Its decorators, each as far as the tool read its dependencies.
  var decorators: [Registration] = []
  /// `await container.resolve(T.self)` in the top-level code of a `main.swift`, which Swift
  /// binds to the synchronous `resolve` even written with `await`: the key and the call.
  var topLevelResolves: [(key: Key, location: Location)] = []
  /// Top-level `await container.initializeSingletons()` of a `main.swift`, where Swift binds the
  /// synchronous one.
  var topLevelInitializations: [Location] = []
  /// Types a parent declares `suppliedByEachChild`.
  var suppliedByChildren: Set<Key> = []
  var loadedParts: Set<String> = []
  /// The lifetime of a component registered without `.lifetime(_:)`:
  /// `Container(defaultLifetime:)`, or the parent's.
  var defaultLifetime: Lifetime

  init(location: Location, parent: ContainerGraph?, defaultLifetime: Lifetime? = nil) {
    self.location = location
    self.parent = parent
    self.defaultLifetime = defaultLifetime ?? parent?.defaultLifetime ?? .prototype
    parent?.children.append(self)
  }

  func open(_ reason: String) {
    if !isOpen { openReason = reason }
    isOpen = true
  }

  /// This container and its parents, nearest first.
  var chain: [ContainerGraph] {
    var result: [ContainerGraph] = []
    var next: ContainerGraph? = self
    while let graph = next {
      result.append(graph)
      next = graph.parent
    }
    return result
  }
}

/// One line of output: `path:line:column: error: message`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// How bad it is: an `error` fails the build.
  public enum Severity: String, Sendable {
    /// Fails the build.
    case error
    /// Shows in the build, does not fail it.
    case warning
    /// Says more about the error or warning before it.
    case note
  }

  /// Where it points.
  public let location: Location
  /// Its severity.
  public let severity: Severity
  /// What it says.
  public let message: String

  init(_ severity: Severity, at location: Location, _ message: String) {
    self.location = location
    self.severity = severity
    self.message = message
  }

  /// The line to print: `path:line:column: error: message`.
  public var description: String { "\(location): \(severity.rawValue): \(message)" }
}

/// An error or a warning with the notes that go with it.
public struct Problem: Hashable, Sendable {
  /// The error, at the `register` call (or the `.as`) that causes it.
  public let diagnostic: Diagnostic
  /// The path, why, the fix, and a note at each component on the way.
  public let notes: [Diagnostic]

  /// The error, then its notes.
  public var lines: [Diagnostic] { [diagnostic] + notes }
}
#endif
