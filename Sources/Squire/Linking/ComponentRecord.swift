/// How a dependency is narrowed beyond its type.
@usableFromInline
enum Qualifier: Hashable, Sendable {
  case none
  case name(String)
  case tag(ObjectIdentifier)
  /// Under every one of these tags (two or more): nested `by(tag:_:)` modifiers.
  case tags(Set<ObjectIdentifier>)
}

/// What a lookup asks for: a type, maybe under a name or tag.
@usableFromInline
struct LookupKey: Hashable, Sendable {
  @usableFromInline let type: ObjectIdentifier
  @usableFromInline let qualifier: Qualifier

  @usableFromInline
  init(type: ObjectIdentifier, qualifier: Qualifier) {
    self.type = type
    self.qualifier = qualifier
  }
}

/// Where a registration was written, for diagnostics.
@usableFromInline
struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
  @usableFromInline let file: StaticString
  @usableFromInline let line: UInt

  @usableFromInline
  var description: String { "\(file):\(line)" }

  @usableFromInline
  init(file: StaticString, line: UInt) {
    self.file = file
    self.line = line
  }

  @usableFromInline
  static func == (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    lhs.line == rhs.line && lhs.file.utf8Start == rhs.file.utf8Start
  }
}

/// One `.as(...)` of a component: a type it can be resolved as, and how to convert to it.
@usableFromInline
struct Forward: Sendable {
  @usableFromInline let forwardedType: Any.Type
  @usableFromInline let qualifier: Qualifier
  /// Turns the component's own producer into a producer of the forwarded type.
  @usableFromInline let wrap: @Sendable (AnyProducer) -> AnyProducer
  /// The generated table of the module that wrote this `.as`, when SquireBuildPlugin generated
  /// its conversions: asked for this one when it is first linked, and by `validate()`.
  let generatedIn: (any _GeneratedFactories.Type)?

  @usableFromInline
  init(
    type: Any.Type,
    qualifier: Qualifier,
    wrap: @escaping @Sendable (AnyProducer) -> AnyProducer
  ) {
    self.forwardedType = type
    self.qualifier = qualifier
    self.generatedIn = nil
    self.wrap = wrap
  }

  /// The forward of a component of type `Impl` as `P` written in a module with generated
  /// conversions: linked with the one `table` generated for the two types, or with the generic
  /// conversion when there is none.
  init<Impl, P>(
    _ type: P.Type, qualifier: Qualifier, from: Impl.Type,
    generatedIn table: any _GeneratedFactories.Type
  ) {
    self.forwardedType = P.self
    self.qualifier = qualifier
    self.generatedIn = table
    self.wrap = { main in
      if let generated = table.forward(ObjectIdentifier(Impl.self), as: ObjectIdentifier(P.self)) {
        return generated.wrap(main)
      }
      return Self.wrapping(Impl.self, P.self) { base, checked in
        { context throws(ResolutionError) -> P in
          try checked.convert(try base(&context), to: P.self)
        }
      }(main)
    }
  }

  /// Whether the compiler checked that a component of `implementation` is a `forwardedType`:
  /// SquireBuildPlugin generated the conversion, and `validate()` does not ask the runtime.
  func isCompilerChecked(from implementation: Any.Type) -> Bool {
    guard let generatedIn else { return false }
    return generatedIn.forward(ObjectIdentifier(implementation), as: type) != nil
  }

  /// The forward of a component of type `Impl` as `P`: `body` makes the synchronous body
  /// that converts each instance of the component's (specialised where `.as` is written); the
  /// rest is made here, generically.
  @usableFromInline
  init<Impl, P>(
    type: P.Type, qualifier: Qualifier, from: Impl.Type,
    body: @escaping @Sendable (@escaping Body<Impl>, CheckedType) -> Body<P>
  ) {
    self.init(type: P.self, qualifier: qualifier, wrap: Self.wrapping(Impl.self, P.self, body))
  }

  @usableFromInline
  @_semantics("optimize.sil.specialize.generic.never")
  static func wrapping<Impl, P>(
    _: Impl.Type, _: P.Type,
    _ body: @escaping @Sendable (@escaping Body<Impl>, CheckedType) -> Body<P>
  ) -> @Sendable (AnyProducer) -> AnyProducer {
    { main in
      if P.self == Impl.self { return main }
      let producer = unsafeDowncast(main, to: Producer<Impl>.self)
      let checked = CheckedType(recordable: !holdsValuesOfVariousTypes(Impl.self))
      // An async or isolated component keeps its async body under every type it is resolved
      // as.
      return Producer<P>(
        body(producer.body, checked),
        async: ifAsync(producer.asyncBody) { asyncBody in
          { context async throws(ResolutionError) -> P in
            try checked.convert(try await asyncBody(&context), to: P.self)
          }
        })
    }
  }

