/// The shortest way to each component from a component nothing depends on (what an app
/// resolves at the top), kept as parent pointers: a problem's path is rebuilt only when the
/// problem is reported, so finding paths costs one breadth-first pass whatever the graph's
/// depth.
struct PathTree {
  /// The node each node is first reached from, or -1 for a start.
  private(set) var parent: [Int]
  /// How many links each node is from its start.
  private(set) var depth: [Int]

  init(_ graph: DependencyGraph) {
    let count = graph.nodes.count
    parent = Array(repeating: -1, count: count)
    depth = Array(repeating: -1, count: count)
    var incoming = Array(repeating: 0, count: count)
    for link in graph.links where link.from != link.to { incoming[link.to] += 1 }

    var queue: [Int] = []
    queue.reserveCapacity(count)
    for node in 0..<count where incoming[node] == 0 {
      depth[node] = 0
      queue.append(node)
    }
    var head = 0
    // Components reached only through a cycle have no start of their own: each one not yet
    // reached, in registration order, starts a walk when the previous walk is done.
    var next = 0
    while true {
      while head < queue.count {
        let node = queue[head]
        head += 1
        for link in graph.links(of: node) where depth[link.to] < 0 {
          depth[link.to] = depth[node] + 1
          parent[link.to] = node
          queue.append(link.to)
        }
      }
      while next < count && depth[next] >= 0 { next += 1 }
      guard next < count else { break }
      depth[next] = 0
      queue.append(next)
    }
  }

  /// The nodes from a start down to `node`, both included.
  func path(to node: Int) -> [Int] {
    var path = [node]
    var current = node
    while parent[current] >= 0 {
      current = parent[current]
      path.append(current)
    }
    return path.reversed()
  }

  /// Of `nodes`, the one closest to a start (the first in registration order among equals).
  func nearest(_ nodes: some Sequence<Int>) -> Int? {
    nodes.min { (depth[$0], $0) < (depth[$1], $1) }
  }
}
