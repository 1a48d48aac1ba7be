// expect-error: say which type to resolve
// A `resolve()` whose type the compiler cannot infer is refused with what to write, by an
// unavailable overload that returns `Never`: no type of Squire's own is named for it.
import Squire

final class Knight {}

func compositionRoot(container: Container) {
  let knight = container.resolve()
  _ = knight
}
