/// What one top-level resolve carries from component to component. Lives on the stack of the
/// resolving thread and is passed `inout`: resolving a graph without `.objectGraph` components,
/// cycles or runtime arguments allocates nothing of Squire's own.
@usableFromInline
struct ResolutionContext {
  /// No real object graph nests this deep; a resolve that does is going round a cycle.
  @usableFromInline
  static let maximumDepth = 200

  /// A step run at the end of the top-level resolve: a `cycle: true` injection (and the
  /// `postInit`s after it), which needs its partner in the cycle to exist first. `async` is
  /// what an async resolve runs instead, when the step has async or isolated parts.
  @usableFromInline
  struct Deferred {
    @usableFromInline let sync: (inout ResolutionContext) throws(ResolutionError) -> Void
    @usableFromInline let async: ((inout ResolutionContext) async throws(ResolutionError) -> Void)?

    @usableFromInline
    init(
      sync: @escaping (inout ResolutionContext) throws(ResolutionError) -> Void,
      async: ((inout ResolutionContext) async throws(ResolutionError) -> Void)?
    ) {
      self.sync = sync
      self.async = async
    }
  }

  /// The container resolved from. The caller keeps it alive for the whole resolve; `Lazy` and
  /// `Provider` made in the resolve retain it for later.
  @usableFromInline
  unowned(unsafe) let container: Container

  /// How many components are being built right now, one inside the other.
  @usableFromInline
  var depth: Int = 0

  /// `.objectGraph` instances made so far in this resolve (and, while cyclic injections are
  /// pending, every instance made); created on first use.
  @usableFromInline
  var graph: ObjectGraph?

  /// Runtime arguments given to `resolve(args:)`, for the component resolved at the top.
  @usableFromInline
  var arguments: RuntimeArguments?

  /// Cyclic injections waiting for the end of the resolve; `nil` until there is one.
  @usableFromInline
  var deferred: [Deferred]?

  /// Cached instances this thread is creating right now (ids of their cells), so that a cycle
  /// through a `.single` is reported instead of deadlocking on its lock. Touched only on the
  /// slow path that creates an instance.
  @usableFromInline
  var creating: [ObjectIdentifier]?

  /// The actor the synchronous resolve was called on (`#isolation`), if any: a `@MainActor`
  /// factory runs synchronously only when it is the main actor.
  @usableFromInline
  var isolation: ObjectIdentifier?

  @inlinable
  init(container: Container) {
    self.container = container
  }

  @inlinable
  init(container: Container, isolation: (any Actor)?) {
    self.container = container
    if let isolation { self.isolation = ObjectIdentifier(isolation) }
  }

  /// Whether this resolve runs on the main actor, so that main-actor code may run right here.
  @usableFromInline
  var isOnMainActor: Bool {
    isolation == ObjectIdentifier(MainActor.shared)
  }

  /// Builds a component's instance with `make`, one level deeper: adds `step` to the path of
  /// any error, stops a resolve that nests deeper than any real graph, and, while a cyclic
  /// injection waits, remembers the instance so the injection can close the cycle on it.
  @inlinable
  @inline(__always)
  mutating func construct<T>(
    _ step: PathStep,
    _ make: (inout ResolutionContext) throws(ResolutionError) -> T
  ) throws(ResolutionError) -> T {
    let made = try enter(step, make)
    if _slowPath(deferred != nil) {
      remember(made, as: step.id)
    }
    return made
  }

  /// The async form of ``construct(_:_:)``, for an `await container.resolve()`.
  @inlinable
  mutating func constructAsync<T>(
    _ step: PathStep,
    _ make: (inout ResolutionContext) async throws(ResolutionError) -> T
  ) async throws(ResolutionError) -> T {
    let made = try await enterAsync(step, make)
    if _slowPath(deferred != nil) {
      remember(made, as: step.id)
    }
    return made
  }

