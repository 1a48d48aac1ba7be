/// Why Squire could not build what was asked, written for a person: what was asked, the path
/// of components that led to the failure, why it failed, and what to do about it.
///
/// ``Container/tryResolve(_:isolation:)`` throws it; ``Container/resolve(_:file:line:isolation:)->T`` traps with the same text.
///
/// ```swift
/// do {
///   let knight = try container.tryResolve(Knight.self)
/// } catch {
///   print(error.requested)   // "Knight"
///   print(error.path)        // ["Knight", "Armor"]
///   print(error)             // the full explanation
/// }
/// ```
public struct ResolutionError: Error, Sendable, CustomStringConvertible {
  /// What went wrong, with the types involved: match on it to handle one kind of failure and
  /// pass the others on.
  ///
  /// ```swift
  /// func printer(in container: Container) throws(ResolutionError) -> Printer? {
  ///   do {
  ///     return try container.tryResolve(Printer.self)
  ///   } catch {
  ///     switch error.reason {
  ///     case .notRegistered(type: "Printer"):
  ///       return nil                   // this app was built without printing
  ///     case .factoryFailed(let component, let thrown):
  ///       print("\(component) could not start: \(thrown)")
  ///       throw error
  ///     default:
  ///       throw error                  // a wiring mistake: its description says what and where
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// A type's name in a case is as ``ResolutionError/requested`` writes it; a missing
  /// dependency deeper in the graph is `.notRegistered` too, with its own type and a longer
  /// ``ResolutionError/path``.
  public enum Reason: Sendable, Hashable {
    /// Nothing visible from the container provides `type` (under that name or tag, if any).
    case notRegistered(type: String)
    /// `count` components provide `type`, and not exactly one of them is marked `.default()`:
    /// none, or all of these when `markedDefault`. `candidates` describes the first few of them
    /// (at most ``ResolutionError/listedCandidates``), so that the error stays short at any
    /// scale.
    case ambiguous(type: String, candidates: [String], count: Int, markedDefault: Bool)
    /// The components in `cycle` need each other through their initializers (or through
    /// injections not marked `cycle: true`), so none of them can be built first.
    case cycle([String])
    /// The component needs a runtime argument of `type` that was not passed to it.
    case missingArgument(type: String, component: String)
    /// Runtime arguments of `types` were passed to `resolve(args:)`, and no `arg` parameter of
    /// the component resolved took them.
    case unusedArguments(types: [String])
    /// Runtime arguments of `types` were passed down to `component`
    /// (`resolve(_:passing: .to(component, ...))`), and no `arg` parameter of a `component`
    /// built in that resolve took them.
    case unusedPassedArguments(component: String, types: [String])
    /// A component forwarded with `.as(type)` built an instance that is not a `type`.
    case notConvertible(component: String, type: String)
    /// A component is registered with a lifetime its type cannot have.
    case invalidLifetime(component: String, lifetime: Lifetime)
    /// Components nest deeper than `limit`, one inside the other (counting the resolves that
    /// factories and `Lazy`/`Provider` values start inside each other), or deep enough to nearly
    /// use up the thread's stack: Squire stops there rather than overflow it, whether the
    /// recursion would end deeper or never.
    case tooDeep(limit: Int)
    /// A `Lazy` or `Provider` was used after the container that made it was released.
    case containerReleased
    /// A synchronous resolve met `component`, which it cannot build without waiting: its
    /// factory is async, or isolated to an actor the resolve is not running on. `cause` says
    /// which.
    case needsAwait(component: String, cause: String)
    /// The factory (or an injection, or `postInit`) of `component` threw `error`; the error
    /// itself is ``ResolutionError/underlyingError``.
    case factoryFailed(component: String, error: String)
    /// The container resolved from (or one of its parents) has been closed, or closed while
    /// the instance asked for was being made (its cleanup then ran at once).
    case containerClosed
    /// The period of `scope` that the resolve was in (a resolve stays in the period it met
    /// first) closed while `component` was being made: its cleanup then ran at once.
    case scopeClosed(scope: String, component: String)
    /// `component` was registered with `register(_:)`, without a factory: the container cannot
    /// build it, only inject into an instance made elsewhere.
    case noFactory(component: String)
    /// The factory of `component`, registered as returning an `Optional`, returned `nil`
    /// where its wrapped type was asked for: the value is absent.
    case absent(component: String)
  }

