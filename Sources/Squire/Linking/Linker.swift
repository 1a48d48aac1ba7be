/// One container's registrations, indexed for lookup, as seen by a snapshot; or, for a container
/// that registered after resolving, one layer of them (those registered between two resolves).
/// Layers of one container are adjacent in a linker's levels, newest first, and answer a lookup
/// together.
struct Level {
  let records: [ComponentRecord]
  let index: [LookupKey: [Candidate]]
  /// Keys this container leaves to each of its children (`suppliedByEachChild`).
  let suppliedByChildren: Set<LookupKey>
  /// The container whose registrations these are.
  let owner: ObjectIdentifier?
  /// The candidates marked `.default()`, per key: what decides a lookup without going through
  /// every candidate (a type registered many times, one layer at a time).
  let defaults: [LookupKey: [Candidate]]
  /// The container's decorators, per decorated type, in registration order.
  let decorators: [ObjectIdentifier: [DecoratorRecord]]
  /// The candidates of components registered `.when(injectedInto:)`, which only their
  /// consumers are offered: kept out of ``index``.
  let contextual: [LookupKey: [Candidate]]

  init(
    records: [ComponentRecord], suppliedByChildren: Set<LookupKey> = [],
    owner: Container? = nil, decorators: [DecoratorRecord] = []
  ) {
    self.records = records
    self.suppliedByChildren = suppliedByChildren
    self.owner = owner.map(ObjectIdentifier.init)
    self.decorators = Dictionary(grouping: decorators) { ObjectIdentifier($0.decoratedType) }
    var index: [LookupKey: [Candidate]] = [:]
    var contextual: [LookupKey: [Candidate]] = [:]
    for record in records {
      let isContextual = !record.consumers.isEmpty
      let own = LookupKey(type: ObjectIdentifier(record.implementationType), qualifier: .none)
      // A component forwarded as its own type only under names or tags (`.as(String.self,
      // tag: LibraryName.self)`) is not a plain `String`: it would answer every other one.
      var qualifiedOnly = false
      for forward in record.forwards where forward.type == own.type {
        if forward.qualifier == .none {
          qualifiedOnly = false
          break
        }
        qualifiedOnly = true
      }
      if !qualifiedOnly {
        let candidate = Candidate(record: record, forward: nil)
        if isContextual {
          contextual[own, default: []].append(candidate)
        } else {
          index[own, default: []].append(candidate)
        }
      }
      for (position, forward) in record.forwards.enumerated() {
        let key = LookupKey(type: forward.type, qualifier: forward.qualifier)
        // `.as(Self.self)` adds nothing the component does not already have.
        if key == own { continue }
        let candidate = Candidate(record: record, forward: position)
        if isContextual {
          contextual[key, default: []].append(candidate)
        } else {
          index[key, default: []].append(candidate)
        }
      }
    }
    self.index = index
    self.contextual = contextual
    self.defaults = index.compactMapValues { candidates in
      let marked = candidates.filter(\.record.isDefault)
      return marked.isEmpty ? nil : marked
    }
  }

  /// The candidates for `key`; under several tags, those forwarded under every one of them.
  func candidates(for key: LookupKey) -> [Candidate]? {
    Self.candidates(for: key, in: index)
  }

  /// The candidates for `key` in `index`; under several tags, those forwarded under every one
  /// of them.
  static func candidates(for key: LookupKey, in index: [LookupKey: [Candidate]]) -> [Candidate]? {
    guard case .tags(let tags) = key.qualifier else { return index[key] }
    var found: [Candidate]?
    // In the tags' name order, so that the forward each candidate is described by is the same
    // in every run.
    for tag in tags.sorted(by: { TagRegistry.name(of: $0) < TagRegistry.name(of: $1) }) {
      let under = index[LookupKey(type: key.type, qualifier: .tag(tag))] ?? []
      guard let kept = found else {
        found = under
        continue
      }
      let records = Set(under.map { ObjectIdentifier($0.record) })
      found = kept.filter { records.contains(ObjectIdentifier($0.record)) }
    }
    return found
  }
}

/// A component as one of the answers to a lookup: as its own type, or through one `.as`.
struct Candidate {
  let record: ComponentRecord
  let forward: Int?

  var description: String {
    var text = record.typeName
    if let forward, let qualifier = record.forwards[forward].qualifierDescription {
      text += " (\(qualifier))"
    }
    if record.isDefault { text += " [default]" }
    if !record.consumers.isEmpty { text += " when injected into \(record.consumerNames)" }
    return text + " at \(record.location)"
  }
}

/// Something a component asked for while it was linked: the raw material of validation.
struct DependencyEdge {
  enum Kind: Equatable {
    /// A parameter or injection of the type itself: it must be there.
    case required
    /// An `Optional`: absent is fine.
    case optional
    /// A runtime argument (`arg`): only the component resolved at the top can take one.
    case argument
    /// Every implementation (`many`): none is fine.
    case many
  }

  /// The component that asked.
  let from: ComponentRecord
  /// The type asked for, for diagnostics that look at the type itself (its superclasses).
  let type: Any.Type
  /// What it asked for; for an argument, the argument's type with no qualifier.
  let key: LookupKey
  /// The type asked for, as the user wrote it, for messages.
  var typeName: String { Linker.describe(type, key.qualifier) }
  let kind: Kind
  /// Followed only after the asking component exists (`Lazy`, `Provider`, an injection marked
  /// `cycle: true`): such an edge breaks a cycle.
  let isDeferred: Bool
  /// Whether the asking component keeps what it gets: true for a plain dependency, a `Lazy`
  /// and a cyclic injection; false under a `Provider`, which resolves anew on every use. What
  /// is kept can be captive.
  let holdsInstance: Bool
  /// The decorator that asked, when the component asked through one of the decorators that
  /// wrap it.
  var decorator: DecoratorRecord? = nil
}

