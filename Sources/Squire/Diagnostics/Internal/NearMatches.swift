import Synchronization

/// Registrations that come close to something nothing provides: the same type under another
/// name or tag, the same name or tag on another type, a type with the same name, a subclass or
/// a likely implementation that was never forwarded with `.as`.
///
/// Indexed once per snapshot, so that diagnosing many missing dependencies stays linear in the
/// number of registrations instead of scanning them all for each one.
final class NearMatches {
  private struct Entry {
    let key: LookupKey
    let candidate: Candidate
  }

  private var byType: [ObjectIdentifier: [Entry]] = [:]
  private var byQualifier: [Qualifier: [Entry]] = [:]
  /// Records by their own type's name, lowercased.
  private var byName: [String: [ComponentRecord]] = [:]
  /// Class records by every superclass they inherit from.
  private var bySuperclass: [ObjectIdentifier: [ComponentRecord]] = [:]
  /// Records by each word of their type's name, lowercased: `BMWEngine` under `bmw` and `engine`.
  private var byWord: [String: [ComponentRecord]] = [:]
  /// Likely implementations by the asked type's name, found once per name: the same protocol
  /// is often missing in many places.
  private var likely: [String: [ComponentRecord]] = [:]
  /// Named entries by their name, lowercased, and by that name with any one character left out:
  /// two names share a key when they differ by case, or by one letter changed, added, dropped
  /// or two swapped. A lookup of a few keys finds the likely typos among any number of names.
  private var byNameVariant: [String: [Entry]] = [:]
  /// Per type, the records that provide it in some form, made when first needed.
  private var providersOf: [ObjectIdentifier: Set<ObjectIdentifier>] = [:]

  init(levels: [Level]) {
    var seen = Set<ObjectIdentifier>()
    for level in levels {
      for (key, candidates) in level.index {
        for candidate in candidates {
          let entry = Entry(key: key, candidate: candidate)
          byType[key.type, default: []].append(entry)
          if key.qualifier != .none { byQualifier[key.qualifier, default: []].append(entry) }
          if case .name(let name) = key.qualifier {
            for variant in Self.variants(of: name) {
              byNameVariant[variant, default: []].append(entry)
            }
          }
        }
      }
      for record in level.records where seen.insert(ObjectIdentifier(record)).inserted {
        let name = Self.bareName(record.typeName)
        byName[name.lowercased(), default: []].append(record)
        for word in Set(Self.words(of: name).map { $0.lowercased() }) {
          byWord[word, default: []].append(record)
        }
        guard let type = record.implementationType as? AnyClass else { continue }
        var ancestor: AnyClass? = _getSuperclass(type)
        while let superclass = ancestor {
          bySuperclass[ObjectIdentifier(superclass), default: []].append(record)
          ancestor = _getSuperclass(superclass)
        }
      }
    }
  }

  /// How many close matches a diagnostic lists; the rest are counted in one more line.
  static let listed = 5

