/// What a container knows about one registered component, as it stands when it is read: its
/// type, the keys it can be resolved under, its lifetime and where it was registered. For tools
/// and tests; nothing is built to answer it.
///
/// ```swift
/// container.register(SteelArmor.init).as(Armor.self, name: "steel").lifetime(.single)
///
/// for registration in container.registrations {
///   print(registration)   // SteelArmor as Armor named "steel", .single, at Castle/App.swift:12
/// }
/// ```
public struct Registration: Sendable, CustomStringConvertible {
  /// One way of asking for the component: a type, maybe under a name or tags.
  public struct Key: Sendable, Hashable, CustomStringConvertible {
    /// The type asked for: the component's own, or one it is forwarded as with `.as`.
    public let type: Any.Type
    /// The name given to `.as(_:name:)`, if any.
    public let name: String?
    /// The tags given to `.as(_:tag:)`: at most one per `.as`.
    public let tags: [Any.Type]

    init(type: Any.Type, qualifier: Qualifier) {
      self.type = type
      switch qualifier {
      case .none:
        name = nil
        tags = []
      case .name(let text):
        name = text
        tags = []
      case .tag(let id):
        name = nil
        tags = TagRegistry.type(of: id).map { [$0] } ?? []
      case .tags(let ids):
        name = nil
        tags = ids.compactMap(TagRegistry.type(of:))
      }
    }

    /// `Armor`, `Armor named "steel"`, `Armor tagged Ceremonial`.
    public var description: String {
      let type = String(describing: self.type)
      if let name { return "\(type) named \"\(name)\"" }
      if tags.isEmpty { return type }
      return "\(type) tagged "
        + tags.map { String(describing: $0) }.sorted().joined(separator: ", ")
    }

    /// Keys are equal when they ask for the same type under the same name and tags.
    public static func == (lhs: Key, rhs: Key) -> Bool {
      ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type) && lhs.name == rhs.name
        && Set(lhs.tags.map(ObjectIdentifier.init)) == Set(rhs.tags.map(ObjectIdentifier.init))
    }

    /// Hashes the type, the name and the tags.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(ObjectIdentifier(type))
      hasher.combine(name)
      hasher.combine(Set(tags.map(ObjectIdentifier.init)))
    }
  }

  /// The component's own type: what its factory returns.
  public let type: Any.Type
  /// Every key it can be resolved under, in the order they were given: its own type first
  /// (unless every `.as` of its own type is under a name or tag), then each `.as`.
  public let keys: [Key]
  /// How long its instances live.
  public let lifetime: Lifetime
  /// Whether it is marked `.default()`.
  public let isDefault: Bool
  /// Whether the container can build it: `false` for `register(T.self)`, whose instances are
  /// made elsewhere and passed to `inject(into:)`.
  public let hasFactory: Bool
  /// The file of the `register` call, as `#fileID` writes it: `Castle/App.swift`.
  public let file: String
  /// The line of the `register` call.
  public let line: Int

  /// Read under the lock of the container that holds `record`.
  init(_ record: ComponentRecord) {
    type = record.implementationType
    var keys: [Key] = []
    if record.isResolvableAsItself {
      keys.append(Key(type: record.implementationType, qualifier: .none))
    }
    for forward in record.forwards {
      let key = Key(type: forward.forwardedType, qualifier: forward.qualifier)
      if !keys.contains(key) { keys.append(key) }
    }
    self.keys = keys
    lifetime = record.lifetime
    isDefault = record.isDefault
    hasFactory = record.hasFactory
    file = record.location.file.description
    line = Int(record.location.line)
  }

  /// `SteelArmor as Armor named "steel", .single, at Castle/App.swift:12`.
  public var description: String {
    let own = String(describing: type)
    let forwards = keys.filter { $0.description != own }.map(\.description)
    return own + (forwards.isEmpty ? "" : " as " + forwards.joined(separator: ", "))
      + ", .\(lifetime)" + (isDefault ? ", default" : "") + (hasFactory ? "" : ", no factory")
      + ", at \(file):\(line)"
  }
}

extension Container {
  /// The components registered in this container, in registration order: not its parents'
  /// (read ``parent``'s for those).
  ///
  /// ```swift
  /// let container = Container()
  /// container.register(Forge.init).lifetime(.single)
  /// container.register(SteelArmor.init).as(Armor.self)
  ///
  /// #expect(container.registrations.map(\.lifetime) == [.single, .prototype])
  /// #expect(container.registrations[1].keys.contains { $0.type == Armor.self })
  /// ```
  ///
  /// Each ``Registration`` is what the container holds when the property is read; options set
  /// later are not in it.
  public var registrations: [Registration] {
    withRecords { $0.map(Registration.init) }
  }
}

extension Component {
  /// What the container holds about this component now: its keys, lifetime and where it was
  /// registered.
  ///
  /// ```swift
  /// let forge = container.register(Forge.init).lifetime(.single)
  /// #expect(forge.registration.lifetime == .single)
  /// ```
  public var registration: Registration {
    container.withRecords { _ in Registration(record) }
  }
}
