extension Container {
  /// Lets go of the instances this container keeps for `lifetime`, so that the next resolve
  /// makes new ones (a user logs out, a test starts afresh): the `.perContainer` or `.weak`
  /// instances of this container, the `.single` instances of the components registered in it,
  /// or the current period of a scope (the same as `Scope.close()`).
  ///
  /// ```swift
  /// container.register(Session.init).lifetime(.perContainer)
  /// let first: Session = container.resolve()
  /// container.resetInstances(of: .perContainer)
  /// let second: Session = container.resolve()   // a new one
  /// ```
  ///
  /// Swinject's `resetObjectScope(.container)` is `resetInstances(of: .single)`. Whatever already
  /// holds an instance keeps it (a `Lazy` keeps its value: call ``Lazy/reset()``); a resolve
  /// under way on another thread may still finish with the old ones. The cleanups (`.onClose`)
  /// of `.perContainer`, `.weak` and `.single` instances do not run: those are let go of, not
  /// closed; a scope's period is closed, and its cleanups run. A child's `.perContainer`
  /// instances are its own: reset them on the child. `.prototype` and `.objectGraph` keep no
  /// instances.
  ///
  /// - Parameter lifetime: The lifetime whose instances to let go of.
  public func resetInstances(of lifetime: Lifetime) {
    if case .scoped(let scope) = lifetime {
      scope.close()
      return
    }
    switch lifetime {
    case .perContainer, .weak:
      // The cells are made again when the container links anew (it captures its own).
      let ids = Set(
        (linkedRecords.filter { $0.lifetime == lifetime } + decoratorViews(with: lifetime))
          .map { ObjectIdentifier($0) })
      owned.removeCells(ids)
      update {}
    case .single:
      update {
        for record in records where record.lifetime == .single { record.sharedCell = nil }
        for decorator in decorators { decorator.resetSingles() }
      }
    case .prototype, .objectGraph, .scoped:
      return
    }
  }

  /// The views of this container's decorators and its parents' with `lifetime`: where their
  /// decorated instances are cached.
  func decoratorViews(with lifetime: Lifetime) -> [ComponentRecord] {
    var all: [ComponentRecord] = []
    var container: Container? = self
    while let next = container {
      for decorator in next.lock.withLock({ next.decorators }) {
        all += decorator.views(with: lifetime)
      }
      container = next.parent
    }
    return all
  }
}