/// The answer to a lookup.
enum Choice {
  case found(Candidate)
  case missing
  case ambiguous([Candidate])
}

/// Turns registrations into linked producers for one snapshot: each component's producer
/// captures its dependencies' producers directly. Used only under the container tree's lock
/// (while a snapshot is built) or the snapshot's own lock (slow-path lookups afterwards).
@usableFromInline
final class Linker {
  /// The container the snapshot is for, then its parent, and so on.
  let levels: [Level]
  /// Where `.perContainer` and `.weak` cells live: the container the snapshot is for.
  @usableFromInline
  unowned let container: Container

  // The linker is used by one thread at a time (under the tree lock or the snapshot's lock), so
  // its state needs no dynamic exclusivity checks, which cost a tenth of linking.
  @exclusivity(unchecked) private var linked: [ObjectIdentifier: AnyProducer] = [:]
  @exclusivity(unchecked) private var linkingNow: Set<ObjectIdentifier> = []
  @exclusivity(unchecked) private var placeholders:
    [ObjectIdentifier: (producer: AnyProducer, placeholder: AnyPlaceholder)] = [:]
  /// Where every placeholder made, filled or not, is kept until the cycles through it can be
  /// broken: the container's keeper, for a snapshot resolved through; the linker's own, cleared
  /// when the snapshot goes, for one linked for a single call (validation, graph export).
  private let keepsCyclesInContainer: Bool
  /// The linker's own keeper, made with its first placeholder.
  @exclusivity(unchecked) private var ownCycles: CycleKeeper?
  @exclusivity(unchecked) private var forwarded: [ForwardKey: AnyProducer] = [:]
  /// Built on the first missing dependency, then shared by every diagnostic of this snapshot.
  lazy var nearMatches = NearMatches(levels: levels)
  /// The same index for the close matches of resolution errors, found when an error is read,
  /// on whatever thread reads it.
  lazy var sharedNearMatches = SharedNearMatches(NearMatches(levels: levels))

  /// Every dependency asked for by a component while it was linked, in the order asked.
  @exclusivity(unchecked) private(set) var edges: [DependencyEdge] = []
  /// Whether each implementation type linked so far has `@Injected` or `@LazyInjected`
  /// properties: asked once per type and linker, without a lock.
  @exclusivity(unchecked) var wrapsProperties: [ObjectIdentifier: Bool] = [:]
  /// The derived dependencies (``DerivedDependency``) each component asked for.
  @exclusivity(unchecked) private(set) var derivedAsks:
    [(from: ComponentRecord, type: any DerivedDependency.Type)] = []
  /// The components being linked, innermost last: the one a dependency is asked for.
  @exclusivity(unchecked) private(set) var linking: [ComponentRecord] = []
  /// The consumer a contextual lookup is for when it is not the component being linked (see
  /// ``producer(for:qualifier:consumer:)``).
  @exclusivity(unchecked) var consumerOverride: Set<ObjectIdentifier>?
  /// The component being linked now, if any: the one a `Lazy` or `Provider` linked now is given
  /// to, named when its value cannot be resolved.
  var linkingComponent: ComponentRecord? { linking.last }
  /// Above zero while linking what a `Lazy`, `Provider` or cyclic injection will resolve later.
  @exclusivity(unchecked) private var deferredNesting = 0
  /// Above zero while linking what a `Provider` resolves anew on each use.
  @exclusivity(unchecked) private var providerNesting = 0
  /// The decorator whose dependencies are being linked, if any.
  @exclusivity(unchecked) var decorating: DecoratorRecord?
  /// The decorated instances of `.single` components, by the view that caches them: built by
  /// `initializeSingletons()` with the components.
  @exclusivity(unchecked) var decoratedSingles: [(record: ComponentRecord, producer: AnyProducer)] =
    []
  /// The decorators that wrap each component, in the order they were linked.
  @exclusivity(unchecked) var decorations: [ObjectIdentifier: [DecoratorRecord]] = [:]

  private struct ForwardKey: Hashable {
    let record: ObjectIdentifier
    let forward: Int
  }

  /// For an incremental snapshot (a child's, or a root's after it registered more): the snapshot
  /// it stands on, whose producers stand for every component not in `relinked`.
  private let base: Snapshot?
  /// The components this linker links itself when it has a base: the new ones (a child's own,
  /// or a root's latest layer), those whose options changed, and those that depend on them.
  private let relinked: Set<ObjectIdentifier>

  init(
    container: Container, keepingCyclesInContainer: Bool = false, levels: [Level],
    base: Snapshot? = nil, relinked: Set<ObjectIdentifier> = []
  ) {
    self.container = container
    self.keepsCyclesInContainer = keepingCyclesInContainer
    self.levels = levels
    self.base = base
    self.relinked = relinked
  }

  /// Every component's producer linked so far.
  var linkedProducers: [ObjectIdentifier: AnyProducer] { linked }

  // MARK: Dependencies, as asked by the components' link functions

  /// The producer of a dependency of type `P` (a plain type or a modifier such as
  /// `Optional`).
  @inlinable
  func dependency<P>(_ type: P.Type) -> Producer<P> {
    producer(for: P.self, qualifier: .none)
  }

  /// The async build of a component whose factory is synchronous: resolves the dependencies
  /// with their async bodies, then calls `make`. `nil` when no dependency has async parts, so
  /// that an async resolve of the component runs its synchronous body.
  @usableFromInline
  static func asyncBuild<Impl, each P>(
    _ step: PathStep, _ dependencies: repeat Producer<each P>,
    make: @escaping (repeat each P) throws(ResolutionError) -> Impl
  ) -> AsyncBody<Impl>? {
    var anyAsync = false
    for dependency in repeat each dependencies {
      if dependency.asyncBody != nil { anyAsync = true }
    }
    guard anyAsync else { return nil }
    let bodies = (repeat (each dependencies).anyAsyncBody)
    return { context async throws(ResolutionError) -> Impl in
      try await context.constructAsync(step) { context async throws(ResolutionError) -> Impl in
        let arguments = (repeat try await (each bodies)(&context))
        return try make(repeat each arguments)
      }
    }
  }

