// Objects made elsewhere (a framework, a storyboard, a test): `register(T.self)` declares what
// their injections need, `inject(into:)` runs those injections and fills their wrapped
// properties.

extension Container {
  /// Registers a class that something else makes: no factory, only what to inject into an
  /// instance passed to ``inject(into:file:line:)``.
  ///
  /// ```swift
  /// container.register(ReportScreen.self)
  ///   .injection(name: "title") { $0.title = $1 }
  ///   .injection(\.formatter)
  /// let screen = ReportScreen()          // made by a framework
  /// container.inject(into: screen)       // runs its injections, fills its @Injected properties
  /// ```
  ///
  /// The injections' dependencies are validated like any other component's. Resolving the type
  /// itself fails with ``ResolutionError/Reason/noFactory(component:)``: the container cannot
  /// build it.
  ///
  /// - Parameters:
  ///   - type: The class whose instances are made elsewhere.
  ///   - file: where the registration is written, for diagnostics; leave the default.
  ///   - line: where the registration is written, for diagnostics; leave the default.
  /// - Returns: The component, for `.injection`s and `.postInit`s.
  @discardableResult
  public func register<Impl: AnyObject>(
    _ type: Impl.Type, file: StaticString = #fileID, line: UInt = #line
  ) -> Component<Impl> {
    let record = ComponentRecord(of: Impl.self, location: SourceLocation(file: file, line: line)) {
      linker, record -> Producer<Impl> in
      // Linked for what they ask for (validation, the graph): `inject(into:)` links them again
      // on its own, with the object it is given.
      _ = record.linkInjections(linker, of: Impl.self)
      return .failing(
        ResolutionError(reason: .noFactory(component: record.typeName)).entering(record.pathStep))
    }
    record.hasFactory = false
    return add(record)
  }

  /// Fills the `@Injected` and `@LazyInjected` properties of an object made elsewhere, and runs
  /// the `.injection`s and `.postInit`s registered for its type (with
  /// ``register(_:file:line:)-(Impl.Type,_,_)`` or any other `register`); traps with the
  /// diagnostic if a dependency cannot be resolved.
  ///
  /// ```swift
  /// let dashboard = Dashboard()          // made by a framework, not by the container
  /// container.inject(into: dashboard)
  /// dashboard.clock.now()                // filled
  /// ```
  ///
  /// Wrapped properties are filled first, then the injections, then the `postInit`s. A
  /// property already filled keeps its value. The properties are found by the object's own
  /// class; the injections by the type it is passed as.
  public func inject<Object: AnyObject>(
    into object: Object, file: StaticString = #fileID, line: UInt = #line
  ) {
    trapping(file, line) { () throws(ResolutionError) in try tryInject(into: object) }
  }

  /// Fills the wrapped properties of an object made elsewhere and runs its type's injections,
  /// or throws why it cannot.
  ///
  /// ```swift
  /// do {
  ///   try container.tryInject(into: screen)
  /// } catch {
  ///   print(error)
  /// }
  /// ```
  public func tryInject<Object: AnyObject>(into object: Object) throws(ResolutionError) {
    let injector = snapshot.slowProducer(for: Injector<Object>.self, qualifier: .none)
    var context = ResolutionContext(container: self)
    do {
      let linked = try injector.body(&context)
      try linked.apply(to: object, &context)
      try context.finish()
    } catch {
      context.fail()
      throw failed(error.finished(requested: "inject(into: \(Object.self))"))
    }
  }
}

/// What `inject(into:)` runs on an object of type `Object`: linked once per snapshot, as a
/// modifier is.
struct Injector<Object: AnyObject> {
  let injections: LinkedInjections<Object>?
  let step: PathStep

  func apply(to object: Object, _ context: inout ResolutionContext) throws(ResolutionError) {
    // A subclass passed as its superclass: its own wrapped properties are found by its class.
    if type(of: object) != Object.self {
      try context.enter(step) { context throws(ResolutionError) in
        try WrappedProperties.fill(object, &context)
      }
    }
    try injections?.apply(to: object, step: step, context: &context)
  }
}

extension Injector: SpecialParameter {
  static func makeProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer {
    let key = LookupKey(type: ObjectIdentifier(Object.self), qualifier: qualifier)
    var record: TypedRecord<Object>?
    if case .found(let candidate) = linker.choose(key), candidate.forward == nil {
      // Found under its own type: its implementation type is `Object` (asked all the same).
      let found = candidate.record
      if ObjectIdentifier(found.implementationType) == ObjectIdentifier(Object.self) {
        record = found
      }
    }
    // The object is the consumer of what its injections and wrapped properties ask for, as
    // when the container builds it: `.when(injectedInto:)` applies.
    let injections: LinkedInjections<Object>? = linker.linking(asConsumer: Object.self) {
      if let record { return record.linkInjections(linker, of: Object.self) }
      return WrappedProperties.step(for: Object.self, linker).map {
        LinkedInjections(immediate: [$0], cyclic: [], postInits: [])
      }
    }
    let injector = Injector(
      injections: injections,
      step: record?.pathStep ?? PathStep(id: ObjectIdentifier(Object.self), type: Object.self))
    return Producer<Injector> { _ throws(ResolutionError) in injector }
  }
}
