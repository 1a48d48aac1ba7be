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
  ///
  /// An instance whose factory is still running when `close()` starts (on another thread, or
  /// because the factory itself closes the container) is cleaned up as soon as it is made, and
  /// the resolve that asked for it throws ``ResolutionError/Reason/containerClosed`` instead of
  /// handing it out; its cleanup is not counted in the report, which was made before.
  /// Registering in a closed container traps: nothing could resolve what it registers.
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
  ///
  /// ```swift
  /// let request = Container(parent: app)
  /// await request.close()
  /// print(request.isClosed)   // true
  /// print(app.isClosed)       // false: closing a child leaves its parent open
  /// ```
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
  ///
  /// An instance made while the container closed (its factory ran as `close()` started, or
  /// called it) came too late for that close: its cleanup runs now, and the resolve fails as
  /// one from a closed container does, rather than hand out an instance nothing will clean up.
  /// The same for a child whose parent closed before it knew of the child: the child closes.
  @usableFromInline
  func adopt(_ cleanup: PendingCleanup, madeBy step: PathStep) throws(ResolutionError) {
    guard owned.adopt(cleanup) else {
      OwnedInstances.runLate(cleanup)
      throw Self.closedWhileMaking(step)
    }
    var container = self
    while let parent = container.parent, container.owned.markKnownToParent() {
      guard parent.owned.remember(child: container.owned) else {
        OwnedInstances.finishClosingLate(container.owned.close())
        throw Self.closedWhileMaking(step)
      }
      container = parent
    }
  }

  private static func closedWhileMaking(_ step: PathStep) -> ResolutionError {
    var error = ResolutionError(reason: .containerClosed)
    error.notes = [
      "the container closed while `\(step)` was being made: its cleanup (`onClose`) ran at once, "
        + "and the instance was not handed out"
    ]
    return error
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
