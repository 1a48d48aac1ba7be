// A component's producer wrapped in its lifetime: the cells of `.single`, `.perContainer`,
// `.weak` and scoped components, the object graph's sharing, cleanups.

extension Linker {
  /// Wraps `build` (make one instance, with path and depth bookkeeping) in `record`'s lifetime.
  /// `asyncBuild` is the async form of `build`, when the component's factory or one of its
  /// dependencies has async or isolated parts; the producer gets an async body when it or an
  /// injection has.
  ///
  /// Never specialised where `register` is written: a `register` call site specialises `build`
  /// (the factory's call) alone, and `.as` its conversion, so that a composition root with
  /// thousands of `register` calls compiles in a fraction of the time. The cache reads of
  /// `.perContainer` and `.single` run generically (an atomic load and a copy of the instance);
  /// a component with `.injection`s has its body specialised where they are written (see
  /// `TypedParts.specializedBody`).
  @usableFromInline
  @inline(never)
  @_semantics("optimize.sil.specialize.generic.never")
  func producer<Impl>(
    for record: TypedRecord<Impl>, build: @escaping Body<Impl>, asyncBuild: AsyncBody<Impl>?
  ) -> Producer<Impl> {
    // Whether it has injections is asked without generic code first: linking them (even to
    // none) makes the metadata of an optional of them.
    let injected = record.stepCount != 0 || hasWrappedProperties(of: record)
    if record.lifetime == .prototype && !injected {
      // The most common component: its producer is `build` itself, as specialised.
      return Producer(build, async: asyncBuild)
    }
    if record.lifetime == .single && !injected && !record.hasCleanup && asyncBuild == nil {
      // The next most common: a synchronous `.single` with nothing to run on its instance,
      // made without the generic shapes below (their metadata is made once per type).
      let cell = singleCell(of: record, Impl.self)
      let owned = ownerBuilds(record, build)
      let step = record.pathStep
      return Producer { context throws(ResolutionError) -> Impl in
        try cell.get(&context, step, owned)
      }
    }
    let injections = injected ? record.linkInjections(self, of: Impl.self) : nil
    let linked = lifetimeProducer(
      for: record, injections: injections, build: build, asyncBuild: asyncBuild)
    let step = record.pathStep
    let asyncBody = linked.asyncBody
    switch linked.shape {
    case .general(let body):
      return Producer(body, async: asyncBody)
    case .injected, .graph:
      // Specialised only for a component with `.injection`s: see `TypedParts.specializedBody`.
      return record.parts(Impl.self)?.specializedBody?(
        linked.shape, Producer(build, async: asyncBody), step)
        ?? Self.producer(of: linked.shape, build, step, async: asyncBody)
        ?? Producer(build, async: asyncBody)
    case .perContainer(let home, let homeCell, let owned):
      let holdsObject = homeCell.holdsObject
      return Producer(
        { context throws(ResolutionError) -> Impl in
          let cell =
            ObjectIdentifier(context.container) == home
            ? homeCell
            : context.container.owned.cell(for: record) {
              SharedInstance(sharing: $0, holdsObject: holdsObject)
            }
          if _slowPath(context.container.owned.isClosed) { throw Self.closed(step) }
          return try cell.get(&context, step, owned)
        }, async: asyncBody)
    case .single(let cell, let owned):
      return Producer(
        { context throws(ResolutionError) -> Impl in try cell.get(&context, step, owned) },
        async: asyncBody)
    }
  }

  /// The producer of a prototype with injections, or of an `.objectGraph` component, with
  /// `asyncBody`; `nil` for another shape. Specialised where `.injection` is written (see
  /// `TypedParts.specializedBody`); generic for the other components. The bodies are closures
  /// written as the producer's arguments: a closure value passed on would be wrapped in a
  /// reabstraction thunk, one more call per resolve.
  @inlinable
  static func producer<Impl>(
    of shape: LifetimeShape<Impl>, _ build: @escaping Body<Impl>, _ step: PathStep,
    async asyncBody: AsyncBody<Impl>?
  ) -> Producer<Impl>? {
    switch shape {
    case .injected(let injections):
      return Producer(
        { context throws(ResolutionError) -> Impl in
          let made = try build(&context)
          try injections.apply(to: made, step: step, context: &context)
          return made
        }, async: asyncBody)
    case .graph(let id, let injections):
      return Producer(
        { context throws(ResolutionError) -> Impl in
          if let graph = context.graph, let existing = graph.instance(id) {
            return existing as! Impl
          }
          let made = try build(&context)
          // Kept before the injections run, so that a dependency reached from them that needs
          // this component gets this instance.
          context.sharedGraph().store(made, as: id)
          try injections?.apply(to: made, step: step, context: &context)
          return made
        }, async: asyncBody)
    case .general, .perContainer, .single:
      return nil
    }
  }

