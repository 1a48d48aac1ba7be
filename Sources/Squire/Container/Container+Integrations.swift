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

/// Where each container keeps its instance of one `.perContainer` component, for integration
/// packages: SquireHummingbird fills it, in each request's scope, with the request itself.
@_spi(Integrations)
public struct InstanceSlot<T>: Sendable {
  let record: ComponentRecord
}

extension Container {
  /// The slot of the `.perContainer` component that `T` resolves to from this container: the
  /// component registered as `T` itself (not through `.as`), not decorated, not bound to
  /// consumers (`.when(injectedInto:)`). `nil` otherwise. Looked up once, after registering:
  /// a later registration of `T` is not seen by the slot.
  ///
  /// What SquireHummingbird asks once, so that each request's scope gets the request through
  /// ``fill(_:with:)`` instead of a registration of its own (which the scope would link at its
  /// first resolve). Not part of Squire's public API.
  @_spi(Integrations)
  public func perContainerSlot<T>(for type: T.Type) -> InstanceSlot<T>? {
    let key = LookupKey(type: ObjectIdentifier(T.self), qualifier: .none)
    return withFullLinker { linker -> InstanceSlot<T>? in
      guard case .found(let candidate) = linker.choose(key), candidate.forward == nil,
        ObjectIdentifier(candidate.record.implementationType) == ObjectIdentifier(T.self),
        candidate.record.lifetime == .perContainer,
        !linker.levels.contains(where: {
          $0.decorators[key.type] != nil || $0.contextual[key] != nil
        })
      else { return nil }
      return InstanceSlot(record: candidate.record)
    }
  }

  /// Makes `instance` this container's instance of the slot's component, as if resolving had
  /// made it: what this container and its resolves get for `T` from now on. Costs a cell, not
  /// a registration, so a child that is filled still resolves through its parent's snapshot.
  ///
  /// The component's factory does not run and its `.onClose` is not called for `instance`:
  /// what made it owns it. Only this container has it: a child of this container makes its
  /// own. `false`, and nothing changed, when this container already has an instance (resolved
  /// or filled before) or is closed. Not part of Squire's public API.
  @_spi(Integrations)
  @discardableResult
  public func fill<T>(_ slot: InstanceSlot<T>, with instance: T) -> Bool {
    if owned.isClosed { return false }
    return owned.cell(for: slot.record) {
      SharedInstance(sharing: $0, holdsObject: T.self is AnyObject.Type)
    }.fill(instance)
  }
}

/// Closing a container begun from code that cannot await (an `EventLoopFuture` callback), for
/// integration packages: SquireVapor closes each request's scope in its middleware this way,
/// without a task per request when no cleanup is async.
@_spi(Integrations)
public struct StartedClose: @unchecked Sendable {
  // Unchecked: what `pending` holds (the cleanups and cells the container handed over) is
  // owned by this value alone once the container is marked closed; `finish()` runs it once.
  /// The report when closing is done already; `nil` when ``finish()`` must be awaited.
  public let report: CloseReport?
  private let pending: PendingClose?

  init(_ start: CloseStart) {
    switch start {
    case .closed(let report): (self.report, self.pending) = (report, nil)
    case .needsAwait(let pending): (self.report, self.pending) = (nil, pending)
    }
  }

  /// Runs what is left (open children, async cleanups) and returns the whole report. Call it
  /// once, when ``report`` is `nil`.
  public func finish() async -> CloseReport {
    if let report { return report }
    return await pending!.finish()
  }
}

extension Container {
  /// Closes this container as `await close()` does, but without suspending when nothing in
  /// the closing is async (no async cleanup, no open child): the result's `report` is then set;
  /// otherwise await its `finish()`. Not part of Squire's public API.
  @_spi(Integrations)
  public func startClosing() -> StartedClose {
    StartedClose(closeUnlessAwaitNeeded())
  }
}
