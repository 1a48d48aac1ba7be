// `callgrind MODE SCENARIO N`: builds the graph of SCENARIO (s1 to s4, s10) N times with MODE
// (hand-written, squire, swinject). Run under valgrind by ../../callgrind.sh, which subtracts two
// runs of different N so that start-up and registration cancel out.
//
// `callgrind squire s5 N`: registers N components in a new container and validates it (S5).
//
// `callgrind squire s9 N`: builds the S2 graph N times with `await container.resolve()` (S9).
//
// `callgrind squire s7 N`, `s7-parent N`, `s7-own N`: N children created under a 1,000-component
// parent, the ten-class graph resolved in each (S7); the same graph resolved N times in the parent;
// N children each with a registration of their own.
//
// `callgrind squire s13 N`, `s13-none N`, `s13-used N`: N request scopes under the S7 parent: a
// child with the request's two values registered, a handler over a `.perContainer` transaction
// with a cleanup resolved in it, the child closed (S13); the same without the values; the same
// with a handler that depends on one of them. `s13-filled N`: the handler that depends on the
// user, the user handed to each scope as its instance of a `.perContainer` component of the
// parent (`fill`, SquireHummingbird's way) instead of being registered in it. `s13-async N`:
// `s13-none` from async code, as RequestScopeMiddleware does it (`await resolve()`,
// `await close()`). `s13-unshared N`: `s13-async` with a child its parent does not close
// (`Container(parent:closedByParent: false)`), as RequestScopeMiddleware makes each request's
// scope now. `s13-empty N`: a child made and closed, nothing resolved in it.
//
// `callgrind squire s11 N`, `s11-single N`, `s12 N`: the S2 graph with a decorator on a leaf,
// the S3 graph with a decorator on its `.single` leaf, and the S2 graph with a contextual binding.
//
// `callgrind squire s8 N`: N rounds of one registration and one resolve in a new container (S8).
// `callgrind squire s8-time N [READERS]`: the same outside valgrind (with READERS other threads
// resolving from the container meanwhile), printing the time and the process's peak resident
// memory.
//
// `callgrind squire s14-bound N`, `s14-task N`, `s14-default N`, `s14-property N`,
// `s14-property-default N`:
// N reads of `Container.ambient` inside `withAmbient` (on a thread; in a task), where the process
// default answers, and of an `@Ambient` property after its first read (bound; by the default).
// `s14-stored N`, `s14-global N`: the baselines, N reads of a class reference in a stored `let`
// property of an object and of a container in a global constant (`static let`), kept by the same
// call.
//
// `callgrind MODE s6 N THREADS`: builds the S2 graph N times, split over THREADS threads at once,
// and prints the wall-clock nanoseconds per graph: S6 without the benchmark harness's malloc
// interposer.
import Dispatch
import Foundation
import GeneratedScenarios
import Scenarios

let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 5, let count = Int(arguments[3]), count >= 0
else {
  print("usage: callgrind hand-written|squire|swinject s1|s2|s3|s4|s10 N")
  print("       callgrind hand-written|squire|swinject s6 N THREADS")
  exit(2)
}

