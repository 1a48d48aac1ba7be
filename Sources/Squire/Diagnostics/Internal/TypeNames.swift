// How types, names and tags are written in messages.

extension Linker {
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

  /// The tag type registered under `id`.
  static func type(of id: ObjectIdentifier) -> Any.Type? {
    types.get(id)
  }

  /// The tag's name with the types it is nested in (`Outer.Tag`), without its module.
  static func name(of id: ObjectIdentifier) -> String {
    types.get(id).map(qualifiedName) ?? "<tag>"
  }

  /// `Outer.Tag` for a type nested in another: two tags named `Tag` are told apart. The module
  /// and the compiler's name for a private context are left out.
  static func qualifiedName(_ type: Any.Type) -> String {
    let parts = String(reflecting: type).split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count > 1 else { return String(describing: type) }
    return parts.dropFirst().filter { !$0.hasPrefix("(unknown context") }.joined(separator: ".")
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