  /// Sentences describing what comes close to `type` under `qualifier`, the likeliest first,
  /// without repeats: at most ``listed`` of them, then a line counting the rest. Only the listed
  /// ones are written, so that a type registered under ten thousand names costs a scan, not ten
  /// thousand sentences.
  /// `askers` are the components that asked: never suggested as their own dependency (a
  /// `NeedsWeapon` missing its `Weapon` is no implementation of it).
  func suggestions(
    for type: Any.Type, qualifier: Qualifier, askers: Set<ObjectIdentifier> = []
  ) -> [String] {
    let wanted = ObjectIdentifier(type)
    let wantedName = String(describing: type)
    var found = Found(limit: Self.listed)

    // The same type under another name or tag: a name that differs by case or by a letter
    // first, since it is most likely a typo.
    var near = Set<LookupKey>()
    if case .name(let asked) = qualifier {
      let lowered = asked.lowercased()
      for variant in Self.variants(of: asked) {
        for entry in byNameVariant[variant] ?? []
        where entry.key.type == wanted && entry.key.qualifier != qualifier
          && near.insert(entry.key).inserted
        {
          guard case .name(let have) = entry.key.qualifier else { continue }
          let sameLetters = have.lowercased() == lowered
          found.add(sameLetters ? 0 : 1) {
            let usage = Self.usage(of: entry.key, entry.candidate)
            return sameLetters ? "a name that differs only by case: \(usage)" : usage
          }
        }
      }
    }
    // The rest in registration order: only as many as can be listed are looked at, the others
    // counted (none of them has the asked qualifier, or it would not be missing).
    let entries = byType[wanted] ?? []
    var scanned = 0
    var nearScanned = 0
    var listed = 0
    while scanned < entries.count, listed < Self.listed {
      let entry = entries[scanned]
      scanned += 1
      if near.contains(entry.key) {
        nearScanned += 1
      } else if entry.key.qualifier != qualifier {
        found.add(2) { Self.usage(of: entry.key, entry.candidate) }
        listed += 1
      }
    }
    found.count(entries.count - scanned - (near.count - nearScanned))

    if qualifier != .none {
      for entry in byQualifier[qualifier] ?? [] where entry.key.type != wanted {
        found.add(3) {
          "\(Self.describe(qualifier)) is registered for another type: "
            + Self.usage(of: entry.key, entry.candidate)
        }
      }
    }

    for record in byName[Self.bareName(wantedName).lowercased()] ?? []
    where ObjectIdentifier(record.implementationType) != wanted {
      found.add(2) {
        "a different type with the same name: `\(record.typeName)` registered at "
          + "\(record.location)"
      }
    }

    // A record that already provides the type in some form is suggested as that form; saying
    // it might also conform would be noise.
    let providers = providers(of: wanted)
    let forward = Self.forwarding(wantedName, qualifier)
    if type is AnyObject.Type {
      // For a class the answer is exact: the runtime knows every class's superclass.
      for record in bySuperclass[wanted] ?? [] where !providers.contains(ObjectIdentifier(record)) {
        found.add(2) {
          "`\(record.typeName)` registered at \(record.location) inherits from `\(wantedName)` "
            + "but is not forwarded with `\(forward)`"
        }
      }
    } else if isExistential(type) {
      // A protocol's conformances cannot be asked of the runtime from a type alone (only of an
      // instance, and making one may have effects), so the name is the only honest clue. Only
      // a protocol has implementations: a struct or an enum is registered as itself.
      for record in likelyImplementations(of: wantedName)
      where !providers.contains(ObjectIdentifier(record))
        && ObjectIdentifier(record.implementationType) != wanted
        && !askers.contains(ObjectIdentifier(record))
      {
        found.add(4) {
          "maybe `\(record.typeName)` registered at \(record.location): its name suggests it "
            + "provides `\(wantedName)`, but it is not forwarded with `\(forward)`"
        }
      }
    }
    return found.sentences
  }

  /// Close matches kept by rank, each written only if it is listed.
  private struct Found {
    let limit: Int
    private var kept: [(rank: Int, order: Int, text: String)] = []
    private var seen = Set<String>()
    private var considered = 0
    private(set) var more = 0

    init(limit: Int) { self.limit = limit }

    mutating func add(_ rank: Int, _ text: () -> String) {
      considered += 1
      // Kept sorted by rank, then by arrival: a later match of a rank no better than the last
      // listed one is only counted.
      if kept.count >= limit, let last = kept.last, last.rank <= rank {
        more += 1
        return
      }
      let sentence = text()
      guard seen.insert(sentence).inserted else { return }
      let position = kept.firstIndex { $0.rank > rank } ?? kept.count
      kept.insert((rank, considered, sentence), at: position)
      if kept.count > limit {
        kept.removeLast()
        more += 1
      }
    }

    /// Counts matches that are not written.
    mutating func count(_ unwritten: Int) {
      more += max(0, unwritten)
    }

    var sentences: [String] {
      kept.map(\.text)
        + (more > 0 ? ["and \(more) more registration\(more == 1 ? "" : "s") like these"] : [])
    }
  }

  /// The records that provide `type` in some form: its own type, or an `.as` under any name or
  /// tag.
  private func providers(of type: ObjectIdentifier) -> Set<ObjectIdentifier> {
    if let known = providersOf[type] { return known }
    let found = Set((byType[type] ?? []).map { ObjectIdentifier($0.candidate.record) })
    providersOf[type] = found
    return found
  }

  /// A name lowercased, and each way of leaving one of its characters out.
  static func variants(of name: String) -> Set<String> {
    let characters = Array(name.lowercased())
    var variants: Set<String> = [String(characters)]
    guard characters.count > 1 else { return variants }
    for position in characters.indices {
      var shorter = characters
      shorter.remove(at: position)
      variants.insert(String(shorter))
    }
    return variants
  }

