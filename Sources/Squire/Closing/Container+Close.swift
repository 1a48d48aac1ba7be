extension Container {
  /// Closes the container: runs the synchronous cleanups (`onClose(_:)`) of
  /// every instance it owns, last made first, after closing its children the same way, and lets
  /// the instances go. Resolving from a closed container, or from one of its children, throws a
  /// ``ResolutionError`` that says so.
  ///
  /// ```swift
  /// let request = Container(parent: app)
  /// defer { request.close() }
  /// let handler: OrderHandler = request.resolve()
  /// ```
  ///
  /// A container owns its `.perContainer` and `.weak` instances and the `.single`s registered in
  /// it; a child owns only what it made, so closing it leaves its parent's instances alone. A
  /// cleanup that throws is reported in the returned ``CloseReport`` and the others still run.
  /// An async cleanup (`.onClose { await $0.drain() }`) cannot run here: it is reported too;
  /// use `await close()` when there are any. Closing twice does nothing the second time.
  @discardableResult
  public func close() -> CloseReport {
    OwnedInstances.finishClosing(beginClosing())
  }

  /// Closes the container, running synchronous and async cleanups alike, last made first, after
  /// closing its children the same way. See `close()` for what a container owns.
  ///
  /// ```swift
  /// container.register(Sessions.init).lifetime(.single).onClose { await $0.drain() }
  /// ...
  /// await container.close()
  /// ```
  @discardableResult
  public func close() async -> CloseReport {
    await OwnedInstances.finishClosing(beginClosing())
  }

  /// Whether `close()` has been called on this container or one of its parents.
  public var isClosed: Bool {
    var next: Container? = self
    while let container = next {
      if container.owned.isClosed { return true }
      next = container.parent
    }
    return false
  }

  private func beginClosing() -> OwnedInstances.Closing {
    let taken = owned.close()
    // The fast path reads `published` without checking: a closed container stops publishing.
    // Only a root publishes; a child (a request's scope) has nothing to unpublish.
    if parent == nil { lock.withLock { published.store(nil, ordering: .sequentiallyConsistent) } }
    if let parent, owned.isKnownToParent { parent.owned.forget(child: owned) }
    return taken
  }

  /// Keeps `cleanup` to run when this container closes, and makes sure its parents close it
  /// first when they close.
  @usableFromInline
  func adopt(_ cleanup: PendingCleanup) {
    owned.adopt(cleanup)
    var container = self
    while let parent = container.parent, container.owned.markKnownToParent() {
      parent.owned.remember(child: container.owned)
      container = parent
    }
  }
}
