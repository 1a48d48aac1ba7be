// expect-error: requires that 'Settings' be a class type
import Squire

struct Settings {}

// `inject(into:)` fills an object in place: a value would be copied.
func fill(_ container: Container) {
  container.inject(into: Settings())
}
