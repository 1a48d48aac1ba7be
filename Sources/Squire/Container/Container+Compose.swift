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
  /// Every option of ``init(parent:defaultLifetime:closedByParent:)`` is here too.
  ///
  /// - Parameters:
  ///   - parent: The container whose registrations this one inherits and overrides; `nil` for
  ///     a root container.
  ///   - defaultLifetime: The lifetime of a component registered without `.lifetime(_:)`; the
  ///     parent's (or ``Lifetime/prototype``) when `nil`. See
  ///     ``init(parent:defaultLifetime:closedByParent:)``.
  ///   - closedByParent: Whether closing `parent` closes this child first (the default).
  ///   - compose: Registers the container's components; what it throws, this initializer
  ///     throws.
  public convenience init<Failure: Error>(
    parent: Container? = nil, defaultLifetime: Lifetime? = nil, closedByParent: Bool = true,
    _ compose: (Container) throws(Failure) -> Void
  ) throws(Failure) {
    self.init(parent: parent, defaultLifetime: defaultLifetime, closedByParent: closedByParent)
    try compose(self)
  }
}
