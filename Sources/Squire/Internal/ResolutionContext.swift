/// What one top-level resolve carries from component to component. Lives on the stack of the
/// resolving thread and is passed `inout`: resolving a graph without `.objectGraph` components
/// or runtime arguments allocates nothing of Squire's own.
@usableFromInline
struct ResolutionContext {
  /// No real object graph nests this deep; a resolve that does is going round a cycle.
  @usableFromInline
  static let maximumDepth = 200

  /// How many components are being built right now, one inside the other.
  @usableFromInline
  var depth: Int = 0

  /// `.objectGraph` instances made so far in this resolve; created on first use.
  @usableFromInline
  var graph: ObjectGraph?

  /// Runtime arguments given to `resolve(args:)`, for the component resolved at the top.
  @usableFromInline
  var arguments: RuntimeArguments?

  /// Cached instances this thread is creating right now (ids of their cells), so that a cycle
  /// through a `.single` is reported instead of deadlocking on its lock. Touched only on the
  /// slow path that creates an instance.
  @usableFromInline
  var creating: [ObjectIdentifier] = []

  @usableFromInline
  init() {}

  /// Runs `make` one level deeper, adding `step` to the path of any error it throws and
  /// stopping a resolve that nests deeper than any real graph.
  @inlinable
  @inline(__always)
  mutating func enter<T>(
    _ step: PathStep,
    _ make: (inout ResolutionContext) throws(ResolutionError) -> T
  ) throws(ResolutionError) -> T {
    depth &+= 1
    defer { depth &-= 1 }
    if _slowPath(depth > Self.maximumDepth) {
      throw ResolutionError(reason: .cycle([])).entering(step)
    }
    do {
      return try make(&self)
    } catch {
      throw error.entering(step)
    }
  }
}

/// The `.objectGraph` instances of one top-level resolve.
@usableFromInline
final class ObjectGraph {
  @usableFromInline
  var instances: [ObjectIdentifier: Any] = [:]

  @usableFromInline
  init() {}
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

  var typeNames: [String] { values.map { String(describing: Swift.type(of: $0)) } }
}