  /// The body for a property or method injection's dependency. A cyclic one first looks for an
  /// instance already made in this resolve by a component that provides the type (the chosen
  /// one first): that is how a cycle closes on the same instances on both sides.
  @usableFromInline
  func injected<P>(_ type: P.Type, name: String?, cycle: Bool) -> Producer<P> {
    let qualifier = name.map(Qualifier.name) ?? .none
    let inner = producer(for: P.self, qualifier: qualifier)
    // An optional property (`var knight: Knight?`) closes the cycle on the wrapped component.
    let target: Any.Type = (P.self as? any OptionalParameter.Type)?.wrappedType ?? P.self
    guard cycle, special(target) == nil else { return inner }
    let key = LookupKey(type: ObjectIdentifier(target), qualifier: qualifier)
    var providers = everyCandidate(for: key)
    if case .found(let chosen) = choose(key),
      let position = providers.firstIndex(where: { $0.record === chosen.record })
    {
      providers.swapAt(0, position)
    }
    let ids = providers.map(instanceID(of:))
    if ids.isEmpty { return inner }
    let body = inner.body
    let asyncBody = inner.asyncBody
    @Sendable func existing(_ context: ResolutionContext) -> P? {
      guard let graph = context.graph else { return nil }
      for id in ids {
        if let made = graph.instance(id), let instance = made as? P { return instance }
      }
      return nil
    }
    return Producer(
      { context throws(ResolutionError) -> P in
        if let instance = existing(context) { return instance }
        return try body(&context)
      },
      async: ifAsync(asyncBody) { asyncBody in
        { context async throws(ResolutionError) -> P in
          if let instance = existing(context) { return instance }
          return try await asyncBody(&context)
        }
      })
  }

  /// A producer of `P` under `qualifier`; one that throws the reason when `P` cannot be had.
  @usableFromInline
  func producer<P>(for type: P.Type, qualifier: Qualifier) -> Producer<P> {
    if let special = special(P.self) {
      return unsafeDowncast(special.makeProducer(self, qualifier: qualifier), to: Producer<P>.self)
    }
    note(P.self, qualifier: qualifier, kind: .required)
    return chosenProducer(for: P.self, qualifier: qualifier) ?? .failing(missing(P.self, qualifier))
  }

  /// Like ``producer(for:qualifier:)``, but `nil` when nothing provides `P`: what an
  /// `Optional` parameter needs. An ambiguity is still an error.
  func optionalProducer<P>(for type: P.Type, qualifier: Qualifier) -> Producer<P>? {
    if let special = special(P.self) {
      return special.makeOptionalProducer(self, qualifier: qualifier).map {
        unsafeDowncast($0, to: Producer<P>.self)
      }
    }
    note(P.self, qualifier: qualifier, kind: .optional)
    return chosenProducer(for: P.self, qualifier: qualifier)
  }

  /// A producer per implementation of `T` (for `many`), in registration order, from the
  /// nearest container that has any: a child's registrations replace its parents' here too.
  func allProducers<T>(for type: T.Type, qualifier: Qualifier) -> [Producer<T>] {
    if let special = special(T.self) {
      guard let each = special.makeEachProducer(self, qualifier: qualifier) else {
        return [producer(for: T.self, qualifier: qualifier)]
      }
      return each.map { unsafeDowncast($0, to: Producer<T>.self) }
    }
    note(T.self, qualifier: qualifier, kind: .many)
    let key = LookupKey(type: ObjectIdentifier(T.self), qualifier: qualifier)
    return everyCandidate(for: key, consumer: currentConsumer).map {
      unsafeDowncast(producer(of: $0), to: Producer<T>.self)
    }
  }

  /// What `many` collects for `key`: every candidate of the nearest container that has any, in
  /// registration order.
  /// For a `consumer`, the components registered `.when(injectedInto:)` one of its types are
  /// collected too, in registration order with the others.
  func everyCandidate(for key: LookupKey, consumer: Set<ObjectIdentifier>? = nil) -> [Candidate] {
    if let consumer, hasContextual { return everyCandidate(for: key, including: consumer) }
    for (position, level) in levels.enumerated() {
      guard let candidates = level.candidates(for: key), !candidates.isEmpty else { continue }
      return gathered(candidates, key, after: position)
    }
    return []
  }

  /// `candidates`, found at `levels[position]`, with those of the older layers of the same
  /// container before them.
  func gathered(_ candidates: [Candidate], _ key: LookupKey, after position: Int)
    -> [Candidate]
  {
    guard let owner = levels[position].owner else { return candidates }
    var all = candidates
    var next = position + 1
    while next < levels.count, levels[next].owner == owner {
      if let older = levels[next].candidates(for: key) { all = older + all }
      next += 1
    }
    return all
  }

  /// Records that the component being linked asks for a derived dependency, which validation
  /// asks about once the graph is checked.
  func noteDerived(_ type: any DerivedDependency.Type) {
    guard let from = linking.last else { return }
    derivedAsks.append((from, type))
  }

  /// Records that the component being linked asks for `type`.
  func note(_ type: Any.Type, qualifier: Qualifier, kind: DependencyEdge.Kind) {
    guard let from = linking.last else { return }
    edges.append(
      DependencyEdge(
        from: from, type: type, key: LookupKey(type: ObjectIdentifier(type), qualifier: qualifier),
        kind: kind, isDeferred: deferredNesting > 0, holdsInstance: providerNesting == 0,
        decorator: decorating))
  }

