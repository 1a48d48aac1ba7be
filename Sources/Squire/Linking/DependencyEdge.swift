/// Something a component asked for while it was linked: the raw material of validation.
struct DependencyEdge {
  enum Kind: Equatable {
    /// A parameter or injection of the type itself: it must be there.
    case required
    /// An `Optional`: absent is fine.
    case optional
    /// A runtime argument (`arg`): only the component resolved at the top can take one.
    case argument
    /// Every implementation (`many`): none is fine.
    case many
  }

  /// The component that asked.
  let from: ComponentRecord
  /// The type asked for, for diagnostics that look at the type itself (its superclasses).
  let type: Any.Type
  /// What it asked for; for an argument, the argument's type with no qualifier.
  let key: LookupKey
  /// The type asked for, as the user wrote it, for messages.
  var typeName: String { Linker.describe(type, key.qualifier) }
  let kind: Kind
  /// Followed only after the asking component exists (`Lazy`, `Provider`, an injection marked
  /// `cycle: true`): such an edge breaks a cycle.
  let isDeferred: Bool
  /// Whether the asking component keeps what it gets: true for a plain dependency, a `Lazy`
  /// and a cyclic injection; false under a `Provider`, which resolves anew on every use. What
  /// is kept can be captive.
  let holdsInstance: Bool
  /// The decorator that asked, when the component asked through one of the decorators that
  /// wrap it.
  var decorator: DecoratorRecord? = nil
  /// The wrapped property that asked (`` `Dashboard.clock` (@Injected) ``), if one did.
  var wrappedProperty: String? = nil
}
