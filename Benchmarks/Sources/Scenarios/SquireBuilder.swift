import Squire

/// The graphs registered in Squire containers, one per scenario.
public final class SquireBuilder: Builder {
  /// `Squire`.
  public static let name = "Squire"

  private let one = Container()
  private let prototypes = Container()
  private let singles = Container()
  private let injected = Container()
  private let qualified = Container()
  private let classBound = Container()
  private let decorated = Container()
  private let decoratedSingles = Container()
  private let contextual = Container()

  /// Registers every scenario and builds the shared leaves of S3.
  public init() {
    one.register(Leaf.init)
    Self.registerGraph(in: prototypes, sharing: nil)
    Self.registerGraph(in: singles, sharing: .single)
    singles.initializeSingletons()
    Self.registerInjectedGraph(in: injected)
    Self.registerClassBoundGraph(in: classBound)
    qualified.register(Leaf.init).as(Leaf.self, name: "leaf").as(Leaf.self, tag: LeafTag.self)
    Self.registerGraph(in: decorated, sharing: nil)
    decorated.decorate((any PD).self) { $0 }
    Self.registerGraph(in: decoratedSingles, sharing: .single)
    decoratedSingles.decorate((any PD).self) { $0 }
    decoratedSingles.initializeSingletons()
    Self.registerGraph(in: contextual, sharing: nil)
    contextual.register(D.init).as((any PD).self).when(injectedInto: A.self)
  }

  /// The S10 graph: S2's with class-bound protocols (``SquireGraphs``).
  public static func registerClassBoundGraph(in container: Container) {
    SquireGraphs.registerClassBoundGraph(in: container)
  }

  /// `resolve()` from the S10 container.
  @inline(never)
  public func s10() -> RootK {
    classBound.resolve()
  }

  /// S6 by name: one leaf resolved under a name, from whatever thread calls it.
  public func s6Named() -> Leaf {
    qualified.resolve(name: "leaf")
  }

  /// S6 by tag.
  public func s6Tagged() -> Leaf {
    qualified.resolve(tag: LeafTag.self)
  }

  /// S6 of an `Optional`: a leaf that is there.
  public func s6Optional() -> Leaf? {
    one.resolve()
  }

  /// S6 plain, for the same leaf: the figure the three above compare with.
  public func s6Plain() -> Leaf {
    one.resolve()
  }

  /// The ten-class graph of S4: every dependency injected into a property through its key path.
  public static func registerInjectedGraph(in container: Container) {
    container.register(InjectedRoot.init).injection(\.a).injection(\.b).injection(\.c)
    container.register(InjectedA.init).as((any PA).self).injection(\.d).injection(\.e)
    container.register(InjectedB.init).as((any PB).self).injection(\.f).injection(\.g)
    container.register(InjectedC.init).as((any PC).self).injection(\.h).injection(\.i)
    container.register(D.init).as((any PD).self)
    container.register(E.init).as((any PE).self)
    container.register(F.init).as((any PF).self)
    container.register(G.init).as((any PG).self)
    container.register(H.init).as((any PH).self)
    container.register(I.init).as((any PI).self)
  }

  /// The ten-class graph, with the leaves `d`, `f` and `h` given `lifetime` if any
  /// (``SquireGraphs``).
  public static func registerGraph(in container: Container, sharing lifetime: Lifetime?) {
    SquireGraphs.registerGraph(in: container, sharing: lifetime)
  }

  /// S5: registers `count` components in a new container, each a ``Link`` under its own name
  /// that asks for a `PD` and (by name, through property injection) for the link above it, the
  /// last one `.default()`, and validates the graph. Returns the report: valid, with `count + 1` components.
  public static func registerAndValidate(count: Int) -> ValidationReport {
    let container = Container()
    container.register(D.init).as((any PD).self)
    for index in 0..<count {
      let link = container.register(Link.init(leaf:)).as(Link.self, name: "link \(index)")
      if index > 0 {
        // A binary tree, 14 levels deep for 10,000 links. (A chain 10,000 deep overflows the
        // 512 KiB stack of a Dispatch thread while Squire links it: linking recurses.)
        link.injection(name: "link \((index - 1) / 2)") { $0.previous = $1 as Link }
      }
      // The last link is the one `Link` without a name resolves to.
      if index == count - 1 { link.default() }
    }
    return container.validate()
  }

  /// `resolve()` from the S1 container.
  @inline(never)
  public func s1() -> Leaf {
    one.resolve()
  }

  /// `resolve()` from the S2 container.
  @inline(never)
  public func s2() -> Root {
    prototypes.resolve()
  }

  /// S9: S2 through the async `resolve`, whose graph has nothing async in it: what an async
  /// caller pays over a synchronous one.
  public func s2Async() async -> Root {
    await prototypes.resolve()
  }

  /// `resolve()` from the S3 container.
  @inline(never)
  public func s3() -> Root {
    singles.resolve()
  }

  /// `resolve()` from the S4 container.
  @inline(never)
  public func s4() -> InjectedRoot {
    injected.resolve()
  }

  /// S11: the S2 graph with one decorator on the leaf `PD` that returns what it wraps: what a
  /// decorator costs on the resolve path, over S2.
  @inline(never)
  public func s11() -> Root {
    decorated.resolve()
  }

  /// S11 with the decorated leaf `.single` (the S3 graph): the decorated instance is cached.
  @inline(never)
  public func s11Single() -> Root {
    decoratedSingles.resolve()
  }

  /// S12: the S2 graph where `A` gets its `PD` from a registration `.when(injectedInto: A.self)`
  /// and everyone else from an unconditional one: chosen while linking, so S2's cost.
  @inline(never)
  public func s12() -> Root {
    contextual.resolve()
  }

  /// The same as ``s2()``: a container can be resolved from any thread.
  @inline(never)
  public func s2Concurrent() -> Root {
    prototypes.resolve()
  }
}

/// The tag of S6's tagged leaf.
public enum LeafTag {}
