import _SquireShims

/// What one top-level resolve carries from component to component. Lives on the stack of the
/// resolving thread and is passed `inout`: resolving a graph without `.objectGraph` components,
/// cycles or runtime arguments allocates nothing of Squire's own.
///
/// Public only so that the factories SquireBuildPlugin generates can pass it on; it has no
/// public members, and no signature a user sees names it. Not `@_spi(Generated)`: the
/// `@inlinable` bodies of `register` (specialised in the caller's module) handle it, and inlinable
/// code cannot use an SPI type. Hidden from the documentation instead.
@_documentation(visibility: internal)
public struct ResolutionContext {
  /// No real object graph nests this deep; a resolve that does is going round a cycle.
  @usableFromInline
  static let maximumDepth = 200

  /// How many synchronous resolves may run on one thread, one inside the other (a factory
  /// resolving through the container, a `Provider` or `Lazy` read in an initializer): as deep as
  /// one resolve may nest its components. A recursion that ends (a tree built through its own
  /// `Provider`) goes this deep; past it the thread's stack is at risk, and a resolve that
  /// never ends (a factory that resolves itself) is stopped.
  @usableFromInline
  static var maximumNesting: Int { 200 }

  /// The error of a synchronous resolve of `type` started when ``maximumNesting`` resolves
  /// already run on this thread, one inside the other. Not a cycle: a recursion that would end
  /// deeper is stopped here too. The path it gathers on its way out names both ends.
  @usableFromInline
  static func nestedTooDeep(
    _ type: Any.Type, _ qualifier: Qualifier = .none, where place: String = "on this thread"
  ) -> ResolutionError {
    let name = Linker.describe(type, qualifier)
    var error = ResolutionError(reason: .tooDeep(limit: maximumNesting))
    error.notes = [
      "`\(name)` was asked for while \(maximumNesting) resolves already ran \(place), each "
        + "started inside a factory (or a `Lazy`/`Provider` value) of the one before"
    ]
    error.advice =
      "if the same components come back on the path without end, a factory resolves through the "
      + "container (`container.resolve` in its closure) something that needs it again: take the "
      + "dependency as a parameter of the factory, or a `Provider`/`Lazy` of it. A recursion that "
      + "ends cannot go deeper than \(maximumNesting) levels: build a deeper structure in a loop."
    return error.finished(requested: name)
  }

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
  /// `Provider` made in the resolve retain it for later. A `.single` being built switches it to
  /// the container that registered it (an ancestor, kept alive by the one resolved from).
  @usableFromInline
  unowned(unsafe) var container: Container

  /// How many components are being built right now, one inside the other.
  @usableFromInline
  var depth: Int = 0

  /// The depth past which this resolve next looks at the thread's stack and at
  /// ``maximumDepth`` (`StackBudget.swift`): one compare per level.
  @usableFromInline
  var nextCheck: Int = ResolutionContext.checkInterval

  /// What only some resolves need: an object graph, runtime arguments, deferred steps. One
  /// optional reference, so that a resolve that needs none of them checks one word at its end
  /// and releases nothing.
  ///
  /// Only its resolve uses it, one step after the other: no dynamic exclusivity checks.
  @usableFromInline
  final class Extras {
    @exclusivity(unchecked) @usableFromInline var graph: ObjectGraph?
    @exclusivity(unchecked) @usableFromInline var arguments: RuntimeArguments?
    @exclusivity(unchecked) @usableFromInline var deferred: [Deferred]?

    @usableFromInline
    init() {}
  }

  /// `nil` until the resolve needs one of the properties below.
  @usableFromInline
  var extras: Extras?

  /// The extras, made if there are none yet.
  @usableFromInline
  mutating func madeExtras() -> Extras {
    if let extras { return extras }
    let made = Extras()
    extras = made
    return made
  }

  /// `.objectGraph` instances made so far in this resolve (and, while cyclic injections are
  /// pending, every instance made); created on first use.
  @inlinable
  var graph: ObjectGraph? {
    get { extras?.graph }
    set {
      if newValue != nil || extras != nil { madeExtras().graph = newValue }
    }
  }

  /// Runtime arguments given to `resolve(args:)`, for the component resolved at the top.
  @inlinable
  var arguments: RuntimeArguments? {
    get { extras?.arguments }
    set {
      if newValue != nil || extras != nil { madeExtras().arguments = newValue }
    }
  }

  /// How many deferred steps this resolve has.
  @inlinable
  var deferredCount: Int { extras?.deferred?.count ?? 0 }

  /// Cyclic injections waiting for the end of the resolve; `nil` until there is one.
  @inlinable
  var deferred: [Deferred]? {
    get { extras?.deferred }
    set {
      if newValue != nil || extras != nil { madeExtras().deferred = newValue }
    }
  }

