// From a chosen candidate to its producer: linked once per snapshot, placeholders for cycles,
// deep chains postponed.

extension Linker {
  /// The producer of a candidate: its component's own producer, converted by its `.as`, and
  /// wrapped in the decorators of the type it is found as, if that type has any.
  func producer(of candidate: Candidate) -> AnyProducer {
    let plain = undecoratedProducer(of: candidate)
    // Asked once per linker: a graph with no decorator links exactly as before.
    guard hasDecorators else { return plain }
    return decorated(plain, candidate)
  }

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
  func undecoratedProducer(of candidate: Candidate) -> AnyProducer {
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

  func placeholder(
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

  func link(_ record: ComponentRecord) -> AnyProducer {
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
}
