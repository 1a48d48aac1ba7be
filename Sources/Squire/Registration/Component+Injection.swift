// Property and method injection, and `postInit`: the forms of seed 004.
//
// Order on each new instance: non-cyclic injections in declaration order, then (at the end of
// the resolve, once their partners exist) injections marked `cycle: true` in declaration order,
// then the `postInit`s.

extension Component where Impl: AnyObject {
  /// Injects resolved dependencies into every new instance through a closure: the instance
  /// first, then one resolved value per further parameter, each of the type the closure's
  /// parameter is inferred as. Modifiers and `as` work inside:
  ///
  /// ```swift
  /// container.register(Car.init)
  ///   .injection { $0.color = .red }                 // nothing resolved
  ///   .injection { $0.engine = $1 }
  ///   .injection { car, engine in car.engine = engine }
  ///   .injection { $0.wheels = many($1) }
  ///   .injection { $0.engine = $1 as OtherEngine }
  ///   .injection(name: "BMW") { $0.engine = $1 }
  ///   .injection(cycle: true) { $0.driver = $1 }   // breaks a cycle: runs at the end
  ///   .injection { $0.setup(engine: $1, wheels: many($2), body: $3) }   // method injection
  /// ```
  ///
  /// One method for every number of dependencies, rather than an overload per form: a chain
  /// of options then type-checks quickly, and a mistake in one closure is reported on its line.
  ///
  /// - Parameters:
  ///   - name: resolve every dependency under this name (prefer tags, `by(tag:_:)`).
  ///   - cycle: this injection breaks a dependency cycle. It runs after the whole graph is built,
  ///     and reuses the instances of its dependencies made in the same resolve, so both sides of
  ///     the cycle see the same instances.
  ///   - body: sets the dependencies, given the instance and the resolved values.
  @inlinable
  @discardableResult
  public func injection<each Dependency>(
    name: String? = nil,
    cycle: Bool = false,
    _ body: @escaping @Sendable (Impl, repeat each Dependency) -> Void
  ) -> Component<Impl> {
    addInjection(cycle: cycle) { linker in
      let dependencies = (repeat linker.injected((each Dependency).self, name: name, cycle: cycle))
      let bodies = (repeat (each dependencies).body)
      let asyncBodies = (repeat (each dependencies).anyAsyncBody)
      var anyAsync = false
      for dependency in repeat each dependencies {
        if dependency.asyncBody != nil { anyAsync = true }
      }
      return InjectionStep(
        sync: { instance, context throws(ResolutionError) in
          body(instance, repeat try (each bodies)(&context))
        },
        async: !anyAsync
          ? nil
          : { instance, context async throws(ResolutionError) in
            let values = (repeat try await (each asyncBodies)(&context))
            body(instance, repeat each values)
          })
    }
  }

  /// Injects a resolved dependency through a `@MainActor` closure: for a main-actor class.
  ///
  /// ```swift
  /// container.register(ViewModel.init)
  ///   .injectionOnMainActor { $0.formatter = $1 }
  /// ```
  ///
  /// A method of its own rather than another `injection(_:)`: overloads of a method that takes
  /// a closure make the type checker try each one at every step of a chain of options.
  ///
  /// The closure runs on the main actor: right away in a synchronous resolve called from the
  /// main actor, after a hop in an async resolve; a synchronous resolve from anywhere else
  /// fails with "needs await".
  @inlinable
  @discardableResult
  public func injectionOnMainActor<Property>(
    name: String? = nil,
    cycle: Bool = false,
    _ body: @escaping @MainActor @Sendable (Impl, Property) -> Void
  ) -> Component<Impl> {
    // The step, not the record: the record keeps this closure.
    let step = record.pathStep
    return addInjection(cycle: cycle) { linker in
      InjectionStep.onMainActor(
        linker.injected(Property.self, name: name, cycle: cycle), step, body)
    }
  }

