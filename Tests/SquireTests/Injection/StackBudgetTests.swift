import Foundation
import Synchronization
import Testing

@testable import Squire

/// The bottom of a deep chain that resolves the top of it again through its `Provider`, as
/// many times as its countdown allows: each resolve and each nesting of them stays inside the
/// documented limits, and together they go as deep as a thread's stack allows and further.
final class SpiralBottom: Sendable {
  init<Top>(again top: Provider<Top>, countdown: SpiralCountdown) throws {
    if countdown.take() { _ = try top.get() }
  }
}

/// A level of a spiral, built from the next one.
protocol Chained: Sendable {
  init(_ next: Any)
}

/// The level `A`, `B`, `C` (three digits) of a spiral.
final class Level<A, B, C>: Chained {
  init(_ next: Any) {}
}

enum LevelDigit0 {}
enum LevelDigit1 {}
enum LevelDigit2 {}
enum LevelDigit3 {}
enum LevelDigit4 {}
enum LevelDigit5 {}
enum LevelDigit6 {}
enum LevelDigit7 {}
enum LevelDigit8 {}
enum LevelDigit9 {}

/// How many more times the bottom of a spiral resolves its top.
final class SpiralCountdown: Sendable {
  private let remaining: Atomic<Int>
  init(_ count: Int) { remaining = Atomic(count) }
  /// Whether one more is allowed; counts it.
  func take() -> Bool { remaining.subtract(1, ordering: .relaxed).newValue >= 0 }
}

/// Nested resolves each within the limits, together past the thread's stack: resolution stops
/// them with the "too deep" error, never a crash, on a thread of any stack size.
@Suite("Stack budget of nested resolves")
struct StackBudgetTests {
  /// A container with a chain `levels` deep whose bottom resolves the top again `again` times;
  /// returns the top's type. The levels are `Level<LevelDigit…, …, …>`, numbered by three digit types:
  /// distinct types with short names (a type nested 190 deep takes more stack to name than a
  /// 512 KB thread has).
  static func spiral(levels: Int, again: Int, in container: Container) -> Any.Type {
    let countdown = SpiralCountdown(again)
    let types = (0..<levels - 1).map(level) + [SpiralBottom.self]
    func add<Current: Chained, Next>(_: Current.Type, _: Next.Type) {
      container.register { (next: Next) in Current(next) }
    }
    func open(_ current: any Chained.Type, _ next: Any.Type) {
      func withNext<Next>(_: Next.Type) { add(current, Next.self) }
      _openExistential(next, do: withNext)
    }
    for index in 0..<levels - 1 {
      open(types[index] as! any Chained.Type, types[index + 1])
    }
    func bottom<Top>(_: Top.Type) {
      container.register { (top: Provider<Top>) throws in
        try SpiralBottom(again: top, countdown: countdown)
      }
    }
    _openExistential(types[0], do: bottom)
    return types[0]
  }

  /// `Level<LevelDigit…, …, …>` for `number` (below 1,000).
  static func level(_ number: Int) -> Any.Type {
    let digits: [Any.Type] = [
      LevelDigit0.self, LevelDigit1.self, LevelDigit2.self, LevelDigit3.self, LevelDigit4.self,
      LevelDigit5.self, LevelDigit6.self, LevelDigit7.self, LevelDigit8.self, LevelDigit9.self,
    ]
    func withA<A>(_: A.Type) -> Any.Type {
      func withB<B>(_: B.Type) -> Any.Type {
        func withC<C>(_: C.Type) -> Any.Type { Level<A, B, C>.self }
        return _openExistential(digits[number % 10], do: withC)
      }
      return _openExistential(digits[number / 10 % 10], do: withB)
    }
    return _openExistential(digits[number / 100], do: withA)
  }

  /// Resolves `top`: 0 when it fails with the "too deep" error that names the stack and a path,
  /// the code to exit with otherwise.
  static func resolveExpectingTooDeep(_ top: Any.Type, in container: Container) -> Int32 {
    func go<T>(_: T.Type) -> Int32 {
      do {
        _ = try container.tryResolve(T.self)
        return 10
      } catch {
        guard case .tooDeep = error.reason else { return 11 }
        guard error.description.contains("stack"), !error.path.isEmpty else { return 12 }
        return 0
      }
    }
    return _openExistential(top, do: go)
  }

  /// Issue 46, 2: 190 levels × 199 nested resolves crashed the process (SIGSEGV); every
  /// resolve and every nesting was inside its own limit.
  @Test func nestedResolvesPastTheStackEndInTheTooDeepError() async {
    await #expect(processExitsWith: .success) {
      let container = Container()
      let top = StackBudgetTests.spiral(
        levels: 190, again: ResolutionContext.maximumNesting - 1, in: container)
      // `_exit`: the spiral is alive, by design, when the child ends; LeakSanitizer's check at
      // `exit` (CI's ASan run) would report it.
      _exit(StackBudgetTests.resolveExpectingTooDeep(top, in: container))
    }
  }

  /// The same on a thread with a 512 KB stack (an Apple platform's secondary thread), where a
  /// single resolve 190 levels deep may be too much already.
  @Test func nestedResolvesOnA512KBThreadEndInTheTooDeepError() async {
    await #expect(processExitsWith: .success) {
      let container = Container()
      let top = StackBudgetTests.spiral(
        levels: 190, again: ResolutionContext.maximumNesting - 1, in: container)
      let code = Mutex<Int32>(20)
      let body = SendableBody {
        code.withLock { $0 = StackBudgetTests.resolveExpectingTooDeep(top, in: container) }
      }
      guard StackBudgetTests.run(stackSize: 512 * 1024, body) else { exit(21) }
      exit(code.withLock { $0 })
    }
  }

  /// What fits in the stack still resolves on a 512 KB thread: the budget stops only what
  /// would not fit.
  @Test func aShallowSpiralResolvesOnA512KBThread() {
    let container = Container()
    let top = Self.spiral(levels: 10, again: 5, in: container)
    let resolved = Mutex(false)
    let body = SendableBody {
      func go<T>(_: T.Type) -> Bool { (try? container.tryResolve(T.self)) != nil }
      let made = _openExistential(top, do: go)
      resolved.withLock { $0 = made }
    }
    #expect(Self.run(stackSize: 512 * 1024, body))
    #expect(resolved.withLock { $0 })
  }

  /// Runs `body` on a new thread with a stack of `stackSize` bytes and waits for it; false if
  /// the thread could not be made.
  static func run(stackSize: Int, _ body: SendableBody) -> Bool {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    guard pthread_attr_setstacksize(&attributes, stackSize) == 0 else { return false }
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let started = pthread_create(
      &thread, &attributes,
      { raw in
        #if canImport(Darwin)
          let raw: UnsafeMutableRawPointer? = raw
        #endif
        Unmanaged<SendableBody>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
      }, Unmanaged.passRetained(body).toOpaque())
    guard started == 0 else { return false }
    #if canImport(Darwin)
      pthread_join(thread!, nil)
    #else
      pthread_join(thread, nil)
    #endif
    return true
  }
}

/// A closure handed to a thread made with `pthread_create`.
final class SendableBody: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