  /// How ``producer(for:build:asyncBuild:)`` specialises a component's synchronous body.
  @usableFromInline
  enum LifetimeShape<Impl> {
    /// A body built generically: a lifetime not worth specialising (`.weak`, `.scoped`).
    case general(Body<Impl>)
    /// A prototype with injections.
    case injected(LinkedInjections<Impl>)
    /// `.objectGraph`: the component's id in the object graph, and its injections.
    case graph(ObjectIdentifier, LinkedInjections<Impl>?)
    /// `.perContainer`: the home container, its cell, and how to make the instance.
    case perContainer(ObjectIdentifier, SharedInstance, Body<Impl>)
    /// `.single`: its cell, and how to make the instance.
    case single(SharedInstance, Body<Impl>)
  }

  /// A component in its lifetime: its async body, built generically, and the synchronous
  /// body to specialise.
  @usableFromInline
  struct LinkedLifetime<Impl> {
    @usableFromInline let asyncBody: AsyncBody<Impl>?
    @usableFromInline let shape: LifetimeShape<Impl>

    init(_ shape: LifetimeShape<Impl>, async asyncBody: AsyncBody<Impl>?) {
      self.asyncBody = asyncBody
      self.shape = shape
    }

    init(_ producer: Producer<Impl>) {
      self.init(.general(producer.body), async: producer.asyncBody)
    }
  }

