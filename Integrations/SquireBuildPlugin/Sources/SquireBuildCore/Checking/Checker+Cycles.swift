#if BuildPlugin
// The cycle and captive-dependency checks.

extension Checker {
  func cycles(_ components: [Registration], _ links: [Link], _ paths: Paths) -> [Problem] {
    var next: [ObjectIdentifier: [Registration]] = [:]
    for link in links where link.dependency.isImmediate {
      next[ObjectIdentifier(link.from), default: []].append(link.to)
    }
    var problems: [Problem] = []
    for group in stronglyConnected(components, next) {
      // One loop per group of components that need each other, from its first registered one.
      let members = Set(group.map(ObjectIdentifier.init))
      guard let start = group.min(by: { $0.order < $1.order }),
        group.count > 1 || (next[ObjectIdentifier(start)] ?? []).contains(where: { $0 === start })
      else { continue }
      // The shortest loop back to `start`, breadth first, within the group.
      var parent: [ObjectIdentifier: Registration] = [:]
      var queue = [start]
      var head = 0
      var closing: Registration?
      while head < queue.count, closing == nil {
        let node = queue[head]
        head += 1
        for target in next[ObjectIdentifier(node)] ?? []
        where members.contains(ObjectIdentifier(target)) {
          if target === start {
            closing = node
            break
          }
          if parent[ObjectIdentifier(target)] == nil {
            parent[ObjectIdentifier(target)] = node
            queue.append(target)
          }
        }
      }
      guard let closing else { continue }
      var loop = [closing]
      while let previous = parent[ObjectIdentifier(loop[0])], loop[0] !== start {
        loop.insert(previous, at: 0)
      }
      if loop[0] !== start { loop.insert(start, at: 0) }
      let names = (loop + [start]).map(\.display)
      let hops = loop.enumerated().dropFirst().map { offset, member in
        (member.location, "`\(member.display)` needs `\(names[offset + 1])`, registered here")
      }
      problems.append(
        problem(
          at: start.location, what: "Cycle with no break point: \(names.joined(separator: " → ")).",
          path: names, details: ["registered at: " + locations(loop)],
          why: "each of these needs the next before it can be made (through its initializer or "
            + "an injection not marked `cycle: true`), so resolving any of them never ends.",
          fix: "break the loop at one link: inject that dependency through a property with "
            + "`.injection(cycle: true) { ... }`, or take it as a `Lazy` or a `Provider`.",
          hops: hops))
    }
    return problems
  }

  /// The strongly connected components of the graph (Tarjan's algorithm, without recursion).
  func stronglyConnected(
    _ nodes: [Registration], _ next: [ObjectIdentifier: [Registration]]
  ) -> [[Registration]] {
    var index: [ObjectIdentifier: Int] = [:]
    var lowest: [ObjectIdentifier: Int] = [:]
    var onStack: Set<ObjectIdentifier> = []
    var stack: [Registration] = []
    var groups: [[Registration]] = []
    var counter = 0
    for root in nodes where index[ObjectIdentifier(root)] == nil {
      // Each frame: a node and how many of its successors are done.
      var frames: [(Registration, Int)] = [(root, 0)]
      index[ObjectIdentifier(root)] = counter
      lowest[ObjectIdentifier(root)] = counter
      counter += 1
      stack.append(root)
      onStack.insert(ObjectIdentifier(root))
      while let (node, position) = frames.last {
        let id = ObjectIdentifier(node)
        let successors = next[id] ?? []
        if position < successors.count {
          frames[frames.count - 1].1 += 1
          let target = successors[position]
          let targetID = ObjectIdentifier(target)
          if index[targetID] == nil {
            index[targetID] = counter
            lowest[targetID] = counter
            counter += 1
            stack.append(target)
            onStack.insert(targetID)
            frames.append((target, 0))
          } else if onStack.contains(targetID) {
            lowest[id] = min(lowest[id]!, index[targetID]!)
          }
          continue
        }
        frames.removeLast()
        if let (parent, _) = frames.last {
          let parentID = ObjectIdentifier(parent)
          lowest[parentID] = min(lowest[parentID]!, lowest[id]!)
        }
        if lowest[id] == index[id] {
          var group: [Registration] = []
          while let member = stack.popLast() {
            onStack.remove(ObjectIdentifier(member))
            group.append(member)
            if member === node { break }
          }
          groups.append(group)
        }
      }
    }
    return groups.sorted { ($0.map(\.order).min() ?? 0) < ($1.map(\.order).min() ?? 0) }
  }