  /// Injects a resolved dependency through an async closure.
  ///
  /// ```swift
  /// container.register(Library.init)
  ///   .asyncInjection { library, index in await library.load(index) }
  /// ```
  ///
  /// Only an async resolve runs it; a synchronous one fails with "needs await". The closure
  /// may be isolated to an actor (`{ @MainActor in ... }`): it runs there.
  @inlinable
  @discardableResult
  public func asyncInjection<Property>(
    name: String? = nil,
    cycle: Bool = false,
    _ body: @escaping @Sendable (Impl, Property) async -> Void
  ) -> Component<Impl> {
    let step = record.pathStep
    return addInjection(cycle: cycle) { linker in
      InjectionStep.async(linker.injected(Property.self, name: name, cycle: cycle), step, body)
    }
  }

  /// Injects a resolved dependency into a property, through its key path; the property may be
  /// `private(set)`.
  ///
  /// ```swift
  /// container.register(Car.init)
  ///   .injection(\.engine)
  ///   .injection(\Car.body)
  ///   .injection(cycle: true, \.driver)
  /// ```
  @inlinable
  @discardableResult
  public func injection<Property>(
    name: String? = nil,
    cycle: Bool = false,
    _ keyPath: ReferenceWritableKeyPath<Impl, Property>
  ) -> Component<Impl> {
    nonisolated(unsafe) let keyPath = keyPath
    return addInjection(cycle: cycle) { linker in
      InjectionStep.setting(linker.injected(Property.self, name: name, cycle: cycle)) {
        instance, value throws(ResolutionError) in instance[keyPath: keyPath] = value
      }
    }
  }

  /// Injects into a property through its key path, resolving the value through a modifier or
  /// as another type.
  ///
  /// ```swift
  /// container.register(Car.init)
  ///   .injection(\.wheels) { many($0) }
  ///   .injection(\Car.engine) { $0 as OtherEngine }
  ///   .injection(\.body) { by(tag: Sport.self, $0) }
  /// ```
  @inlinable
  @discardableResult
  public func injection<Property, Modified>(
    name: String? = nil,
    cycle: Bool = false,
    _ keyPath: ReferenceWritableKeyPath<Impl, Property>,
    _ modificator: @escaping @Sendable (Modified) -> Property
  ) -> Component<Impl> {
    nonisolated(unsafe) let keyPath = keyPath
    return addInjection(cycle: cycle) { linker in
      InjectionStep.setting(linker.injected(Modified.self, name: name, cycle: cycle)) {
        instance, value throws(ResolutionError) in instance[keyPath: keyPath] = modificator(value)
      }
    }
  }

  /// Runs `body` on every new instance after all its injections, cyclic ones included.
  ///
  /// ```swift
  /// container.register(Car.init)
  ///   .injection(\.engine)
  ///   .postInit { car in car.start() }
  /// ```
  @discardableResult
  public func postInit(_ body: @escaping @Sendable (Impl) -> Void) -> Component<Impl> {
    addPostInit { _ in
      InjectionStep(sync: { instance, _ throws(ResolutionError) in body(instance) })
    }
  }

  /// Runs a `@MainActor` closure on every new instance after all its injections: on the main
  /// actor, as for a `@MainActor` injection.
  ///
  /// ```swift
  /// container.register(ViewModel.init)
  ///   .postInitOnMainActor { $0.start() }
  /// ```
  @discardableResult
  public func postInitOnMainActor(
    _ body: @escaping @MainActor @Sendable (Impl) -> Void
  ) -> Component<Impl> {
    let step = record.pathStep
    return addPostInit { _ in
      InjectionStep.onMainActor(Producer { _ throws(ResolutionError) in () }, step) {
        instance, _ in body(instance)
      }
    }
  }

