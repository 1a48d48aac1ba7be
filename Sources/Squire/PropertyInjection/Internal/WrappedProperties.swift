@_spi(Reflection) import Swift
import Synchronization

/// A property wrapper the container fills: ``Injected`` and ``LazyInjected``.
protocol WrappedDependency {
  /// Links the fill of one such property of a class: `linker` links its dependency with the
  /// class's component (what validation, the graph and child containers see); with no linker
  /// (an object passed to `inject(into:)` whose dynamic type is not the one registered) the
  /// dependency is looked up when the property is filled.
  static func link(_ linker: Linker?, _ field: WrappedField) -> WrappedField.Fills
}

/// One wrapped property of a class, as found in the class's field metadata.
final class WrappedField: Sendable {
  /// Fills the property of an object.
  typealias Fill = (AnyObject, inout ResolutionContext) throws(ResolutionError) -> Void
  /// Fills it in an async resolve: for a dependency with async or isolated parts.
  typealias AsyncFill = (AnyObject, inout ResolutionContext) async throws(ResolutionError) -> Void
  typealias Fills = (sync: Fill, async: AsyncFill?)

  /// The property's name, as declared (`clock` for `@Injected var clock`).
  let name: String
  /// Where the wrapper's storage lies in the object.
  let offset: Int
  /// The wrapper of type `Wrapper` stored in `object` at this field's offset.
  func wrapper<Wrapper>(in object: AnyObject, as type: Wrapper.Type) -> Wrapper {
    withExtendedLifetime(object) {
      UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        .load(fromByteOffset: offset, as: Wrapper.self)
    }
  }

  /// Immutable, and the conformances are Squire's own, none isolated: safe to share.
  nonisolated(unsafe) let wrapper: any WrappedDependency.Type
  /// The name or tag the property asks for, learned from the first object filled: the
  /// metadata has the property's type but not the arguments of its wrapper.
  private let learned = Locked<Qualifier?>(nil)

  init(name: String, offset: Int, wrapper: any WrappedDependency.Type) {
    self.name = name
    self.offset = offset
    self.wrapper = wrapper
  }

  var learnedQualifier: Qualifier? { learned.withLock { $0 } }

  /// Records the property's name or tag; whether it was not known before.
  func learn(_ qualifier: Qualifier) -> Bool {
    learned.withLock {
      guard $0 == nil else { return false }
      $0 = qualifier
      return true
    }
  }
}

/// The wrapped properties of classes, found once per class and kept.
@usableFromInline
enum WrappedProperties {
  private static let known = Locked<[ObjectIdentifier: [WrappedField]]>([:])

  /// The wrapped properties of `type` (its superclasses' included); empty for a type that is
  /// not a class or has none. The first call for a class reads its field metadata; later
  /// calls cost a dictionary lookup under a lock, and are made only when a component is linked,
  /// never when one is resolved.
  static func fields(of type: Any.Type) -> [WrappedField] {
    guard type is AnyClass else { return [] }
    let id = ObjectIdentifier(type)
    if let found = known.withLock({ $0[id] }) { return found }
    var fields: [WrappedField] = []
    // `.classType` (its raw value, since the option is a mutable global to Swift 6): the
    // offsets are from the object's start, and the superclasses' fields are included.
    _ = _forEachField(of: type, options: _EachFieldOptions(rawValue: 1)) {
      name, offset, fieldType, _ in
      // Only `Injected` and `LazyInjected`, structs, are wrapped dependencies: a field of any
      // other kind is not asked, since a failed conformance lookup reads every conformance
      // record in the process (some 110,000 instructions in an app of 2,000 classes).
      if isStruct(fieldType), let wrapper = fieldType as? any WrappedDependency.Type {
        var declared = String(cString: name)
        if declared.hasPrefix("_") { declared.removeFirst() }
        fields.append(WrappedField(name: declared, offset: offset, wrapper: wrapper))
      }
      return true
    }
    return known.withLock { known in
      if let raced = known[id] { return raced }
      known[id] = fields
      return fields
    }
  }

  /// The step that fills the wrapped properties of `Impl`'s instances, linked with the
  /// component being linked; `nil` when `Impl` has none, so that such a component's resolve is
  /// exactly what it was without the feature.
  @usableFromInline
  static func step<Impl>(for type: Impl.Type, _ linker: Linker?) -> InjectionStep<Impl>? {
    let fields = fields(of: Impl.self)
    if fields.isEmpty { return nil }
    let fills = fields.map { $0.wrapper.link(linker, $0) }
    let syncFills = fills.map { $0.sync }
    // `Impl` is a class (it has fields of a class): its value is the object reference.
    return InjectionStep(
      sync: { instance, context throws(ResolutionError) in
        let object = unsafeBitCast(instance, to: AnyObject.self)
        for fill in syncFills { try fill(object, &context) }
      },
      async: !fills.contains(where: { $0.async != nil })
        ? nil
        : { instance, context async throws(ResolutionError) in
          let object = unsafeBitCast(instance, to: AnyObject.self)
          for fill in fills {
            if let async = fill.async {
              try await async(object, &context)
            } else {
              try fill.sync(object, &context)
            }
          }
        })
  }

