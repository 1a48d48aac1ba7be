extension Container {
  /// Declares that each child of this container supplies `type`: a dependency that exists only
  /// per unit of work (a request's context, the signed-in user), which the root cannot build.
  ///
  /// ```swift
  /// let app = Container()
  /// app.suppliedByEachChild(RequestContext.self)
  /// app.register(OrderHandler.init)                // needs a RequestContext
  /// app.validate().isValid                         // true: each request supplies it
  ///
  /// let request = Container(parent: app)
  /// request.register { context }                   // the request's RequestContext
  /// request.validate().isValid                     // true; false if the child forgot it
  /// let handler: OrderHandler = request.resolve()
  /// ```
  ///
  /// ``validate()`` on this container does not report a dependency on `type` as missing; on a
  /// child, it does when the child (or a container between them) registers none. Resolving
  /// `type`, or a component that needs it, from this container fails with a message that says
  /// to resolve from a child.
  public func suppliedByEachChild<T>(_ type: T.Type, name: String? = nil) {
    leaveToChildren(
      LookupKey(type: ObjectIdentifier(T.self), qualifier: name.map(Qualifier.name) ?? .none))
  }
}
