/// One `.injection` (or `.postInit`) of a component as registered: linked with the component.
@usableFromInline
struct InjectionLink<Impl> {
  @usableFromInline
  let isCyclic: Bool
  @usableFromInline
  let link: (Linker) -> InjectionStep<Impl>

  @usableFromInline
  init(isCyclic: Bool, link: @escaping (Linker) -> InjectionStep<Impl>) {
    self.isCyclic = isCyclic
    self.link = link
  }
}

/// One linked injection or `postInit`: what a synchronous resolve runs, and what an async one
/// runs instead when the step or its dependency has async or isolated parts.
@usableFromInline
struct InjectionStep<Impl> {
  @usableFromInline
  typealias Sync = (Impl, inout ResolutionContext) throws(ResolutionError) -> Void
  @usableFromInline
  typealias Async = (Impl, inout ResolutionContext) async throws(ResolutionError) -> Void

  @usableFromInline let sync: Sync
  @usableFromInline let async: Async?

  @usableFromInline
  init(sync: @escaping Sync, async: Async? = nil) {
    self.sync = sync
    self.async = async
  }

  /// The step to run in an async resolve.
  @usableFromInline
  var anyAsync: Async {
    if let async { return async }
    let sync = self.sync
    return { instance, context throws(ResolutionError) in try sync(instance, &context) }
  }
}

/// A component's injections and `postInit`s, linked: run on each new instance.
@usableFromInline
struct LinkedInjections<Impl> {
  @usableFromInline
  typealias Step = InjectionStep<Impl>

  @usableFromInline let immediate: [Step]
  @usableFromInline let cyclic: [Step]
  @usableFromInline let postInits: [Step]
  /// The synchronous bodies of `immediate` and (when nothing is cyclic) `postInits`, in the
  /// order a synchronous resolve runs them: iterating them copies one closure per step, not a
  /// step's two.
  @usableFromInline let syncNow: [Step.Sync]
  /// Whether a step is cyclic: the component is then shared within one resolve.
  @usableFromInline let hasCyclic: Bool
  /// Whether a step has async or isolated parts, so that the component needs an async body.
  @usableFromInline let hasAsync: Bool

  /// Everything is worked out here, once per component and link, in plain loops: this code is
  /// specialised only where an `.injection` is written (generic for `postInit`s and wrapped
  /// properties), and there each key path (`map(\.sync)`), `contains(where:)` or `+` would cost
  /// a lookup of generic metadata, and a key path the demangling of its types.
  @inlinable
  init(immediate: [Step], cyclic: [Step], postInits: [Step]) {
    self.immediate = immediate
    self.cyclic = cyclic
    self.postInits = postInits
    let hasCyclic = !cyclic.isEmpty
    var syncNow: [Step.Sync] = []
    syncNow.reserveCapacity(immediate.count + (hasCyclic ? 0 : postInits.count))
    var hasAsync = false
    for step in immediate {
      syncNow.append(step.sync)
      if step.async != nil { hasAsync = true }
    }
    for step in cyclic where step.async != nil { hasAsync = true }
    for step in postInits {
      if !hasCyclic { syncNow.append(step.sync) }
      if step.async != nil { hasAsync = true }
    }
    self.syncNow = syncNow
    self.hasCyclic = hasCyclic
    self.hasAsync = hasAsync
  }

  /// Non-cyclic injections now, in declaration order; cyclic ones at the end of the resolve,
  /// when their partners exist; `postInit`s after all of them.
  @inlinable
  func apply(
    to instance: Impl, step: PathStep, context: inout ResolutionContext
  ) throws(ResolutionError) {
    if !syncNow.isEmpty {
      let steps = syncNow
      try context.enter(step) { context throws(ResolutionError) in
        for inject in steps { try inject(instance, &context) }
      }
    }
    if hasCyclic {
      deferCyclic(instance, step: step, context: &context)
    }
  }

  /// Leaves the cyclic injections and the `postInit`s after them to the end of the resolve:
  /// the same for a synchronous and an async resolve (`finishAsync` runs the async form).
  @usableFromInline
  func deferCyclic(_ instance: Impl, step: PathStep, context: inout ResolutionContext) {
    let cyclic = self.cyclic
    let postInits = self.postInits
    let hasAsync = self.hasAsync
    // The instance waits in the resolve's list of deferred steps; the container made it for
    // this resolve, which runs the steps before it returns.
    let held = Transfer(instance)
    context.deferUntilEnd(
      ResolutionContext.Deferred(
        sync: { context throws(ResolutionError) in
          try context.enter(step) { context throws(ResolutionError) in
            for inject in cyclic { try inject.sync(held.value, &context) }
            for postInit in postInits { try postInit.sync(held.value, &context) }
          }
        },
        async: !hasAsync
          ? nil
          : { context async throws(ResolutionError) in
            try await context.enterAsync(step) { context throws(ResolutionError) in
              for inject in cyclic { try await inject.anyAsync(held.value, &context) }
              for postInit in postInits { try await postInit.anyAsync(held.value, &context) }
            }
          }))
  }

  /// The async form of ``apply(to:step:context:)``.
  @usableFromInline
  func applyAsync(
    to instance: Impl, step: PathStep, context: inout ResolutionContext
  ) async throws(ResolutionError) {
    if cyclic.isEmpty {
      let steps = immediate + postInits
      try await context.enterAsync(step) { context throws(ResolutionError) in
        for inject in steps { try await inject.anyAsync(instance, &context) }
      }
      return
    }
    let immediate = self.immediate
    try await context.enterAsync(step) { context throws(ResolutionError) in
      for inject in immediate { try await inject.anyAsync(instance, &context) }
    }
    deferCyclic(instance, step: step, context: &context)
  }
}
