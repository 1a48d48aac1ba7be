/// One `.injection` of a component as registered: linked with the component.
@usableFromInline
struct InjectionLink<Impl> {
  @usableFromInline
  let isCyclic: Bool
  @usableFromInline
  let link: (Linker) -> LinkedInjections<Impl>.Step

  @usableFromInline
  init(isCyclic: Bool, link: @escaping (Linker) -> LinkedInjections<Impl>.Step) {
    self.isCyclic = isCyclic
    self.link = link
  }
}

/// A component's injections and `postInit`s, linked: run on each new instance.
@usableFromInline
struct LinkedInjections<Impl> {
  @usableFromInline
  typealias Step = (Impl, inout ResolutionContext) throws(ResolutionError) -> Void

  @usableFromInline let immediate: [Step]
  @usableFromInline let cyclic: [Step]
  @usableFromInline let postInits: [(Impl) -> Void]

  @usableFromInline
  init(immediate: [Step], cyclic: [Step], postInits: [(Impl) -> Void]) {
    self.immediate = immediate
    self.cyclic = cyclic
    self.postInits = postInits
  }

  @usableFromInline
  var hasCyclic: Bool { !cyclic.isEmpty }

  /// Non-cyclic injections now, in declaration order; cyclic ones at the end of the resolve,
  /// when their partners exist; `postInit`s after all of them.
  @inlinable
  func apply(
    to instance: Impl, step: PathStep, context: inout ResolutionContext
  ) throws(ResolutionError) {
    if !immediate.isEmpty {
      let immediate = self.immediate
      try context.enter(step) { context throws(ResolutionError) in
        for inject in immediate { try inject(instance, &context) }
      }
    }
    if cyclic.isEmpty {
      for postInit in postInits { postInit(instance) }
      return
    }
    let cyclic = self.cyclic
    let postInits = self.postInits
    context.deferUntilEnd { context throws(ResolutionError) in
      try context.enter(step) { context throws(ResolutionError) in
        for inject in cyclic { try inject(instance, &context) }
      }
      for postInit in postInits { postInit(instance) }
    }
  }
}