  /// The type (with name or tag) that was asked of the container.
  public internal(set) var requested: String {
    get { storage.fields.requested }
    set { update { $0.requested = newValue } }
  }
  /// The components being built when the failure happened, from the one asked for down to the
  /// one that failed. Empty when the request itself failed.
  public var path: [String] { steps.map(name(of:)) }
  /// Why it failed.
  public internal(set) var reason: Reason {
    get { storage.fields.reason }
    set { update { $0.reason = newValue } }
  }
  /// Registrations that are close to what was missing: a likely typo or a forgotten `.as`.
  ///
  /// Written when read: a resolve that fails for a missing dependency (a name taken from input,
  /// say) stores what it needs to find them, not the text.
  public internal(set) var suggestions: [String] {
    get { storage.fields.madeSuggestions + (laterSuggestions?.make() ?? []) }
    set {
      update {
        $0.madeSuggestions = newValue
        $0.laterSuggestions = nil
      }
    }
  }

  /// The close matches to find when ``suggestions`` is read.
  internal var laterSuggestions: LaterSuggestions? {
    get { storage.fields.laterSuggestions }
    set { update { $0.laterSuggestions = newValue } }
  }
  /// The error a factory threw, for ``Reason/factoryFailed(component:error:)``.
  public internal(set) var underlyingError: (any Error)? {
    get { storage.fields.underlyingError }
    set { update { $0.underlyingError = newValue } }
  }

  @usableFromInline
  internal var steps: [PathStep] {
    get { storage.fields.steps }
    set { update { $0.steps = newValue } }
  }
  /// Steps asked for by name or tag, named so in the path: the component a nested resolve
  /// (`container.resolve(name:)` in a factory) asked for, by the words it asked with.
  internal var labels: [ObjectIdentifier: String] {
    get { storage.fields.labels }
    set { update { $0.labels = newValue } }
  }

  /// Facts that explain the failure beyond its reason: an argument passed and not taken.
  internal var notes: [String] {
    get { storage.fields.notes }
    set { update { $0.notes = newValue } }
  }
  /// How many registrations the listed candidates of an ambiguity stand for (one line in a loop
  /// registers many): the rest are counted as "more".
  internal var listedCount: Int? {
    get { storage.fields.listedCount }
    set { update { $0.listedCount = newValue } }
  }
  /// How many runtime arguments of the missing one's type were passed (and taken by other `arg`
  /// parameters), for a component that takes several of one type.
  internal var argumentsOfTypePassed: Int {
    get { storage.fields.argumentsOfTypePassed }
    set { update { $0.argumentsOfTypePassed = newValue } }
  }
  /// Why it failed, when the reason alone would not say it (a resolve stopped by the thread's
  /// stack rather than by a count).
  internal var explanation: String? {
    get { storage.fields.explanation }
    set { update { $0.explanation = newValue } }
  }
  /// The fix, when the one for the reason alone would not fit (it depends on the missing type
  /// itself: a protocol, an array).
  internal var advice: String? {
    get { storage.fields.advice }
    set { update { $0.advice = newValue } }
  }

  /// Every field, in one object: the error is a single reference, so that each function that
  /// `throws(ResolutionError)` passes it in a register, and each error edge retains or releases
  /// one object instead of copying a dozen fields. Written only through ``update(_:)``.
  private var storage: Storage

  /// The error's fields, as they would be stored in the struct itself.
  private struct Fields: Sendable {
    var requested = ""
    var reason: Reason
    var madeSuggestions: [String]
    var laterSuggestions: LaterSuggestions?
    var underlyingError: (any Error)?
    var steps: [PathStep] = []
    var labels: [ObjectIdentifier: String] = [:]
    var notes: [String] = []
    var listedCount: Int?
    var argumentsOfTypePassed = 0
    var advice: String?
    var explanation: String?
  }

