import Foundation
import Squire
import Synchronization
import Testing

@testable import SquireTesting

protocol Greeting: Sendable {
  var text: String { get }
}

struct FixedGreeting: Greeting {
  let text: String
}

/// A prototype of the base that depends on the greeting.
final class Greeter: Sendable {
  let greeting: any Greeting
  init(greeting: any Greeting) { self.greeting = greeting }
}

/// A `.perContainer` component of the base: each test's child builds its own.
final class Session: Sendable {
  let greeting: any Greeting
  init(greeting: any Greeting) { self.greeting = greeting }
}

/// An `.objectGraph` component of the base.
final class Courier: Sendable {
  let greeting: any Greeting
  init(greeting: any Greeting) { self.greeting = greeting }
}

/// A `.weak` component of the base.
final class Lamp: Sendable {
  let greeting: any Greeting
  init(greeting: any Greeting) { self.greeting = greeting }
}

/// A `.single` of the base: built once, in the base, with the base's greeting.
final class Station: Sendable {
  let greeting: any Greeting
  init(greeting: any Greeting) { self.greeting = greeting }
}

/// A test's own resource, with a cleanup.
final class Tracker: Sendable {
  let label: String
  init(label: String) { self.label = label }
}

/// A type the container does not build, with an ambient property.
struct Postcard {
  @Ambient var greeting: any Greeting
}

/// Something a test's override needs and nothing provides.
protocol Printer {}
final class Letter {
  init(printer: any Printer) {}
}

enum App {
  /// The composition root the tests derive their containers from.
  static let base = makeBase()

  static func makeBase() -> Container {
    let base = Container()
    base.register { FixedGreeting(text: "base") }.as((any Greeting).self)
    base.register(Greeter.init(greeting:))
    base.register(Session.init(greeting:)).lifetime(.perContainer)
    base.register(Station.init(greeting:)).lifetime(.single)
    base.register(Courier.init(greeting:)).lifetime(.objectGraph)
    base.register(Lamp.init(greeting:)).lifetime(.weak)
    return base
  }
}

/// Counts something across threads.
final class Counter: Sendable {
  private let value = Atomic(0)
  func add() { value.add(1, ordering: .relaxed) }
  var count: Int { value.load(ordering: .relaxed) }
}

/// A reference a `@Sendable` closure can fill. (A lock Thread Sanitizer sees: the standard
/// library's `Mutex` is not instrumented.)
final class Captured<Value: AnyObject & Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value?
  func set(_ new: Value) { lock.withLock { value = new } }
  var current: Value? { lock.withLock { value } }
}

extension ContainerTrait {
  /// Runs `body` in the scope the trait gives the current test, as Swift Testing would.
  func run(_ body: @escaping @Sendable () async throws -> Void) async throws {
    try await withContainer(for: Test.current?.name ?? "an exit test", performing: body)
  }
}
