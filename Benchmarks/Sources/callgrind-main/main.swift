import Foundation
import Squire

// `callgrind-main squire|hand-written N`: the S10 graph built N times, by a container made and
// resolved inside a `switch`, as an app's `main` does it, or by hand. `modular-…` modes build
// the same graph declared in a library module (Modular.swift). This target has
// SquireBuildPlugin applied: the registrations below, some written on one line, get generated
// factories (the build lists them with `SQUIRE_LIST_GENERATED=1`). Run under valgrind by
// ../../callgrind.sh (its "S10 in an app's main" line), which subtracts two runs of different N.

// swift-format-ignore: DoNotUseSemicolons
func makeContainer() -> Container {
  let container = Container()
  container.register(RootK.init(a:b:c:))
  container.register(AK.init(d:e:)).as(KA.self); container.register(BK.init(f:g:)).as(KB.self)
  container.register(CK.init(h:i:)).as(KC.self)
  container.register(DK.init).as(KD.self); container.register(EK.init).as(KE.self)
  container.register(FK.init).as(KF.self); container.register(GK.init).as(KG.self)
  container.register(HK.init).as(KH.self); container.register(IK.init).as(KI.self)
  return container
}

/// The ten objects, built in place.
@inline(never)
func buildByHand() -> RootK {
  RootK(a: AK(d: DK(), e: EK()), b: BK(f: FK(), g: GK()), c: CK(h: HK(), i: IK()))
}

/// The last graph built: a store the optimiser cannot drop, so that no mode's objects are
/// optimised away.
var kept: RootK?

@MainActor @inline(never)
func keep(_ root: RootK) { kept = root }

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count >= 0 else {
  print("usage: callgrind-main squire|hand-written|modular-part|modular-root|modular-hand-written N")
  exit(2)
}
switch arguments[1] {
case "squire":
  let container = makeContainer()
  try container.validate().requireValid()
  for _ in 0..<count { keep(container.resolve(RootK.self)) }
case "hand-written":
  for _ in 0..<count { keep(buildByHand()) }
default:
  guard try runModular(arguments[1], count) else {
    print("unknown mode \(arguments[1])")
    exit(2)
  }
}
if let kept, shape(kept) != "Root(A(D,E),B(F,G),C(H,I))" { fatalError("built \(shape(kept))") }
