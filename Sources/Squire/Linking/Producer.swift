/// The compiled way to build one type: a closure specialised in the module that registered it,
/// which calls its dependencies' closures directly. Resolving a graph is a chain of these calls
/// with no lookup, no cast and no allocation of Squire's own.
@usableFromInline
typealias Body<T> = (inout ResolutionContext) throws(ResolutionError) -> T

/// The way to build one type in an `await container.resolve()`: awaits async factories and
/// runs isolated ones on their actor.
@usableFromInline
typealias AsyncBody<T> = (inout ResolutionContext) async throws(ResolutionError) -> T

/// A type-erased ``Producer``: what the link tables store. A producer is found by its type's
/// key and cast back with `unsafeDowncast`, so the erased form needs no class of its own: and
/// `Producer` has no superclass, which would be looked up by its mangled name each time the
/// metadata of a `Producer<T>` is made (once per type at start-up: 2,500 instructions each).
@usableFromInline
typealias AnyProducer = AnyObject

/// Builds a `T`. Immutable once made; shared by every thread that resolves through the
/// snapshot that owns it. Holds what it calls (its dependencies' producers, its cells), so that
/// a producer kept beyond its snapshot (by an async resolve, a `Lazy` or a `Provider`) still
/// works; only the placeholders that close cycles are its container's.
///
/// Every producer has a synchronous body. One whose graph has an async factory or an isolated
/// one (a `@MainActor` initializer) somewhere below it also has an async body, which an
/// `await container.resolve()` runs instead: the synchronous body of such a producer fails
/// with "needs await" where it meets what it cannot run. A graph with nothing async in it has
/// no async bodies at all, and an async resolve runs the synchronous one.
@usableFromInline
final class Producer<T>: @unchecked Sendable {
  @usableFromInline
  let body: Body<T>

  @usableFromInline
  let asyncBody: AsyncBody<T>?

  @usableFromInline
  init(_ body: @escaping Body<T>, async asyncBody: AsyncBody<T>? = nil) {
    self.body = body
    self.asyncBody = asyncBody
  }

  /// The body to run in an async resolve.
  @usableFromInline
  var anyAsyncBody: AsyncBody<T> {
    asyncBody ?? lifted(body)
  }

  /// A producer whose every call fails with `error`: a missing or ambiguous dependency is
  /// reported when (and only if) it is actually needed, with the path that needed it.
  @usableFromInline
  static func failing(_ error: ResolutionError) -> Producer<T> {
    Producer { _ throws(ResolutionError) -> T in throw error }
  }

  /// A producer of `transform` applied to this one's values, async where this one is.
  @usableFromInline
  func map<U>(_ transform: @escaping (T) throws(ResolutionError) -> U) -> Producer<U> {
    let body = self.body
    let asyncBody = self.asyncBody
    return Producer<U>(
      { context throws(ResolutionError) -> U in try transform(try body(&context)) },
      async: ifAsync(asyncBody) { asyncBody in
        { context async throws(ResolutionError) -> U in try transform(try await asyncBody(&context))
        }
      })
  }
}

/// Stands in for a component that is still being linked when something it depends on asks for
/// it (a cycle, broken or not, or a chain linked in stretches). Filled in once the component is
/// linked.
///
/// Every reference cycle among linked closures passes through a placeholder (linking captures
/// a finished component's closure directly, and an unfinished one's placeholder), so clearing
/// the placeholders frees the whole graph of closures: the container does when it goes (see
/// ``CycleKeeper``).
class AnyPlaceholder: @unchecked Sendable {
  func fill(_ producer: AnyProducer) {}
  func clear() {}
}

final class Placeholder<T>: AnyPlaceholder, @unchecked Sendable {
  private var target: Producer<T>?

  override func fill(_ producer: AnyProducer) {
    target = unsafeDowncast(producer, to: Producer<T>.self)
  }

  override func clear() {
    target = nil
  }

  /// A producer that calls through this placeholder. Its async body is there whatever the
  /// target turns out to be (it is not known yet): it runs the target's async body if it has
  /// one, its synchronous body otherwise.
  func producer() -> Producer<T> {
    Producer(
      { [self] context throws(ResolutionError) -> T in
        guard let target else { throw ResolutionError(reason: .containerReleased) }
        return try target.body(&context)
      },
      async: { [self] context throws(ResolutionError) -> T in
        guard let target else { throw ResolutionError(reason: .containerReleased) }
        if let asyncBody = target.asyncBody { return try await asyncBody(&context) }
        return try target.body(&context)
      })
  }
}

/// A synchronous body as an async one.
@usableFromInline
func lifted<T>(_ body: @escaping Body<T>) -> AsyncBody<T> {
  { context async throws(ResolutionError) -> T in try body(&context) }
}

/// `make(body)` when there is an async body, `nil` otherwise: how a producer that wraps another
/// gets an async body exactly when the wrapped one has one.
@inlinable
func ifAsync<T, U>(
  _ body: AsyncBody<T>?, _ make: (@escaping AsyncBody<T>) -> AsyncBody<U>
) -> AsyncBody<U>? {
  guard let body else { return nil }
  return make(body)
}
