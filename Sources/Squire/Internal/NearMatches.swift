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

  init(levels: [Level]) {
    var seen = Set<ObjectIdentifier>()
    for level in levels {
      for (key, candidates) in level.index {
        for candidate in candidates {
          let entry = Entry(key: key, candidate: candidate)
          byType[key.type, default: []].append(entry)
          if key.qualifier != .none { byQualifier[key.qualifier, default: []].append(entry) }
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

  /// Sentences describing what comes close to `type` under `qualifier`, sorted, without
  /// repeats.
  func suggestions(for type: Any.Type, qualifier: Qualifier) -> [String] {
    let wanted = ObjectIdentifier(type)
    let wantedName = String(describing: type)
    var found = Set<String>()
    // A record that already provides the type in some form is suggested as that form; saying
    // it might also conform would be noise.
    var providers = Set<ObjectIdentifier>()

    for entry in byType[wanted] ?? [] where entry.key.qualifier != qualifier {
      providers.insert(ObjectIdentifier(entry.candidate.record))
      let usage = Self.usage(of: entry.key, entry.candidate)
      if case .name(let asked) = qualifier, case .name(let have) = entry.key.qualifier,
        asked.lowercased() == have.lowercased()
      {
        found.insert("a name that differs only by case: \(usage)")
      } else {
        found.insert(usage)
      }
    }

    if qualifier != .none {
      for entry in byQualifier[qualifier] ?? [] where entry.key.type != wanted {
        found.insert(
          "\(Self.describe(qualifier)) is registered for another type: "
            + Self.usage(of: entry.key, entry.candidate))
      }
    }

    for record in byName[Self.bareName(wantedName).lowercased()] ?? []
    where ObjectIdentifier(record.implementationType) != wanted {
      found.insert(
        "a different type with the same name: `\(record.typeName)` registered at "
          + "\(record.location)")
    }

    let forward = Self.forwarding(wantedName, qualifier)
    if type is AnyObject.Type {
      // For a class the answer is exact: the runtime knows every class's superclass.
      for record in bySuperclass[wanted] ?? [] where !providers.contains(ObjectIdentifier(record)) {
        found.insert(
          "`\(record.typeName)` registered at \(record.location) inherits from `\(wantedName)` "
            + "but is not forwarded with `\(forward)`")
      }
    } else {
      // A protocol's conformances cannot be asked of the runtime from a type alone (only of an
      // instance, and making one may have effects), so the name is the only honest clue.
      for record in likelyImplementations(of: wantedName)
      where !providers.contains(ObjectIdentifier(record))
        && ObjectIdentifier(record.implementationType) != wanted
      {
        found.insert(
          "maybe `\(record.typeName)` registered at \(record.location): its name suggests it "
            + "provides `\(wantedName)`, but it is not forwarded with `\(forward)`")
      }
    }
    return found.sorted()
  }

  /// Records whose name contains the asked type's core name: `BMWEngine` and `EngineImpl` for
  /// `Engine` or `EngineProtocol`.
  private func likelyImplementations(of name: String) -> [ComponentRecord] {
    let core = Self.coreName(Self.bareName(name))
    guard core.count >= 3, let last = Self.words(of: core).last?.lowercased() else { return [] }
    let lowered = core.lowercased()
    return (byWord[last] ?? []).filter {
      let candidate = Self.bareName($0.typeName)
      return candidate.lowercased().contains(lowered) && candidate != Self.bareName(name)
    }
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
