extension Container {
  /// Lets go of the instances this container keeps of the components that provide `type`
  /// (as their own type or through `.as`), whatever their lifetime: the `.perContainer` and
  /// `.weak` instances of this container, the `.single` instances of the components
  /// registered in it, and the instance of the current period of a `.scoped` one. The next
  /// resolve makes new ones; other components keep theirs.
  ///
  /// ```swift
  /// container.register(Session.init).lifetime(.single)
  /// container.register(Catalog.init).lifetime(.single)
  /// let first: Session = container.resolve()
  /// container.resetInstances(of: Session.self)
  /// let second: Session = container.resolve()   // a new one; the catalog is the same
  /// ```
  ///
  /// Whatever already holds an instance keeps it (a `.single` that depends on the session
  /// keeps the old one: reset it too); a resolve under way on another thread may still finish
  /// with the old one. Cleanups (`.onClose`) do not run: the instances are let go of, not
  /// closed. A `Lazy` that read one keeps its value: call ``Lazy/reset()``. To let go of every
  /// instance of a lifetime, use `resetInstances(of: Lifetime)`.
  ///
  /// - Parameter type: A type the components to reset provide.
  public func resetInstances<T>(of type: T.Type) {
    let id = ObjectIdentifier(T.self)
    let visible = linkedRecords
    let matching = withRecordsOfChain(visible) { $0.keys.contains { $0.type == id } }
    var cells = Set<ObjectIdentifier>()
    var singles: [ComponentRecord] = []
    for (record, lifetime) in matching {
      switch lifetime {
      case .perContainer, .weak: cells.insert(ObjectIdentifier(record))
      case .single where record.owner === self: singles.append(record)
      case .scoped(let scope): scope.forget(record)
      case .single, .prototype, .objectGraph: break
      }
    }
    owned.removeCells(cells)
    // Relinked, so that every snapshot makes the cells again.
    update { for record in singles { record.sharedCell = nil } }
  }

  /// The records of `records` that `isMatch` accepts, with their lifetimes, read under the
  /// locks of this container and its parents.
  private func withRecordsOfChain(
    _ records: [ComponentRecord], _ isMatch: (ComponentRecord) -> Bool
  ) -> [(ComponentRecord, Lifetime)] {
    lockingChain { records.filter(isMatch).map { ($0, $0.lifetime) } }
  }
}
