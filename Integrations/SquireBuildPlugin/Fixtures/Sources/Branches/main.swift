switch CommandLine.arguments.count {
case 1:
  let container = makeContainer()
  print("tower: \(container.resolve(Tower.self).dial is Sundial)")
  let compact = makeCompact()
  print("compact: \(compact.resolve(Tower.self).dial is Sundial)")
default:
  break
}
