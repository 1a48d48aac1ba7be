/// A modifier that resolves its value after the component holding it exists (`Lazy`,
/// `Provider`): its dependency is linked as deferred, so it breaks cycles, and it composes with
/// `Optional` and `many` by wrapping each producer of the value.
protocol ResolvedLater: SpecialParameter {
  associatedtype Value
  /// Whether the value, once resolved, is kept (`Lazy`) rather than resolved on each use.
  static var keepsValue: Bool { get }
  static func make(_ source: DeferredResolve<Value>) -> Self
}

extension ResolvedLater {
  static func makeProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer {
    wrap(
      linker.deferring(holding: keepsValue) {
        linker.producer(for: Value.self, qualifier: qualifier)
      }, linker)
  }

  static func makeOptionalProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer? {
    linker.deferring(holding: keepsValue) {
      linker.optionalProducer(for: Value.self, qualifier: qualifier)
    }.map { wrap($0, linker) }
  }

  static func makeEachProducer(_ linker: Linker, qualifier: Qualifier) -> [AnyProducer]? {
    linker.deferring(holding: keepsValue) {
      linker.allProducers(for: Value.self, qualifier: qualifier)
    }.map { wrap($0, linker) }
  }

  /// The value's producer may go through the snapshot's placeholders (a cycle broken by this
  /// `Lazy` or `Provider`), which the snapshot clears when it goes: the value keeps the snapshot
  /// it was linked in, so that it still resolves after its container linked a newer one.
  private static func wrap(_ inner: Producer<Value>, _ linker: Linker) -> AnyProducer {
    // Unowned: the linker holds this producer; it runs only in a resolve through the linker's
    // snapshot, which keeps the linker alive.
    Producer<Self> { [unowned(unsafe) linker] context throws(ResolutionError) -> Self in
      make(DeferredResolve(&context, inner, keeping: linker.snapshot))
    }
  }
}
