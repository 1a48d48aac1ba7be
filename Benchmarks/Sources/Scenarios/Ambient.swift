import Dispatch
import Squire
import Synchronization

/// S14: reads of `Container.ambient` and of an `@Ambient` property, each kept by a call (the
/// figures include the loop and that call).
public enum AmbientReads {
  final class Clock {}

  final class Holder {
    @Ambient var clock: Clock
    let stored = Clock()
  }

  static let container: Container = {
    let container = Container()
    container.register(Clock.init).lifetime(.single)
    return container
  }()

  /// `count` reads of `Container.ambient` inside `withAmbient`, on a thread outside any task.
  public static func bound(_ count: Int) -> Int {
    container.withAmbient {
      var kept = 0
      for _ in 0..<count { kept &+= keep(Container.ambient) }
      return kept
    }
  }

  /// The same inside `withAmbient` in a task (the task-local binding of async code).
  public static func boundInTask(_ count: Int) -> Int {
    let done = DispatchSemaphore(value: 0)
    let result = Result()
    Task.detached {
      await container.withAmbient {
        var kept = 0
        for _ in 0..<count { kept &+= keep(Container.ambient) }
        result.value = kept
      }
      done.signal()
    }
    done.wait()
    return result.value
  }

  /// `count` reads of `Container.ambient` where the process default answers.
  public static func processDefault(_ count: Int) -> Int {
    Container.setAmbientDefault(container)
    var kept = 0
    for _ in 0..<count { kept &+= keep(Container.ambient) }
    return kept
  }

  /// `count` reads of an `@Ambient` property after its first, inside `withAmbient`.
  public static func property(_ count: Int) -> Int {
    container.withAmbient {
      let holder = Holder()
      var kept = keep(holder.clock)
      for _ in 0..<count { kept &+= keep(holder.clock) }
      return kept
    }
  }

  /// `count` reads of an `@Ambient` property after its first, where the process default answers.
  public static func propertyByDefault(_ count: Int) -> Int {
    Container.setAmbientDefault(container)
    let holder = Holder()
    var kept = keep(holder.clock)
    for _ in 0..<count { kept &+= keep(holder.clock) }
    return kept
  }

  /// The baseline of the property reads: `count` reads of a stored constant class reference
  /// (`let`) of an object, kept by the same call.
  public static func storedProperty(_ count: Int) -> Int {
    let holder = Holder()
    var kept = 0
    for _ in 0..<count { kept &+= keep(holder.stored) }
    return kept
  }

  /// The baseline of the container reads: `count` reads of a container in a global constant
  /// (`static let`, as an app's `AppContainer.shared`), kept by the same call.
  public static func globalConstant(_ count: Int) -> Int {
    var kept = 0
    for _ in 0..<count { kept &+= keep(container) }
    return kept
  }

  private final class Result: @unchecked Sendable {
    var value = 0
  }
}

/// Keeps the value (its address's lowest bit, which the optimiser cannot know), and stores it:
/// a call with a side effect, which the optimiser cannot take out of the loop even when what it
/// is given cannot change (a constant reference).
@inline(never)
func keep(_ object: AnyObject) -> Int {
  let bit = Int(bitPattern: ObjectIdentifier(object)) & 1
  kept.store(bit, ordering: .relaxed)
  return bit
}

private let kept = Atomic<Int>(0)
