/// Finds the cycles that have no break point: strongly connected components over the links a
/// component follows while it is being made (Tarjan's algorithm, with an explicit stack so that
/// a chain of ten thousand components cannot overflow the thread's stack).
struct CycleFinder {
  /// Each cycle as nodes from its first component (in registration order) back to it:
  /// `[a, b, a]`. One per strongly connected component, however many loops it holds.
  private(set) var cycles: [[Int]] = []
  /// Links inside those components: the ones to break.
  private(set) var cyclicLinks = Set<Int>()

  init(_ graph: DependencyGraph) {
    let count = graph.nodes.count
    var order = Array(repeating: -1, count: count)
    var low = Array(repeating: 0, count: count)
    var onStack = Array(repeating: false, count: count)
    var component = Array(repeating: -1, count: count)
    var stack: [Int] = []
    // Each frame is a node and the position of the next link to look at.
    var frames: [(node: Int, next: Int)] = []
    var counter = 0
    var components = 0
    var cyclic = Set<Int>()

    func enter(_ node: Int) {
      order[node] = counter
      low[node] = counter
      counter += 1
      stack.append(node)
      onStack[node] = true
      frames.append((node, graph.linkStart[node]))
    }

    for start in 0..<count where order[start] < 0 {
      enter(start)
      while let frame = frames.last {
        let node = frame.node
        if frame.next < graph.linkStart[node + 1] {
          frames[frames.count - 1].next += 1
          let link = graph.links[frame.next]
          guard graph.isImmediate(link) else { continue }
          if order[link.to] < 0 {
            enter(link.to)
          } else if onStack[link.to] {
            low[node] = min(low[node], order[link.to])
          }
          continue
        }
        frames.removeLast()
        if let caller = frames.last { low[caller.node] = min(low[caller.node], low[node]) }
        guard low[node] == order[node] else { continue }
        var members: [Int] = []
        while let member = stack.popLast() {
          onStack[member] = false
          component[member] = components
          members.append(member)
          if member == node { break }
        }
        let loopsOnItself = graph.links(of: node).contains {
          $0.to == node && graph.isImmediate($0)
        }
        if members.count > 1 || loopsOnItself {
          cycles.append(Self.loop(through: members.min()!, component, graph))
          cyclic.insert(components)
        }
        components += 1
      }
    }

    for (index, link) in graph.links.enumerated()
    where graph.isImmediate(link) && component[link.from] == component[link.to]
      && cyclic.contains(component[link.from])
    {
      cyclicLinks.insert(index)
    }
    cycles.sort { $0[0] < $1[0] }
  }

  /// The shortest loop from `start` back to it inside its component, by a breadth-first walk
  /// over the component's immediate links.
  private static func loop(through start: Int, _ component: [Int], _ graph: DependencyGraph)
    -> [Int]
  {
    var parent: [Int: Int] = [start: -1]
    var queue = [start]
    var head = 0
    while head < queue.count {
      let node = queue[head]
      head += 1
      for link in graph.links(of: node)
      where graph.isImmediate(link) && component[link.to] == component[start] {
        if link.to == start {
          var inner: [Int] = []
          var current = node
          while current != start {
            inner.append(current)
            current = parent[current]!
          }
          return [start] + inner.reversed() + [start]
        }
        if parent[link.to] == nil {
          parent[link.to] = node
          queue.append(link.to)
        }
      }
    }
    return [start, start]
  }
}
