#if BuildPlugin
import SwiftSyntax

// Parts read alone: what each part registers, wherever it is declared.
extension Reader {
  /// Reads every part the target and the modules it reads declare, each alone in a container of
  /// its own (`ContainerGraph.part`): what a part registers tells a root that misses a type
  /// which part it forgot to append, and a part of the target that nothing in the target
  /// appends is checked for what a part alone shows (a cycle, a captive, a wrong `.as`).
  func readPartsAlone() {
    for (name, load) in index.partLoads.sorted(by: { $0.key < $1.key }) {
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

  /// The target's own parts that no container of the target appends: a library's parts, which
  /// the apps that append them check whole. Test code's are left to its tests.
  var partsAppendedNowhere: [ContainerGraph] {
    let appended = Set(graphs.flatMap(\.loadedParts))
    return partGraphs.compactMap { name, graph in
      guard let load = index.partLoads[name], load.file.isOwn, !load.file.isTestCode,
        !testTarget, !appended.contains(name)
      else { return nil }
      return graph
    }
    .sorted { $0.location < $1.location }
  }
}
#endif
