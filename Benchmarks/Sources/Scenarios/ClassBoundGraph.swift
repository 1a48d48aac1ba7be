// MARK: S10: the S2 graph with class-bound protocols

// The ten classes of S2 again, every dependency typed as a protocol that is class-bound
// (`protocol Engine: AnyObject`), as many apps write them: an existential of one reference.

/// The class-bound protocol `RootK` asks for (S10), or one of the leaves' (`AK`).
public protocol KA: AnyObject, Node {}

/// The class-bound protocol `RootK` asks for (S10), or one of the leaves' (`BK`).
public protocol KB: AnyObject, Node {}

/// The class-bound protocol `RootK` asks for (S10), or one of the leaves' (`CK`).
public protocol KC: AnyObject, Node {}

/// The class-bound protocol `RootK` asks for (S10), or one of the leaves' (`DK`).
public protocol KD: AnyObject, Node {}

/// The class-bound protocol `RootK` asks for (S10), or one of the leaves' (`EK`).
public protocol KE: AnyObject, Node {}

/// The class-bound protocol `RootK` asks for (S10), or one of the leaves' (`FK`).
public protocol KF: AnyObject, Node {}

/// The class-bound protocol `RootK` asks for (S10), or one of the leaves' (`GK`).
public protocol KG: AnyObject, Node {}

/// The class-bound protocol `RootK` asks for (S10), or one of the leaves' (`HK`).
public protocol KH: AnyObject, Node {}

/// The class-bound protocol `RootK` asks for (S10), or one of the leaves' (`IK`).
public protocol KI: AnyObject, Node {}

/// The top of the S10 graph: `RootK(a: AK(d, e), b: BK(f, g), c: CK(h, i))`.
public final class RootK: Node {
  /// The first branch.
  public let a: any KA
  /// The second branch.
  public let b: any KB
  /// The third branch.
  public let c: any KC

  /// Creates the root from its three branches.
  public init(a: any KA, b: any KB, c: any KC) {
    self.a = a
    self.b = b
    self.c = c
  }

  /// `Root(A(D,E),B(F,G),C(H,I))`.
  public var shape: String { "Root(\(a.shape),\(b.shape),\(c.shape))" }
}

/// An S10 branch with two leaves.
public final class AK: KA {
  /// The first leaf.
  public let d: any KD
  /// The second leaf.
  public let e: any KE

  /// Creates the branch from its leaves.
  public init(d: any KD, e: any KE) {
    self.d = d
    self.e = e
  }

  /// `A(D,E)`.
  public var shape: String { "A(\(d.shape),\(e.shape))" }
}

/// An S10 branch with two leaves.
public final class BK: KB {
  /// The first leaf.
  public let f: any KF
  /// The second leaf.
  public let g: any KG

  /// Creates the branch from its leaves.
  public init(f: any KF, g: any KG) {
    self.f = f
    self.g = g
  }

  /// `B(F,G)`.
  public var shape: String { "B(\(f.shape),\(g.shape))" }
}

/// An S10 branch with two leaves.
public final class CK: KC {
  /// The first leaf.
  public let h: any KH
  /// The second leaf.
  public let i: any KI

  /// Creates the branch from its leaves.
  public init(h: any KH, i: any KI) {
    self.h = h
    self.i = i
  }

  /// `C(H,I)`.
  public var shape: String { "C(\(h.shape),\(i.shape))" }
}

/// An S10 leaf.
public final class DK: KD {
  /// Creates the leaf.
  public init() {}
  /// `D`.
  public var shape: String { "D" }
}

/// An S10 leaf.
public final class EK: KE {
  /// Creates the leaf.
  public init() {}
  /// `E`.
  public var shape: String { "E" }
}

/// An S10 leaf.
public final class FK: KF {
  /// Creates the leaf.
  public init() {}
  /// `F`.
  public var shape: String { "F" }
}

/// An S10 leaf.
public final class GK: KG {
  /// Creates the leaf.
  public init() {}
  /// `G`.
  public var shape: String { "G" }
}

/// An S10 leaf.
public final class HK: KH {
  /// Creates the leaf.
  public init() {}
  /// `H`.
  public var shape: String { "H" }
}

/// An S10 leaf.
public final class IK: KI {
  /// Creates the leaf.
  public init() {}
  /// `I`.
  public var shape: String { "I" }
}
