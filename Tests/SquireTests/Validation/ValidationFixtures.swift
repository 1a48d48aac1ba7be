@testable import Squire

// Modifiers that ask for a dependency in the ways validation must understand. The library's own
// `Lazy`, `Provider` and `by(tag:)` record their edges through the same linker calls; these let
// the validation tests exercise deferred and qualified edges on their own.

/// A dependency linked as deferred (like `Provider`): made only when `make()` is called.
struct Deferred<T>: SpecialParameter {
  let make: () throws(ResolutionError) -> T

  static func makeProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer {
    let body = linker.deferring { linker.producer(for: T.self, qualifier: qualifier).body }
    return Producer<Deferred<T>> { _ throws(ResolutionError) -> Deferred<T> in
      Deferred { () throws(ResolutionError) -> T in
        var context = ResolutionContext()
        return try body(&context)
      }
    }
  }
}

/// A dependency asked for under the tag `Tag`.
struct Tagged<T, Tag>: SpecialParameter {
  let value: T

  static func makeProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer {
    let body = linker.producer(for: T.self, qualifier: .tag(TagRegistry.register(Tag.self))).body
    return Producer<Tagged<T, Tag>> { context throws(ResolutionError) -> Tagged<T, Tag> in
      Tagged(value: try body(&context))
    }
  }
}

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
final class Forge {}
final class PlateArmor: Armor {
  init(forge: Forge) {}
}
final class Knight {
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
final class Page {
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
final class Left {
  init(right: Right) {}
}
final class Right {
  init(left: Left) {}
}
final class Loop {
  init(loop: Deferred<Loop>) {}
}