  /// `record` in its lifetime, built once for every component type: its async body, and the
  /// shape of its synchronous body for ``producer(for:build:asyncBuild:)`` to specialise.
  @usableFromInline
  func lifetimeProducer<Impl>(
    for record: TypedRecord<Impl>, injections: LinkedInjections<Impl>?,
    build: @escaping Body<Impl>, asyncBuild: AsyncBody<Impl>?
  ) -> LinkedLifetime<Impl> {
    let step = record.pathStep
    var lifetime = record.lifetime
    // A prototype with a `cycle: true` injection is shared within one resolve, so that both
    // sides of the cycle see the same instances.
    if lifetime == .prototype, injections?.hasCyclic == true {
      lifetime = .objectGraph
    }
    let make: Body<Impl>
    if let injections {
      make = { context throws(ResolutionError) -> Impl in
        let made = try build(&context)
        try injections.apply(to: made, step: step, context: &context)
        return made
      }
    } else {
      make = build
    }
    var asyncMake: AsyncBody<Impl>?
    if asyncBuild != nil || injections?.hasAsync == true {
      let asyncBuild = asyncBuild ?? lifted(build)
      if let injections {
        asyncMake = { context async throws(ResolutionError) -> Impl in
          let made = try await asyncBuild(&context)
          try await injections.applyAsync(to: made, step: step, context: &context)
          return made
        }
      } else {
        asyncMake = asyncBuild
      }
    }
    // Instances with an `.onClose` are handed to their owner as they are made, so that closing
    // it runs the cleanup: the wrapper is only there for components that have one, and asked
    // for only by the lifetimes that own their instances (unspecialised, reading the cleanup
    // looks up the metadata of three generic types).
    func linkedCleanup(weakly: Bool = false) -> LinkedCleanup<Impl>? {
      guard record.hasCleanup else { return nil }
      return record.parts(Impl.self)?.cleanup.map {
        LinkedCleanup($0, component: record.typeName, weakly: weakly)
      }
    }
    // Only class instances can be held weakly (registering traps before a value type gets here).
    if lifetime.holdsWeakly && !record.isClass {
      return LinkedLifetime(
        .failing(
          ResolutionError(reason: .invalidLifetime(component: record.typeName, lifetime: lifetime))
            .entering(step)))
    }
    switch lifetime {
    case .prototype:
      // Not `injections.map`: unspecialised, it costs a call and another metadata lookup.
      if let injections { return LinkedLifetime(.injected(injections), async: asyncMake) }
      return LinkedLifetime(.general(make), async: asyncMake)
    case .objectGraph:
      let id = ObjectIdentifier(record)
      let asyncGraphBuild = asyncMake == nil ? nil : asyncBuild ?? lifted(build)
      return LinkedLifetime(
        .graph(id, injections),
        async: ifAsync(asyncGraphBuild) { asyncBuild in
          { context async throws(ResolutionError) -> Impl in
            if let graph = context.graph, let existing = graph.instance(id) {
              return existing as! Impl
            }
            let made = try await asyncBuild(&context)
            context.sharedGraph().store(made, as: id)
            try await injections?.applyAsync(to: made, step: step, context: &context)
            return made
          }
        })
    case .perContainer, .weak:
      let weakly = lifetime == .weak
      let cleanup = linkedCleanup(weakly: weakly)
      // The instance belongs to the container resolved from, which may be a child of the one
      // this snapshot is for (a child resolving through its parent's snapshot): the cell is
      // that container's. The home container's cell is found without a lookup.
      let owned: Body<Impl>
      var ownedAsync = asyncMake
      if let cleanup {
        owned = { context throws(ResolutionError) -> Impl in
          let made = try make(&context)
          try context.container.adopt(cleanup.pending(for: made), madeBy: step)
          return made
        }
        ownedAsync = ifAsync(asyncMake) { asyncMake in
          { context async throws(ResolutionError) -> Impl in
            let made = try await asyncMake(&context)
            try context.container.adopt(cleanup.pending(for: made), madeBy: step)
            return made
          }
        }
      } else {
        owned = make
      }
      if weakly {
        return LinkedLifetime(
          perContainer(record, step, owned, ownedAsync) { WeakInstance(sharing: $0) })
      }
      let holdsObject = Impl.self is AnyObject.Type
      let producer = perContainer(record, step, owned, ownedAsync) {
        SharedInstance(sharing: $0, holdsObject: holdsObject)
      }
      let homeCell = container.cell(for: record) {
        SharedInstance(sharing: $0, holdsObject: holdsObject)
      }
      return LinkedLifetime(
        .perContainer(ObjectIdentifier(container), homeCell, owned), async: producer.asyncBody)
    case .single:
      let cell = singleCell(of: record, Impl.self)
      // See `ownerBuilds(_:_:)`.
      unowned(unsafe) let owner = record.owner ?? container
      // The closures capture the cleanup only when there is one: capturing an optional of it
      // would make the metadata of three generic types for every `.single`.
      let owned: Body<Impl>
      var ownedAsync: AsyncBody<Impl>?
      if let cleanup = linkedCleanup() {
        owned = { (context: inout ResolutionContext) throws(ResolutionError) -> Impl in
          let asking = context.container
          context.container = owner
          defer { context.container = asking }
          let made = try make(&context)
          try owner.adopt(cleanup.pending(for: made), madeBy: step)
          return made
        }
        ownedAsync = ifAsync(asyncMake) { asyncMake in
          { (context: inout ResolutionContext) async throws(ResolutionError) -> Impl in
            let asking = context.container
            context.container = owner
            defer { context.container = asking }
            let made = try await asyncMake(&context)
            try owner.adopt(cleanup.pending(for: made), madeBy: step)
            return made
          }
        }
      } else {
        owned = ownerBuilds(record, make)
        ownedAsync = ifAsync(asyncMake) { asyncMake in
          { (context: inout ResolutionContext) async throws(ResolutionError) -> Impl in
            let asking = context.container
            context.container = owner
            defer { context.container = asking }
            return try await asyncMake(&context)
          }
        }
      }
      return LinkedLifetime(
        .single(cell, owned),
        async: ifAsync(ownedAsync) { ownedAsync in
          { context async throws(ResolutionError) -> Impl in
            try await cell.getAsync(&context, step, ownedAsync)
          }
        })
    case .scoped(let scope):
      let cleanup = linkedCleanup()
      let owned: Body<Impl>
      var ownedAsync = asyncMake
      if let cleanup {
        owned = { context throws(ResolutionError) -> Impl in
          let made = try make(&context)
          try scope.adopt(cleanup.pending(for: made), in: &context, madeBy: step)
          return made
        }
        ownedAsync = ifAsync(asyncMake) { asyncMake in
          { context async throws(ResolutionError) -> Impl in
            let made = try await asyncMake(&context)
            try scope.adopt(cleanup.pending(for: made), in: &context, madeBy: step)
            return made
          }
        }
      } else {
        owned = make
      }
      if scope.holdsWeakly {
        return LinkedLifetime(
          scoped(scope, record, step, owned, ownedAsync) { WeakInstance() })
      }
      return LinkedLifetime(
        scoped(scope, record, step, owned, ownedAsync) { SharedInstance(of: Impl.self) })
    }
  }

