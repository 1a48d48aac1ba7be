// expect-error: InjectionKeyPathTypo.swift:17:42: error: cannot infer key path type from context
// A typo in the key path of `.injection(\.engnie)`: the error is on its line, but the compiler
// also reports a `@Sendable` conversion (it tried the key path as the closure of
// `.injection { car, engine in ... }`), and not the missing property. No shape of the two
// overloads tried changes that; InjectionAndModifiers.md says what it means. A root type
// (`\Car.engnie`) or the closure form names the typo.
import Squire

final class Engine: Sendable { init() {} }
final class Car: @unchecked Sendable {
  var engine: Engine?
  init() {}
}

func compose(_ container: Container) {
  container.register(Engine.init)
  container.register(Car.init).injection(\.engnie)
}