  /// Links what `body` asks for as dependencies resolved only after the component exists;
  /// `holding: false` when each use resolves anew, so nothing is kept (a `Provider`).
  @usableFromInline
  func deferring<Result>(holding: Bool = true, _ body: () -> Result) -> Result {
    deferredNesting += 1
    if !holding { providerNesting += 1 }
    defer {
      deferredNesting -= 1
      if !holding { providerNesting -= 1 }
    }
    return body()
  }

  private func chosenProducer<P>(for type: P.Type, qualifier: Qualifier) -> Producer<P>? {
    switch chooseForConsumer(LookupKey(type: ObjectIdentifier(P.self), qualifier: qualifier)) {
    case .found(let candidate):
      // A candidate found under `P`'s key produces a `P`: its own type, or a `.as(P.self)`.
      return unsafeDowncast(producer(of: candidate), to: Producer<P>.self)
    case .missing:
      return nil
    case .ambiguous(let candidates):
      return .failing(ambiguity(Self.describe(P.self, qualifier), candidates))
    }
  }

  /// The error for several candidates: a few described, the rest counted, so that an
  /// ambiguity among thousands stays short and cheap.
  func ambiguity(_ type: String, _ candidates: [Candidate]) -> ResolutionError {
    ResolutionError(
      reason: .ambiguous(
        type: type,
        candidates: candidates.prefix(ResolutionError.listedCandidates).map(\.description),
        count: candidates.count, markedDefault: candidates.allSatisfy(\.record.isDefault)))
  }

  /// The error for a missing `P`, with the registrations that come close.
  func missing<P>(_ type: P.Type, _ qualifier: Qualifier) -> ResolutionError {
    let key = LookupKey(type: ObjectIdentifier(P.self), qualifier: qualifier)
    let declared =
      levels.contains { $0.suppliedByChildren.contains(key) }
      ? [
        "`\(Self.describe(P.self, qualifier))` is declared `suppliedByEachChild`: resolve from a "
          + "child container that registers it"
      ] : []
    var error = ResolutionError(
      reason: .notRegistered(type: Self.describe(P.self, qualifier)), suggestions: declared)
    // Found when the error is read, not now: a missing name taken from input costs a lookup
    // and a small error, whatever the number of registrations. Read under the container
    // chain's locks held shared, as linking reads the registrations' options.
    // Weak: the index refers to the registrations, whose cached instances may hold this
    // error's producer (a `Lazy` of what is missing); once the snapshot is gone, no matches.
    let askers = Set(linking.suffix(1).map(ObjectIdentifier.init))
    error.laterSuggestions = LaterSuggestions { [weak index = sharedNearMatches, weak container] in
      guard let index else { return [] }
      let find = { index.suggestions(for: P.self, qualifier: qualifier, askers: askers) }
      return container?.lockingChain(find) ?? find()
    }
    if qualifier == .none { error.advice = ResolutionError.fixForMissing(P.self) }
    explainContextualOnly(key, &error)
    return error
  }
  /// Whether the container this linker is for leaves `key` to each of its children: validating
  /// it, a dependency on `key` is not missing.
  func isSuppliedByChildren(_ key: LookupKey) -> Bool {
    levels.first?.suppliedByChildren.contains(key) == true
  }

  /// Whether `record`, a `.single` registered in a parent, finds nothing for `key` where it is
  /// built: in the container that registered it, whatever the container validated provides.
  func isMissingWhereBuilt(_ record: ComponentRecord, _ key: LookupKey) -> Bool {
    guard record.lifetime == .single, let owner = record.owner,
      let level = levels.firstIndex(where: { $0.owner == ObjectIdentifier(owner) })
    else { return false }
    if level == 0 { return false }
    if case .missing = choose(key, from: level) { return true }
    return false
  }

  // MARK: Lookup

  /// The nearest container that provides the key decides: its single candidate, its
  /// `.default()` one, or an ambiguity. A child's registration hides its parents'.
  ///
  /// For a `consumer` (the types the component that asks is known as), the components
  /// registered `.when(injectedInto:)` one of them come first in each container: a contextual
  /// registration wins over an unconditional one of the same container, and a child's
  /// registration, contextual or not, still hides its parents'.
  func choose(_ key: LookupKey, from first: Int = 0, consumer: Set<ObjectIdentifier>? = nil)
    -> Choice
  {
    for (position, level) in levels.enumerated().dropFirst(first) {
      if let consumer, hasContextual {
        let contextual = contextualCandidates(for: key, consumer: consumer, at: position)
        if !contextual.isEmpty { return Self.decide(among: contextual) }
      }
      guard let found = level.candidates(for: key), !found.isEmpty else { continue }
      return Self.decide(among: gathered(found, key, after: position))
    }
    return .missing
  }

  /// One container's candidates for a key: the one, the `.default()` one, or an ambiguity.
  static func decide(among candidates: [Candidate]) -> Choice {
    if candidates.count == 1 { return .found(candidates[0]) }
    let defaults = candidates.filter(\.record.isDefault)
    if defaults.count == 1 { return .found(defaults[0]) }
    // Several defaults are as ambiguous as none; the message names the defaults then.
    return .ambiguous(defaults.isEmpty ? candidates : defaults)
  }

  /// Whether `key` has an answer, and which: what ``choose(_:)`` decides, without listing the
  /// candidates of an ambiguity. Reads `.default()` as it was when the layers were indexed:
  /// marking an old registration `.default()` links everything anew.
  func decide(_ key: LookupKey) -> Candidate? {
    for (position, level) in levels.enumerated() {
      guard let found = level.index[key], !found.isEmpty else { continue }
      guard let owner = level.owner else {
        if found.count == 1 { return found[0] }
        let marked = level.defaults[key] ?? []
        return marked.count == 1 ? marked[0] : nil
      }
      var count = found.count
      var marked = level.defaults[key] ?? []
      var next = position + 1
      while next < levels.count, levels[next].owner == owner {
        count += levels[next].index[key]?.count ?? 0
        marked += levels[next].defaults[key] ?? []
        next += 1
      }
      if count == 1 { return found[0] }
      return marked.count == 1 ? marked[0] : nil
    }
    return nil
  }