  /// The async form of ``enter(_:_:)``.
  @inlinable
  mutating func enterAsync<T>(
    _ step: PathStep,
    _ body: (inout ResolutionContext) async throws(ResolutionError) -> T
  ) async throws(ResolutionError) -> T {
    depth &+= 1
    defer { depth &-= 1 }
    if _slowPath(depth > Self.maximumDepth) {
      throw ResolutionError(reason: .cycle([])).entering(step)
    }
    do {
      return try await body(&self)
    } catch {
      throw error.entering(step)
    }
  }

  /// Runs `body` one level deeper, adding `step` to the path of any error it throws.
  @inlinable
  @inline(__always)
  mutating func enter<T>(
    _ step: PathStep,
    _ body: (inout ResolutionContext) throws(ResolutionError) -> T
  ) throws(ResolutionError) -> T {
    depth &+= 1
    defer { depth &-= 1 }
    if _slowPath(depth > Self.maximumDepth) {
      throw ResolutionError(reason: .cycle([])).entering(step)
    }
    do {
      return try body(&self)
    } catch {
      throw error.entering(step)
    }
  }

  /// The object graph of this resolve, made if there is none yet.
  @usableFromInline
  mutating func sharedGraph() -> ObjectGraph {
    if let graph { return graph }
    let made = ObjectGraph()
    graph = made
    return made
  }

  /// Keeps the first instance of a component made in this resolve.
  @usableFromInline
  mutating func remember(_ instance: Any, as id: ObjectIdentifier) {
    let graph = sharedGraph()
    if graph.instance(id) == nil {
      graph.instances[id] = instance
    }
  }

  @usableFromInline
  mutating func deferUntilEnd(_ step: Deferred) {
    if deferred == nil { deferred = [] }
    deferred!.append(step)
  }

  /// Ends a top-level resolve: runs the cyclic injections in the order they were met (one may
  /// add more).
  @inlinable
  mutating func finish() throws(ResolutionError) {
    if _slowPath(deferred != nil) {
      try runDeferred()
    }
    if _slowPath(graph?.isShared == true) {
      graph.unsafelyUnwrapped.letGo()
    }
  }

  @usableFromInline
  mutating func runDeferred() throws(ResolutionError) {
    var next = 0
    while let steps = deferred, next < steps.count {
      let step = steps[next]
      next += 1
      try step.sync(&self)
    }
    deferred = nil
  }

  /// The async form of ``finish()``: runs the async form of each deferred step that has one.
  @usableFromInline
  mutating func finishAsync() async throws(ResolutionError) {
    var next = 0
    while let steps = deferred, next < steps.count {
      let step = steps[next]
      next += 1
      if let async = step.async {
        try await async(&self)
      } else {
        try step.sync(&self)
      }
    }
    deferred = nil
    if _slowPath(graph?.isShared == true) {
      graph.unsafelyUnwrapped.letGo()
    }
  }
}

/// The `.objectGraph` instances of one top-level resolve.
@usableFromInline
final class ObjectGraph {
  /// Instances made in the resolve under way, held strongly.
  @usableFromInline
  var instances: [ObjectIdentifier: Any] = [:]

  /// Instances of earlier resolves in this graph, held weakly: a `Lazy` or `Provider` keeps the
  /// graph for later, and an instance that holds one of them must not be kept alive by it.
  fileprivate var earlier: [ObjectIdentifier: WeakReference] = [:]

  /// Serialises the later resolves of the `Lazy`s and `Provider`s made in this graph, which may
  /// run on any thread; made when the first of them is.
  private(set) var sharingLock: Lock?

  @usableFromInline
  init() {}

  /// The instance a component made in this graph, if it still exists.
  @usableFromInline
  func instance(_ id: ObjectIdentifier) -> Any? {
    if let made = instances[id] { return made }
    return earlier.isEmpty ? nil : earlier[id]?.object
  }

  /// Whether a `Lazy` or `Provider` keeps this graph for later.
  @usableFromInline
  var isShared: Bool { sharingLock != nil }