  /// The fields of one error value, or of several copies of it until one of them is changed.
  ///
  /// `@unchecked Sendable`, and safe: `fields` (a `Sendable` value) is written only by
  /// ``ResolutionError/update(_:)``, which first makes the storage its error's own: a storage
  /// that `isKnownUniquelyReferenced` does not find held by that one value alone is copied, and
  /// the copy written. So a storage that two values hold (and two threads may read) is never
  /// written again, and the one value that writes it is a `var` that Swift's exclusivity gives
  /// to one thread at a time: copy on write, as `Array` keeps its buffer.
  private final class Storage: @unchecked Sendable {
    var fields: Fields

    init(_ fields: Fields) {
      self.fields = fields
    }
  }

  /// Writes the fields, in this error's own storage (a copy of it, if another value shares it).
  private mutating func update(_ write: (inout Fields) -> Void) {
    if !isKnownUniquelyReferenced(&storage) {
      storage = Storage(storage.fields)
    }
    write(&storage.fields)
  }

  /// How many candidates an ambiguity lists before it counts the rest.
  public static let listedCandidates = 5

  @usableFromInline
  init(reason: Reason, suggestions: [String] = []) {
    self.storage = Storage(Fields(reason: reason, madeSuggestions: suggestions))
  }

  /// The full explanation: the same text `resolve` traps with.
  public var description: String {
    var lines = ["Squire could not resolve `\(requested)`."]
    if case .tooDeep = reason, steps.count > 4 {
      // Every step of a chain hundreds deep says nothing more than its two ends.
      let between = steps.dropFirst().dropLast()
      let decorators = between.count(where: \.isDecorator)
      let counted = Self.countedLevels(
        components: between.count - decorators, decorators: decorators)
      lines.append("  path: \(path[0]) → … \(counted) … → \(path[path.count - 1])")
    } else if !steps.isEmpty {
      lines.append("  path: " + (path + [failingLink].compactMap { $0 }).joined(separator: " → "))
    }
    lines.append("  why: " + (explanation ?? why))
    lines += notes.map { "  note: " + $0 }
    if case .tooDeep = reason, let repeated = firstRepeatedStep {
      lines.append(
        "  note: `\(name(of: repeated))` comes back on the path: a recursion, which fails here if it "
          + "would end deeper, or a cycle, which never ends")
    }
    lines.append("  fix: " + fix)
    if !suggestions.isEmpty {
      lines.append("  close matches:")
      lines += suggestions.map { "    - " + $0 }
    }
    return lines.joined(separator: "\n")
  }

  /// A step's name in the path: with the name or tag it was asked for by, if any.
  private func name(of step: PathStep) -> String {
    labels[step.id] ?? step.description
  }

  /// The first component that comes back on the path.
  private var firstRepeatedStep: PathStep? {
    var seen = Set<ObjectIdentifier>()
    return steps.first { !seen.insert($0.id).inserted }
  }

  /// The link the path ends in when the failing thing is a dependency rather than a component.
  private var failingLink: String? {
    switch reason {
    case .notRegistered(let type), .ambiguous(let type, _, _, _):
      steps.isEmpty ? nil : type
    case .cycle, .missingArgument, .unusedArguments, .unusedPassedArguments, .notConvertible,
      .invalidLifetime, .tooDeep,
      .containerReleased, .needsAwait, .factoryFailed, .containerClosed, .scopeClosed, .noFactory,
      .absent:
      nil
    }
  }

