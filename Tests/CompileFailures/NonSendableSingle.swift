// expect-error: type 'Tally' does not conform to the 'Sendable' protocol
// A cached lifetime shares one instance across threads: it asks for a Sendable type.
import Squire

final class Tally {
  var count = 0
}

func register(in container: Container) {
  container.register(Tally.init).lifetime(.single)
}
