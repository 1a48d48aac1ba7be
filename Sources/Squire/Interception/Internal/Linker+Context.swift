/// Contextual binding: components registered `.when(injectedInto:)` are chosen while linking,
/// by the component that asks, so a resolve pays nothing for them.
extension Linker {
  /// The types the component being linked is known as (its own and its `.as`), for a
  /// contextual lookup; `nil` at the top level or when nothing in the chain is contextual.
  var currentConsumer: Set<ObjectIdentifier>? {
    guard hasContextual else { return nil }
    if let consumerOverride { return consumerOverride }
    return linking.last.map(Self.consumerTypes(of:))
  }

  /// What `record` is known as when it asks for a dependency: its own type and every `.as`.
  static func consumerTypes(of record: ComponentRecord) -> Set<ObjectIdentifier> {
    var types: Set<ObjectIdentifier> = [ObjectIdentifier(record.implementationType)]
    for forward in record.forwards { types.insert(forward.type) }
    return types
  }

  /// ``choose(_:from:consumer:)`` for the component being linked.
  func chooseForConsumer(_ key: LookupKey) -> Choice {
    choose(key, consumer: currentConsumer)
  }

  /// A producer of `P` for `consumer`, as if `consumer` asked for it: what a property wrapper
  /// of an object made elsewhere (`inject(into:)`) or of a registered class uses, so that
  /// `.when(injectedInto:)` sees the enclosing type. Missing and ambiguous dependencies give
  /// producers that throw why, as ``producer(for:qualifier:)`` does.
  func producer<P>(for type: P.Type, qualifier: Qualifier, consumer: Any.Type) -> Producer<P> {
    var types: Set<ObjectIdentifier> = [ObjectIdentifier(consumer)]
    // A registered consumer is known by its `.as` too.
    for record in records where record.implementationType == consumer {
      types.formUnion(Self.consumerTypes(of: record))
    }
    let outer = consumerOverride
    consumerOverride = types
    defer { consumerOverride = outer }
    return producer(for: P.self, qualifier: qualifier)
  }

  /// The contextual candidates for `key` offered to `consumer` in the container of
  /// `levels[position]` (with its older layers).
  func contextualCandidates(
    for key: LookupKey, consumer: Set<ObjectIdentifier>, at position: Int
  ) -> [Candidate] {
    let level = levels[position]
    let here = Level.candidates(for: key, in: level.contextual) ?? []
    var all = here
    if let owner = level.owner {
      var next = position + 1
      while next < levels.count, levels[next].owner == owner {
        all = (Level.candidates(for: key, in: levels[next].contextual) ?? []) + all
        next += 1
      }
    }
    return all.filter { Self.isOffered($0.record, to: consumer) }
  }

  /// Whether `record` is offered to a consumer known as `consumer`'s types.
  static func isOffered(_ record: ComponentRecord, to consumer: Set<ObjectIdentifier>) -> Bool {
    record.consumers.contains { consumer.contains(ObjectIdentifier($0)) }
  }

  /// `many` for a consumer: in the nearest container that has any, its unconditional
  /// candidates and those offered to the consumer, in registration order.
  func everyCandidate(for key: LookupKey, including consumer: Set<ObjectIdentifier>)
    -> [Candidate]
  {
    for (position, level) in levels.enumerated() {
      let contextual = contextualCandidates(for: key, consumer: consumer, at: position)
      let plain = level.candidates(for: key).map { gathered($0, key, after: position) } ?? []
      if contextual.isEmpty && plain.isEmpty { continue }
      if contextual.isEmpty { return plain }
      return (plain + contextual).sorted { $0.record.position < $1.record.position }
    }
    return []
  }

  /// The components that provide `key` only to consumers, for the message of a lookup that
  /// found nothing for everyone else.
  func contextualOnly(_ key: LookupKey) -> [Candidate] {
    guard hasContextual else { return [] }
    return levels.flatMap { Level.candidates(for: key, in: $0.contextual) ?? [] }
  }

  /// Explains a missing `key` that components provide only to their consumers: a note per
  /// component, and the fix.
  func explainContextualOnly(_ key: LookupKey, _ error: inout ResolutionError) {
    let providers = contextualOnly(key)
    guard !providers.isEmpty else { return }
    let type = Self.describe(providers[0].providedType, key.qualifier)
    for candidate in providers.prefix(ResolutionError.listedCandidates) {
      error.notes.append(
        "`\(candidate.record.typeName)` (at \(candidate.record.location)) provides `\(type)` "
          + "only when injected into \(candidate.record.consumerNames)")
    }
    let consumers = Set(providers.map(\.record.consumerNames)).sorted().joined(separator: ", ")
    error.advice =
      "resolve a consumer it is registered for (\(consumers)), which receives it; or register a "
      + "`\(type)` without `.when(injectedInto:)` for everyone else."
  }
}

extension Candidate {
  /// The type the candidate is found as: its component's own, or its `.as`.
  var providedType: Any.Type {
    forward.map { record.forwards[$0].forwardedType } ?? record.implementationType
  }
}