  private var why: String {
    switch reason {
    case .notRegistered(let type):
      return "nothing registered in this container or its parents provides `\(type)`."
    case .ambiguous(let type, let candidates, let count, let markedDefault):
      let listed = Self.list(candidates, count: count, listedCount: listedCount)
      return markedDefault
        ? "\(count) components provide `\(type)` and all \(count) are marked `.default()`, so none "
          + "is chosen: \(listed)."
        : "\(count) components provide `\(type)` and none is marked `.default()`: \(listed)."
    case .cycle(let cycle):
      return "the components form a cycle with no break point: "
        + cycle.joined(separator: " → ") + "."
    case .missingArgument(let type, let component) where argumentsOfTypePassed > 0:
      let passed = argumentsOfTypePassed
      return "`\(component)` takes at least \(passed + 1) runtime arguments of type `\(type)` (one "
        + "per `arg` parameter of that type), and \(passed) \(passed == 1 ? "was" : "were") passed "
        + "to it."
    case .missingArgument(let type, let component):
      return "`\(component)` takes a runtime argument of type `\(type)`, and none was passed to it."
    case .unusedArguments(let types):
      return "`resolve(args:)` was given "
        + (types.count == 1 ? "an argument" : "arguments") + " of type "
        + types.map { "`\($0)`" }.joined(separator: ", ")
        + " that no `arg` parameter of the component took (an instance that was already made, "
        + "under a lifetime other than `.prototype`, takes none)."
    case .unusedPassedArguments(let component, let types):
      return (types.count == 1 ? "an argument" : "arguments") + " of type "
        + types.map { "`\($0)`" }.joined(separator: ", ")
        + " passed down to `\(component)` (`.to(\(component).self, ...)`) "
        + (types.count == 1 ? "was" : "were") + " taken by no `arg` parameter of it."
    case .notConvertible(let component, let type):
      return
        "`\(component)` is forwarded with `.as(\(type).self)`, but its instance is not a `\(type)`."
    case .invalidLifetime(let component, let lifetime):
      return "`\(component)` has lifetime `.\(lifetime)`, which needs a class, and it is not one."
    case .tooDeep(let limit) where steps.contains(where: \.isDecorator):
      return "building it nests more than \(limit) levels deep, one inside the other: each "
        + "component is a level, and so is each decorator around one."
    case .tooDeep(let limit):
      return "building it nests more than \(limit) components deep, one inside the other."
    case .containerReleased:
      return "the container that made this `Lazy` or `Provider` has been released, and with it "
        + "the registrations that would build the value."
    case .needsAwait(let component, let cause):
      return "`\(component)` cannot be built by a synchronous resolve: \(cause)."
    case .factoryFailed(let component, let error):
      return "the factory of `\(component)` threw an error: \(error)"
    case .containerClosed:
      return "the container resolved from has been closed (`close()`), or one of its parents has: "
        + "its instances were cleaned up and let go."
    case .scopeClosed(let scope, let component):
      return "the period of scope `\(scope)` this resolve was in closed (`close()`) while "
        + "`\(component)` was being made: its cleanup (`onClose`) ran at once, and the instance "
        + "was not handed out."
    case .noFactory(let component):
      return "`\(component)` is registered with `register(\(component).self)`, without a factory: "
        + "the container cannot build one, only inject into one made elsewhere."
    case .absent(let component):
      return "the factory of `\(component)` returned `nil`, and the type it wraps was asked for."
    }
  }

  /// The end of every fix of a `needsAwait` error: why an `await` in a `main.swift` does not
  /// help.
  static let topLevelCaveat =
    "Top-level code of a `main.swift` gets the synchronous `resolve` even when written with "
    + "`await` (the compiler warns \"no 'async' operations occur within 'await' expression\"): "
    + "move that code into an `async` function, such as `static func main() async` of a `@main` "
    + "type."