  /// Every key some container in the chain can answer, nearest first.
  var keys: [LookupKey] {
    var seen = Set<LookupKey>()
    var keys: [LookupKey] = []
    for level in levels {
      for key in level.index.keys where seen.insert(key).inserted {
        keys.append(key)
      }
    }
    return keys
  }

  /// Every record visible from the container, each once, nearest first.
  private(set) lazy var records: [ComponentRecord] = {
    var seen = Set<ObjectIdentifier>()
    return levels.flatMap(\.records).filter { seen.insert(ObjectIdentifier($0)).inserted }
  }()

  // MARK: Producers

  /// The producer of a candidate: its component's own producer, converted by its `.as`, and
  /// wrapped in the decorators of the type it is found as, if that type has any.
  func producer(of candidate: Candidate) -> AnyProducer {
    let plain = undecoratedProducer(of: candidate)
    // Asked once per linker: a graph with no decorator links exactly as before.
    guard hasDecorators else { return plain }
    return decorated(plain, candidate)
  }

  /// Whether some container in the chain has a decorator.
  private(set) lazy var hasDecorators = levels.contains { !$0.decorators.isEmpty }
  /// Whether some container in the chain has a component registered `.when(injectedInto:)`.
  private(set) lazy var hasContextual = levels.contains { !$0.contextual.isEmpty }

  /// A candidate's producer with its decorators, per component and `.as` (`-1` for its own
  /// type), once per linker.
  @exclusivity(unchecked) var decoratedProducers: [DecoratedKey: AnyProducer] = [:]

  /// The view that caches each decorated candidate's outermost decorated instance: where a
  /// cyclic injection finds it in the object graph.
  @exclusivity(unchecked) var decoratedViews: [DecoratedKey: ComponentRecord] = [:]

  /// Candidates being decorated now, with the placeholder given to a decorator that asks for
  /// its own type (through a `Lazy`, or a cycle) while it is linked, if one did.
  @exclusivity(unchecked) var decoratingNow:
    [DecoratedKey: (producer: AnyProducer, placeholder: AnyPlaceholder)?] = [:]

  /// Keeps `placeholder` to be cleared with the others (see ``keepsCyclesInContainer``).
  func keep(_ placeholder: AnyPlaceholder) {
    if keepsCyclesInContainer {
      container.cycles.keep(placeholder)
    } else {
      if ownCycles == nil { ownCycles = CycleKeeper() }
      ownCycles?.keep(placeholder)
    }
  }

  struct DecoratedKey: Hashable {
    let record: ObjectIdentifier
    let forward: Int
  }

  /// Links what `body` asks for as dependencies of `record` itself (a decorator's, which is
  /// linked as part of the component it wraps), whatever is being linked now.
  func linking<Result>(asPartOf record: ComponentRecord, _ body: () -> Result) -> Result {
    let outer = (deferredNesting, providerNesting, consumerOverride)
    (deferredNesting, providerNesting, consumerOverride) = (0, 0, nil)
    linking.append(record)
    defer {
      linking.removeLast()
      (deferredNesting, providerNesting, consumerOverride) = outer
    }
    return body()
  }

  /// The snapshot this linker stands on (directly or not) that was linked for `container`.
  func baseSnapshot(for container: Container) -> Snapshot? {
    var next = base
    while let snapshot = next {
      if snapshot.linkerContainer === container { return snapshot }
      next = snapshot.base
    }
    return nil
  }

  /// The producer of a candidate without decorators: its component's own producer, converted
  /// by its `.as`.
  private func undecoratedProducer(of candidate: Candidate) -> AnyProducer {
    let main = producer(of: candidate.record)
    guard let position = candidate.forward else { return main }
    let key = ForwardKey(record: ObjectIdentifier(candidate.record), forward: position)
    if let existing = forwarded[key] { return existing }
    let made = candidate.record.forwards[position].wrap(main)
    forwarded[key] = made
    return made
  }

  /// A component's own producer, linked once per snapshot. A component asked for while it is
  /// being linked (an initializer cycle) gets a placeholder filled in when linking ends.
  func producer(of record: ComponentRecord) -> AnyProducer {
    let id = ObjectIdentifier(record)
    if let done = linked[id] { return done }
    // A child's snapshot takes what it does not change from its parent's, as it is: creating a
    // child costs what its own registrations change, not the parent's graph.
    if let base, !relinked.contains(id), let inherited = base.producer(of: record) {
      return inherited
    }
    // Asked for while it is being linked (an initializer cycle), or postponed: a placeholder,
    // made only then, stands in until the component is linked.
    if linkingNow.contains(id) { return placeholder(for: record).producer }
    // Linking recurses into dependencies; a chain of thousands of components is linked in
    // stretches, each component past the limit through its placeholder, so that the linker's
    // stack stays small.
    if linking.count >= Self.maximumLinkDepth {
      postponed.append(record)
      return placeholder(for: record).producer
    }
    return link(record)
  }

  /// Links the components postponed for depth; called after every top-level use of the linker.
  func linkPostponed() {
    while let record = postponed.popLast() {
      if linked[ObjectIdentifier(record)] == nil { _ = link(record) }
    }
  }

  private func placeholder(
    for record: ComponentRecord
  ) -> (producer: AnyProducer, placeholder: AnyPlaceholder) {
    let id = ObjectIdentifier(record)
    if let existing = placeholders[id] { return existing }
    let made = record.makePlaceholder()
    placeholders[id] = made
    keep(made.placeholder)
    return made
  }

  /// Frees the graph of linked closures, when the placeholders are this linker's own: every
  /// reference cycle among them passes through a placeholder. Called when the snapshot that
  /// owns this linker goes; a container clears its own placeholders when it goes.
  func breakCycles() {
    ownCycles?.breakCycles()
  }

