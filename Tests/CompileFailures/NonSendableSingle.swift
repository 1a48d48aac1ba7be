// expect-warning: a cached lifetime shares one instance with every thread, and this type is not Sendable
// A cached lifetime shares one instance across threads: for a type that is not Sendable it is
// flagged at compile time (`lifetime(unchecked:)` says it is used safely).
import Squire

final class Tally {
  var count = 0
}

func register(in container: Container) {
  container.register(Tally.init).lifetime(.single)
}