  private var fix: String {
    if let advice { return advice }
    switch reason {
    case .notRegistered(let type) where type.contains(" named ") || type.contains(" tagged "):
      return "forward a component with `.as(_:name:)` or `.as(_:tag:)` under exactly that name or "
        + "tag (see the close matches below for a typo), or ask without one."
    case .notRegistered(let type):
      return "register a component that provides `\(type)`, or ask for `\(type)?` where it may be "
        + "absent."
    case .ambiguous(_, _, _, true):
      return "keep `.default()` on one registration only, or ask by name or tag."
    case .ambiguous:
      return "mark one registration with `.default()`, ask by name or tag, or take them all with "
        + "`many`."
    case .cycle:
      return "break the cycle: inject one of the dependencies through a property with "
        + "`.injection(cycle: true) { ... }`, or use `Lazy`/`Provider` for it."
    case .missingArgument(let type, let component):
      return "pass it when resolving `\(component)`: `container.resolve(args: ...)` with a "
        + "`\(type)` among the arguments; a component built as another's dependency cannot take "
        + "arguments (give the other a `Provider` of it)."
    case .unusedArguments:
      return "pass only the arguments the component takes, or take each in the registration "
        + "with `arg`: `register { Logger(prefix: arg($0)) }`."
    case .unusedPassedArguments(let component, _):
      return "pass to `\(component)` only the arguments its `arg` parameters take, and name in "
        + "`.to(_:_:)` a type the resolved component is built from (a dependency's own type or "
        + "one it is forwarded as with `.as`)."
    case .notConvertible:
      return "forward the component only as types it conforms to or inherits from."
    case .invalidLifetime:
      return "use `.perContainer` (or another lifetime) for value types."
    case .tooDeep:
      return "cut the chain: give a component deep in it a `Provider` or `Lazy` of the next."
    case .containerReleased:
      return "keep the container for as long as anything uses what it made (the composition root "
        + "usually owns it for the app's lifetime)."
    case .needsAwait:
      return "resolve it with `await container.resolve()` (or `try await container.tryResolve()`) "
        + "in an `async` function, or from the actor it is isolated to. "
        + Self.topLevelCaveat
    case .factoryFailed:
      return "see the underlying error (`underlyingError`); nothing was cached, so the next "
        + "resolve tries again."
    case .containerClosed:
      return "resolve before closing; for a new unit of work, create a new child container."
    case .scopeClosed:
      return "resolve again: a resolve that starts after `close()` is in the scope's next period. "
        + "A resolve stays in the period it met first, so close a scope from outside the "
        + "resolves that use it (not from a factory), or expect this error."
    case .noFactory(let component):
      return "make the instance where it is made and pass it to `container.inject(into:)`, or "
        + "register a factory for it (`container.register(\(component).init)`)."
    case .absent(let component):
      return "ask for `\(component)` where the value may be absent (it is `nil` then), or make "
        + "the factory return a value."
    }
  }

  /// How to fix a missing unqualified type: shared by resolve errors and validation problems.
  /// `type` is the type itself, so that the advice fits what it is: a protocol cannot be
  /// registered with `.init`, and an array is collected with `many`.
  static func fixForMissing(_ type: Any.Type) -> String {
    let name = String(describing: type)
    if let element = (type as? any CollectionParameter.Type)?.elementType {
      return "an array is not registered as itself: take every registered `\(element)` with "
        + "`many` where it is asked for (`register { Owner(items: many($0)) }`). "
        + Self.defaultValueNote
    }
    if type == Any.self || type == Void.self {
      return "`\(name)` says nothing about what to build: give the parameter a concrete type or a "
        + "protocol, and register a component that provides it."
    }
    let how =
      isExistential(type)
      ? "a type that conforms to it, forwarded with `.as(\(forwardable(name)).self)`: "
        + "`container.register(MyType.init).as(\(forwardable(name)).self)`"
      : "`container.register(\(name).init)`, or another type forwarded with "
        + "`.as(\(forwardable(name)).self)`"
    return "register a component that provides it (\(how)), or ask for `\(name)?` where it may be "
      + "absent. " + defaultValueNote
  }

  private static let defaultValueNote =
    "A parameter's default value is not used: Squire resolves every parameter of the "
    + "initializer it is given."

  /// `(any A & B)` where a bare composition would not parse in `.as(...)`.
  static func forwardable(_ name: String) -> String {
    name.contains("&") ? "(any \(NearMatches.bareName(name)))" : name
  }

