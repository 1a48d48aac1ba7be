import ModularGraph
import Squire

// The S10 graph of the library module `ModularGraph`, for `callgrind-main modular-part`,
// `modular-root` and `modular-hand-written`: a container that appends its `GraphPart` (factories
// generated in ModularGraph's build), a container this executable fills with the library's public
// types (factories generated here, naming them by their module), or the graph built by hand
// across the module boundary, as the containers build it.

// swift-format-ignore: DoNotUseSemicolons
func makeModularRoot() -> Container {
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

@inline(never)
func buildModularByHand() -> RootM {
  RootM(a: AM(d: DM(), e: EM()), b: BM(f: FM(), g: GM()), c: CM(h: HM(), i: IM()))
}

/// The last modular graph built: a store the optimiser cannot drop.
@MainActor var keptModular: RootM?

@MainActor @inline(never)
func keep(_ root: RootM) { keptModular = root }

/// Runs `mode` of the modular graph `count` times; false for a mode that is not one of them.
@MainActor
func runModular(_ mode: String, _ count: Int) throws -> Bool {
  switch mode {
  case "modular-part", "modular-root":
    let container = mode == "modular-part" ? makeFromPart() : makeModularRoot()
    try container.validate().requireValid()
    for _ in 0..<count { keep(container.resolve(RootM.self)) }
  case "modular-hand-written":
    for _ in 0..<count { keep(buildModularByHand()) }
  default:
    return false
  }
  if let keptModular, shape(keptModular) != "Root(A(D,E),B(F,G),C(H,I))" {
    fatalError("built \(shape(keptModular))")
  }
  return true
}