  /// The cell of a `.single`'s instance, shared by the whole container tree: made by the first
  /// link, which is the owner's, under its lock held exclusively (a child linking for
  /// validation holds it shared and only reads).
  func singleCell<Impl>(of record: TypedRecord<Impl>, _ type: Impl.Type) -> SharedInstance {
    if let cell = record.sharedCell as? SharedInstance { return cell }
    let cell = SharedInstance(of: Impl.self)
    record.sharedCell = cell
    return cell
  }

  /// `make`, run in the container that registered the `.single` `record`. A `.single` belongs
  /// to that container (the one this snapshot is for: a child never relinks a parent's
  /// `.single`). It is built there whichever container asks first, so that its dependencies,
  /// and the `Lazy`s and `Provider`s it keeps, are that container's rather than a short-lived
  /// child's.
  func ownerBuilds<Impl>(_ record: TypedRecord<Impl>, _ make: @escaping Body<Impl>) -> Body<Impl> {
    unowned(unsafe) let owner = record.owner ?? container
    return { (context: inout ResolutionContext) throws(ResolutionError) -> Impl in
      let asking = context.container
      context.container = owner
      defer { context.container = asking }
      return try make(&context)
    }
  }

  /// A `.scoped` producer: the instance lives in a cell of `scope`'s current period, made by
  /// `makeCell` (a weak one when the scope holds its instances weakly).
  func scoped<Impl, Cell: InstanceCell>(
    _ scope: Scope, _ record: ComponentRecord, _ step: PathStep, _ owned: @escaping Body<Impl>,
    _ ownedAsync: AsyncBody<Impl>?, _ makeCell: @escaping () -> Cell
  ) -> Producer<Impl> {
    Producer(
      { context throws(ResolutionError) -> Impl in
        try scope.cell(for: record, in: &context, make: makeCell).get(&context, step, owned)
      },
      async: ifAsync(ownedAsync) { ownedAsync in
        { context async throws(ResolutionError) -> Impl in
          try await scope.cell(for: record, in: &context, make: makeCell)
            .getAsync(&context, step, ownedAsync)
        }
      })
  }

  /// A `.perContainer` or `.weak` producer: the instance lives in a cell of the container
  /// resolved from, which may be a child of the one this snapshot is for (a child resolving
  /// through its parent's snapshot). The home container's cell is found without a lookup.
  func perContainer<Impl, Cell: InstanceCell>(
    _ record: ComponentRecord, _ step: PathStep, _ owned: @escaping Body<Impl>,
    _ ownedAsync: AsyncBody<Impl>?, _ makeCell: @escaping @Sendable (ConditionLock) -> Cell
  ) -> Producer<Impl> {
    let home = ObjectIdentifier(container)
    let homeCell = container.cell(for: record, make: makeCell)
    @Sendable func cell(_ context: ResolutionContext) -> Cell {
      ObjectIdentifier(context.container) == home
        ? homeCell : context.container.cell(for: record, make: makeCell)
    }
    return Producer(
      { context throws(ResolutionError) -> Impl in
        let cell = cell(context)
        if _slowPath(context.container.owned.isClosed) { throw Self.closed(step) }
        return try cell.get(&context, step, owned)
      },
      async: ifAsync(ownedAsync) { ownedAsync in
        { context async throws(ResolutionError) -> Impl in
          let cell = cell(context)
          if _slowPath(context.container.owned.isClosed) { throw Self.closed(step) }
          return try await cell.getAsync(&context, step, ownedAsync)
        }
      })
  }

  /// The error for resolving through a container that has been closed.
  @usableFromInline
  static func closed(_ step: PathStep) -> ResolutionError {
    ResolutionError(reason: .containerClosed).entering(step)
  }
}
