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
/// it (a cycle, broken or not, or a chain linked in stretches). Filled in once the component is
/// linked.
///
/// Every reference cycle among linked closures passes through a placeholder (linking captures
/// a finished component's closure directly, and an unfinished one's placeholder), so clearing
/// the placeholders when a snapshot goes frees the whole graph of closures.
class AnyPlaceholder: @unchecked Sendable {
  func fill(_ producer: AnyProducer) {}
  func clear() {}
}

final class Placeholder<T>: AnyPlaceholder, @unchecked Sendable {
  private var target: Body<T>?

  override func fill(_ producer: AnyProducer) {
    target = unsafeDowncast(producer, to: Producer<T>.self).body
  }

  override func clear() {
    target = nil
  }

  /// A producer that calls through this placeholder.
  func producer() -> Producer<T> {
    Producer { [self] context throws(ResolutionError) -> T in
      guard let target else { throw ResolutionError(reason: .containerReleased) }
      return try target(&context)
    }
  }
}
