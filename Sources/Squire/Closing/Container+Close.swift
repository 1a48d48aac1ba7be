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
  @inlinable
  @discardableResult
  public func close() async -> CloseReport {
    // Nothing to await (a request's scope, usually): closed right here, in the caller's frame,
    // without an async function of Squire's (each costs a frame on the task and an executor
    // check).
    switch closeUnlessAwaitNeeded() {
    case .closed(let report): return report
    case .needsAwait(let closing): return await closing.finish()
    }
  }

  /// Closes the container now if none of its children is open and none of its cleanups is
  /// async; otherwise hands over what is left to await.
  @usableFromInline
  func closeUnlessAwaitNeeded() -> CloseStart {
    let taken = beginClosing()
    if !taken.needsAwait {
      return .closed(OwnedInstances.finishClosing(taken))
    }
    return .needsAwait(PendingClose(taken: taken))
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
    if let parent, owned.closedByParent, owned.isKnownToParent {
      parent.owned.forget(child: owned)
    }
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

/// How `close()` from async code starts: done already, or with children or async cleanups to
/// await.
@usableFromInline
enum CloseStart {
  case closed(CloseReport)
  case needsAwait(PendingClose)
}

/// What is left of closing a container once it has been marked closed: its open children and
/// its cleanups, some of them async.
@usableFromInline
struct PendingClose {
  let taken: OwnedInstances.Closing

  /// Closes the children, then runs the cleanups, awaiting the async ones.
  @usableFromInline
  func finish() async -> CloseReport {
    await OwnedInstances.finishClosing(taken)
  }
}
