/// One way of building the scenarios' graphs: hand-written, Squire or Swinject.
///
/// Every method is one non-inlined call, so each way pays the same for the call itself.
public protocol Builder: Sendable {
  /// The name printed in benchmark names and tables.
  static var name: String { get }

  /// S1: one prototype with no dependencies.
  func s1() -> Leaf
  /// S2: the ten-class prototype graph.
  func s2() -> Root
  /// S3: the ten-class graph with the leaves `d`, `f` and `h` shared (`.single`).
  func s3() -> Root
  /// S4: the ten-class graph built with property injection.
  func s4() -> InjectedRoot
  /// S6: S2 from whatever thread calls it, many at once.
  func s2Concurrent() -> Root
  /// S10: the ten-class prototype graph of S2 with class-bound protocols.
  func s10() -> RootK
}

/// What a correct builder builds.
public let expectedShape = "Root(A(D,E),B(F,G),C(H,I))"

/// Checks that `builder` builds the graphs every scenario expects; the reason it does not if not.
public func check(_ builder: some Builder) -> String? {
  let name = type(of: builder).name
  if builder.s1().shape != "Leaf" { return "\(name): S1 built \(builder.s1().shape)" }
  if builder.s4().shape != expectedShape { return "\(name): S4 built \(builder.s4().shape)" }
  if builder.s10().shape != expectedShape { return "\(name): S10 built \(builder.s10().shape)" }
  for (scenario, make) in [("S2", builder.s2), ("S3", builder.s3), ("S6", builder.s2Concurrent)] {
    let shape = make().shape
    if shape != expectedShape { return "\(name): \(scenario) built \(shape)" }
  }
  // Both results are kept alive, so that a freed object's address cannot be reused.
  let leaves = (builder.s1(), builder.s1())
  if leaves.0 === leaves.1 { return "\(name): S1 shares its leaf" }
  let roots = (builder.s2(), builder.s2())
  if Set(singleLeaves(of: roots.0) + singleLeaves(of: roots.1)).count != 6 {
    return "\(name): S2 shares leaves"
  }
  let singles = singleLeaves(of: builder.s3())
  if singles.count != 3 || singles != singleLeaves(of: builder.s3()) {
    return "\(name): S3 does not share d, f and h"
  }
  return nil
}

/// Traps unless every builder builds what the scenarios expect.
public func checkAll(_ builders: [any Builder]) {
  for builder in builders {
    if let failure = check(builder) { fatalError(failure) }
  }
}
