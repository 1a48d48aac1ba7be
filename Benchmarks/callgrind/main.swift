// `callgrind MODE SCENARIO N`: builds the graph of SCENARIO (s1, s2, s3) N times with MODE
// (hand-written, squire, swinject). Run under valgrind by ../callgrind.sh, which subtracts two
// runs of different N so that start-up and registration cancel out.
import Foundation
import Scenarios

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[3]), count >= 0 else {
  print("usage: callgrind hand-written|squire|swinject s1|s2|s3 N")
  exit(2)
}

let builder: any Builder
switch arguments[1] {
case "hand-written": builder = HandWritten()
case "squire": builder = SquireBuilder()
case "swinject": builder = SwinjectBuilder()
default:
  print("unknown mode \(arguments[1])")
  exit(2)
}
if let failure = check(builder) {
  print(failure)
  exit(1)
}

/// Keeps `value` alive until the call returns, and the call itself from being optimised away.
@inline(never)
func consume(_ value: AnyObject) {}

func run(_ builder: some Builder, _ scenario: String, _ count: Int) {
  switch scenario {
  case "s1": for _ in 0..<count { consume(builder.s1()) }
  case "s2": for _ in 0..<count { consume(builder.s2()) }
  case "s3": for _ in 0..<count { consume(builder.s3()) }
  default:
    print("unknown scenario \(scenario)")
    exit(2)
  }
}

run(builder, arguments[2], count)
