@testable import Squire

// A modifier that asks for a dependency by name, which the library offers only for injected
// properties (`injection(name:)`): it lets the validation tests put a named edge anywhere.

/// Gives a name to ask for with ``Named``.
protocol NameSource {
  static var name: String { get }
}

/// A dependency asked for under `Source.name`.
struct Named<T, Source: NameSource>: SpecialParameter {
  let value: T

  static func makeProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer {
    let body = linker.producer(for: T.self, qualifier: .name(Source.name)).body
    return Producer<Named<T, Source>> { context throws(ResolutionError) -> Named<T, Source> in
      Named(value: try body(&context))
    }
  }
}

enum Lowercase: NameSource { static let name = "steel" }

// A small castle: Keep → Knight → Armor → Forge, with a Smith beside it.

protocol Armor: AnyObject {}
final class Forge: Sendable {}
final class PlateArmor: Armor {
  init(forge: Forge) {}
}
final class Knight: Sendable {
  init(armor: Armor) {}
}
final class Keep {
  init(knight: Knight) {}
}
final class Smith {
  init(forge: Forge) {}
}
final class Herald {
  init(name: String) {}
}
final class Page: Sendable {
  init(herald: Herald) {}
}
enum Ceremonial {}
enum Tournament {}

class Horse {}
final class Destrier: Horse {}
final class Stable {
  init(horse: Horse) {}
}

// Two components that need each other.
final class Left: Sendable {
  init(right: Right) {}
}
final class Right: Sendable {
  init(left: Left) {}
}
final class Loop {
  init(loop: Provider<Loop>) {}
}
