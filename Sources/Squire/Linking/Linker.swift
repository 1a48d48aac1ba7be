/// Turns registrations into linked producers for one snapshot: each component's producer
/// captures its dependencies' producers directly. Used only under the container tree's lock
/// (while a snapshot is built) or the snapshot's own lock (slow-path lookups afterwards).
@usableFromInline
final class Linker {
  /// The container the snapshot is for, then its parent, and so on.
  let levels: [Level]
  /// Where `.perContainer` and `.weak` cells live: the container the snapshot is for.
  @usableFromInline
  unowned let container: Container

  // The linker is used by one thread at a time (under the tree lock or the snapshot's lock), so
  // its state needs no dynamic exclusivity checks, which cost a tenth of linking.
  @exclusivity(unchecked) var linked: [ObjectIdentifier: AnyProducer] = [:]
  @exclusivity(unchecked) var linkingNow: Set<ObjectIdentifier> = []
  @exclusivity(unchecked) var placeholders:
    [ObjectIdentifier: (producer: AnyProducer, placeholder: AnyPlaceholder)] = [:]
  /// Where every placeholder made, filled or not, is kept until the cycles through it can be
  /// broken: the container's keeper, for a snapshot resolved through; the linker's own, cleared
  /// when the snapshot goes, for one linked for a single call (validation, graph export).
  let keepsCyclesInContainer: Bool
  /// The linker's own keeper, made with its first placeholder.
  @exclusivity(unchecked) var ownCycles: CycleKeeper?
  @exclusivity(unchecked) var forwarded: [ForwardKey: AnyProducer] = [:]
  /// Built on the first missing dependency, then shared by every diagnostic of this snapshot.
  lazy var nearMatches = NearMatches(levels: levels)
  /// The same index for the close matches of resolution errors, found when an error is read,
  /// on whatever thread reads it.
  lazy var sharedNearMatches = SharedNearMatches(NearMatches(levels: levels))

  /// Every dependency asked for by a component while it was linked, in the order asked.
  @exclusivity(unchecked) var edges: [DependencyEdge] = []
  /// Whether each implementation type linked so far has `@Injected` or `@LazyInjected`
  /// properties: asked once per type and linker, without a lock.
  @exclusivity(unchecked) var wrapsProperties: [ObjectIdentifier: Bool] = [:]
  /// The derived dependencies (``DerivedDependency``) each component asked for.
  @exclusivity(unchecked) var derivedAsks:
    [(from: ComponentRecord, type: any DerivedDependency.Type)] = []
  /// The components being linked, innermost last: the one a dependency is asked for.
  @exclusivity(unchecked) var linking: [ComponentRecord] = []
  /// The consumer a contextual lookup is for when it is not the component being linked (see
  /// ``producer(for:qualifier:consumer:)``).
  @exclusivity(unchecked) var consumerOverride: Set<ObjectIdentifier>?
  /// The component being linked now, if any: the one a `Lazy` or `Provider` linked now is given
  /// to, named when its value cannot be resolved.
  var linkingComponent: ComponentRecord? { linking.last }
  /// Above zero while linking what a `Lazy`, `Provider` or cyclic injection will resolve later.
  @exclusivity(unchecked) var deferredNesting = 0
  /// Above zero while linking what a `Provider` resolves anew on each use.
  @exclusivity(unchecked) var providerNesting = 0
  /// The decorator whose dependencies are being linked, if any.
  @exclusivity(unchecked) var decorating: DecoratorRecord?
  /// The wrapped property (`@Injected`, `@LazyInjected`) whose dependency is being linked, if
  /// any, as messages name it: `` `Dashboard.clock` (@Injected) ``.
  @exclusivity(unchecked) var wrappedProperty: String?
  /// The decorated instances of `.single` components, by the view that caches them: built by
  /// `initializeSingletons()` with the components.
  @exclusivity(unchecked) var decoratedSingles: [(record: ComponentRecord, producer: AnyProducer)] =
    []
  /// The decorators that wrap each component, in the order they were linked.
  @exclusivity(unchecked) var decorations: [ObjectIdentifier: [DecoratorRecord]] = [:]

  struct ForwardKey: Hashable {
    let record: ObjectIdentifier
    let forward: Int
  }

  /// For an incremental snapshot (a child's, or a root's after it registered more): the snapshot
  /// it stands on, whose producers stand for every component not in `relinked`.
  let base: Snapshot?
  /// The components this linker links itself when it has a base: the new ones (a child's own,
  /// or a root's latest layer), those whose options changed, and those that depend on them.
  let relinked: Set<ObjectIdentifier>

  init(
    container: Container, keepingCyclesInContainer: Bool = false, levels: [Level],
    base: Snapshot? = nil, relinked: Set<ObjectIdentifier> = []
  ) {
    self.container = container
    self.keepsCyclesInContainer = keepingCyclesInContainer
    self.levels = levels
    self.base = base
    self.relinked = relinked
  }

  /// Every component's producer linked so far.
  var linkedProducers: [ObjectIdentifier: AnyProducer] { linked }

  /// Every record visible from the container, each once, nearest first.
  lazy var records: [ComponentRecord] = {
    var seen = Set<ObjectIdentifier>()
    return levels.flatMap(\.records).filter { seen.insert(ObjectIdentifier($0)).inserted }
  }()

  /// Whether some container in the chain has a decorator.
  lazy var hasDecorators = levels.contains { !$0.decorators.isEmpty }
  /// Whether some container in the chain has a component registered `.when(injectedInto:)`.
  lazy var hasContextual = levels.contains { !$0.contextual.isEmpty }

  /// A candidate's producer with its decorators, per component and `.as` (`-1` for its own
  /// type), once per linker.
  @exclusivity(unchecked) var decoratedProducers: [DecoratedKey: AnyProducer] = [:]

  /// The view that caches each decorated candidate's outermost decorated instance: where a
  /// cyclic injection finds it in the object graph.
  @exclusivity(unchecked) var decoratedViews: [DecoratedKey: ComponentRecord] = [:]

  /// Candidates being decorated now, with the placeholder given to a decorator that asks for
  /// its own type (through a `Lazy`, or a cycle) while it is linked, if one did.
  @exclusivity(unchecked) var decoratingNow:
    [DecoratedKey: (producer: AnyProducer, placeholder: AnyPlaceholder)?] = [:]

  @exclusivity(unchecked) var postponed: [ComponentRecord] = []
  @exclusivity(unchecked) var specials: [ObjectIdentifier: (any SpecialParameter.Type)?] =
    [:]
  /// Per component being linked, how many of its parameters take a runtime argument so far.
  @exclusivity(unchecked) var argumentPositions: [ObjectIdentifier: Int] = [:]
}
