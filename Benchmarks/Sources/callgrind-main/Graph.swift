// The S10 graph again, declared in this target as an app declares its own types: S2's ten
// classes, every dependency typed as a class-bound protocol. SquireBuildPlugin generates
// factories only for the types of the target it is applied to.

protocol KA: AnyObject {}
protocol KB: AnyObject {}
protocol KC: AnyObject {}
protocol KD: AnyObject {}
protocol KE: AnyObject {}
protocol KF: AnyObject {}
protocol KG: AnyObject {}
protocol KH: AnyObject {}
protocol KI: AnyObject {}

final class RootK {
  let a: any KA
  let b: any KB
  let c: any KC
  init(a: any KA, b: any KB, c: any KC) {
    self.a = a
    self.b = b
    self.c = c
  }
}

final class AK: KA {
  let d: any KD
  let e: any KE
  init(d: any KD, e: any KE) {
    self.d = d
    self.e = e
  }
}

final class BK: KB {
  let f: any KF
  let g: any KG
  init(f: any KF, g: any KG) {
    self.f = f
    self.g = g
  }
}

final class CK: KC {
  let h: any KH
  let i: any KI
  init(h: any KH, i: any KI) {
    self.h = h
    self.i = i
  }
}

final class DK: KD {}
final class EK: KE {}
final class FK: KF {}
final class GK: KG {}
final class HK: KH {}
final class IK: KI {}

/// `Root(A(D,E),B(F,G),C(H,I))`, for the check that every mode builds the same graph.
func shape(_ root: RootK) -> String {
  func leaf(_ leaf: AnyObject) -> String {
    String(String(describing: type(of: leaf)).prefix(1))
  }
  guard let a = root.a as? AK, let b = root.b as? BK, let c = root.c as? CK else { return "?" }
  let branches: [[AnyObject]] = [[a.d, a.e], [b.f, b.g], [c.h, c.i]]
  let shapes = branches.map { $0.map(leaf).joined(separator: ",") }
  return "Root(A(\(shapes[0])),B(\(shapes[1])),C(\(shapes[2])))"
}
