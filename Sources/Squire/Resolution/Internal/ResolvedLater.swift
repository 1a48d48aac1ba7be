/// A modifier that resolves its value after the component holding it exists (`Lazy`,
/// `Provider`): its dependency is linked as deferred, so it breaks cycles, and it composes with
/// `Optional` and `many` by wrapping each producer of the value.
protocol ResolvedLater: SpecialParameter {
  associatedtype Value
  /// Whether the value, once resolved, is kept (`Lazy`) rather than resolved on each use.
  static var keepsValue: Bool { get }
  /// Where the value comes from.
  var source: DeferredResolve<Value> { get }
  init(_ source: DeferredResolve<Value>)
}

extension ResolvedLater {
  static func makeProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer {
    let holder = LaterHolder(linker.linkingComponent)
    return wrap(
      linker.deferring(holding: keepsValue) {
        linker.producer(for: Value.self, qualifier: qualifier)
      }, holder)
  }

  static func makeOptionalProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer? {
    let holder = LaterHolder(linker.linkingComponent)
    return linker.deferring(holding: keepsValue) {
      linker.optionalProducer(for: Value.self, qualifier: qualifier)
    }.map { wrap($0, holder) }
  }

  static func makeEachProducer(_ linker: Linker, qualifier: Qualifier) -> [AnyProducer]? {
    let holder = LaterHolder(linker.linkingComponent)
    return linker.deferring(holding: keepsValue) {
      linker.allProducers(for: Value.self, qualifier: qualifier)
    }.map { wrap($0, holder) }
  }

  private static func wrap(_ inner: Producer<Value>, _ holder: LaterHolder?) -> AnyProducer {
    Producer<Self> { context throws(ResolutionError) -> Self in
      Self(DeferredResolve(&context, inner, holder: holder))
    }
  }
}

/// The component a `Lazy` or `Provider` is given to (a parameter of its factory or an injected
/// property), and where it is registered: a `.value` that cannot be resolved traps there, since
/// a property cannot take the caller's `#fileID` and `#line`. One resolved with a trapping
/// `resolve` names that call instead; `nil` for one from `tryResolve`.
struct LaterHolder: Sendable {
  /// The component it is given to; `nil` for one a caller resolved from the container.
  let component: String?
  /// That component's registration, or the line that resolved it.
  let location: SourceLocation

  init?(_ record: ComponentRecord?) {
    guard let record else { return nil }
    component = record.typeName
    location = record.location
  }

  /// A `Lazy` or `Provider` resolved from the container at `location`.
  init(caller location: SourceLocation) {
    component = nil
    self.location = location
  }
}

extension ResolvedLater {
  /// The same modifier, resolved at `location` (a caller's `resolve`): its traps name that line.
  func resolved(at location: SourceLocation) -> Self {
    Self(source.held(by: LaterHolder(caller: location)))
  }
}

extension DeferredResolve {
  /// What `get` returns, or a trap with its error's diagnostic (see ``trap(_:kind:)``): what the
  /// modifiers' `value` does.
  func valueOrTrap(kind: String, _ get: () throws(ResolutionError) -> Value) -> Value {
    do {
      return try get()
    } catch {
      trap(error, kind: kind)
    }
  }

  /// Traps with `error`'s diagnostic, introduced by what the `Lazy` or `Provider` (`kind`) was
  /// given to, at the registration of the component that holds it.
  func trap(_ error: ResolutionError, kind: String) -> Never {
    let what = "`\(kind)<\(Value.self)>`"
    guard let holder else {
      fatalError(
        "\(what), resolved from the container, could not resolve its value:\n\(error.description)")
    }
    let introduction =
      holder.component.map { "\(what) given to `\($0)` (registered at \(holder.location))" }
      ?? "\(what) resolved at \(holder.location)"
    fatalError(
      "\(introduction) could not resolve its value:\n\(error.description)",
      file: holder.location.file, line: holder.location.line)
  }
}