  private func link(_ record: ComponentRecord) -> AnyProducer {
    let id = ObjectIdentifier(record)
    linkingNow.insert(id)
    // A component's dependencies are linked as the component is, not as what asked for it.
    let outer = (deferredNesting, providerNesting, consumerOverride)
    (deferredNesting, providerNesting, consumerOverride) = (0, 0, nil)
    linking.append(record)
    let made = record.link(self)
    linking.removeLast()
    (deferredNesting, providerNesting, consumerOverride) = outer
    linkingNow.remove(id)
    linked[id] = made
    if let waiting = placeholders.removeValue(forKey: id) { waiting.placeholder.fill(made) }
    return made
  }

  /// How deep linking recurses before it postpones components.
  static let maximumLinkDepth = 128
  @exclusivity(unchecked) private var postponed: [ComponentRecord] = []
  @exclusivity(unchecked) fileprivate var specials:
    [ObjectIdentifier: (any SpecialParameter.Type)?] =
      [:]

  // MARK: Lifetimes

  /// Wraps `build` (make one instance, with path and depth bookkeeping) in `record`'s lifetime.
  /// `asyncBuild` is the async form of `build`, when the component's factory or one of its
  /// dependencies has async or isolated parts; the producer gets an async body when it or an
  /// injection has.
  ///
  /// Specialised for each component type (it is inlined into `register`), but only for what a
  /// synchronous resolve runs every time: the body of a prototype with injections, of an
  /// object-graph component, and the cache reads of `.perContainer` and `.single`. The rest
  /// (async bodies, cleanups, `.weak`, `.scoped`, making a cached instance) is built once,
  /// generically, by ``lifetimeProducer(for:injections:build:asyncBuild:)``, so that a composition root
  /// with thousands of `register` calls compiles in a fraction of the time.
  @inlinable
  func producer<Impl>(
    for record: TypedRecord<Impl>, build: @escaping Body<Impl>, asyncBuild: AsyncBody<Impl>?
  ) -> Producer<Impl> {
    let injections = record.linkInjections(self)
    if record.lifetime == .prototype && injections == nil {
      // The most common component: its producer is `build` itself, as specialised.
      return Producer(build, async: asyncBuild)
    }
    let linked = lifetimeProducer(
      for: record, injections: injections, build: build, asyncBuild: asyncBuild)
    let step = record.pathStep
    let asyncBody = linked.asyncBody
    switch linked.shape {
    case .general(let body):
      return Producer(body, async: asyncBody)
    case .injected(let injections):
      return Producer(
        { context throws(ResolutionError) -> Impl in
          let made = try build(&context)
          try injections.apply(to: made, step: step, context: &context)
          return made
        }, async: asyncBody)
    case .graph(let id, let injections):
      return Producer(
        { context throws(ResolutionError) -> Impl in
          if let graph = context.graph, let existing = graph.instance(id) {
            return existing as! Impl
          }
          let made = try build(&context)
          // Kept before the injections run, so that a dependency reached from them that needs
          // this component gets this instance.
          context.sharedGraph().store(made, as: id)
          try injections?.apply(to: made, step: step, context: &context)
          return made
        }, async: asyncBody)
    case .perContainer(let home, let homeCell, let owned):
      return Producer(
        { context throws(ResolutionError) -> Impl in
          let cell =
            ObjectIdentifier(context.container) == home
            ? homeCell : context.container.cell(for: record) { SharedInstance<Impl>(sharing: $0) }
          if _slowPath(context.container.owned.isClosed) { throw Self.closed(step) }
          return try cell.get(&context, step, owned)
        }, async: asyncBody)
    case .single(let cell, let owned):
      return Producer(
        { context throws(ResolutionError) -> Impl in try cell.get(&context, step, owned) },
        async: asyncBody)
    }
  }

  /// How ``producer(for:build:asyncBuild:)`` specialises a component's synchronous body.
  @usableFromInline
  enum LifetimeShape<Impl> {
    /// A body built generically: a lifetime not worth specialising (`.weak`, `.scoped`).
    case general(Body<Impl>)
    /// A prototype with injections.
    case injected(LinkedInjections<Impl>)
    /// `.objectGraph`: the component's id in the object graph, and its injections.
    case graph(ObjectIdentifier, LinkedInjections<Impl>?)
    /// `.perContainer`: the home container, its cell, and how to make the instance.
    case perContainer(ObjectIdentifier, SharedInstance<Impl>, Body<Impl>)
    /// `.single`: its cell, and how to make the instance.
    case single(SharedInstance<Impl>, Body<Impl>)
  }

  /// A component in its lifetime: its async body, built generically, and the synchronous
  /// body to specialise.
  @usableFromInline
  struct LinkedLifetime<Impl> {
    @usableFromInline let asyncBody: AsyncBody<Impl>?
    @usableFromInline let shape: LifetimeShape<Impl>

    init(_ shape: LifetimeShape<Impl>, async asyncBody: AsyncBody<Impl>?) {
      self.asyncBody = asyncBody
      self.shape = shape
    }

    init(_ producer: Producer<Impl>) {
      self.init(.general(producer.body), async: producer.asyncBody)
    }
  }

