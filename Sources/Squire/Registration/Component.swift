/// A registered component, returned by `register` so that its options can be chained.
///
/// ```swift
/// container.register(SteelArmor.init)
///   .as(Armor.self)                       // resolvable as Armor (and as SteelArmor)
///   .as(Armor.self, name: "ceremonial")   // and as Armor under a name
///   .default()                            // wins when several components provide Armor
///   .lifetime(.perContainer)
/// ```
///
/// Options take effect at the next resolve; changing them after resolving is allowed.
public struct Component<Impl>: Sendable {
  @usableFromInline
  let container: Container
  @usableFromInline
  let record: TypedRecord<Impl>
  /// The registration's events, told to ``Container/onRegistration(_:)`` observers once the
  /// last copy of this value goes: `nil` when the container had no observers at `register`.
  @usableFromInline
  let events: PendingRegistrationEvents?

  @usableFromInline
  init(container: Container, record: TypedRecord<Impl>, events: PendingRegistrationEvents?) {
    self.container = container
    self.record = record
    self.events = events
  }

  /// Makes the component resolvable as `type` too: a protocol it conforms to or a class it
  /// inherits from. A component can be forwarded as several types, and is resolvable as its own
  /// type too, unless every `.as` of its own type is under a name or tag.
  ///
  /// ```swift
  /// container.register(SteelArmor.init).as(Armor.self).as(Polishable.self)
  /// let armor: Armor = container.resolve()
  /// ```
  ///
  /// ``Container/validate()`` reports a type the component neither conforms to nor inherits
  /// from, and every instance is checked when it is converted: a wrong `.as` is an error, never
  /// a crash.
  ///
  /// - Parameter type: The protocol or superclass to resolve the component as.
  /// - Returns: The component, for more options.
  @inlinable
  @discardableResult
  public func `as`<P>(_ type: P.Type) -> Component<Impl> {
    forward(P.self, qualifier: .none)
  }

  /// Makes the component resolvable as `type` under `name` only.
  ///
  /// ```swift
  /// container.register(Car.init).as(Car.self, name: "BMW")
  /// let car: Car = container.resolve(name: "BMW")
  /// ```
  ///
  /// Names are strings and a typo is found only when resolving or validating; prefer tags.
  /// Forwarded as its own type only under names (`.as(Car.self, name: "BMW")`), the component
  /// is no longer a plain `Car`.
  ///
  /// - Parameters:
  ///   - type: The type to resolve the component as.
  ///   - name: The name it is resolvable under, as given to `resolve(name:)`.
  /// - Returns: The component, for more options.
  @inlinable
  @discardableResult
  public func `as`<P>(_ type: P.Type, name: String) -> Component<Impl> {
    forward(P.self, qualifier: .name(name))
  }

  /// Makes the component resolvable as `type` under the tag `tag` only. Tags are types, so
  /// the compiler checks them.
  ///
  /// ```swift
  /// enum Ceremonial {}
  /// container.register(GildedArmor.init).as(Armor.self, tag: Ceremonial.self)
  /// let armor: Armor = container.resolve(tag: Ceremonial.self)
  /// ```
  ///
  /// A component forwarded under several tags is found by nested `by(tag:_:)` modifiers that
  /// ask for all of them.
  ///
  /// - Parameters:
  ///   - type: The type to resolve the component as.
  ///   - tag: The tag type it is resolvable under; any type will do, an empty `enum` reads best.
  /// - Returns: The component, for more options.
  @inlinable
  @discardableResult
  public func `as`<P, Tag>(_ type: P.Type, tag: Tag.Type) -> Component<Impl> {
    forward(P.self, qualifier: .tag(TagRegistry.register(Tag.self)))
  }

  /// Makes this component the one chosen when several components in the same container
  /// provide a type that is asked for without a name or tag.
  ///
  /// ```swift
  /// container.register(SteelArmor.init).as(Armor.self).default()
  /// container.register(LeatherArmor.init).as(Armor.self)
  /// let armor: Armor = container.resolve()   // SteelArmor
  /// ```
  ///
  /// Mark one component per type: with two or more, none is chosen, and
  /// ``Container/validate()`` reports it.
  ///
  /// - Returns: The component, for more options.
  @discardableResult
  public func `default`() -> Component<Impl> {
    // Lookups index the `.default()` marks when a snapshot is linked: everything is linked anew.
    container.update { record.isDefault = true }
    return self
  }

  /// Sets how long the component's instances live; unless set, the container's
  /// ``Container/defaultLifetime``: ``Lifetime/prototype`` (a new instance every time) unless
  /// the container was made with another.
  ///
  /// ```swift
  /// container.register(Forge.init).lifetime(.single)
  /// ```
  ///
  /// A cached lifetime (`.single`, `.perContainer`, `.weak`, `.scoped`) hands one instance to
  /// every thread and task that resolves the component: give it a `Sendable` type (a struct of
  /// `Sendable` values, a `final class` of immutable `Sendable` properties, an actor, a class
  /// that guards its state itself, or a `@MainActor` class). Squire does not check this at
  /// compile time; see "Concurrency: actors, async, Sendable" for why.
  ///
  /// - Parameter lifetime: How long each instance lives.
  /// - Returns: The component, for more options.
  @discardableResult
  public func lifetime(_ lifetime: Lifetime) -> Component<Impl> {
    setLifetime(lifetime)
  }

