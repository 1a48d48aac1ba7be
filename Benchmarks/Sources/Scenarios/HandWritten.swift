/// The floor: the graphs written out with plain initializers, the shared leaves of S3 kept in
/// `let`s.
public final class HandWritten: Builder {
  /// `hand-written`.
  public static let name = "hand-written"

  private let d = D()
  private let f = F()
  private let h = H()

  /// Creates the builder and its shared leaves.
  public init() {}

  /// `Leaf()`.
  @inline(never)
  public func s1() -> Leaf {
    Leaf()
  }

  /// The ten objects, built in place.
  @inline(never)
  public func s2() -> Root {
    Root(a: A(d: D(), e: E()), b: B(f: F(), g: G()), c: C(h: H(), i: I()))
  }

  /// Seven new objects and the three shared leaves.
  @inline(never)
  public func s3() -> Root {
    Root(a: A(d: d, e: E()), b: B(f: f, g: G()), c: C(h: h, i: I()))
  }

  /// The ten objects, built with `init()` and their properties set.
  @inline(never)
  public func s4() -> InjectedRoot {
    let a = InjectedA()
    a.d = D()
    a.e = E()
    let b = InjectedB()
    b.f = F()
    b.g = G()
    let c = InjectedC()
    c.h = H()
    c.i = I()
    let root = InjectedRoot()
    root.a = a
    root.b = b
    root.c = c
    return root
  }

  /// The ten objects of S10, built in place.
  @inline(never)
  public func s10() -> RootK {
    RootK(a: AK(d: DK(), e: EK()), b: BK(f: FK(), g: GK()), c: CK(h: HK(), i: IK()))
  }

  /// The same as ``s2()``: nothing is shared.
  @inline(never)
  public func s2Concurrent() -> Root {
    s2()
  }
}
