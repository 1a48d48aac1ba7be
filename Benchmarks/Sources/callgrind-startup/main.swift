import Foundation
import Squire
import Swinject

// `callgrind-startup MODE N`: one start-up of an app of N classes (500 or 2,000; the graph of
// Scripts/generate-startup.py): every class registered and each resolved once, as `MODE` does it:
// - `none`: nothing (the process alone, subtracted from the others by ../../callgrind-startup.sh);
// - `hand-wired`: the graph wired by hand, each shared instance built once;
// - `squire-register`, `squire-validate`: a container with the N classes' parts appended; and
//   `validate()`d;
// - `squire`, `squire-validated`: the same, then each class resolved once;
// - `swinject-register`, `swinject`: a Swinject container with the N classes registered; and
//   each resolved once.
// `callgrind-startup-plugin` runs the Squire modes with SquireBuildPlugin's generated factories.

/// What was built: kept, so that no mode's objects are optimised away or freed before the end.
nonisolated(unsafe) var kept: [AnyObject] = []

@inline(never)
func keep(_ object: AnyObject) { kept.append(object) }

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), count == 500 || count == 2000 else {
  print("usage: callgrind-startup MODE 500|2000")
  exit(2)
}
let parts = count / 500
kept.reserveCapacity(2000)

func squire(validate: Bool, resolve: Bool) {
  let container = Squire.Container()
  let all: [any Part.Type] = [Startup0.self, Startup1.self, Startup2.self, Startup3.self]
  for part in all.prefix(parts) { container.append(part: part) }
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
  keep(container)
}

func swinject(resolve: Bool) {
  let container = Swinject.Container(defaultObjectScope: .transient)
  registerSwinject0(container)
  if parts > 1 {
    registerSwinject1(container)
    registerSwinject2(container)
    registerSwinject3(container)
  }
  guard resolve else { return }
  resolveSwinject0(container)
  if parts > 1 {
    resolveSwinject1(container)
    resolveSwinject2(container)
    resolveSwinject3(container)
  }
  keep(container)
}

switch arguments[1] {
case "none": break
case "hand-wired":
  let shared = Shared()
  handWired0(shared)
  if parts > 1 {
    handWired1(shared)
    handWired2(shared)
    handWired3(shared)
  }
  keep(shared)
case "squire-register": squire(validate: false, resolve: false)
case "squire-validate": squire(validate: true, resolve: false)
case "squire": squire(validate: false, resolve: true)
case "squire-validated": squire(validate: true, resolve: true)
case "swinject-register": swinject(resolve: false)
case "swinject": swinject(resolve: true)
default:
  print("unknown mode \(arguments[1])")
  exit(2)
}
if arguments[1] != "none" && arguments[1].hasSuffix("register") == false
  && arguments[1].hasSuffix("validate") == false && kept.count != count + 1
{
  fatalError("kept \(kept.count) objects, expected \(count + 1)")
}