  var type: ObjectIdentifier { ObjectIdentifier(forwardedType) }

  // Names are made only for messages: describing a type costs thousands of instructions, and
  // registering ten thousand components should not pay for it.
  var typeName: String { String(describing: forwardedType) }

  /// The qualifier as the user wrote it, for messages: `name: "BMW"`, `tag: Sport`.
  var qualifierDescription: String? {
    switch qualifier {
    case .none: nil
    case .name(let name): "name: \"\(name)\""
    case .tag(let tag): "tag: \(TagRegistry.name(of: tag))"
    case .tags(let tags): "tags: \(TagRegistry.names(of: tags))"
    }
  }
}

/// How a component's factory runs.
@usableFromInline
enum ComponentExecution: Sendable, Equatable {
  /// Synchronously, on the resolving thread.
  case sync
  /// Synchronously, on the main actor.
  case mainActor
  /// Asynchronously (on the factory's own actor, if it has one).
  case async
}

/// Everything known about one registered component. Its options are changed only under the
/// container tree's lock, and read only while a snapshot is built under that lock: the lock
/// keeps accesses apart, so they are not checked for exclusivity at run time (a check costs
/// more than the read, and linking and validation read every record's options).
///
/// Not generic: the metadata of a generic class is made at run time for each type it is used
/// with (some 6,000 instructions per registered type at start-up). What needs the
/// implementation type is kept in closures made where it is known (``linkBody`` and the
/// operations below), and in a ``TypedParts`` made only for a component with `.injection`s,
/// `.postInit`s or an `.onClose`.
@usableFromInline
final class ComponentRecord: @unchecked Sendable {
  @usableFromInline let implementationType: Any.Type
  @usableFromInline let location: SourceLocation
  @usableFromInline @exclusivity(unchecked) var lifetime: Lifetime = .prototype
  @usableFromInline @exclusivity(unchecked) var isDefault = false
  @usableFromInline @exclusivity(unchecked) var forwards: [Forward] = []
  /// The `.single` instance's cell, shared by the whole container tree; made at first link.
  @usableFromInline @exclusivity(unchecked) var sharedCell: AnyObject?
  /// How the factory runs: synchronously, on the main actor, or async.
  @usableFromInline let execution: ComponentExecution
  /// The container that registered the component: where a `.single` of it is built and owned.
  /// Unowned, since the container keeps its records; a record is linked only by its container
  /// or a descendant, which keeps it alive. Not `weak`: a weak reference gives the container a
  /// side table, and every retain and release of it then takes the runtime's slow path (a
  /// request's scope retains its parent several times).
  @usableFromInline @exclusivity(unchecked) unowned var owner: Container?
  /// Its place among its container's records: whether a snapshot already linked it.
  @exclusivity(unchecked) var position = 0
  /// False for a class registered with `register(T.self)`: only `inject(into:)` uses it.
  @exclusivity(unchecked) var hasFactory = true
  /// True for the record a decorator caches its instances by (a view of the component it
  /// wraps): a level of its own in a resolve, named as a decorator when a path is counted.
  @exclusivity(unchecked) var isDecoratorView = false
  /// The part that registered it (`append(part:)`), if a part did: shown by the graph page.
  @exclusivity(unchecked) var part: (any Part.Type)?
  /// The types this component is offered to (`.when(injectedInto:)`); empty for everyone.
  @usableFromInline @exclusivity(unchecked) var consumers: [Any.Type] = []
  /// The components its resolves pass runtime arguments down to (`.passesArguments(to:)`):
  /// what validation accepts as a way for them to get their arguments.
  @exclusivity(unchecked) var passesArgumentsTo: [Any.Type] = []

  /// The consumers' names, for messages: `UsersScreen`, `A and B`.
  var consumerNames: String {
    let names = consumers.map { String(describing: $0) }
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
  }

  /// Whether `.onClose` was given: validation reports it on lifetimes nothing closes. Kept
  /// here, where reading it needs no generic metadata (the cleanup itself is in its `TypedParts`).
  @usableFromInline @exclusivity(unchecked) var hasCleanup = false

  /// How many `.injection`s and `postInit`s it has: kept here, where reading it needs no
  /// generic metadata (the injections themselves are in its `TypedParts`).
  @usableFromInline @exclusivity(unchecked) var stepCount = 0

  /// Whether the component is found as its own type without a name or tag. A component
  /// forwarded as its own type only under names or tags (`.as(String.self, tag:
  /// LibraryName.self)`) is not a plain `String`: it would answer every other one.
  var isResolvableAsItself: Bool {
    let own = ObjectIdentifier(implementationType)
    var qualifiedOnly = false
    for forward in forwards where forward.type == own {
      if forward.qualifier == .none { return true }
      qualifiedOnly = true
    }
    return !qualifiedOnly
  }

