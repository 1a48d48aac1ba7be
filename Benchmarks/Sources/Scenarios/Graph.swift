// The object graphs every scenario builds. Hand-written code, Squire and Swinject all build these
// same types, so the work per resolve differs only in how the graph is put together.

/// Something in a scenario's graph; describes its subtree so that the three ways of building a
/// graph can be checked to build the same one.
public protocol Node: Sendable {
  /// The subtree rooted here, as `Root(A(D,E),...)`.
  var shape: String { get }
}

// MARK: S1: one component with no dependencies

/// The component of S1.
public final class Leaf: Node {
  /// Creates the leaf.
  public init() {}

  /// `Leaf`.
  public var shape: String { "Leaf" }
}

// MARK: S2, S3, S6: ten classes, every dependency typed as a protocol

/// The type `Root` asks for as its first dependency.
public protocol PA: Node {}
/// The type `Root` asks for as its second dependency.
public protocol PB: Node {}
/// The type `Root` asks for as its third dependency.
public protocol PC: Node {}
/// A leaf `A` depends on; `.single` in S3.
public protocol PD: Node {}
/// A leaf `A` depends on.
public protocol PE: Node {}
/// A leaf `B` depends on; `.single` in S3.
public protocol PF: Node {}
/// A leaf `B` depends on.
public protocol PG: Node {}
/// A leaf `C` depends on; `.single` in S3.
public protocol PH: Node {}
/// A leaf `C` depends on.
public protocol PI: Node {}

/// The top of the graph: `Root(a: A(d, e), b: B(f, g), c: C(h, i))`.
public final class Root: Node {
  /// The first branch.
  public let a: any PA
  /// The second branch.
  public let b: any PB
  /// The third branch.
  public let c: any PC

  /// Creates the root from its three branches.
  public init(a: any PA, b: any PB, c: any PC) {
    self.a = a
    self.b = b
    self.c = c
  }

  /// `Root(A(D,E),B(F,G),C(H,I))`.
  public var shape: String { "Root(\(a.shape),\(b.shape),\(c.shape))" }
}

/// A branch with two leaves.
public final class A: PA {
  /// The first leaf.
  public let d: any PD
  /// The second leaf.
  public let e: any PE

  /// Creates the branch from its leaves.
  public init(d: any PD, e: any PE) {
    self.d = d
    self.e = e
  }

  /// `A(D,E)`.
  public var shape: String { "A(\(d.shape),\(e.shape))" }
}

/// A branch with two leaves.
public final class B: PB {
  /// The first leaf.
  public let f: any PF
  /// The second leaf.
  public let g: any PG

  /// Creates the branch from its leaves.
  public init(f: any PF, g: any PG) {
    self.f = f
    self.g = g
  }

  /// `B(F,G)`.
  public var shape: String { "B(\(f.shape),\(g.shape))" }
}

/// A branch with two leaves.
public final class C: PC {
  /// The first leaf.
  public let h: any PH
  /// The second leaf.
  public let i: any PI

  /// Creates the branch from its leaves.
  public init(h: any PH, i: any PI) {
    self.h = h
    self.i = i
  }

  /// `C(H,I)`.
  public var shape: String { "C(\(h.shape),\(i.shape))" }
}

/// A leaf.
public final class D: PD {
  /// Creates the leaf.
  public init() {}
  /// `D`.
  public var shape: String { "D" }
}

/// A leaf.
public final class E: PE {
  /// Creates the leaf.
  public init() {}
  /// `E`.
  public var shape: String { "E" }
}

/// A leaf.
public final class F: PF {
  /// Creates the leaf.
  public init() {}
  /// `F`.
  public var shape: String { "F" }
}

/// A leaf.
public final class G: PG {
  /// Creates the leaf.
  public init() {}
  /// `G`.
  public var shape: String { "G" }
}

/// A leaf.
public final class H: PH {
  /// Creates the leaf.
  public init() {}
  /// `H`.
  public var shape: String { "H" }
}

/// A leaf.
public final class I: PI {
  /// Creates the leaf.
  public init() {}
  /// `I`.
  public var shape: String { "I" }
}

// MARK: S4: the S2 graph built through property injection

/// The top of the S4 graph: the S2 graph with every dependency set after `init`, leaves included.
/// Set once while the graph is built, before anything else can see it.
public final class InjectedRoot: Node, @unchecked Sendable {
  /// The first branch.
  public var a: (any PA)!
  /// The second branch.
  public var b: (any PB)!
  /// The third branch.
  public var c: (any PC)!

  /// Creates the root without its branches.
  public init() {}

  /// `Root(A(D,E),B(F,G),C(H,I))`, as for ``Root``.
  public var shape: String { "Root(\(a.shape),\(b.shape),\(c.shape))" }
}

/// The S4 branch provided as `PA`.
public final class InjectedA: PA, @unchecked Sendable {
  /// The first leaf.
  public var d: (any PD)!
  /// The second leaf.
  public var e: (any PE)!

  /// Creates the branch without its leaves.
  public init() {}

  /// `A(D,E)`.
  public var shape: String { "A(\(d.shape),\(e.shape))" }
}

/// The S4 branch provided as `PB`.
public final class InjectedB: PB, @unchecked Sendable {
  /// The first leaf.
  public var f: (any PF)!
  /// The second leaf.
  public var g: (any PG)!

  /// Creates the branch without its leaves.
  public init() {}

  /// `B(F,G)`.
  public var shape: String { "B(\(f.shape),\(g.shape))" }
}

/// The S4 branch provided as `PC`.
public final class InjectedC: PC, @unchecked Sendable {
  /// The first leaf.
  public var h: (any PH)!
  /// The second leaf.
  public var i: (any PI)!

  /// Creates the branch without its leaves.
  public init() {}

  /// `C(H,I)`.
  public var shape: String { "C(\(h.shape),\(i.shape))" }
}

// MARK: S5: many components to register and validate

/// One link of S5's tree: built with a leaf, given the link above it by property injection.
public final class Link: Node, @unchecked Sendable {
  /// The leaf every link shares the type of.
  public let leaf: any PD
  /// The link above this one; set once while the graph is built.
  public var previous: Link?

  /// Creates a link with its leaf.
  public init(leaf: any PD) {
    self.leaf = leaf
  }

  /// `Link`.
  public var shape: String { "Link" }
}

/// The shared leaves of a root built in S3: the same objects in every root of one builder.
public func singleLeaves(of root: Root) -> [ObjectIdentifier] {
  guard let a = root.a as? A, let b = root.b as? B, let c = root.c as? C else { return [] }
  return [a.d, b.f, c.h].map { ObjectIdentifier($0 as AnyObject) }
}