  /// Records whose name contains the asked type's core name: `BMWEngine` and `EngineImpl` for
  /// `Engine` or `EngineProtocol`.
  private func likelyImplementations(of name: String) -> [ComponentRecord] {
    if let known = likely[name] { return known }
    let core = Self.coreName(Self.bareName(name))
    guard core.count >= 3, let last = Self.words(of: core).last?.lowercased() else { return [] }
    let lowered = core.lowercased()
    let found = (byWord[last] ?? []).filter {
      let candidate = Self.bareName($0.typeName)
      return candidate.lowercased().contains(lowered) && candidate != Self.bareName(name)
    }
    likely[name] = found
    return found
  }

  // MARK: Names

  /// `Engine` for `any Engine`, `Node` for `Node<Int>`, `Inner` for `Outer.Inner`.
  static func bareName(_ name: String) -> String {
    var text = Substring(name)
    if text.hasPrefix("any ") { text = text.dropFirst(4) }
    if let generic = text.firstIndex(of: "<") { text = text[..<generic] }
    if let dot = text.lastIndex(of: ".") { text = text[text.index(after: dot)...] }
    return String(text)
  }

  /// The part of a protocol's name an implementation would repeat: `Engine` for
  /// `EngineProtocol`, `EngineType` or `IEngine`.
  static func coreName(_ name: String) -> String {
    var core = Substring(name)
    for suffix in ["Protocol", "Interface", "Type"]
    where core.hasSuffix(suffix) && core.count - suffix.count >= 3 {
      core = core.dropLast(suffix.count)
      break
    }
    let characters = Array(core)
    if characters.count > 3, characters[0] == "I", characters[1].isUppercase,
      characters[2].isLowercase
    {
      core = core.dropFirst()
    }
    return String(core)
  }

  /// The words of a camel-case name: `BMWEngine` → `BMW`, `Engine`.
  static func words(of name: String) -> [String] {
    let characters = Array(name)
    var words: [String] = []
    var current = ""
    for (position, character) in characters.enumerated() {
      if character.isUppercase, !current.isEmpty, let previous = current.last {
        let nextIsLower =
          position + 1 < characters.count && characters[position + 1].isLowercase
        if !previous.isUppercase || nextIsLower {
          words.append(current)
          current = ""
        }
      }
      if character.isLetter || character.isNumber { current.append(character) }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// `.as(Engine.self)`, with the name or tag that was asked for.
  private static func forwarding(_ typeName: String, _ qualifier: Qualifier) -> String {
    let type = typeName.contains("&") ? "(any \(bareName(typeName)))" : typeName
    switch qualifier {
    case .none: return ".as(\(type).self)"
    case .name(let name): return ".as(\(type).self, name: \"\(name)\")"
    case .tag(let tag): return ".as(\(type).self, tag: \(TagRegistry.name(of: tag)).self)"
    case .tags(let tags):
      return tags.map { ".as(\(type).self, tag: \(TagRegistry.name(of: $0)).self)" }.sorted()
        .joined()
    }
  }

  private static func describe(_ qualifier: Qualifier) -> String {
    switch qualifier {
    case .none: "no name"
    case .name(let name): "the name \"\(name)\""
    case .tag(let tag): "the tag \(TagRegistry.name(of: tag))"
    case .tags(let tags): "the tags \(TagRegistry.names(of: tags))"
    }
  }

  private static func usage(of key: LookupKey, _ candidate: Candidate) -> String {
    let record = candidate.record
    let provided = candidate.forward.map { record.forwards[$0].typeName } ?? record.typeName
    let how: String
    switch key.qualifier {
    case .none: how = "resolvable as `\(provided)`"
    case .name(let name): how = "resolvable as `\(provided)` only by name \"\(name)\""
    case .tag(let tag): how = "resolvable as `\(provided)` only by tag \(TagRegistry.name(of: tag))"
    case .tags(let tags):
      how = "resolvable as `\(provided)` only by tags \(TagRegistry.names(of: tags))"
    }
    return "`\(record.typeName)` registered at \(record.location), \(how)"
  }
}

/// A ``NearMatches`` index used from any thread: the errors of one snapshot find their close
/// matches through it when they are read, one at a time.
final class SharedNearMatches: Sendable {
  private let index: Locked<NearMatches>

  init(_ index: sending NearMatches) {
    self.index = Locked(index)
  }

  func suggestions(
    for type: Any.Type, qualifier: Qualifier, askers: Set<ObjectIdentifier>
  ) -> [String] {
    index.withLock { $0.suggestions(for: type, qualifier: qualifier, askers: askers) }
  }
}