  /// `record` in its lifetime, built once for every component type: its async body, and the
  /// shape of its synchronous body for ``producer(for:build:asyncBuild:)`` to specialise.
  @usableFromInline
  func lifetimeProducer<Impl>(
    for record: TypedRecord<Impl>, injections: LinkedInjections<Impl>?,
    build: @escaping Body<Impl>, asyncBuild: AsyncBody<Impl>?
  ) -> LinkedLifetime<Impl> {
    let step = record.pathStep
    var lifetime = record.lifetime
    // A prototype with a `cycle: true` injection is shared within one resolve, so that both
    // sides of the cycle see the same instances.
    if lifetime == .prototype, injections?.hasCyclic == true {
      lifetime = .objectGraph
    }
    let make: Body<Impl>
    if let injections {
      make = { context throws(ResolutionError) -> Impl in
        let made = try build(&context)
        try injections.apply(to: made, step: step, context: &context)
        return made
      }
    } else {
      make = build
    }
    var asyncMake: AsyncBody<Impl>?
    if asyncBuild != nil || injections?.hasAsync == true {
      let asyncBuild = asyncBuild ?? lifted(build)
      if let injections {
        asyncMake = { context async throws(ResolutionError) -> Impl in
          let made = try await asyncBuild(&context)
          try await injections.applyAsync(to: made, step: step, context: &context)
          return made
        }
      } else {
        asyncMake = asyncBuild
      }
    }
    // Instances with an `.onClose` are handed to their owner as they are made, so that closing
    // it runs the cleanup: the wrapper is only there for components that have one.
    let cleanup = record.cleanup.map {
      LinkedCleanup($0, component: record.typeName, weakly: lifetime == .weak)
    }
    switch lifetime {
    case .prototype:
      return LinkedLifetime(injections.map { .injected($0) } ?? .general(make), async: asyncMake)
    case .objectGraph:
      let id = ObjectIdentifier(record)
      let asyncGraphBuild = asyncMake == nil ? nil : asyncBuild ?? lifted(build)
      return LinkedLifetime(
        .graph(id, injections),
        async: ifAsync(asyncGraphBuild) { asyncBuild in
          { context async throws(ResolutionError) -> Impl in
            if let graph = context.graph, let existing = graph.instance(id) {
              return existing as! Impl
            }
            let made = try await asyncBuild(&context)
            context.sharedGraph().store(made, as: id)
            try await injections?.applyAsync(to: made, step: step, context: &context)
            return made
          }
        })
    case .perContainer, .weak:
      if lifetime == .weak && !record.isClass {
        return LinkedLifetime(
          .failing(
            ResolutionError(reason: .invalidLifetime(component: record.typeName, lifetime: .weak))
              .entering(step)))
      }
      let weakly = lifetime == .weak
      // The instance belongs to the container resolved from, which may be a child of the one
      // this snapshot is for (a child resolving through its parent's snapshot): the cell is
      // that container's. The home container's cell is found without a lookup.
      let owned: Body<Impl>
      var ownedAsync = asyncMake
      if let cleanup {
        owned = { context throws(ResolutionError) -> Impl in
          let made = try make(&context)
          context.container.adopt(cleanup.pending(for: made))
          return made
        }
        ownedAsync = ifAsync(asyncMake) { asyncMake in
          { context async throws(ResolutionError) -> Impl in
            let made = try await asyncMake(&context)
            context.container.adopt(cleanup.pending(for: made))
            return made
          }
        }
      } else {
        owned = make
      }
      if weakly {
        return LinkedLifetime(
          perContainer(record, step, owned, ownedAsync) { WeakInstance<Impl>(sharing: $0) })
      }
      let producer = perContainer(record, step, owned, ownedAsync) {
        SharedInstance<Impl>(sharing: $0)
      }
      let homeCell = container.cell(for: record) { SharedInstance<Impl>(sharing: $0) }
      return LinkedLifetime(
        .perContainer(ObjectIdentifier(container), homeCell, owned), async: producer.asyncBody)
    case .single:
      let cell = record.sharedCell as? SharedInstance<Impl> ?? SharedInstance<Impl>()
      // Written by the owner's first link, under its lock held exclusively; a child linking
      // for validation holds it shared and only reads.
      if record.sharedCell == nil { record.sharedCell = cell }
      // A `.single` belongs to the container that registered it (the one this snapshot is for:
      // a child never relinks a parent's `.single`). It is built there whichever container asks
      // first, so that its dependencies, and the `Lazy`s and `Provider`s it keeps, are that
      // container's rather than a short-lived child's.
      unowned(unsafe) let owner = record.owner ?? container
      let owned = { (context: inout ResolutionContext) throws(ResolutionError) -> Impl in
        let asking = context.container
        context.container = owner
        defer { context.container = asking }
        let made = try make(&context)
        if let cleanup {
          owner.adopt(cleanup.pending(for: made))
        }
        return made
      }
      let ownedAsync = ifAsync(asyncMake) { asyncMake in
        { (context: inout ResolutionContext) async throws(ResolutionError) -> Impl in
          let asking = context.container
          context.container = owner
          defer { context.container = asking }
          let made = try await asyncMake(&context)
          if let cleanup {
            owner.adopt(cleanup.pending(for: made))
          }
          return made
        }
      }
      return LinkedLifetime(
        .single(cell, owned),
        async: ifAsync(ownedAsync) { ownedAsync in
          { context async throws(ResolutionError) -> Impl in
            try await cell.getAsync(&context, step, ownedAsync)
          }
        })
    case .scoped(let scope):
      let owned: Body<Impl>
      var ownedAsync = asyncMake
      if let cleanup {
        owned = { context throws(ResolutionError) -> Impl in
          let made = try make(&context)
          scope.adopt(cleanup.pending(for: made))
          return made
        }
        ownedAsync = ifAsync(asyncMake) { asyncMake in
          { context async throws(ResolutionError) -> Impl in
            let made = try await asyncMake(&context)
            scope.adopt(cleanup.pending(for: made))
            return made
          }
        }
      } else {
        owned = make
      }
      return LinkedLifetime(
        Producer(
          { context throws(ResolutionError) -> Impl in
            try scope.cell(for: record, in: &context) { SharedInstance<Impl>() }
              .get(&context, step, owned)
          },
          async: ifAsync(ownedAsync) { ownedAsync in
            { context async throws(ResolutionError) -> Impl in
              try await scope.cell(for: record, in: &context) { SharedInstance<Impl>() }
                .getAsync(&context, step, ownedAsync)
            }
          }))
    }
  }