// `callgrind generated s2|s3|s10 N`: the same graphs registered as Squire's, resolved through
// the factories SquireBuildPlugin generates.
if arguments[1] == "generated" {
  let generated = GeneratedBuilder()
  let shapes = [generated.s2().shape, generated.s3().shape, generated.s10().shape]
  guard shapes.allSatisfy({ $0 == expectedShape }) else { fatalError("generated built \(shapes)") }
  switch arguments[2] {
  case "s2": for _ in 0..<count { consume(generated.s2()) }
  case "s3": for _ in 0..<count { consume(generated.s3()) }
  case "s10": for _ in 0..<count { consume(generated.s10()) }
  default: fatalError("generated: unknown scenario \(arguments[2])")
  }
  exit(0)
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

/// The process's peak resident memory so far, in kilobytes.
func peakResidentKilobytes() -> Int {
  var usage = rusage()
  #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss) / 1024
  #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss)
  #endif
}

/// Keeps `value` alive until the call returns, and the call itself from being optimised away.
@Sendable @inline(never)
func consume(_ value: AnyObject) {}

func run(_ builder: some Builder, _ scenario: String, _ count: Int) {
  switch scenario {
  case "s1": for _ in 0..<count { consume(builder.s1()) }
  case "s2": for _ in 0..<count { consume(builder.s2()) }
  case "s3": for _ in 0..<count { consume(builder.s3()) }
  case "s4": for _ in 0..<count { consume(builder.s4()) }
  case "s10": for _ in 0..<count { consume(builder.s10()) }
  case "s6":
    let threads = arguments.count == 5 ? Int(arguments[4]) ?? 1 : 1
    let group = DispatchGroup()
    let start = ContinuousClock.now
    for _ in 0..<threads {
      DispatchQueue.global().async(group: group) {
        for _ in 0..<count / threads { consume(builder.s2Concurrent()) }
      }
    }
    group.wait()
    let elapsed = ContinuousClock.now - start
    let nanoseconds =
      Double(elapsed.components.seconds) * 1e9
      + Double(elapsed.components.attoseconds) / 1e9
    print("\(arguments[1]) \(threads) thread(s): \(Int(nanoseconds / Double(count))) ns per graph")
  default:
    print("unknown scenario \(scenario)")
    exit(2)
  }
}

// S6 by name, tag and `Optional` (Squire's): `callgrind squire s6-named|s6-tagged|s6-optional|
// s6-plain N THREADS` resolves one leaf N times, split over THREADS threads, and prints the
// wall-clock nanoseconds per resolve.
if arguments[2].hasPrefix("s6-"), arguments[1] == "squire" {
  let squire = SquireBuilder()
  let threads = arguments.count == 5 ? Int(arguments[4]) ?? 1 : 1
  let kind = arguments[2]
  let group = DispatchGroup()
  let start = ContinuousClock.now
  for _ in 0..<threads {
    DispatchQueue.global().async(group: group) {
      for _ in 0..<count / threads {
        switch kind {
        case "s6-named": consume(squire.s6Named())
        case "s6-tagged": consume(squire.s6Tagged())
        case "s6-optional": consume(squire.s6Optional()!)
        default: consume(squire.s6Plain())
        }
      }
    }
  }
  group.wait()
  let elapsed = ContinuousClock.now - start
  let nanoseconds =
    Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
  print("\(kind) \(threads) thread(s): \(Int(nanoseconds / Double(count))) ns per resolve")
  exit(0)
}

// S5 is Squire's alone: N registrations and `validate()` in a new container.
if arguments[2] == "s5" {
  let report = SquireBuilder.registerAndValidate(count: count)
  guard report.isValid, report.componentCount == count + 1 else {
    print(report)
    exit(1)
  }
  exit(0)
}

// S7 and S8 are Squire's alone too.
switch arguments[2] {
case "s7", "s7-parent", "s7-own":
  let work = UnitOfWork()
  for _ in 0..<count {
    switch arguments[2] {
    case "s7": consume(work.inNewChild())
    case "s7-parent": consume(work.inParent())
    default: consume(work.inNewChildWithItsOwnRegistration())
    }
  }
  exit(0)
case "s13-empty":
  let scope = RequestScope()
  for _ in 0..<count { consume(scope.empty()) }
  exit(0)
case "s13", "s13-none", "s13-used", "s13-filled":
  let scope = RequestScope(
    userHandler: arguments[2] == "s13-used" || arguments[2] == "s13-filled",
    filled: arguments[2] == "s13-filled")
  for index in 0..<count {
    switch arguments[2] {
    case "s13": consume(scope.withValues(index))
    case "s13-none": consume(scope.withoutValues())
    case "s13-filled": consume(scope.withFilledValue())
    default: consume(scope.withUsedValues(index))
    }
  }
  exit(0)
case "s13-async", "s13-unshared":
  // From a detached task, as S9: valgrind does not run an async top-level program.
  let scope = RequestScope()
  let done = DispatchSemaphore(value: 0)
  let unshared = arguments[2] == "s13-unshared"
  Task.detached {
    for _ in 0..<count {
      consume(unshared ? await scope.withoutValuesUnshared() : await scope.withoutValuesAsync())
    }
    done.signal()
  }
  done.wait()
  exit(0)
case "s11", "s11-single", "s12", "s11-base", "s11-single-base":
  // Each called straight from its own loop, the undecorated graphs (`-base`: S2 and S3) too, so
  // that the figures differ only by what the container does.
  let squire = SquireBuilder()
  switch arguments[2] {
  case "s11": for _ in 0..<count { consume(squire.s11()) }
  case "s11-single": for _ in 0..<count { consume(squire.s11Single()) }
  case "s11-base": for _ in 0..<count { consume(squire.s2()) }
  case "s11-single-base": for _ in 0..<count { consume(squire.s3()) }
  default: for _ in 0..<count { consume(squire.s12()) }
  }
  exit(0)
case "s8":
  guard UnitOfWork.registerAndResolveInTurn(rounds: count) != nil || count == 0 else { exit(1) }
  exit(0)
case "s8-time":
  let readers = arguments.count == 5 ? Int(arguments[4]) ?? 0 : 0
  let before = peakResidentKilobytes()
  let start = ContinuousClock.now
  var reads = 0
  if readers == 0 {
    guard UnitOfWork.registerAndResolveInTurn(rounds: count) != nil || count == 0 else { exit(1) }
  } else {
    reads = UnitOfWork.registerAndResolveInTurn(rounds: count, readers: readers)
  }
  let elapsed = ContinuousClock.now - start
  let milliseconds =
    Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
  let peak = peakResidentKilobytes()
  let meanwhile = readers == 0 ? "" : ", \(readers) threads resolving meanwhile (\(reads) resolves)"
  print(
    "S8 \(count) rounds\(meanwhile): \(Int(milliseconds)) ms, peak resident \(peak / 1024) MB "
      + "(\((peak - before) / 1024) MB over the \(before / 1024) MB before the rounds)")
  exit(0)
case "s14-bound", "s14-task", "s14-default", "s14-property", "s14-property-default",
  "s14-stored", "s14-global":
  // S14: N reads of `Container.ambient` bound with `withAmbient` (on a thread; in a task), given
  // by the process default, and of an `@Ambient` property (bound; by the process default).
  let kept: Int
  switch arguments[2] {
  case "s14-bound": kept = AmbientReads.bound(count)
  case "s14-task": kept = AmbientReads.boundInTask(count)
  case "s14-default": kept = AmbientReads.processDefault(count)
  case "s14-property": kept = AmbientReads.property(count)
  case "s14-stored": kept = AmbientReads.storedProperty(count)
  case "s14-global": kept = AmbientReads.globalConstant(count)
  default: kept = AmbientReads.propertyByDefault(count)
  }
  exit(kept == -1 ? 1 : 0)
case "s9":
  // S9: the async resolve of a graph with nothing async in it. Run from a detached task: valgrind
  // does not run an async top-level program.
  let squire = SquireBuilder()
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    for _ in 0..<count { consume(await squire.s2Async()) }
    done.signal()
  }
  done.wait()
  exit(0)
default:
  break
}

run(builder, arguments[2], count)
