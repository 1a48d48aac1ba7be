import Squire

/// The greeter of "From Factory" in "Migrating from Swinject, DITranquillity or Factory": what
/// its samples use (`<!-- sample: uses Greetings -->`), as the page shows it.
enum Greetings {
  protocol Greeter: AnyObject, Sendable { var greeting: String { get } }

  final class LiveGreeter: Greeter {
    let greeting = "Hello"
  }

  final class MockGreeter: Greeter {
    let greeting = "Hi from the mock"
  }
}
