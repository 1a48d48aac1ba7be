/// A parameter type that is not looked up as itself: `Optional`, and the modifiers.
protocol SpecialParameter {
  /// A `Producer<Self>` linked against `linker`.
  static func makeProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer
  /// A `Producer<Self>`, or `nil` when what it wraps is not registered (for `Self?`).
  static func makeOptionalProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer?
  /// One `Producer<Self>` per implementation of what it wraps (for `many`), or `nil` when the
  /// modifier cannot be collected that way.
  static func makeEachProducer(_ linker: Linker, qualifier: Qualifier) -> [AnyProducer]?
}

extension SpecialParameter {
  static func makeOptionalProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer? {
    makeProducer(linker, qualifier: qualifier)
  }

  static func makeEachProducer(_ linker: Linker, qualifier: Qualifier) -> [AnyProducer]? {
    nil
  }
}

extension Linker {
  /// `type` as a modifier, or `nil` for a plain type. Remembered by this linker (without a lock)
  /// because a dynamic conformance check costs far more than a dictionary lookup; the runtime
  /// keeps its own answers across linkers.
  func special(_ type: Any.Type) -> (any SpecialParameter.Type)? {
    let id = ObjectIdentifier(type)
    if let known = specials[id] { return known }
    // No existential is a modifier or a `DerivedDependency` (none conforms to either), and most
    // dependencies are protocols: a failed conformance lookup reads every conformance record in
    // the process (some 280,000 instructions in an app of 2,000 classes), so it is not asked.
    if holdsValuesOfVariousTypes(type) {
      specials[id] = .some(nil)
      return nil
    }
    let answer = type as? any SpecialParameter.Type ?? derivedParameter(type)
    specials[id] = .some(answer)
    return answer
  }
}

/// Lets generic code see through `Optional` to the type it wraps.
protocol OptionalParameter {
  static var wrappedType: Any.Type { get }
  static var unwrappingForward: Forward { get }
  /// The class instance `value` (a `Self`) wraps; `nil` for `nil`.
  static func wrappedObject(_ value: Any) -> AnyObject?
}

extension Optional: OptionalParameter {
  static var wrappedType: Any.Type { Wrapped.self }

  static func wrappedObject(_ value: Any) -> AnyObject? {
    (value as! Self).map { $0 as AnyObject }
  }

  /// A factory that returns `Wrapped?` is resolvable as `Wrapped` too: the forward that
  /// unwraps its value, and fails with ``ResolutionError/Reason/absent(component:)`` on `nil`.
  /// (Asked for as `Wrapped?`, the component answers for itself, `nil` included.)
  static var unwrappingForward: Forward {
    Forward(type: Wrapped.self, qualifier: .none) { main in
      let producer = unsafeDowncast(main, to: Producer<Wrapped?>.self)
      let base = producer.body
      @Sendable func unwrap(_ made: consuming Wrapped?) throws(ResolutionError) -> Wrapped {
        guard let value = made else {
          throw ResolutionError(reason: .absent(component: String(describing: Wrapped?.self)))
        }
        return value
      }
      return Producer<Wrapped>(
        { context throws(ResolutionError) -> Wrapped in try unwrap(try base(&context)) },
        async: ifAsync(producer.asyncBody) { asyncBase in
          { context async throws(ResolutionError) -> Wrapped in
            try unwrap(try await asyncBase(&context))
          }
        })
    }
  }
}

extension Optional: SpecialParameter {
  static func makeProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer {
    // A factory registered as returning `Wrapped?` answers for itself.
    let itself = LookupKey(type: ObjectIdentifier(Self.self), qualifier: qualifier)
    if case .found(let candidate) = linker.chooseForConsumer(itself) {
      linker.note(Self.self, qualifier: qualifier, kind: .required)
      return linker.producer(of: candidate)
    }
    guard let inner = linker.optionalProducer(for: Wrapped.self, qualifier: qualifier) else {
      return Producer<Wrapped?> { _ throws(ResolutionError) -> Wrapped? in nil }
    }
    return wrap(inner)
  }

  /// `many` into `[Wrapped?]`: every implementation of `Wrapped`.
  static func makeEachProducer(_ linker: Linker, qualifier: Qualifier) -> [AnyProducer]? {
    linker.allProducers(for: Wrapped.self, qualifier: qualifier).map(wrap)
  }

  private static func wrap(_ inner: Producer<Wrapped>) -> AnyProducer {
    inner.map { Optional($0) }
  }
}
