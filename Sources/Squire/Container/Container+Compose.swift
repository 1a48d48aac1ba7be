extension Container {
  /// Creates a container and registers in it with `compose`: the composition root as one
  /// expression.
  ///
  /// ```swift
  /// let container = Container { container in
  ///   container.register(Forge.init).lifetime(.single)
  ///   container.register(PlateArmor.init(forge:)).as(Armor.self)
  ///   container.append(part: KnightsPart.self)
  /// }
  ///
  /// let test = Container(parent: container) { $0.register(MockForge.init).as(Forge.self) }
  /// ```
  ///
  /// - Parameters:
  ///   - parent: The container whose registrations this one inherits and overrides; `nil` for
  ///     a root container.
  ///   - defaultLifetime: The lifetime of a component registered without `.lifetime(_:)`; the
  ///     parent's (or ``Lifetime/prototype``) when `nil`. See ``init(parent:defaultLifetime:)``.
  ///   - compose: Registers the container's components; what it throws, this initializer
  ///     throws.
  public convenience init<Failure: Error>(
    parent: Container? = nil, defaultLifetime: Lifetime? = nil,
    _ compose: (Container) throws(Failure) -> Void
  ) throws(Failure) {
    if let defaultLifetime {
      self.init(parent: parent, defaultLifetime: defaultLifetime)
    } else {
      self.init(parent: parent)
    }
    try compose(self)
  }
}
