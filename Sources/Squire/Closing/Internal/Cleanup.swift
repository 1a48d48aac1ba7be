/// A component's `.onClose`, as registered.
@usableFromInline
enum Cleanup<Impl>: Sendable {
  case sync(@Sendable (Impl) throws -> Void)
  case async(@Sendable (Impl) async throws -> Void)

  /// The cleanup of one instance, for its owner to run at close. A `.weak` instance is held
  /// weakly: its cleanup runs only if something else still holds it then.
  @usableFromInline
  func pending(for instance: Impl, component: String, weakly: Bool) -> PendingCleanup {
    if weakly {
      weak let object = instance as AnyObject
      switch self {
      case .sync(let body):
        return PendingCleanup(
          component: component, run: .sync { if let object { try body(object as! Impl) } })
      case .async(let body):
        return PendingCleanup(
          component: component, run: .async { if let object { try await body(object as! Impl) } })
      }
    }
    switch self {
    case .sync(let body):
      return PendingCleanup(component: component, run: .sync { try body(instance) })
    case .async(let body):
      return PendingCleanup(component: component, run: .async { try await body(instance) })
    }
  }
}
