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

// The parts are appended in a loop, which the plugin's build check does not follow; the
// generated factories do not depend on it.
func squire(validate: Bool, resolve: Bool) {
  let container = Container()  // squire: dynamic
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