  /// A lifetime that holds instances weakly (``Lifetime/weak``, a scope made with
  /// `holdsWeakly: true`) needs class instances: a class, `AnyObject`, a class-bound protocol
  /// (`protocol Weapon: AnyObject`), or an optional of one (whose `nil` is not kept).
  private func setLifetime(_ lifetime: Lifetime) -> Component<Impl> {
    if lifetime.holdsWeakly && !holdsClassInstancesOrNil(Impl.self) {
      // Not `precondition`: `-O` strips its message.
      fatalError(
        "Squire: `\(Impl.self)` registered at \(record.location) cannot have lifetime "
          + "`.\(lifetime)`: "
          + (lifetime == .weak ? "" : "the scope holds its instances weakly, and ")
          + "only class instances can be held weakly. Use `.perContainer`"
          + (lifetime == .weak ? "" : ", or a scope that holds its instances strongly,")
          + " for value types.")
    }
    container.update(record) { record.lifetime = lifetime }
    return self
  }

  /// Runs `cleanup` on each instance of the component when what owns the instance closes:
  /// `close()` for `.perContainer`, `.weak` and `.single` instances (a
  /// `.single` belongs to the container that registered it), `Scope.close()` for a scope's.
  /// Cleanups run last made first, children's before their parent's.
  ///
  /// ```swift
  /// container.register(Pool.init).lifetime(.perContainer).onClose { $0.close() }
  /// container.register(Log.init).lifetime(.single).onClose { try $0.flush() }
  /// ...
  /// let report = container.close()   // report.failures lists a cleanup that threw
  /// ```
  ///
  /// A `.prototype` or `.objectGraph` instance belongs to no one who closes, so ``Container/validate()``
  /// reports an `.onClose` on one. A `.weak` instance that went before the close (nothing held
  /// it any more) is not cleaned up, nor counted in the ``CloseReport``. Registering a second
  /// cleanup replaces the first.
  @discardableResult
  public func onClose(_ cleanup: @escaping @Sendable (Impl) throws -> Void) -> Component<Impl> {
    container.update(record) { record.setCleanup(Cleanup<Impl>.sync(cleanup)) }
    return self
  }

  /// Runs the async `cleanup` on each instance of the component when what owns the instance
  /// closes with `await close()`; a synchronous `close()` reports it as not run.
  ///
  /// ```swift
  /// container.register(Sessions.init).lifetime(.single).onClose { await $0.drain() }
  /// ...
  /// await container.close()
  /// ```
  @discardableResult
  public func onClose(_ cleanup: @escaping @Sendable (Impl) async throws -> Void)
    -> Component<Impl>
  {
    container.update(record) { record.setCleanup(Cleanup<Impl>.async(cleanup)) }
    return self
  }

  /// Specialised where `.as` is written for the conversion alone: the body that converts each
  /// instance. The rest (the async body, the checks made once) is generic, in ``Forward``.
  ///
  /// The body is a local function always inlined, not a closure literal: the optimiser
  /// specialises a closure into a function of its own and a thunk that calls it (one more call
  /// per instance); a function always inlined is specialised into the body itself.
  @inlinable
  func forward<P>(_ type: P.Type, qualifier: Qualifier) -> Component<Impl> {
    let forward = Forward(type: P.self, qualifier: qualifier, from: Impl.self) { base, checked in
      @inline(__always)
      func converted(_ context: inout ResolutionContext) throws(ResolutionError) -> P {
        try checked.convert(try base(&context), to: P.self)
      }
      return converted
    }
    container.add(forward, to: record, told: events == nil)
    return self
  }
}

extension Container {
  /// Adds `forward` to `record`'s forwards. Not generic: `.as` specialises only the conversion.
  /// `told`: the observers hear of the key now, the component's events having been told (or
  /// never awaited: no observer was set at `register`); otherwise they hear of it with the
  /// rest of the registration's keys once they are settled.
  @usableFromInline
  func add(_ forward: Forward, to record: ComponentRecord, told: Bool) {
    update(record) { record.forwards.append(forward) }
    if told { forwarded(record, as: forward) }
  }
}

/// Tells a container's ``Container/onRegistration(_:)`` observers about a registration once
/// its keys are settled: when the last copy of the ``Component`` that `register` returned goes,
/// at the end of `container.register(…).as(…)…` (or of the last use of a component kept in a
/// variable). Until then an `.as` under a name may still take the component's own type away.
@usableFromInline
final class PendingRegistrationEvents: Sendable {
  let container: Container
  let record: ComponentRecord

  init(container: Container, record: ComponentRecord) {
    self.container = container
    self.record = record
  }

  deinit { container.settled(record) }
}