  /// A `.perContainer` or `.weak` producer: the instance lives in a cell of the container
  /// resolved from, which may be a child of the one this snapshot is for (a child resolving
  /// through its parent's snapshot). The home container's cell is found without a lookup.
  func perContainer<Impl, Cell: InstanceCell<Impl>>(
    _ record: ComponentRecord, _ step: PathStep, _ owned: @escaping Body<Impl>,
    _ ownedAsync: AsyncBody<Impl>?, _ makeCell: @escaping @Sendable (ConditionLock) -> Cell
  ) -> Producer<Impl> {
    let home = ObjectIdentifier(container)
    let homeCell = container.cell(for: record, make: makeCell)
    @Sendable func cell(_ context: ResolutionContext) -> Cell {
      ObjectIdentifier(context.container) == home
        ? homeCell : context.container.cell(for: record, make: makeCell)
    }
    return Producer(
      { context throws(ResolutionError) -> Impl in
        let cell = cell(context)
        if _slowPath(context.container.owned.isClosed) { throw Self.closed(step) }
        return try cell.get(&context, step, owned)
      },
      async: ifAsync(ownedAsync) { ownedAsync in
        { context async throws(ResolutionError) -> Impl in
          let cell = cell(context)
          if _slowPath(context.container.owned.isClosed) { throw Self.closed(step) }
          return try await cell.getAsync(&context, step, ownedAsync)
        }
      })
  }

  /// The error for resolving through a container that has been closed.
  @usableFromInline
  static func closed(_ step: PathStep) -> ResolutionError {
    ResolutionError(reason: .containerClosed).entering(step)
  }

  // MARK: Diagnostics

  static func describe(_ type: Any.Type, _ qualifier: Qualifier) -> String {
    let name = String(describing: type)
    switch qualifier {
    case .none: return name
    case .name(let text): return "\(name) named \"\(text)\""
    case .tag(let tag): return "\(name) tagged \(TagRegistry.name(of: tag))"
    case .tags(let tags): return "\(name) tagged \(TagRegistry.names(of: tags))"
    }
  }
}

/// A parameter type that is not looked up as itself: `Optional`, and the modifiers.
protocol SpecialParameter {
  /// A `Producer<Self>` linked against `linker`.
  static func makeProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer
  /// A `Producer<Self>`, or `nil` when what it wraps is not registered (for `Self?`).
  static func makeOptionalProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer?
  /// One `Producer<Self>` per implementation of what it wraps (for `many`), or `nil` when the
  /// modifier cannot be collected that way.
  static func makeEachProducer(_ linker: Linker, qualifier: Qualifier) -> [AnyProducer]?
}

extension SpecialParameter {
  static func makeOptionalProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer? {
    makeProducer(linker, qualifier: qualifier)
  }

  static func makeEachProducer(_ linker: Linker, qualifier: Qualifier) -> [AnyProducer]? {
    nil
  }
}

extension Linker {
  /// `type` as a modifier, or `nil` for a plain type. Remembered by this linker (without a lock)
  /// because a dynamic conformance check costs far more than a dictionary lookup; the runtime
  /// keeps its own answers across linkers.
  func special(_ type: Any.Type) -> (any SpecialParameter.Type)? {
    let id = ObjectIdentifier(type)
    if let known = specials[id] { return known }
    let answer = type as? any SpecialParameter.Type ?? derivedParameter(type)
    specials[id] = .some(answer)
    return answer
  }
}

/// Lets generic code see through `Optional` to the type it wraps.
protocol OptionalParameter {
  static var wrappedType: Any.Type { get }
}

extension Optional: OptionalParameter {
  static var wrappedType: Any.Type { Wrapped.self }
}

extension Optional: SpecialParameter {
  static func makeProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer {
    // A factory registered as returning `Wrapped?` answers for itself.
    let itself = LookupKey(type: ObjectIdentifier(Self.self), qualifier: qualifier)
    if case .found(let candidate) = linker.chooseForConsumer(itself) {
      linker.note(Self.self, qualifier: qualifier, kind: .required)
      return linker.producer(of: candidate)
    }
    guard let inner = linker.optionalProducer(for: Wrapped.self, qualifier: qualifier) else {
      return Producer<Wrapped?> { _ throws(ResolutionError) -> Wrapped? in nil }
    }
    return wrap(inner)
  }

  /// `many` into `[Wrapped?]`: every implementation of `Wrapped`.
  static func makeEachProducer(_ linker: Linker, qualifier: Qualifier) -> [AnyProducer]? {
    linker.allProducers(for: Wrapped.self, qualifier: qualifier).map(wrap)
  }

  private static func wrap(_ inner: Producer<Wrapped>) -> AnyProducer {
    inner.map { Optional($0) }
  }
}

/// Tag types are known by identity; their names are kept for messages.
@usableFromInline
enum TagRegistry {
  private static let types = Types()

  @usableFromInline
  static func register(_ type: Any.Type) -> ObjectIdentifier {
    let id = ObjectIdentifier(type)
    types.set(id, type)
    return id
  }

  static func name(of id: ObjectIdentifier) -> String {
    types.get(id).map { String(describing: $0) } ?? "<tag>"
  }

  /// Several tags' names, sorted: `Fast and Red`, `A, B and C`.
  static func names(of ids: Set<ObjectIdentifier>) -> String {
    let names = ids.map(name(of:)).sorted()
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
  }

  /// Read on every `resolve(tag:)`: held shared for that, so that resolves by tag on many
  /// threads do not wait for each other; written once per tag.
  private final class Types: @unchecked Sendable {
    private let lock = ReadWriteLock()
    private var types: [ObjectIdentifier: Any.Type] = [:]

    func set(_ id: ObjectIdentifier, _ type: Any.Type) {
      if get(id) != nil { return }
      lock.withLock { types[id] = type }
    }

    func get(_ id: ObjectIdentifier) -> Any.Type? {
      lock.lockShared()
      defer { lock.unlock() }
      return types[id]
    }
  }
}