  /// Ends a resolve in a shared graph: its class instances are from now on held weakly. Runs
  /// on the thread of the resolve that ends, which is the only one using the graph then (the
  /// original resolve, or a later one under the sharing lock).
  @usableFromInline
  func letGo() {
    for (id, made) in instances where Swift.type(of: made) is AnyClass {
      earlier[id] = WeakReference(made as AnyObject)
    }
    instances = instances.filter { !(Swift.type(of: $0.value) is AnyClass) }
  }

  fileprivate struct WeakReference {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
  }

  /// A graph with the same instances, for an async resolve that cannot hold the sharing lock.
  func copy() -> ObjectGraph {
    let made = ObjectGraph()
    made.instances = instances
    made.earlier = earlier
    return made
  }

  /// Called by the resolving thread when a `Lazy` or `Provider` captures this graph.
  func share() -> Lock {
    if let sharingLock { return sharingLock }
    let made = Lock()
    sharingLock = made
    return made
  }
}

/// What a `Lazy` or `Provider` needs to resolve later: the container, the object graph it was
/// made in, and the linked way to build its value.
struct DeferredResolve<Value>: @unchecked Sendable {
  /// Weak: a `.single` that holds a `Provider` must not keep its own container alive.
  weak var container: Container?
  let graph: ObjectGraph
  let lock: Lock
  let body: Body<Value>
  let asyncBody: AsyncBody<Value>?

  init(_ context: inout ResolutionContext, _ producer: Producer<Value>) {
    self.container = context.container
    self.graph = context.sharedGraph()
    self.lock = graph.share()
    self.body = producer.body
    self.asyncBody = producer.asyncBody
  }

  /// Resolves the value now, as a top-level resolve in the original object graph.
  func resolve(arguments: [Any]? = nil) throws(ResolutionError) -> Value {
    guard let container else {
      throw ResolutionError(reason: .containerReleased)
        .finished(requested: String(describing: Value.self))
    }
    lock.lock()
    defer { lock.unlock() }
    var context = ResolutionContext(container: container)
    context.graph = graph
    context.arguments = arguments.map(RuntimeArguments.init)
    do {
      let value = try body(&context)
      try context.finish()
      return value
    } catch {
      throw error.finished(requested: String(describing: Value.self))
    }
  }

  /// The async form of ``resolve(arguments:)``. A value with nothing async in its graph is
  /// resolved as by the synchronous form. Otherwise the resolve cannot hold the object graph's
  /// lock across suspensions: it runs in a copy of the graph taken under the lock, so it sees
  /// the instances made before it, and what it makes is not added to the original.
  func resolveAsync(arguments: [Any]? = nil) async throws(ResolutionError) -> Value {
    guard let asyncBody else { return try resolve(arguments: arguments) }
    guard let container else {
      throw ResolutionError(reason: .containerReleased)
        .finished(requested: String(describing: Value.self))
    }
    var context = ResolutionContext(container: container)
    context.graph = lock.withLock { graph.copy() }
    context.arguments = arguments.map(RuntimeArguments.init)
    do {
      let value = try await asyncBody(&context)
      try await context.finishAsync()
      return value
    } catch {
      throw error.finished(requested: String(describing: Value.self))
    }
  }
}

/// The runtime arguments of one `resolve(args:)` call. Each `arg` parameter of the component
/// resolved at the top takes the first unused argument of its type.
@usableFromInline
final class RuntimeArguments {
  @usableFromInline
  var values: [Any]
  @usableFromInline
  var used: [Bool]

  @usableFromInline
  init(_ values: [Any]) {
    self.values = values
    self.used = Array(repeating: false, count: values.count)
  }

  /// The arguments no parameter took yet, for a message about a missing one.
  var unusedDescription: [String] {
    values.indices.filter { !used[$0] }.map {
      "an unused argument of type `\(Swift.type(of: values[$0]))` was passed"
    }
  }

  @usableFromInline
  func take<T>(_ type: T.Type) -> T? {
    for index in values.indices where !used[index] {
      if let value = values[index] as? T {
        used[index] = true
        return value
      }
    }
    return nil
  }
}
