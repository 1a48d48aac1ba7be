import Foundation
import Squire

// `callgrind-startup-plugin MODE N`: `callgrind-startup`'s Squire modes (none, squire-register,
// squire-validate, squire, squire-validated) for an app of N classes (500 or 2,000), in a target
// with SquireBuildPlugin applied: the same registrations (`Squire.swift`, written by
// Scripts/generate-startup.py) through the plugin's generated factories.

/// What was built: kept, so that no mode's objects are optimised away or freed before the end.
nonisolated(unsafe) var kept: [AnyObject] = []

@inline(never)
func keep(_ object: AnyObject) { kept.append(object) }

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count == 500 || count == 2000 else {
  print("usage: callgrind-startup-plugin MODE 500|2000")
  exit(2)
}
let parts = count / 500
kept.reserveCapacity(2000)

// The parts are appended one by one, as an app appends its parts, in a function per size: the
// plugin's build check reads each container whole (it does not follow a loop over parts), finds
// it clean and describes it in the generated table, so that `validate()` does not walk it again.
func makeContainer500() -> Container {
  let container = Container()
  container.append(part: Startup0.self)
  return container
}

func makeContainer2000() -> Container {
  let container = Container()
  container.append(part: Startup0.self)
  container.append(part: Startup1.self)
  container.append(part: Startup2.self)
  container.append(part: Startup3.self)
  return container
}

func squire(validate: Bool, resolve: Bool) {
  if parts == 1 {
    squire(makeContainer500(), validate: validate, resolve: resolve)
  } else {
    squire(makeContainer2000(), validate: validate, resolve: resolve)
  }
}

func squire(_ container: Container, validate: Bool, resolve: Bool) {
  if validate {
    do { try container.validate().requireValid() } catch { fatalError("\(error)") }
  }
  guard resolve else { return }
  resolveSquire0(container)
  if parts > 1 {
    resolveSquire1(container)
    resolveSquire2(container)
    resolveSquire3(container)
  }
  // Kept through a child, which holds its parent: handed to `keep` itself, the container would
  // be one the build check cannot follow (and `validate()` would walk it in every mode).
  keep(Container(parent: container))  // squire: dynamic
}

switch arguments[1] {
case "none": break
case "squire-register": squire(validate: false, resolve: false)
case "squire-validate": squire(validate: true, resolve: false)
case "squire": squire(validate: false, resolve: true)
case "squire-validated": squire(validate: true, resolve: true)
default:
  print("unknown mode \(arguments[1])")
  exit(2)
}
if arguments[1].hasPrefix("squire") && !arguments[1].hasSuffix("register")
  && !arguments[1].hasSuffix("validate") && kept.count != count + 1
{
  fatalError("kept \(kept.count) objects, expected \(count + 1)")
}
