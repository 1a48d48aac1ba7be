// Property and method injection, and `postInit`: the forms of seed 004.
//
// Order on each new instance: non-cyclic injections in declaration order, then (at the end of
// the resolve, once their partners exist) injections marked `cycle: true` in declaration order,
// then the `postInit`s.

extension Component where Impl: AnyObject {
  /// Adds a step run on every new instance, with nothing resolved: set a constant, or build a
  /// part by hand.
  ///
  /// ```swift
  /// container.register(Car.init)
  ///   .injection { car in car.engine = BMWEngine() }
  ///   .injection { $0.color = .red }
  /// ```
  @inlinable
  @discardableResult
  public func injection(_ body: @escaping (Impl) -> Void) -> Component<Impl> {
    addInjection(cycle: false) { _ in
      { instance, _ throws(ResolutionError) in body(instance) }
    }
  }

  /// Injects a resolved dependency into every new instance through a closure.
  ///
  /// The dependency's type is what the closure's second parameter is inferred as; modifiers
  /// and `as` work inside:
  ///
  /// ```swift
  /// container.register(Car.init)
  ///   .injection { $0.engine = $1 }
  ///   .injection { car, engine in car.engine = engine }
  ///   .injection { $0.wheels = many($1) }
  ///   .injection { $0.engine = $1 as OtherEngine }
  ///   .injection(name: "BMW") { $0.engine = $1 }
  ///   .injection(cycle: true) { $0.driver = $1 }   // breaks a cycle: runs at the end
  /// ```
  ///
  /// - Parameters:
  ///   - name: resolve the dependency registered under this name (prefer tags, `by(tag:on:)`).
  ///   - cycle: this injection breaks a dependency cycle. It runs after the whole graph is built,
  ///     and reuses the instance of its dependency made in the same resolve, so both sides of
  ///     the cycle see the same instances.
  ///   - body: sets the dependency, given the instance and the resolved value.
  @inlinable
  @discardableResult
  public func injection<Property>(
    name: String? = nil,
    cycle: Bool = false,
    _ body: @escaping (Impl, Property) -> Void
  ) -> Component<Impl> {
    addInjection(cycle: cycle) { linker in
      let dependency = linker.injected(Property.self, name: name, cycle: cycle)
      return { instance, context throws(ResolutionError) in
        body(instance, try dependency(&context))
      }
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
    addInjection(cycle: cycle) { linker in
      let dependency = linker.injected(Property.self, name: name, cycle: cycle)
      return { instance, context throws(ResolutionError) in
        instance[keyPath: keyPath] = try dependency(&context)
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
  ///   .injection(\.body) { by(tag: Sport.self, on: $0) }
  /// ```
  @inlinable
  @discardableResult
  public func injection<Property, Modified>(
    name: String? = nil,
    cycle: Bool = false,
    _ keyPath: ReferenceWritableKeyPath<Impl, Property>,
    _ modificator: @escaping (Modified) -> Property
  ) -> Component<Impl> {
    addInjection(cycle: cycle) { linker in
      let dependency = linker.injected(Modified.self, name: name, cycle: cycle)
      return { instance, context throws(ResolutionError) in
        instance[keyPath: keyPath] = modificator(try dependency(&context))
      }
    }
  }

  /// Method injection: calls a method with several resolved dependencies on every new instance.
  ///
  /// ```swift
  /// container.register(Car.init)
  ///   .injection { $0.setup(engine: $1, wheels: many($2), body: $3) }
  /// ```
  ///
  /// Method injection has no `name:` and cannot break cycles (as in seed 004); use property
  /// injection for those.
  @inlinable
  @discardableResult
  public func injection<First, Second, each Rest>(
    _ body: @escaping (Impl, First, Second, repeat each Rest) -> Void
  ) -> Component<Impl> {
    addInjection(cycle: false) { linker in
      let first = linker.dependency(First.self)
      let second = linker.dependency(Second.self)
      let rest = (repeat linker.dependency((each Rest).self))
      return { instance, context throws(ResolutionError) in
        body(instance, try first(&context), try second(&context), repeat try (each rest)(&context))
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
  public func postInit(_ body: @escaping (Impl) -> Void) -> Component<Impl> {
    container.update(record) { record.postInits.append(body) }
    return self
  }

  @inlinable
  func addInjection(
    cycle: Bool, _ link: @escaping (Linker) -> LinkedInjections<Impl>.Step
  ) -> Component<Impl> {
    let injection = InjectionLink(isCyclic: cycle, link: link)
    container.update(record) { record.injections.append(injection) }
    return self
  }
}
