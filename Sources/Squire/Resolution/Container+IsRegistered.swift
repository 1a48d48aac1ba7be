extension Container {
  /// Whether a component in this container or its parents provides `type`, as its own type or
  /// through `.as`, without building anything.
  ///
  /// ```swift
  /// container.register(PlateArmor.init(forge:)).as(Armor.self)
  /// container.isRegistered(Armor.self)    // true
  /// container.isRegistered(Banner.self)   // false
  /// ```
  ///
  /// `true` does not promise that a resolve succeeds: several components may provide the type
  /// with no `.default()`, or one may miss a dependency. ``validate()`` answers that; resolving
  /// `T?` builds the component when there is one.
  ///
  /// - Parameter type: The type asked for, without a name or tag.
  /// - Returns: Whether some component provides it.
  public func isRegistered<T>(_ type: T.Type) -> Bool {
    isRegistered(LookupKey(type: ObjectIdentifier(T.self), qualifier: .none))
  }

  /// Whether a component in this container or its parents is forwarded as `type` under `name`.
  ///
  /// ```swift
  /// container.register(BMWEngine.init).as(Engine.self, name: "BMW")
  /// container.isRegistered(Engine.self, name: "BMW")   // true
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type asked for.
  ///   - name: The name it would be resolved under.
  /// - Returns: Whether some component provides it under that name.
  public func isRegistered<T>(_ type: T.Type, name: String) -> Bool {
    isRegistered(LookupKey(type: ObjectIdentifier(T.self), qualifier: .name(name)))
  }

  /// Whether a component in this container or its parents is forwarded as `type` under the tag
  /// `tag`.
  ///
  /// ```swift
  /// container.register(GildedArmor.init).as(Armor.self, tag: Ceremonial.self)
  /// container.isRegistered(Armor.self, tag: Ceremonial.self)   // true
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type asked for.
  ///   - tag: The tag type it would be resolved under.
  /// - Returns: Whether some component provides it under that tag.
  public func isRegistered<T, Tag>(_ type: T.Type, tag: Tag.Type) -> Bool {
    isRegistered(
      LookupKey(type: ObjectIdentifier(T.self), qualifier: .tag(TagRegistry.register(Tag.self))))
  }

  /// Whether a component here or in a parent is forwarded as `type` under `qualifier`.
  func provides(_ type: Any.Type, _ qualifier: Qualifier) -> Bool {
    isRegistered(LookupKey(type: ObjectIdentifier(type), qualifier: qualifier))
  }

  private func isRegistered(_ key: LookupKey) -> Bool {
    snapshot.withLinker { !$0.everyCandidate(for: key).isEmpty }
  }
}
