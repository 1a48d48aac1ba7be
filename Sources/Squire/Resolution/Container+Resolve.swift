import Synchronization

extension Container {
  /// Builds a `T`, trapping with the full diagnostic if it cannot.
  ///
  /// The type can be inferred or given; an `Optional` type gives `nil` when nothing provides
  /// the wrapped type:
  ///
  /// ```swift
  /// let knight: Knight = container.resolve()
  /// let armor = container.resolve(Armor.self)
  /// let banner: Banner? = container.resolve()   // nil when no Banner is registered
  /// ```
  ///
  /// Resolve at the composition root; components should receive their dependencies, not reach
  /// for the container. Use ``tryResolve(_:)`` to handle a failure instead of trapping.
  @inlinable
  public func resolve<T>(_ type: T.Type = T.self) -> T {
    do {
      return try tryResolve(T.self)
    } catch {
      fatalError(error.description)
    }
  }

  /// Builds a `T`, or throws a ``ResolutionError`` that says what was asked, the path of
  /// components to the failure, and why.
  ///
  /// ```swift
  /// do {
  ///   let knight = try container.tryResolve(Knight.self)
  /// } catch {
  ///   print(error)
  /// }
  /// ```
  @inlinable
  public func tryResolve<T>(_ type: T.Type = T.self) throws(ResolutionError) -> T {
    // The fast path takes no reference count: the container keeps every snapshot alive, and
    // the snapshot its producers, for as long as this call runs.
    if let current = published.load(ordering: .acquiring),
      let found = current._withUnsafeGuaranteedRef({
        $0.table.producer(for: ObjectIdentifier(T.self))
      })
    {
      var context = ResolutionContext(container: self)
      let outcome = found._withUnsafeGuaranteedRef { producer in
        Result { () throws(ResolutionError) -> T in
          let resolved = try unsafeDowncast(producer, to: Producer<T>.self).body(&context)
          try context.finish()
          return resolved
        }
      }
      switch outcome {
      case .success(let resolved): return resolved
      case .failure(let error): throw error.finished(requested: String(describing: T.self))
      }
    }
    return try resolve(T.self, qualifier: .none, arguments: nil)
  }

  /// Builds the `T` registered under `name` (with `.as(T.self, name:)`), trapping if it cannot.
  ///
  /// ```swift
  /// container.register(Car.init).as(Car.self, name: "BMW")
  /// let car: Car = container.resolve(name: "BMW")
  /// ```
  public func resolve<T>(_ type: T.Type = T.self, name: String) -> T {
    trapping { () throws(ResolutionError) in try tryResolve(T.self, name: name) }
  }

  /// Builds the `T` registered under `name`, or throws why it cannot.
  public func tryResolve<T>(_ type: T.Type = T.self, name: String) throws(ResolutionError) -> T {
    try resolve(T.self, qualifier: .name(name), arguments: nil)
  }

  /// Builds the `T` registered under the tag `tag` (with `.as(T.self, tag:)`), trapping if it
  /// cannot.
  ///
  /// ```swift
  /// enum Ceremonial {}
  /// container.register(GildedArmor.init).as(Armor.self, tag: Ceremonial.self)
  /// let armor: Armor = container.resolve(tag: Ceremonial.self)
  /// ```
  public func resolve<T, Tag>(_ type: T.Type = T.self, tag: Tag.Type) -> T {
    trapping { () throws(ResolutionError) in try tryResolve(T.self, tag: tag) }
  }

  /// Builds the `T` registered under the tag `tag`, or throws why it cannot.
  public func tryResolve<T, Tag>(_ type: T.Type = T.self, tag: Tag.Type) throws(ResolutionError)
    -> T
  {
    try resolve(T.self, qualifier: .tag(TagRegistry.register(Tag.self)), arguments: nil)
  }

  /// Builds a `T`, passing runtime arguments to the parameters it takes through ``arg(_:)``;
  /// traps if it cannot.
  ///
  /// Each `arg` parameter of the component resolved takes the first unused argument of its
  /// type, in order:
  ///
  /// ```swift
  /// container.register(Knight.init(name:armor:)) { arg($0) }
  /// let knight: Knight = container.resolve(args: "Lancelot")
  /// ```
  public func resolve<T, each Argument>(_ type: T.Type = T.self, args: repeat each Argument) -> T {
    trapping { () throws(ResolutionError) in try tryResolve(T.self, args: repeat each args) }
  }

  /// Builds a `T` with runtime arguments, or throws why it cannot.
  public func tryResolve<T, each Argument>(
    _ type: T.Type = T.self, args: repeat each Argument
  ) throws(ResolutionError) -> T {
    var values: [Any] = []
    for value in repeat each args { values.append(value) }
    return try resolve(T.self, qualifier: .none, arguments: RuntimeArguments(values))
  }

  /// The general path: links what the fast table does not hold (modifiers, names, tags,
  /// failures) and passes runtime arguments.
  @usableFromInline
  func resolve<T>(
    _ type: T.Type, qualifier: Qualifier, arguments: RuntimeArguments?
  ) throws(ResolutionError) -> T {
    let snapshot = self.snapshot
    let producer = snapshot.slowProducer(for: T.self, qualifier: qualifier)
    var context = ResolutionContext(container: self)
    context.arguments = arguments
    do {
      let resolved = try producer.body(&context)
      try context.finish()
      try arguments?.requireAllTaken()
      return resolved
    } catch {
      throw error.noting(unused: arguments).finished(requested: Linker.describe(T.self, qualifier))
    }
  }

}

/// Runs `body`, trapping with the error's full diagnostic if it throws: what every non-throwing
/// entry point (`resolve`, `Lazy.value`, `Provider.value`) does with a failure.
func trapping<T>(_ body: () throws(ResolutionError) -> T) -> T {
  do {
    return try body()
  } catch {
    fatalError(error.description)
  }
}
