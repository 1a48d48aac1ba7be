/// A parameter resolved under the tag `Tag`: what `$1` is in
/// `register { Car(engine: $0, body: by(tag: Sport.self, $1)) }`. Unwrap it with
/// ``by(tag:_:)``.
public struct ByTag<Tag, Value> {
  @usableFromInline
  let value: Value
}

/// Takes the dependency registered under the tag `tag` (with `.as(T.self, tag: Tag.self)`).
///
/// ```swift
/// enum Sport {}
/// container.register(SportBody.init).as(Body.self, tag: Sport.self)
/// container.register { Car(engine: $0, body: by(tag: Sport.self, $1)) }
/// container.register(Car.init).injection(\.body) { by(tag: Sport.self, $0) }
/// ```
///
/// Tags are types, so a misspelt tag does not compile. Combine with other modifiers:
/// `many(by(tag: Sport.self, $0))` takes every implementation under the tag. Nested, the
/// tags add up: `by(tag: Sport.self, by(tag: Red.self, $0))` takes the component forwarded
/// under both `Sport` and `Red`.
///
/// The spelling is seed 004's, and reads like the other modifiers (`many($0)`, `arg($0)`): the
/// parameter has no label. `by(tag:on:)`, its former twin, is deprecated.
///
/// - Parameters:
///   - tag: The tag type the dependency is forwarded under.
///   - parameter: The closure's parameter (`$0`, `$1`, ...), whose type Squire infers from this
///     call.
/// - Returns: The dependency, for the initializer or property that takes it.
@inlinable
public func by<Tag, Value>(tag: Tag.Type, _ parameter: ByTag<Tag, Value>) -> Value {
  parameter.value
}

/// The same as ``by(tag:_:)``, with an `on:` label: `by(tag: Sport.self, on: $1)`. Deprecated:
/// one spelling serves, and seed 004's is the one without the label.
///
/// ```swift
/// container.register { Car(engine: $0, body: by(tag: Sport.self, $1)) }   // write this
/// ```
///
/// - Parameters:
///   - tag: The tag type the dependency is forwarded under.
///   - parameter: The closure's parameter (`$0`, `$1`, ...).
/// - Returns: The dependency.
@available(*, deprecated, renamed: "by(tag:_:)", message: "write `by(tag: T.self, $0)`")
@inlinable
public func by<Tag, Value>(tag: Tag.Type, on parameter: ByTag<Tag, Value>) -> Value {
  parameter.value
}

extension ByTag: SpecialParameter {
  /// The tag to look under, within what an enclosing modifier asked: nested `by(tag:_:)`s ask
  /// for what is forwarded under every one of their tags.
  private static func tag(within qualifier: Qualifier) -> Qualifier {
    let own = TagRegistry.register(Tag.self)
    switch qualifier {
    case .tag(let outer) where outer != own: return .tags([outer, own])
    case .tags(let outer): return .tags(outer.union([own]))
    case .none, .name, .tag: return .tag(own)
    }
  }

  static func makeProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer {
    wrap(linker.producer(for: Value.self, qualifier: tag(within: qualifier)))
  }

  static func makeOptionalProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer? {
    linker.optionalProducer(for: Value.self, qualifier: tag(within: qualifier)).map(wrap)
  }

  static func makeEachProducer(_ linker: Linker, qualifier: Qualifier) -> [AnyProducer]? {
    linker.allProducers(for: Value.self, qualifier: tag(within: qualifier)).map(wrap)
  }

  private static func wrap(_ inner: Producer<Value>) -> AnyProducer {
    inner.map { ByTag(value: $0) }
  }

}
