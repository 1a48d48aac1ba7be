extension Linker {
  /// `plain` (the producer of `candidate`) wrapped in the decorators of the type the candidate
  /// is found as: the oldest container's first, and in each container the first registered
  /// innermost. `plain` itself when the type has none.
  func decorated(_ plain: AnyProducer, _ candidate: Candidate) -> AnyProducer {
    let record = candidate.record
    let type =
      candidate.forward.map { record.forwards[$0].forwardedType } ?? record.implementationType
    let typeID = ObjectIdentifier(type)
    guard levels.contains(where: { $0.decorators[typeID] != nil }) else { return plain }
    let key = DecoratedKey(record: ObjectIdentifier(record), forward: candidate.forward ?? -1)
    if let made = decoratedProducers[key] { return made }
    // Asked for by one of its own decorators while they are linked (a `Lazy` of the decorated
    // type): a placeholder stands in until the decorated producer is made.
    if let pending = decoratingNow[key] {
      if let pending { return pending.producer }
      let made = levels.lazy.compactMap { $0.decorators[typeID]?.first }.first!.makePlaceholder()
      keep(made.placeholder)
      decoratingNow[key] = .some(made)
      return made.producer
    }
    decoratingNow[key] = .some(nil)

    // A `.single` is built, and decorated, by the container that registered it: the decorators
    // of that container and its parents wrap it there, once for the whole tree, with that
    // container's dependencies. A child's decorators wrap that instance once per child.
    var home: Int?
    if record.lifetime == .single, let owner = record.owner, owner !== container {
      home = levels.firstIndex { $0.owner == ObjectIdentifier(owner) }
    }
    var producer = plain
    var outer = Array(levels.indices.reversed())
    if let home, let owner = record.owner, let snapshot = baseSnapshot(for: owner) {
      producer = snapshot.withLinker { home in
        let made = home.producer(of: candidate)
        // Linked on demand there: what it postponed for depth is linked before it is used.
        home.linkPostponed()
        return made
      }
      outer = Array((0..<home).reversed())
    }
    var outermost: (view: ComponentRecord, producer: AnyProducer)?
    for index in outer {
      let lifetime = Self.viewLifetime(of: record, type: type, atHome: home.map { index >= $0 })
      for decorator in levels[index].decorators[typeID] ?? [] {
        let inner = producer
        let outerDecorator = decorating
        decorating = decorator
        let made = linking(asPartOf: record) {
          decorator.decorate(inner, of: record, lifetime: lifetime, linker: self)
        }
        producer = made.producer
        outermost = made
        decorating = outerDecorator
        decorations[ObjectIdentifier(record), default: []].append(decorator)
      }
    }
    decoratedProducers[key] = producer
    if let outermost { decoratedViews[key] = outermost.view }
    // Building the outermost decorated `.single` builds the component and every decorator.
    if let outermost, outermost.view.lifetime == .single {
      decoratedSingles.append((outermost.view, outermost.producer))
    }
    if case .some(.some(let pending)) = decoratingNow.removeValue(forKey: key) {
      pending.placeholder.fill(producer)
    }
    return producer
  }

  /// Under what the instance a candidate gives is kept in an object graph: its decorated
  /// instance's view for a decorated type (a cyclic injection of the type must close on the
  /// decorated instance, not on the one inside it), its component otherwise.
  func instanceID(of candidate: Candidate) -> ObjectIdentifier {
    if hasDecorators {
      _ = producer(of: candidate)
      let key = DecoratedKey(
        record: ObjectIdentifier(candidate.record), forward: candidate.forward ?? -1)
      if let view = decoratedViews[key] { return ObjectIdentifier(view) }
    }
    return ObjectIdentifier(candidate.record)
  }

  /// The lifetime of decorated instances of `record`: the component's own, so that a cached
  /// one runs each decorator once per instance. Two exceptions: a child's decorator of a
  /// parent's `.single` caches per container (the child's, not the tree's: `atHome` is false),
  /// and a component whose lifetime holds weakly (`.weak`, a weak scope) decorated as a type
  /// that is not a class keeps nothing (it cannot be held weakly).
  static func viewLifetime(of record: ComponentRecord, type: Any.Type, atHome: Bool?)
    -> Lifetime
  {
    switch record.lifetime {
    case .single where atHome == false: .perContainer
    case let weakly where weakly.holdsWeakly && !holdsClassInstancesOrNil(type): .prototype
    default: record.lifetime
    }
  }
}