  /// Every key the component can be found under: its own type and each `.as`.
  var keys: [LookupKey] {
    [LookupKey(type: ObjectIdentifier(implementationType), qualifier: .none)]
      + forwards.map { LookupKey(type: $0.type, qualifier: $0.qualifier) }
  }

  /// Links the dependencies and returns the producer (a `Producer<Impl>`) with its lifetime
  /// applied. Made by `register` in the caller's module, so that it and the closures it makes
  /// are specialised for the implementation type.
  @usableFromInline let linkBody: (Linker, ComponentRecord) -> AnyProducer
  /// Makes the operations that need the implementation type and are rarely asked for: one
  /// closure, which makes them when asked, rather than three kept in every record.
  private let operations: () -> Operations

  /// What ``ComponentRecord/operations`` makes.
  private struct Operations {
    /// A placeholder producer of the implementation type (``makePlaceholder()``).
    let placeholder: () -> (producer: AnyProducer, placeholder: AnyPlaceholder)
    /// Runs a producer of the component (``run(_:_:)``).
    let run: (AnyProducer, inout ResolutionContext) throws(ResolutionError) -> Void
    /// Runs a producer of the component in an async resolve (``instanceAsync(_:_:)``).
    let instanceAsync: (AnyProducer, inout ResolutionContext) async throws(ResolutionError) -> Any
  }

  /// The parts typed by the implementation type: a ``TypedParts``, made when the first of them
  /// is given.
  @usableFromInline @exclusivity(unchecked) var typedParts: AnyObject?

  /// A record of a component of type `Impl`, linked by `link`.
  @usableFromInline
  init<Impl>(
    of type: Impl.Type,
    location: SourceLocation,
    execution: ComponentExecution = .sync,
    link: @escaping (Linker, TypedRecord<Impl>) -> Producer<Impl>
  ) {
    self.implementationType = Impl.self
    self.location = location
    self.execution = execution
    self.linkBody = link
    self.operations = {
      Operations(
        placeholder: {
          let placeholder = Placeholder<Impl>()
          return (placeholder.producer(), placeholder)
        },
        run: { producer, context throws(ResolutionError) in
          _ = try unsafeDowncast(producer, to: Producer<Impl>.self).body(&context)
        },
        instanceAsync: { producer, context async throws(ResolutionError) -> Any in
          try await unsafeDowncast(producer, to: Producer<Impl>.self).anyAsyncBody(&context)
        })
    }
  }

  /// The implementation type's name, for messages.
  @usableFromInline
  var typeName: String { String(describing: implementationType) }

  @usableFromInline
  var pathStep: PathStep {
    PathStep(id: ObjectIdentifier(self), type: implementationType, isDecorator: isDecoratorView)
  }

  /// The component's own producer, with its lifetime applied, linked against `linker`.
  func link(_ linker: Linker) -> AnyProducer {
    linkBody(linker, self)
  }

  /// A producer that forwards to one set later, for a component asked for while it is linked.
  func makePlaceholder() -> (producer: AnyProducer, placeholder: AnyPlaceholder) {
    operations().placeholder()
  }

  /// Runs `producer` (this component's own) and discards the instance.
  func run(_ producer: AnyProducer, _ context: inout ResolutionContext) throws(ResolutionError) {
    try operations().run(producer, &context)
  }

  /// Runs `producer` (this component's own) in an async resolve and discards the instance.
  func runAsync(
    _ producer: AnyProducer, _ context: inout ResolutionContext
  ) async throws(ResolutionError) {
    _ = try await operations().instanceAsync(producer, &context)
  }

  /// Runs `producer` (this component's own) in an async resolve and returns the instance.
  func instanceAsync(
    _ producer: AnyProducer, _ context: inout ResolutionContext
  ) async throws(ResolutionError) -> Any {
    try await operations().instanceAsync(producer, &context)
  }

  /// Whether `.weak` is allowed: the instances must be class instances (or optionals of them).
  @usableFromInline
  var isClass: Bool { holdsClassInstancesOrNil(implementationType) }
}

/// A ``ComponentRecord`` whose implementation type is `Impl`. The record itself is not generic:
/// the name says, in a signature, which type the record's typed parts are read as
/// (``ComponentRecord/parts(_:)``), and so which `Impl` a caller may pass.
@usableFromInline
typealias TypedRecord<Impl> = ComponentRecord

