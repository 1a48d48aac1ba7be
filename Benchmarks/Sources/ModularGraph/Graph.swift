import Squire

// The S10 graph declared in a library module, as a modular app's feature module declares it:
// public classes behind class-bound protocols, and the part that registers them.
// `callgrind-main` (an executable) resolves it, through this part or through registrations of
// its own, with SquireBuildPlugin applied to both targets: the part's
// registrations get their generated factories in this module's build, the executable's in its
// own (public initializers of another module).

/// Registers the ten classes, each as its protocol.
public enum GraphPart: Part {
  // swift-format-ignore: DoNotUseSemicolons
  public static func load(container: Container) {
    container.register(RootM.init(a:b:c:))
    container.register(AM.init(d:e:)).as(MA.self); container.register(BM.init(f:g:)).as(MB.self)
    container.register(CM.init(h:i:)).as(MC.self)
    container.register(DM.init).as(MD.self); container.register(EM.init).as(ME.self)
    container.register(FM.init).as(MF.self); container.register(GM.init).as(MG.self)
    container.register(HM.init).as(MH.self); container.register(IM.init).as(MI.self)
  }
}

public protocol MA: AnyObject {}
public protocol MB: AnyObject {}
public protocol MC: AnyObject {}
public protocol MD: AnyObject {}
public protocol ME: AnyObject {}
public protocol MF: AnyObject {}
public protocol MG: AnyObject {}
public protocol MH: AnyObject {}
public protocol MI: AnyObject {}

public final class RootM {
  public let a: any MA
  public let b: any MB
  public let c: any MC
  public init(a: any MA, b: any MB, c: any MC) {
    self.a = a
    self.b = b
    self.c = c
  }
}

public final class AM: MA {
  public let d: any MD
  public let e: any ME
  public init(d: any MD, e: any ME) {
    self.d = d
    self.e = e
  }
}

public final class BM: MB {
  public let f: any MF
  public let g: any MG
  public init(f: any MF, g: any MG) {
    self.f = f
    self.g = g
  }
}

public final class CM: MC {
  public let h: any MH
  public let i: any MI
  public init(h: any MH, i: any MI) {
    self.h = h
    self.i = i
  }
}

public final class DM: MD { public init() {} }
public final class EM: ME { public init() {} }
public final class FM: MF { public init() {} }
public final class GM: MG { public init() {} }
public final class HM: MH { public init() {} }
public final class IM: MI { public init() {} }

/// `Root(A(D,E),B(F,G),C(H,I))`, for the check that every mode builds the same graph.
public func shape(_ root: RootM) -> String {
  func leaf(_ leaf: AnyObject) -> String {
    String(String(describing: type(of: leaf)).prefix(1))
  }
  guard let a = root.a as? AM, let b = root.b as? BM, let c = root.c as? CM else { return "?" }
  let branches: [[AnyObject]] = [[a.d, a.e], [b.f, b.g], [c.h, c.i]]
  let shapes = branches.map { $0.map(leaf).joined(separator: ",") }
  return "Root(A(\(shapes[0])),B(\(shapes[1])),C(\(shapes[2])))"
}
