/// A `.single` component's instance, for integration packages (SquireServiceLifecycle).
@_spi(Integrations)
public struct SingleInstance {
  /// The component's implementation type, for messages.
  public let typeName: String
  /// The instance, built by the container that registered the component.
  public let instance: Any
}

extension Container {
  /// Builds every `.single` component visible from this container, from async code, and
  /// returns them in dependency order: each after every component it depends on, directly or
  /// through components of other lifetimes (`Lazy`, `Provider` and cyclic injections count:
  /// the holder uses what they give it). Components with no order between them keep
  /// registration order; a cycle is broken where the walk meets it.
  ///
  /// What SquireServiceLifecycle starts a `ServiceGroup` from: services start in this order
  /// and stop in the reverse one. Not part of Squire's public API.
  @_spi(Integrations)
  public func singlesInDependencyOrder() async throws(ResolutionError) -> [SingleInstance] {
    let order: [ObjectIdentifier] = withFullLinker { linker in
      let graph = DependencyGraph(linker: linker)
      var state = Array(repeating: 0, count: graph.nodes.count)  // 0 new, 1 on path, 2 done
      var order: [ObjectIdentifier] = []
      // Iterative post-order walk: a chain of thousands of components does not overflow.
      for start in graph.nodes.indices where state[start] == 0 {
        var stack: [(node: Int, next: Int)] = [(start, graph.linkStart[start])]
        state[start] = 1
        while let top = stack.last {
          if top.next < graph.linkStart[top.node + 1] {
            stack[stack.count - 1].next += 1
            let target = graph.links[top.next].to
            if state[target] == 0 {
              state[target] = 1
              stack.append((target, graph.linkStart[target]))
            }
          } else {
            stack.removeLast()
            state[top.node] = 2
            if graph.nodes[top.node].lifetime == .single {
              order.append(ObjectIdentifier(graph.nodes[top.node]))
            }
          }
        }
      }
      return order
    }
    var producers: [ObjectIdentifier: (record: ComponentRecord, producer: AnyProducer)] = [:]
    for single in snapshot.singles { producers[ObjectIdentifier(single.record)] = single }
    var instances: [SingleInstance] = []
    for id in order {
      guard let single = producers[id] else { continue }
      let (record, producer) = single
      var context = ResolutionContext(container: self)
      do {
        let instance = try await record.instanceAsync(producer, &context)
        try await context.finishAsync()
        instances.append(SingleInstance(typeName: record.typeName, instance: instance))
      } catch {
        context.fail()
        throw error.finished(requested: record.typeName)
      }
    }
    return instances
  }
}

extension Container {
  /// Whether a component visible from this container depends on `type` (under any name or
  /// tag, as itself, `Optional`, `Lazy`, `Provider` or `many`).
  ///
  /// What SquireHummingbird asks once, so that a request's scope registers the request's own
  /// values (the `Request`, its context) only when a component needs them: a child with
  /// registrations of its own links them when it first resolves. Not part of Squire's public
  /// API.
  @_spi(Integrations)
  public func isDependedOn<T>(_ type: T.Type) -> Bool {
    let id = ObjectIdentifier(T.self)
    return withFullLinker { linker in
      linker.edges.contains { $0.key.type == id && $0.kind != .argument }
    }
  }
}
