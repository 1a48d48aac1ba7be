/// A parameter filled with every implementation of `Element`: what `$0` is in
/// `register { Garrison(knights: many($0)) }`. Unwrap it with ``many(_:)``.
public struct Many<Element> {
  @usableFromInline
  let elements: [Element]

  @usableFromInline
  init(_ elements: [Element]) {
    self.elements = elements
  }
}

/// Takes every component resolvable as the plain type (no name, no tag), in registration order;
/// an empty array when there is none. A component forwarded only under a name or a tag is left
/// out, as keyed services are by Autofac and Microsoft.Extensions.DependencyInjection: a name
/// sets a component apart for the code that asks for it by that name.
///
/// ```swift
/// container.register(Sword.init).as(Weapon.self)
/// container.register(Lance.init).as(Weapon.self)
/// container.register(Dagger.init).as(Weapon.self, name: "spare")        // left out
/// container.register(Mace.init).as(Weapon.self, tag: Heavy.self)        // left out
/// container.register(Axe.init).as(Weapon.self).as(Weapon.self, tag: Heavy.self)
/// container.register { Armory(weapons: many($0)) }       // [Sword, Lance, Axe]
/// container.register { Forge(heavy: many(by(tag: Heavy.self, $0))) }   // [Mace, Axe]
/// container.register(Car.init).injection(\.wheels) { many($0) }
/// ```
///
/// To have `many` collect a named or tagged component, forward it as the plain type too
/// (`.as(Weapon.self)`, as `Axe` is above); to collect the ones under a tag, nest ``by(tag:_:)``.
///
/// The implementations come from the nearest container that has any: a child container's
/// registrations replace its parent's, as they do for a single dependency. Combine with other
/// modifiers: `many($0)` where `$0` is `Many<Lazy<Weapon>>` gives `[Lazy<Weapon>]`, and into
/// `[Weapon?]` it gives every implementation too.
///
/// - Parameter parameter: The closure's parameter (`$0`, `$1`, ...).
/// - Returns: Every implementation, in registration order.
@inlinable
public func many<Element>(_ parameter: Many<Element>) -> [Element] {
  parameter.elements
}

extension Many: SpecialParameter {
  static func makeProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer {
    let producers = linker.allProducers(for: Element.self, qualifier: qualifier)
    let bodies = producers.map { $0.body }
    let asyncBodies =
      producers.contains { $0.asyncBody != nil } ? producers.map { $0.anyAsyncBody } : nil
    return Producer<Many<Element>>(
      { context throws(ResolutionError) -> Many<Element> in
        var elements: [Element] = []
        elements.reserveCapacity(bodies.count)
        for body in bodies { elements.append(try body(&context)) }
        return Many(elements)
      },
      async: asyncBodies.map(collecting))
  }

  private static func collecting(_ bodies: [AsyncBody<Element>]) -> AsyncBody<Many<Element>> {
    { context async throws(ResolutionError) -> Many<Element> in
      var elements: [Element] = []
      elements.reserveCapacity(bodies.count)
      for body in bodies { elements.append(try await body(&context)) }
      return Many(elements)
    }
  }
}

/// Lets diagnostics see that a missing type is an array, which `many` fills.
protocol CollectionParameter {
  static var elementType: Any.Type { get }
}

extension Array: CollectionParameter {
  static var elementType: Any.Type { Element.self }
}
