// Lookup: which candidate answers a key, nearest container first.

extension Linker {
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
    // By position: binding each level to a name copies it, retaining each of its tables (this
    // runs for every dependency linked).
    for position in levels.indices.dropFirst(first) {
      if let consumer, hasContextual {
        let contextual = contextualCandidates(for: key, consumer: consumer, at: position)
        if !contextual.isEmpty { return Self.decide(among: contextual) }
      }
      guard let found = levels[position].candidates(for: key), !found.isEmpty else { continue }
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
    for position in levels.indices {
      guard let found = levels[position].index[key], !found.isEmpty else { continue }
      guard let owner = levels[position].owner else {
        if found.count == 1 { return found[0] }
        let marked = levels[position].defaults[key] ?? []
        return marked.count == 1 ? marked[0] : nil
      }
      var count = found.count
      var marked = levels[position].defaults[key] ?? []
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
}
