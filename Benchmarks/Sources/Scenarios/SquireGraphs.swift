import Squire

#if SQUIRE_GENERATED_SCENARIOS
  import Scenarios
#endif

/// The S2 and S10 graphs registered as an app writes them. This one file is compiled in two
/// modules: in `Scenarios`, where `register` and `as` are Squire's generic ones, and in
/// `GeneratedScenarios` (through a link to it), where they are the ones SquireBuildPlugin
/// generates for it: the same composition root, resolved both ways.
enum SquireGraphs {
  /// The S10 graph: S2's with class-bound protocols.
  static func registerClassBoundGraph(in container: Container) {
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

  /// The ten-class graph, with the leaves `d`, `f` and `h` given `lifetime` if any.
  static func registerGraph(in container: Container, sharing lifetime: Lifetime?) {
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
}