  /// This resolve as the creator of cached instances: made on the slow path that creates one,
  /// so that cycles and re-entrant resolves are reported instead of deadlocking, and instances
  /// waiting for deferred steps are published at the end. Kept here, not in the extras: a
  /// resolve that makes a request's `.perContainer` instance needs it, and nothing else.
  @usableFromInline
  var creation: Creation?

  /// The actor the synchronous resolve was called on (`#isolation`), if any: a `@MainActor`
  /// factory runs synchronously only when it is the main actor.
  @usableFromInline
  var isolation: ObjectIdentifier?

  @inlinable
  init(container: Container) {
    self.container = container
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
    _ step: PathStep, _ make: (inout ResolutionContext) throws(ResolutionError) -> T
  ) throws(ResolutionError) -> T {
    let made = try enter(step, make)
    if _slowPath(extras != nil), extras!.deferred != nil {
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
    try descend(step)
    defer { depth &-= 1 }
    do {
      return try await body(&self)
    } catch {
      throw error.entering(step)
    }
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

  /// Runs `body` one level deeper, adding `step` to the path of any error it throws.
  @inlinable
  @inline(__always)
  mutating func enter<T>(
    _ step: PathStep,
    _ body: (inout ResolutionContext) throws(ResolutionError) -> T
  ) throws(ResolutionError) -> T {
    try descend(step)
    defer { depth &-= 1 }
    do {
      return try body(&self)
    } catch {
      throw error.entering(step)
    }
  }

  /// Goes one level deeper for `step`; past the deepest any real graph goes (a cycle that
  /// nothing else caught), or with the thread's stack nearly used up, stays where it was and
  /// throws.
  @inlinable
  @inline(__always)
  mutating func descend(_ step: PathStep) throws(ResolutionError) {
    depth &+= 1
    if _slowPath(depth > nextCheck) {
      try checkpoint(step)
    }
  }

  /// The object graph of this resolve, made if there is none yet.
  @usableFromInline
  mutating func sharedGraph() -> ObjectGraph {
    if let graph { return graph }
    graph = ObjectGraph()
    return graph!
  }

  /// Keeps the first instance of a component made in this resolve.
  @usableFromInline
  mutating func remember(_ instance: Any, as id: ObjectIdentifier) {
    _ = sharedGraph().keep(instance, as: id)
  }

  @usableFromInline
  mutating func deferUntilEnd(_ step: Deferred) {
    let extras = madeExtras()
    if extras.deferred == nil { extras.deferred = [] }
    extras.deferred!.append(step)
  }

  /// Ends a top-level resolve: runs the cyclic injections in the order they were met (one may
  /// add more), publishes the cached instances that waited for them, and lets go of the object
  /// graph.
  @inlinable
  mutating func finish() throws(ResolutionError) {
    if _slowPath(extras != nil) {
      try finishSlowly()
    }
  }

  @usableFromInline
  mutating func finishSlowly() throws(ResolutionError) {
    do {
      if deferred != nil { try runDeferred() }
    } catch {
      fail()
      throw error
    }
    end(succeeded: true)
  }

  /// Ends a top-level resolve that failed: caches none of the instances that waited for its
  /// deferred steps, and lets go of the object graph.
  @usableFromInline
  mutating func fail() {
    deferred = nil
    end(succeeded: false)
  }

  /// Publishes (or, after a failure, abandons) the instances that waited for the deferred
  /// steps, and lets go of the object graph.
  private mutating func end(succeeded: Bool) {
    settlePending(succeeded: succeeded)
    if let graph, graph.isShared { graph.leave() }
    graph = nil
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
    do {
      while let steps = deferred, next < steps.count {
        let step = steps[next]
        next += 1
        if let async = step.async {
          try await async(&self)
        } else {
          try step.sync(&self)
        }
      }
    } catch {
      fail()
      throw error
    }
    deferred = nil
    end(succeeded: true)
  }
}

/// What a `Lazy` or `Provider` needs to resolve later: the container, the object graph it was
/// made in, and the linked way to build its value.
struct DeferredResolve<Value>: @unchecked Sendable {
  /// Weak: a `.single` that holds a `Provider` must not keep its own container alive.
  weak var container: Container?
  let graph: ObjectGraph
  let body: Body<Value>
  let asyncBody: AsyncBody<Value>?
  /// The runtime arguments of `resolve(Provider<T>.self, args: ...)`: passed to every value it
  /// resolves without arguments of its own.
  let arguments: [Any]?
  /// The component it is given to, named when its value cannot be resolved.
  private(set) var holder: LaterHolder?

  init(_ context: inout ResolutionContext, _ producer: Producer<Value>, holder: LaterHolder?) {
    self.container = context.container
    self.holder = holder
    self.graph = context.sharedGraph()
    graph.share()
    self.body = producer.body
    self.asyncBody = producer.asyncBody
    // Asked for at the top (`resolve(Lazy<T>.self, args:)`): the arguments are for the value.
    if context.depth == 0, let given = context.arguments {
      arguments = given.takeAll()
    } else {
      arguments = nil
    }
  }

  /// The same deferred resolve, given to `holder`.
  func held(by holder: LaterHolder) -> DeferredResolve<Value> {
    var copy = self
    copy.holder = holder
    return copy
  }

  /// Resolves the value now, as a top-level resolve in the original object graph. A factory
  /// running on this thread (the value is asked for while another component is built) is this
  /// resolve's outer one, for cycle detection.
  func resolve(arguments: [Any]? = nil) throws(ResolutionError) -> Value {
    let container = try liveContainer()
    // A value asked for while another is being built on this thread (one initializer reading
    // the next `Lazy`) nests in it, counted with every synchronous resolve: a cycle through
    // them (`A` reads its `Lazy<B>` in its initializer, `B` needs a new `A`) ends in an error,
    // not in the end of the thread's stack.
    let nesting = _squire_enter_resolve()
    defer { _squire_leave_resolve() }
    if nesting > 1 { try container.checkNesting(nesting, Value.self) }
    var context = self.context(in: container, arguments: arguments)
    do {
      let value = try body(&context)
      try context.finish()
      try context.arguments?.requireAllTaken()
      return value
    } catch {
      throw failure(error, &context, in: container)
    }
  }

  /// The async form of ``resolve(arguments:)``. A value with nothing async in its graph is
  /// resolved as by the synchronous form.
  func resolveAsync(arguments: [Any]? = nil) async throws(ResolutionError) -> Value {
    guard let asyncBody else { return try resolve(arguments: arguments) }
    let container = try liveContainer()
    let level: Int
    do {
      level = try AsyncNesting.level(Value.self, .none)
    } catch {
      throw container.failed(error)
    }
    var context = self.context(in: container, arguments: arguments)
    do {
      let value = try await AsyncNesting.at(level) { () async throws(ResolutionError) in
        try await asyncBody(&context)
      }
      try await context.finishAsync()
      try context.arguments?.requireAllTaken()
      return value
    } catch {
      throw failure(error, &context, in: container)
    }
  }

  /// The container to resolve in, or the error for a value asked for after it was released.
  private func liveContainer() throws(ResolutionError) -> Container {
    guard let container else {
      throw ResolutionError(reason: .containerReleased)
        .finished(requested: String(describing: Value.self))
    }
    return container
  }

  /// A top-level resolve in the original object graph, with `arguments` (or those given when
  /// this was made).
  private func context(in container: Container, arguments: [Any]?) -> ResolutionContext {
    graph.enter()
    var context = ResolutionContext(container: container)
    context.graph = graph
    context.arguments = (arguments ?? self.arguments).map(RuntimeArguments.init)
    return context
  }

  /// Ends a resolve in `container` that failed with `error`: what it throws.
  private func failure(
    _ error: ResolutionError, _ context: inout ResolutionContext, in container: Container
  ) -> ResolutionError {
    context.fail()
    return container.failed(
      error.noting(unused: context.arguments).finished(requested: String(describing: Value.self)))
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
  /// Arguments for components built deeper in the resolve (`resolve(_:passing:)`).
  var passedDown: [PassedDown] = []

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

  /// Every argument not taken yet, now taken: handed on to a `Lazy` or `Provider` resolved at
  /// the top, for the values it resolves later.
  func takeAll() -> [Any] {
    let unused = values.indices.filter { !used[$0] }.map { values[$0] }
    used = Array(repeating: true, count: values.count)
    return unused
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

/// How many async resolves that await a factory run in the current task, one inside the other:
/// the async form of the thread's count (`_squire_enter_resolve`), which a resolve that suspends
/// and resumes on other threads cannot use. Only a resolve whose graph has something to await
/// counts itself here (a task-local read and a binding); a graph with nothing async is built
/// synchronously, and counted per thread.
enum AsyncNesting {
  @TaskLocal static var depth = 0

  /// The level of an async resolve of `type` started now; past
  /// ``ResolutionContext/maximumNesting`` the error of a resolve nested too deep, so that an
  /// async factory that awaits itself ends in an error, not in the end of the memory.
  static func level(_ type: Any.Type, _ qualifier: Qualifier) throws(ResolutionError) -> Int {
    let level = depth + 1
    if level > ResolutionContext.maximumNesting {
      throw ResolutionContext.nestedTooDeep(type, qualifier, where: "in this task")
    }
    return level
  }

  /// Runs `body` at `level`.
  static func at<T>(_ level: Int, _ body: () async throws(ResolutionError) -> T)
    async throws(ResolutionError) -> T
  {
    let outcome = await $depth.withValue(level) { () async -> Result<T, ResolutionError> in
      do throws(ResolutionError) {
        return .success(try await body())
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }
}
