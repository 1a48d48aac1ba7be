import Scenarios
import Squire

/// S2, S3 and S10 registered exactly as ``SquireBuilder`` registers them, in a module where
/// `SquireGenerated.swift` holds what SquireBuildPlugin generates for these registrations: the
/// same composition root, resolved through generated factories.
public final class GeneratedBuilder: Sendable {
  private let prototypes = Container()
  private let singles = Container()
  private let classBound = Container()

  /// Registers the scenarios' graphs.
  public init() {
    Self.registerGraph(in: prototypes, sharing: nil)
    Self.registerGraph(in: singles, sharing: .single)
    singles.initializeSingletons()
    Self.registerClassBoundGraph(in: classBound)
  }

  /// The S10 graph, as ``SquireBuilder/registerClassBoundGraph(in:)`` writes it.
  public static func registerClassBoundGraph(in container: Container) {
    container.register(RootK.init(a:b:c:))
    container.register(AK.init(d:e:)).as((any KA).self)
    container.register(BK.init(f:g:)).as((any KB).self)
    container.register(CK.init(h:i:)).as((any KC).self)
    container.register(DK.init).as((any KD).self)
    container.register(EK.init).as((any KE).self)
    container.register(FK.init).as((any KF).self)
    container.register(GK.init).as((any KG).self)
    container.register(HK.init).as((any KH).self)
    container.register(IK.init).as((any KI).self)
  }

  /// The S2 graph, as ``SquireBuilder/registerGraph(in:sharing:)`` writes it.
  public static func registerGraph(in container: Container, sharing lifetime: Lifetime?) {
    container.register(Root.init(a:b:c:))
    container.register(A.init(d:e:)).as((any PA).self)
    container.register(B.init(f:g:)).as((any PB).self)
    container.register(C.init(h:i:)).as((any PC).self)
    let d = container.register(D.init).as((any PD).self)
    container.register(E.init).as((any PE).self)
    let f = container.register(F.init).as((any PF).self)
    container.register(G.init).as((any PG).self)
    let h = container.register(H.init).as((any PH).self)
    container.register(I.init).as((any PI).self)
    if let lifetime {
      d.lifetime(lifetime)
      f.lifetime(lifetime)
      h.lifetime(lifetime)
    }
  }

  /// `resolve()` from the S2 container.
  @inline(never)
  public func s2() -> Root {
    prototypes.resolve()
  }

  /// `resolve()` from the S3 container.
  @inline(never)
  public func s3() -> Root {
    singles.resolve()
  }

  /// `resolve()` from the S10 container.
  @inline(never)
  public func s10() -> RootK {
    classBound.resolve()
  }
}