  /// Runs an async closure on every new instance after all its injections; only an async
  /// resolve runs it.
  ///
  /// ```swift
  /// container.register(Library.init)
  ///   .asyncPostInit { await $0.warmUp() }
  /// ```
  @discardableResult
  public func asyncPostInit(
    _ body: @escaping @Sendable (Impl) async -> Void
  ) -> Component<Impl> {
    let step = record.pathStep
    return addPostInit { _ in
      InjectionStep.async(Producer { _ throws(ResolutionError) in () }, step) {
        instance, _ in await body(instance)
      }
    }
  }

  func addPostInit(_ link: @escaping (Linker) -> InjectionStep<Impl>) -> Component<Impl> {
    let postInit = InjectionLink(isCyclic: false, link: link)
    container.update(record) {
      record.makeParts(Impl.self).postInits.append(postInit)
      record.stepCount += 1
    }
    return self
  }

  @inlinable
  func addInjection(
    cycle: Bool, _ link: @escaping (Linker) -> InjectionStep<Impl>
  ) -> Component<Impl> {
    let injection = InjectionLink(isCyclic: cycle, link: link)
    container.update(record) {
      let parts = record.makeParts(Impl.self)
      parts.injections.append(injection)
      record.stepCount += 1
      // Made here, where `Impl` is known: linking the injections is specialised for it.
      parts.specializedInjections = { linker, record in
        record.linkEveryInjection(linker, of: Impl.self)
      }
      parts.specializedBody = { shape, build, step in
        Linker.producer(of: shape, build.body, step, async: build.asyncBody)
      }
    }
    return self
  }
}

extension InjectionStep {
  /// A step that sets a resolved dependency with `set`.
  @inlinable
  static func setting<P>(
    _ dependency: Producer<P>, _ set: @escaping (Impl, P) throws(ResolutionError) -> Void
  ) -> InjectionStep {
    let body = dependency.body
    return InjectionStep(
      sync: { instance, context throws(ResolutionError) in try set(instance, try body(&context)) },
      async: makeAsync(dependency.asyncBody, set))
  }

  @usableFromInline
  static func makeAsync<P>(
    _ asyncBody: AsyncBody<P>?, _ set: @escaping (Impl, P) throws(ResolutionError) -> Void
  ) -> Async? {
    guard let asyncBody else { return nil }
    return { instance, context async throws(ResolutionError) in
      try set(instance, try await asyncBody(&context))
    }
  }

  /// A step that runs a `@MainActor` closure with a resolved dependency.
  @usableFromInline
  static func onMainActor<P>(
    _ dependency: Producer<P>, _ step: PathStep,
    _ body: @escaping @MainActor @Sendable (Impl, P) -> Void
  ) -> InjectionStep {
    let sync = dependency.body
    let async = dependency.anyAsyncBody
    return InjectionStep(
      sync: { instance, context throws(ResolutionError) in
        let value = try sync(&context)
        guard context.isOnMainActor else {
          throw ResolutionError.needsAwait(step, AwaitCause.mainActor)
        }
        // Called from the main actor: main-actor code may run synchronously (see `register`).
        let moved = Transfer((instance, value))
        let call: @MainActor () -> Void = { body(moved.value.0, moved.value.1) }
        unsafeBitCast(call, to: (() -> Void).self)()
      },
      async: { instance, context async throws(ResolutionError) in
        let moved = Transfer((instance, try await async(&context)))
        _ = try? await Squire.onMainActor(
          Transfer<@MainActor () throws -> Void> {
            body(moved.value.0, moved.value.1)
          })
      })
  }

  /// A step that runs an async closure with a resolved dependency.
  @usableFromInline
  static func async<P>(
    _ dependency: Producer<P>, _ step: PathStep,
    _ body: @escaping @Sendable (Impl, P) async -> Void
  ) -> InjectionStep {
    let async = dependency.anyAsyncBody
    return InjectionStep(
      sync: { _, _ throws(ResolutionError) in
        throw ResolutionError.needsAwait(step, AwaitCause.asyncInjection)
      },
      async: { instance, context async throws(ResolutionError) in
        let moved = Transfer((instance, try await async(&context)))
        await body(moved.value.0, moved.value.1)
      })
  }
}
