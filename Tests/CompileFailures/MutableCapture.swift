// expect-error: mutation of captured var 'made' in concurrently-executing code
// A factory may run on any thread: one that mutates what it captures must not compile.
import Squire

final class Widget: Sendable {}

func register(in container: Container) {
  var made = 0
  container.register { () -> Widget in
    made += 1
    return Widget()
  }
  _ = made
}
