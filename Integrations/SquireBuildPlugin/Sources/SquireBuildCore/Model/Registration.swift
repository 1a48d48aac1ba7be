#if BuildPlugin
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
  /// Where a dependency asked for by name or tag is written, when not in the `register` call:
  /// `.injection(name:)`, `@Injected(name:)`. A typo in the name is reported there.
  var qualifiedAt: [Key: Location] = [:]
  /// When it was registered, among every registration the tool read.
  var order = 0
  /// A form of `register` with a labelled first argument (`register(isolated:)`, ...): not the
  /// plain synchronous one whose records the generated table describes.
  var isLabelledForm = false
  /// Its `.injection`s and `postInit`s, as many as a record of it holds at run time.
  var steps = 0
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
  /// The type holds no `@Injected` or `@LazyInjected` property (`DeclarationIndex.wrapsNothing`):
  /// told by the type, so not compared.
  var wrapsNothing = false
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
#endif
