// expect-warning: 'by(tag:on:)' is deprecated: write `by(tag: T.self, $0)`
// `by(tag:on:)`, the former twin of seed 004's `by(tag:_:)`, still compiles, with a fix-it to
// the one spelling.
import Squire

enum Sport {}
protocol Body {}
final class SportBody: Body { init() {} }
final class Car {
  init(body: any Body) { _ = body }
}

func compositionRoot(container: Container) {
  container.register(SportBody.init).as((any Body).self, tag: Sport.self)
  container.register { Car(body: by(tag: Sport.self, on: $0)) }
}