/// The parts of a component that are typed by its implementation type: its `.injection`s and
/// `.postInit`s, its `.onClose`, and the code specialised for them. Made for a component that
/// has one of them (most have none), under its container's lock.
@usableFromInline
final class TypedParts<Impl>: @unchecked Sendable {
  /// `.injection`s in declaration order, and `.postInit`s.
  @usableFromInline var injections: [InjectionLink<Impl>] = []
  @usableFromInline var postInits: [InjectionLink<Impl>] = []
  /// `.onClose`: run on the instance when what owns it closes.
  @usableFromInline var cleanup: Cleanup<Impl>?

  /// Links the injections with code specialised for `Impl`: set by `.injection`, which is
  /// specialised where it is written, so that linking a component with injections looks up no
  /// generic metadata (validating a graph links every component; a component without
  /// injections compiles no such code).
  @usableFromInline
  var specializedInjections: ((Linker, TypedRecord<Impl>) -> LinkedInjections<Impl>?)?

  /// The body of the component with its injections, or in its object graph, in code
  /// specialised for `Impl`: set by `.injection`, where `Impl` is known. Other components run
  /// the generic one (`Linker.producer(of:_:_:async:)`), so that `register` compiles none.
  /// Takes and gives producers, not bare closures, which would be wrapped in reabstraction
  /// thunks on their way between specialised and generic code.
  @usableFromInline
  var specializedBody: ((Linker.LifetimeShape<Impl>, Producer<Impl>, PathStep) -> Producer<Impl>?)?

  @usableFromInline
  init() {}
}

extension ComponentRecord {
  /// The typed parts, read as `Impl`'s, which must be the record's implementation type; `nil`
  /// when the component has none.
  @usableFromInline
  func parts<Impl>(_ type: Impl.Type) -> TypedParts<Impl>? {
    guard let typedParts else { return nil }
    assert(ObjectIdentifier(implementationType) == ObjectIdentifier(Impl.self))
    return unsafeDowncast(typedParts, to: TypedParts<Impl>.self)
  }

  /// The typed parts, made if the component has none yet; called under its container's lock.
  @usableFromInline
  func makeParts<Impl>(_ type: Impl.Type) -> TypedParts<Impl> {
    if let parts = parts(Impl.self) { return parts }
    let parts = TypedParts<Impl>()
    typedParts = parts
    return parts
  }

  /// Sets the `.onClose` cleanup.
  @usableFromInline
  func setCleanup<Impl>(_ cleanup: Cleanup<Impl>) {
    makeParts(Impl.self).cleanup = cleanup
    hasCleanup = true
  }

  /// The injections linked against `linker`; `nil` when there are none. Never specialised
  /// where `register` is: a component without injections compiles no injection code.
  @usableFromInline
  @inline(never)
  @_semantics("optimize.sil.specialize.generic.never")
  func linkInjections<Impl>(_ linker: Linker, of type: Impl.Type) -> LinkedInjections<Impl>? {
    if let specialized = parts(Impl.self)?.specializedInjections {
      return specialized(linker, self)
    }
    return linkEveryInjection(linker, of: Impl.self)
  }

  /// What ``linkInjections(_:of:)`` does: cyclic injections are linked as deferred
  /// dependencies, so that they take no part in initializer cycles.
  @inlinable
  func linkEveryInjection<Impl>(
    _ linker: Linker, of type: Impl.Type
  ) -> LinkedInjections<Impl>? {
    // `@Injected` and `@LazyInjected` properties are filled first, so that the injections and
    // `postInit`s can use them; a class with none adds no step.
    // Asked without generic code: this runs unspecialised for most components linked, and a
    // generic optional here costs a metadata lookup each time (`injections.isEmpty` would make
    // the metadata of an array of `Impl`'s injections and look up its conformance).
    let wraps = linker.hasWrappedProperties(of: self)
    if stepCount == 0 && !wraps { return nil }
    let typed = parts(Impl.self)
    let injections = typed?.injections ?? []
    let postInits = typed?.postInits ?? []
    var immediate: [LinkedInjections<Impl>.Step] = []
    immediate.reserveCapacity(injections.count + (wraps ? 1 : 0))
    if wraps, let wrapped = WrappedProperties.step(for: Impl.self, linker) {
      immediate.append(wrapped)
    }
    var cyclic: [LinkedInjections<Impl>.Step] = []
    for injection in injections {
      if injection.isCyclic {
        cyclic.append(linker.deferring { injection.link(linker) })
      } else {
        immediate.append(injection.link(linker))
      }
    }
    var linkedPostInits: [LinkedInjections<Impl>.Step] = []
    for postInit in postInits { linkedPostInits.append(postInit.link(linker)) }
    return LinkedInjections(immediate: immediate, cyclic: cyclic, postInits: linkedPostInits)
  }
}
