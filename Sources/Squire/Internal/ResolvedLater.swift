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
      })
  }

  static func makeOptionalProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer? {
    linker.deferring(holding: keepsValue) {
      linker.optionalProducer(for: Value.self, qualifier: qualifier)
    }.map(wrap)
  }

  static func makeEachProducer(_ linker: Linker, qualifier: Qualifier) -> [AnyProducer]? {
    linker.deferring(holding: keepsValue) {
      linker.allProducers(for: Value.self, qualifier: qualifier)
    }.map(wrap)
  }

  private static func wrap(_ inner: Producer<Value>) -> AnyProducer {
    Producer<Self> { context throws(ResolutionError) -> Self in
      make(DeferredResolve(&context, inner))
    }
  }
}
