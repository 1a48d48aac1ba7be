import Swinject

/// The graphs registered in Swinject containers, one per scenario. Prototypes are `.transient`
/// (Swinject's default scope, `.graph`, does more work per resolve); the shared leaves of S3 are
/// `.container`.
public final class SwinjectBuilder: Builder, @unchecked Sendable {
  /// `Swinject`.
  public static let name = "Swinject"

  private let one = Container(defaultObjectScope: .transient)
  private let prototypes = Container(defaultObjectScope: .transient)
  private let singles = Container(defaultObjectScope: .transient)
  private let injected = Container(defaultObjectScope: .transient)
  private let classBound = Container(defaultObjectScope: .transient)
  /// A Swinject container is not thread-safe; its synchronised view is.
  private let concurrent: any Resolver

  /// Registers every scenario and builds the shared leaves of S3.
  public init() {
    one.register(Leaf.self) { _ in Leaf() }
    Self.registerGraph(in: prototypes, sharing: nil)
    Self.registerGraph(in: singles, sharing: .container)
    concurrent = prototypes.synchronize()
    _ = singles.resolve(Root.self)
    Self.registerInjectedGraph(in: injected)
    Self.registerClassBoundGraph(in: classBound)
  }

  /// The ten-class graph of S4: every dependency set in `initCompleted`, Swinject's property
  /// injection.
  public static func registerInjectedGraph(in container: Container) {
    container.register(InjectedRoot.self) { _ in InjectedRoot() }
      .initCompleted { r, root in
        root.a = r.resolve((any PA).self)
        root.b = r.resolve((any PB).self)
        root.c = r.resolve((any PC).self)
      }
    container.register((any PA).self) { _ in InjectedA() }
      .initCompleted { r, a in
        let a = a as! InjectedA
        a.d = r.resolve((any PD).self)
        a.e = r.resolve((any PE).self)
      }
    container.register((any PB).self) { _ in InjectedB() }
      .initCompleted { r, b in
        let b = b as! InjectedB
        b.f = r.resolve((any PF).self)
        b.g = r.resolve((any PG).self)
      }
    container.register((any PC).self) { _ in InjectedC() }
      .initCompleted { r, c in
        let c = c as! InjectedC
        c.h = r.resolve((any PH).self)
        c.i = r.resolve((any PI).self)
      }
    container.register((any PD).self) { _ in D() }
    container.register((any PE).self) { _ in E() }
    container.register((any PF).self) { _ in F() }
    container.register((any PG).self) { _ in G() }
    container.register((any PH).self) { _ in H() }
    container.register((any PI).self) { _ in I() }
  }

  /// The ten-class graph, with the leaves `d`, `f` and `h` in `scope` if any.
  public static func registerGraph(in container: Container, sharing scope: ObjectScope?) {
    container.register(Root.self) { r in
      Root(a: r.resolve((any PA).self)!, b: r.resolve((any PB).self)!, c: r.resolve((any PC).self)!)
    }
    container.register((any PA).self) { r in
      A(d: r.resolve((any PD).self)!, e: r.resolve((any PE).self)!)
    }
    container.register((any PB).self) { r in
      B(f: r.resolve((any PF).self)!, g: r.resolve((any PG).self)!)
    }
    container.register((any PC).self) { r in
      C(h: r.resolve((any PH).self)!, i: r.resolve((any PI).self)!)
    }
    let d = container.register((any PD).self) { _ in D() }
    container.register((any PE).self) { _ in E() }
    let f = container.register((any PF).self) { _ in F() }
    container.register((any PG).self) { _ in G() }
    let h = container.register((any PH).self) { _ in H() }
    container.register((any PI).self) { _ in I() }
    if let scope {
      d.inObjectScope(scope)
      f.inObjectScope(scope)
      h.inObjectScope(scope)
    }
  }

  /// `resolve(Leaf.self)!` from the S1 container.
  @inline(never)
  public func s1() -> Leaf {
    one.resolve(Leaf.self)!
  }

  /// `resolve(Root.self)!` from the S2 container.
  @inline(never)
  public func s2() -> Root {
    prototypes.resolve(Root.self)!
  }

  /// `resolve(Root.self)!` from the S3 container.
  @inline(never)
  public func s3() -> Root {
    singles.resolve(Root.self)!
  }

  /// `resolve(InjectedRoot.self)!` from the S4 container.
  @inline(never)
  public func s4() -> InjectedRoot {
    injected.resolve(InjectedRoot.self)!
  }

  /// `resolve(RootK.self)!` from the S10 container.
  @inline(never)
  public func s10() -> RootK {
    classBound.resolve(RootK.self)!
  }

  /// The S10 graph: S2's with class-bound protocols.
  public static func registerClassBoundGraph(in container: Container) {
    container.register(RootK.self) { r in
      RootK(
        a: r.resolve((any KA).self)!, b: r.resolve((any KB).self)!, c: r.resolve((any KC).self)!)
    }
    container.register((any KA).self) { r in
      AK(d: r.resolve((any KD).self)!, e: r.resolve((any KE).self)!)
    }
    container.register((any KB).self) { r in
      BK(f: r.resolve((any KF).self)!, g: r.resolve((any KG).self)!)
    }
    container.register((any KC).self) { r in
      CK(h: r.resolve((any KH).self)!, i: r.resolve((any KI).self)!)
    }
    container.register((any KD).self) { _ in DK() }
    container.register((any KE).self) { _ in EK() }
    container.register((any KF).self) { _ in FK() }
    container.register((any KG).self) { _ in GK() }
    container.register((any KH).self) { _ in HK() }
    container.register((any KI).self) { _ in IK() }
  }

  /// `resolve(Root.self)!` from the S2 container's synchronised view.
  @inline(never)
  public func s2Concurrent() -> Root {
    concurrent.resolve(Root.self)!
  }
}
