import Foundation
import ModularGraph
import Squire

// `callgrind-modular part|root|hand-written N`: the S10 graph of the library module
// `ModularGraph` built N times: by a container that appends its `GraphPart` (factories generated
// in ModularGraph's build), by a container this executable fills with the library's public
// types (factories generated here, naming them by their module), or by hand. Both targets apply
// SquireBuildPlugin. Run under valgrind by ../../callgrind.sh (its "S10 across modules" lines),
// which subtracts two runs of different N.

// swift-format-ignore: DoNotUseSemicolons
func makeRoot() -> Container {
  let container = Container()
  container.register(RootM.init(a:b:c:))
  container.register(AM.init(d:e:)).as(MA.self); container.register(BM.init(f:g:)).as(MB.self)
  container.register(CM.init(h:i:)).as(MC.self)
  container.register(DM.init).as(MD.self); container.register(EM.init).as(ME.self)
  container.register(FM.init).as(MF.self); container.register(GM.init).as(MG.self)
  container.register(HM.init).as(MH.self); container.register(IM.init).as(MI.self)
  return container
}

func makeFromPart() -> Container {
  let container = Container()
  container.append(part: GraphPart.self)
  return container
}

/// The ten objects, built in place, across the module boundary as the containers build them.
@inline(never)
func buildByHand() -> RootM {
  RootM(a: AM(d: DM(), e: EM()), b: BM(f: FM(), g: GM()), c: CM(h: HM(), i: IM()))
}

/// The last graph built: a store the optimiser cannot drop.
var kept: RootM?

@MainActor @inline(never)
func keep(_ root: RootM) { kept = root }

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count >= 0 else {
  print("usage: callgrind-modular part|root|hand-written N")
  exit(2)
}
switch arguments[1] {
case "part":
  let container = makeFromPart()
  try container.validate().requireValid()
  for _ in 0..<count { keep(container.resolve(RootM.self)) }
case "root":
  let container = makeRoot()
  try container.validate().requireValid()
  for _ in 0..<count { keep(container.resolve(RootM.self)) }
case "hand-written":
  for _ in 0..<count { keep(buildByHand()) }
default:
  print("unknown mode \(arguments[1])")
  exit(2)
}
if let kept, shape(kept) != "Root(A(D,E),B(F,G),C(H,I))" { fatalError("built \(shape(kept))") }
