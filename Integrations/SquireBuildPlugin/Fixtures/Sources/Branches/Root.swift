import Squire

// The program: the function that makes the container is called in a `switch` of a
// `main.swift` that does not import Squire. The container is checked, and its registrations get
// generated factories (the fixture test builds it with `SQUIRE_LIST_GENERATED=1`).

protocol Dial: AnyObject {}
final class Sundial: Dial {}
final class Tower {
  let dial: any Dial
  init(dial: any Dial) { self.dial = dial }
}

func makeContainer() -> Container {
  let container = Container()
  container.register(Sundial.init).as(Dial.self)
  container.register(Tower.init)
  return container
}

// The issue's own spelling: both registrations on the line that makes the container. The
// generated table tells them apart by the type each registers.
// swift-format-ignore
func makeCompact() -> Container {
  let c = Container(); c.register(Sundial.init).as(Dial.self); c.register(Tower.init); return c
}
