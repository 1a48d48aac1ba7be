// expect-error: ArgAndDependencyInOneParameter.swift:15:13: error:
// One closure parameter used both as a runtime argument (`arg($0)`) and as a dependency (`$0`):
// the error is on the `register` line. Its words cannot be helped by Squire's overloads: with
// one `register` the compiler says "conflicting arguments to generic parameter", with one per
// number of parameters (which keep long chains quick to type-check) it says "failed to produce
// diagnostic for expression". InjectionAndModifiers.md says what it means: each `$n` is one
// parameter, `register { X(a: arg($0), b: $1) }`.
import Squire

final class Engine: Sendable { init() {} }
struct Gauge { init(a: Int, b: Engine) {} }

func compose(_ container: Container) {
  container.register(Engine.init)
  container.register { Gauge(a: arg($0), b: $0) }
}
