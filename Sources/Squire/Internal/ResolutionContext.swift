/// What one top-level resolve carries from component to component. Lives on the stack of the
/// resolving thread and is passed `inout`: resolving a graph without `.objectGraph` components,
/// cycles or runtime arguments allocates nothing of Squire's own.
@usableFromInline
struct ResolutionContext {
  /// No real object graph nests this deep; a resolve that does is going round a cycle.
  @usableFromInline
  static let maximumDepth = 200

  /// A step run at the end of the top-level resolve: a `cycle: true` injection (and the
  /// `postInit`s after it), which needs its partner in the cycle to exist first.
  @usableFromInline
  typealias Deferred = (inout ResolutionContext) throws(ResolutionError) -> Void

  /// The container resolved from. The caller keeps it alive for the whole resolve; `Lazy` and
  /// `Provider` made in the resolve retain it for later. A `.single` being built switches it to
  /// the container that registered it (an ancestor, kept alive by the one resolved from).
  @usableFromInline
  unowned(unsafe) var container: Container

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

  @inlinable
  init(container: Container) {
    self.container = container
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
  mutating func deferUntilEnd(_ step: @escaping Deferred) {
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
      try step(&self)
    }
    deferred = nil
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
  private var earlier: [ObjectIdentifier: WeakReference] = [:]

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

  private struct WeakReference {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
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

  init(_ context: inout ResolutionContext, _ body: @escaping Body<Value>) {
    self.container = context.container
    self.graph = context.sharedGraph()
    self.lock = graph.share()
    self.body = body
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
