/// The compiled way to build one type: a closure specialised in the module that registered it,
/// which calls its dependencies' closures directly. Resolving a graph is a chain of these calls
/// with no lookup, no cast and no allocation of Squire's own.
@usableFromInline
typealias Body<T> = (inout ResolutionContext) throws(ResolutionError) -> T

/// A type-erased ``Producer``: what the link tables store.
@usableFromInline
class AnyProducer: @unchecked Sendable {
  @usableFromInline
  init() {}
}

/// Builds a `T`. Immutable once made; shared by every thread that resolves through the
/// snapshot that owns it.
@usableFromInline
final class Producer<T>: AnyProducer, @unchecked Sendable {
  @usableFromInline
  let body: Body<T>

  @usableFromInline
  init(_ body: @escaping Body<T>) {
    self.body = body
  }

  /// A producer whose every call fails with `error`: a missing or ambiguous dependency is
  /// reported when (and only if) it is actually needed, with the path that needed it.
  @usableFromInline
  static func failing(_ error: ResolutionError) -> Producer<T> {
    Producer { _ throws(ResolutionError) -> T in throw error }
  }
}

/// Stands in for a component that is still being linked when something it depends on asks for
/// it (an initializer cycle). Filled in once the component is linked; calls made through it then
/// recurse until the depth limit reports the cycle.
@usableFromInline
final class Placeholder<T>: @unchecked Sendable {
  @usableFromInline
  var target: Body<T>?

  @usableFromInline
  init() {}
}