  /// Fills the wrapped properties of `object`, by its dynamic type, looking each dependency up
  /// as it goes: for an object passed to `inject(into:)` as a type other than its own.
  static func fill(_ object: AnyObject, _ context: inout ResolutionContext) throws(ResolutionError)
  {
    let fields = fields(of: type(of: object))
    if fields.isEmpty { return }
    for field in fields {
      try field.wrapper.link(nil, field).sync(object, &context)
    }
  }
}

/// The producer a wrapped property is filled from, linked with its class's component when
/// the property's name or tag is known (or it asks for none), looked up when filled otherwise.
struct WrappedLink<Value> {
  let qualifier: Qualifier
  let producer: Producer<Value>?

  /// Links `Value` for `field` with the component being linked: the class that declares the
  /// property is the linker's current component, so the lookup sees it as the consumer, as it
  /// does for an initializer parameter (what contextual binding, `.when(injectedInto:)`,
  /// chooses by). Until an object of the class has been filled, the property's name or tag is
  /// not known (it is an argument of the wrapper's initializer, which the class's metadata does
  /// not hold): it is linked, and validated, as asking for none, so that a property that asks
  /// for none is checked as an initializer parameter is; a property that names one is
  /// looked up when filled, and linked under its name from then on.
  init(_ linker: Linker?, _ field: WrappedField, deferred: Bool, wrapper: String) {
    guard let linker else {
      (qualifier, producer) = (.none, nil)
      return
    }
    let qualifier = field.learnedQualifier ?? .none
    self.qualifier = qualifier
    let asking = linker.wrappedProperty
    let owner = linker.linkingComponent?.typeName ?? "?"
    linker.wrappedProperty = "`\(owner).\(field.name)` (\(wrapper))"
    defer { linker.wrappedProperty = asking }
    producer =
      deferred
      ? linker.deferring { linker.producer(for: Value.self, qualifier: qualifier) }
      : linker.producer(for: Value.self, qualifier: qualifier)
  }

  /// The producer for a property asking for `qualifier`: the linked one, or one looked up in
  /// the resolving container (a name or tag the link did not know, or an object passed to
  /// `inject(into:)` as another type). The lookup knows no consumer: contextual binding
  /// applies to the linked producers only.
  func producer(
    for qualifier: Qualifier, _ field: WrappedField, _ context: ResolutionContext
  ) -> Producer<Value> {
    if let producer, qualifier == self.qualifier { return producer }
    // Linked (and validated) as asking for none until now: the next snapshot links the name.
    if field.learn(qualifier) { context.container.relinkChain() }
    return context.container.snapshot.slowProducer(for: Value.self, qualifier: qualifier)
  }
}

extension Linker {
  /// Whether `record`'s component has wrapped properties.
  @usableFromInline
  func hasWrappedProperties(of record: ComponentRecord) -> Bool {
    hasWrappedProperties(record.implementationType)
  }

  /// Notes that `type` has no wrapped properties: SquireBuildPlugin read the class whole (its
  /// superclasses too) and found none (`_GeneratedFactory(_:_:wrapsNone:link:)`), which spares
  /// reading the class's field metadata.
  func knowsNoWrappedProperties(_ type: Any.Type) {
    wrapsProperties[ObjectIdentifier(type)] = false
  }

  /// Whether `type` has wrapped properties: asked for every component linked, so answered
  /// from this linker's own table (no lock, no generic code) after the first time per type.
  @usableFromInline
  func hasWrappedProperties(_ type: Any.Type) -> Bool {
    let id = ObjectIdentifier(type)
    if let known = wrapsProperties[id] { return known }
    let answer = !WrappedProperties.fields(of: type).isEmpty
    wrapsProperties[id] = answer
    return answer
  }
}

extension Injected: WrappedDependency {
  static func link(_ linker: Linker?, _ field: WrappedField) -> WrappedField.Fills {
    let linked = WrappedLink<Value>(linker, field, deferred: false, wrapper: "@Injected")
    return (
      sync: { object, context throws(ResolutionError) in
        let slot = field.wrapper(in: object, as: Injected<Value>.self).slot
        if slot.isFilled { return }
        let producer = linked.producer(for: slot.qualifier, field, context)
        slot.fill(try producer.body(&context))
      },
      async: linked.producer?.asyncBody == nil
        ? nil
        : { object, context async throws(ResolutionError) in
          let slot = field.wrapper(in: object, as: Injected<Value>.self).slot
          if slot.isFilled { return }
          let producer = linked.producer(for: slot.qualifier, field, context)
          slot.fill(try await producer.anyAsyncBody(&context))
        }
    )
  }
}

extension LazyInjected: WrappedDependency {
  static func link(_ linker: Linker?, _ field: WrappedField) -> WrappedField.Fills {
    let linked = WrappedLink<Value>(linker, field, deferred: true, wrapper: "@LazyInjected")
    // The class whose property it is: named if a value it reads cannot be resolved.
    let holder = LaterHolder(linker?.linkingComponent)
    // Bound, not resolved: the same in a synchronous and an async resolve.
    return (
      sync: { object, context throws(ResolutionError) in
        let slot = field.wrapper(in: object, as: LazyInjected<Value>.self).slot
        if slot.isBound { return }
        let producer = linked.producer(for: slot.qualifier, field, context)
        slot.bind(DeferredResolve(&context, producer, holder: holder))
      },
      async: nil
    )
  }
}
