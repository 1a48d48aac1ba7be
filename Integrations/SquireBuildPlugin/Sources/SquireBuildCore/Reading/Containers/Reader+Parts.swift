#if BuildPlugin
import SwiftSyntax

// Parts read alone: what each part registers, wherever it is declared.
extension Reader {
  /// Reads parts alone, each in a container of its own (`ContainerGraph.part`): what a part
  /// registers tells a root that misses a type which part it forgot to append, and a part of
  /// the target that nothing in the target appends is checked for what a part alone shows (a
  /// cycle, a captive, a wrong `.as`). `only` names the parts to read (nil: every part the
  /// target and the modules it reads declare); one read already is not read again.
  func readPartsAlone(only: Set<String>? = nil) {
    for (name, load) in index.partLoads.sorted(by: { $0.key < $1.key })
    where partGraphs[name] == nil && only.map({ $0.contains(name) }) ?? true {
      let graph = ContainerGraph(location: load.file.location(of: load.body), parent: nil)
      graph.part = name
      graph.loadedParts.insert(name)
      guard following.insert(load.body.id).inserted else { continue }
      defer { following.remove(load.body.id) }
      let frame = Frame(
        file: load.file, scope: name, inspected: false,
        isTest: testTarget || load.file.isTestCode)
      frame.bodyText = load.body.description
      frame.containers[load.parameterNames[0]] = graph
      walk(load.body.statements, frame, certain: true)
      partGraphs[name] = graph
    }
  }

  /// The target's own parts that no container of the target appends, read alone: a library's
  /// parts, which the apps that append them check whole. Test code's are left to its tests.
  func partsAppendedNowhere() -> [ContainerGraph] {
    guard !testTarget else { return [] }
    let appended = Set(graphs.flatMap(\.loadedParts))
    let names = Set(
      index.partLoads.filter { name, load in
        load.file.isOwn && !load.file.isTestCode && !appended.contains(name)
      }.keys)
    readPartsAlone(only: names)
    return names.compactMap { partGraphs[$0] }.sorted { $0.location < $1.location }
  }

  /// Every part read alone, read when first asked for (a missing type's message names the part
  /// that registers it): an app whose graph is complete never pays for it.
  func allPartsAlone() -> [String: ContainerGraph] {
    if !readEveryPart {
      readPartsAlone()
      readEveryPart = true
    }
    return partGraphs
  }
}
#endif
