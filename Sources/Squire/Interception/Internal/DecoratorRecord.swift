/// One `decorate` call: wraps every instance of ``decoratedType`` resolved through the container
/// that registered it (and its children).
///
/// A decorator is linked once per component it wraps, as part of that component: its own
/// dependencies are the component's edges for validation, and the wrapped instance is cached
/// by a *view* of the component (a record of its own with the component's lifetime), so that
/// a cached lifetime runs the decorator once per instance.
@usableFromInline
class DecoratorRecord: @unchecked Sendable {
  @usableFromInline let decoratedType: Any.Type
  @usableFromInline let location: SourceLocation
  @usableFromInline let execution: ComponentExecution
  /// The container that registered the decorator. Unowned, since the container keeps it (and
  /// not `weak`, for the reason given on `ComponentRecord.owner`).
  unowned var owner: Container?

  @usableFromInline
  init(decoratedType: Any.Type, location: SourceLocation, execution: ComponentExecution) {
    self.decoratedType = decoratedType
    self.location = location
    self.execution = execution
  }

  /// The decorated type's name, for messages.
  var typeName: String { String(describing: decoratedType) }

  /// `inner` (a producer of the decorated type, from `record`) wrapped in this decorator, with
  /// `lifetime`; the decorator's own dependencies are linked against `linker`.
  func decorate(
    _ inner: AnyProducer, of record: ComponentRecord, lifetime: Lifetime, linker: Linker
  ) -> (view: ComponentRecord, producer: AnyProducer) {
    fatalError("DecoratorRecord.decorate is overridden by TypedDecorator")
  }

  /// A producer of the decorated type that forwards to one set later.
  func makePlaceholder() -> (producer: AnyProducer, placeholder: AnyPlaceholder) {
    fatalError("DecoratorRecord.makePlaceholder is overridden by TypedDecorator")
  }

  /// The views made so far whose lifetime is `lifetime` (for `resetInstances(of:)`).
  func views(with lifetime: Lifetime) -> [ComponentRecord] { [] }

  /// Lets go of the `.single` instances of this decorator's views.
  func resetSingles() {}
}

/// A decorator of `T`: holds the specialised link function, made by `decorate` in the caller's
/// module.
@usableFromInline
final class TypedDecorator<T>: DecoratorRecord, @unchecked Sendable {
  /// Links the decorator's own dependencies and returns the producer of decorated instances
  /// around `inner`'s, with the view's lifetime: made in the caller's module (by `decorate`),
  /// so that the lifetime's closures are specialised for `T` as a component's are.
  @usableFromInline
  typealias Link = (Linker, Producer<T>, TypedRecord<T>) -> Producer<T>

  @usableFromInline let linkBody: Link

  /// One view per decorated component and lifetime: where the decorated instances are cached.
  /// The same across snapshots, so relinking keeps them; made under `lock` by whichever linker
  /// needs one first, and never changed afterwards (except a `.single`'s cell, on reset).
  private var viewsByRecord: [ViewKey: TypedRecord<T>] = [:]
  private let lock = Lock()

  private struct ViewKey: Hashable {
    let record: ObjectIdentifier
    let lifetime: Lifetime
  }

  @usableFromInline
  init(location: SourceLocation, execution: ComponentExecution, link: @escaping Link) {
    self.linkBody = link
    super.init(decoratedType: T.self, location: location, execution: execution)
  }

  override func decorate(
    _ inner: AnyProducer, of record: ComponentRecord, lifetime: Lifetime, linker: Linker
  ) -> (view: ComponentRecord, producer: AnyProducer) {
    let view = self.view(of: record, lifetime: lifetime)
    return (view, linkBody(linker, unsafeDowncast(inner, to: Producer<T>.self), view))
  }

  private func view(of record: ComponentRecord, lifetime: Lifetime) -> TypedRecord<T> {
    lock.withLock {
      let key = ViewKey(record: ObjectIdentifier(record), lifetime: lifetime)
      if let existing = viewsByRecord[key] { return existing }
      let view = ComponentRecord(of: T.self, location: location, execution: execution) {
        _, _ -> Producer<T> in
        preconditionFailure("a decorator's view is linked by its decorator")
      }
      view.lifetime = lifetime
      view.owner = record.owner
      view.isDecoratorView = true
      // Made here, under the decorator's lock, so that no linker writes it later.
      if lifetime == .single { view.sharedCell = SharedInstance(of: T.self) }
      viewsByRecord[key] = view
      return view
    }
  }

  override func makePlaceholder() -> (producer: AnyProducer, placeholder: AnyPlaceholder) {
    let placeholder = Placeholder<T>()
    return (placeholder.producer(), placeholder)
  }

  override func views(with lifetime: Lifetime) -> [ComponentRecord] {
    lock.withLock { viewsByRecord.values.filter { $0.lifetime == lifetime } }
  }

  override func resetSingles() {
    lock.withLock {
      for view in viewsByRecord.values where view.lifetime == .single {
        view.sharedCell = SharedInstance(of: T.self)
      }
    }
  }
}
