// The linker's dependencies, as the components' link functions ask for them: plain types,
// modifiers, injections; what each asked for is noted for validation (`edges`).

extension Linker {
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
  @_semantics("optimize.sil.specialize.generic.never")
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

  /// The async build of a component registered with a synchronous factory through the
  /// parameter pack: `nil` when no dependency has async parts. Not inlined into `register`
  /// (see the fixed-arity forms, generated with it).
  @usableFromInline
  @_semantics("optimize.sil.specialize.generic.never")
  static func asyncCalling<Impl, each P>(
    _ factory: @escaping @Sendable (repeat each P) throws -> Impl, _ step: PathStep,
    _ dependencies: repeat Producer<each P>
  ) -> AsyncBody<Impl>? {
    asyncBuild(step, repeat each dependencies) {
      (arguments: repeat each P) throws(ResolutionError) -> Impl in
      do {
        return try factory(repeat each arguments)
      } catch {
        throw ResolutionError.thrown(error, by: step)
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
    let target: Any.Type = optionalParameter(P.self)?.wrappedType ?? P.self
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
    for position in levels.indices {
      guard let candidates = levels[position].candidates(for: key), !candidates.isEmpty else {
        continue
      }
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
        decorator: decorating, wrappedProperty: wrappedProperty))
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

  func chosenProducer<P>(for type: P.Type, qualifier: Qualifier) -> Producer<P>? {
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
    let listed = Candidate.listed(candidates)
    var error = ResolutionError(
      reason: .ambiguous(
        type: type, candidates: listed.descriptions, count: candidates.count,
        markedDefault: candidates.allSatisfy(\.record.isDefault)))
    error.listedCount = listed.covered
    return error
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
}
