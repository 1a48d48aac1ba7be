/// One container's registrations, indexed for lookup, as seen by a snapshot; or, for a container
/// that registered after resolving, one layer of them (those registered between two resolves).
/// Layers of one container are adjacent in a linker's levels, newest first, and answer a lookup
/// together.
struct Level {
  let records: [ComponentRecord]
  let index: [LookupKey: [Candidate]]
  /// The records that are a candidate in ``index`` under some key, in order: what a lookup in
  /// this level alone can reach (validation starts its walk from them).
  let indexed: [ComponentRecord]
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
    // A key per record and per `.as`, at most: the table is made once at its size, not grown
    // by doubling.
    var keys = records.count
    for record in records { keys += record.forwards.count }
    index.reserveCapacity(keys)
    var contextual: [LookupKey: [Candidate]] = [:]
    var indexed: [ComponentRecord] = []
    indexed.reserveCapacity(records.count)
    for record in records {
      let isContextual = !record.consumers.isEmpty
      let own = LookupKey(type: ObjectIdentifier(record.implementationType), qualifier: .none)
      var inIndex = false
      if record.isResolvableAsItself {
        let candidate = Candidate(record: record, forward: nil)
        if isContextual {
          contextual[own, default: []].append(candidate)
        } else {
          index[own, default: []].append(candidate)
          inIndex = true
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
          inIndex = true
        }
      }
      if inIndex { indexed.append(record) }
    }
    self.index = index
    self.indexed = indexed
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

  /// What an ambiguity lists: the first few candidates described, those registered by one line
  /// (in a loop) once, with their number (`BrassHorn at main.swift:20 (10,000 registrations)`).
  /// `covered` is how many candidates the descriptions stand for; the rest are counted.
  static func listed(_ candidates: [Candidate]) -> (descriptions: [String], covered: Int) {
    var sites: [(candidate: Candidate, count: Int)] = []
    var covered = 0
    for candidate in candidates {
      if let index = sites.firstIndex(where: { $0.candidate.isAtTheSamePlace(as: candidate) }) {
        sites[index].count += 1
        covered += 1
      } else if sites.count < ResolutionError.listedCandidates {
        sites.append((candidate, 1))
        covered += 1
      }
    }
    let descriptions = sites.map { site in
      site.count == 1
        ? site.candidate.description
        : site.candidate.description + " (\(ResolutionError.grouped(site.count)) registrations)"
    }
    return (descriptions, covered)
  }

  /// Whether the two were registered by one line (in a loop) as the same type, forwarded alike:
  /// listed once in a message.
  func isAtTheSamePlace(as other: Candidate) -> Bool {
    record.location == other.record.location && forward == other.forward
      && record.implementationType == other.record.implementationType
  }
}

/// The answer to a lookup.
enum Choice {
  case found(Candidate)
  case missing
  case ambiguous([Candidate])
}