  /// `a`, `b`, `c` and 9,995 more: a few listed, the rest counted.
  /// `listedCount` is how many of `count` the listed ones stand for, if not one each.
  static func list(_ listed: [String], count: Int, listedCount: Int? = nil) -> String {
    let named = listed.map { "`\($0)`" }.joined(separator: ", ")
    let covered = listedCount ?? listed.count
    return count > covered ? named + " and \(grouped(count - covered)) more" : named
  }

  /// `199 more`, or `99 more components, 100 decorators`: the levels of a path too long to write,
  /// as a validation problem and a resolve error both count them.
  static func countedLevels(components: Int, decorators: Int) -> String {
    decorators == 0
      ? "\(grouped(components)) more"
      : "\(grouped(components)) more components, \(grouped(decorators)) decorators"
  }

  /// `10,000`: a count as a person reads it.
  static func grouped(_ number: Int) -> String {
    let digits = Array(String(number.magnitude))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return number < 0 ? "-" + text : text
  }

  /// Adds the component being built one level up, as the error travels out of it.
  @usableFromInline
  consuming func entering(_ step: PathStep) -> ResolutionError {
    var copy = self
    copy.update { fields in
      fields.steps.insert(step, at: 0)
      if case .missingArgument(let type, let component) = fields.reason, component.isEmpty {
        fields.reason = .missingArgument(type: type, component: step.description)
      }
    }
    return copy
  }

  /// Called once at the top-level resolve: records what was asked and, when the resolve was
  /// stopped for nesting too deep, turns the path into the cycle that caused it.
  @usableFromInline
  consuming func finished(requested: String) -> ResolutionError {
    var copy = self
    copy.update { fields in
      fields.requested = requested
      // A nested resolve asked by name or tag: the step it built is named so on the path.
      if let first = fields.steps.first, fields.labels[first.id] == nil,
        requested.contains(" named ") || requested.contains(" tagged ")
      {
        let type = first.description
        fields.labels[first.id] =
          requested.hasPrefix(type + " ") ? requested : "\(type) as \(requested)"
      }
    }
    if case .cycle = copy.reason {
      copy.compactCycle()
    }
    return copy
  }

  /// A cycle is detected either when a cached component is asked for while it is being built,
  /// or when resolution nests deeper than any real graph. Either way the path ends in a repeat:
  /// keep the path up to the first time the repeating component was entered, and name the loop.
  private mutating func compactCycle() {
    guard let last = steps.last, let first = steps.firstIndex(where: { $0.id == last.id }),
      first < steps.count - 1
    else {
      // No component repeats: the resolve was stopped for depth alone.
      if case .cycle(let names) = reason, names.isEmpty {
        reason = .tooDeep(limit: ResolutionContext.maximumDepth)
      }
      return
    }
    // With a depth-limited cycle the loop repeats many times; find its shortest period.
    let tail = Array(steps[first...])
    var period = tail.count - 1
    for candidate in 1..<tail.count where tail[candidate].id == tail[0].id {
      period = candidate
      break
    }
    let loop = Array(tail[0...period])
    steps = Array(steps[..<first]) + loop
    reason = .cycle(loop.map(name(of:)))
  }
}

/// One component on the path of a failed resolve.
@usableFromInline
struct PathStep: Sendable, CustomStringConvertible {
  @usableFromInline let id: ObjectIdentifier
  @usableFromInline let type: Any.Type
  /// A decorator around a component of `type`, rather than the component: a level of its own,
  /// counted apart when a long path is shortened.
  @usableFromInline let isDecorator: Bool

  @usableFromInline
  init(id: ObjectIdentifier, type: Any.Type, isDecorator: Bool = false) {
    self.id = id
    self.type = type
    self.isDecorator = isDecorator
  }

  @usableFromInline
  var description: String { String(describing: type) }
}

/// How to find the close matches of a missing dependency when an error's suggestions are read:
/// the snapshot's index of registrations, and the container whose registrations it reads.
final class LaterSuggestions: Sendable {
  let make: @Sendable () -> [String]

  init(_ make: @escaping @Sendable () -> [String]) {
    self.make = make
  }
}