  func captives(_ components: [Registration], _ links: [Link], _ paths: Paths) -> [Problem] {
    var next: [ObjectIdentifier: [Registration]] = [:]
    for link in links where link.dependency.isKept {
      next[ObjectIdentifier(link.from), default: []].append(link.to)
    }
    var problems: [Problem] = []
    // Longest first, as `validate()` orders them: a `.scoped` holder for each scope written.
    var scopes: [Lifetime] = []
    for component in components {
      if case .scoped = component.lifetime, !scopes.contains(component.lifetime) {
        scopes.append(component.lifetime)
      }
    }
    for holderLifetime in [Lifetime.single, .perContainer] + scopes + [.weak] {
      var parent: [ObjectIdentifier: Registration?] = [:]
      var queue: [Registration] = []
      for component in components where component.lifetime == holderLifetime {
        parent[ObjectIdentifier(component)] = .some(nil)
        queue.append(component)
      }
      var head = 0
      while head < queue.count {
        let node = queue[head]
        head += 1
        for target in next[ObjectIdentifier(node)] ?? []
        where parent[ObjectIdentifier(target)] == nil {
          if isCaptive(holder: holderLifetime, dependency: target.lifetime) {
            parent[ObjectIdentifier(target)] = node
            var chain = [target]
            while let up = parent[ObjectIdentifier(chain[0])] ?? nil { chain.insert(up, at: 0) }
            problems.append(captive(chain))
          } else if target.lifetime == .prototype {
            parent[ObjectIdentifier(target)] = node
            queue.append(target)
          }
        }
      }
    }
    return problems
  }

  func isCaptive(holder: Lifetime, dependency: Lifetime) -> Bool {
    switch (holder, dependency) {
    case (.single, .perContainer), (.single, .objectGraph), (.single, .weak), (.single, .scoped),
      (.perContainer, .objectGraph), (.perContainer, .weak), (.perContainer, .scoped),
      (.scoped, .perContainer), (.scoped, .objectGraph), (.scoped, .weak),
      (.weak, .objectGraph):
      true
    // Two scopes written differently may be the same scope: not sure.
    default:
      false
    }
  }

  func captive(_ chain: [Registration]) -> Problem {
    let holder = chain[0]
    let dependency = chain[chain.count - 1]
    let through =
      chain.count > 2
      ? " through the prototype\(chain.count > 3 ? "s" : "") "
        + chain.dropFirst().dropLast().map { "`\($0.display)`" }.joined(separator: ", ")
      : ""
    let kept: String
    switch holder.lifetime {
    case .single:
      kept = "one `\(holder.display)` serves the whole container tree for the app's lifetime"
    case .perContainer:
      kept = "one `\(holder.display)` serves its container for the container's lifetime"
    case .scoped(let scope):
      kept = "one `\(holder.display)` serves every container until scope `\(scope)` is closed"
    default: kept = "`\(holder.display)` is kept for as long as anyone outside holds it"
    }
    let why: String
    switch dependency.lifetime {
    case .objectGraph:
      why =
        "\(kept), while a `.objectGraph` `\(dependency.display)` belongs to one top-level resolve: "
        + "`\(holder.display)` keeps the one of the resolve that made it, and every later resolve "
        + "shares a new `\(dependency.display)` that `\(holder.display)` never sees."
    case .weak:
      why =
        "\(kept), and it holds `\(dependency.display)` strongly: a `.weak` component is meant to go "
        + "when nobody outside holds it, and this one never goes."
    case .scoped(let scope):
      why =
        "\(kept), while `\(dependency.display)` belongs to a period of scope `\(scope)`: when that "
        + "scope is closed, `\(holder.display)` keeps the old `\(dependency.display)` and never "
        + "sees the new."
    default:
      why =
        "\(kept), while a `.perContainer` `\(dependency.display)` is one per container: "
        + "`\(holder.display)` keeps the instance of the container that made it first, and a "
        + "child container's components get their own `\(dependency.display)` that "
        + "`\(holder.display)` never sees."
    }
    let hops = chain.enumerated().dropFirst().map { offset, member in
      (
        member.location,
        "`\(chain[offset - 1].display)` holds `\(member.display)` (.\(member.lifetime)), registered here"
      )
    }
    return problem(
      at: holder.location,
      what: "Captive dependency: `\(holder.display)` (.\(holder.lifetime)) holds "
        + "`\(dependency.display)` (.\(dependency.lifetime))\(through).",
      path: chain.map(\.display), details: ["registered at: " + locations([holder, dependency])],
      why: why,
      fix: "give `\(dependency.display)` a lifetime at least as long as `.\(holder.lifetime)`, "
        + "give `\(holder.display)` a shorter one, or inject a `Provider` of "
        + "`\(dependency.display)` so that each use resolves a current one.",
      hops: hops)
  }
}
#endif
