import Benchmark
import Dispatch
import Foundation
import Scenarios

/// Runs `total` calls of `body`, split evenly over `threads` threads that run at once.
private func concurrently(threads: Int, total: Int, _ body: @escaping @Sendable () -> Void) {
  let group = DispatchGroup()
  let share = total / threads
  for _ in 0..<threads {
    DispatchQueue.global().async(group: group) {
      for _ in 0..<share { body() }
    }
  }
  group.wait()
}

/// The thread counts S6 is measured with: 1, 2 and every core.
private let threadCounts = Array(Set([1, 2, ProcessInfo.processInfo.activeProcessorCount])).sorted()

/// S1 to S4 and S6 for one builder. Each benchmark iteration runs a thousand operations, so that
/// the numbers reported are per operation (`scalingFactor: .kilo`).
private func scenarios(_ builder: some Builder) {
  let name = type(of: builder).name
  Benchmark("S1 \(name)") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(builder.s1()) }
  }
  Benchmark("S2 \(name)") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(builder.s2()) }
  }
  Benchmark("S3 \(name)") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(builder.s3()) }
  }
  Benchmark("S4 \(name)") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(builder.s4()) }
  }
  Benchmark("S10 \(name)") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(builder.s10()) }
  }
  // The time per operation is the wall clock of all threads' operations divided by their count:
  // the inverse of the throughput.
  for threads in threadCounts {
    Benchmark("S6 \(name) \(threads) thread\(threads == 1 ? "" : "s")") { benchmark in
      concurrently(threads: threads, total: benchmark.scaledIterations.count) {
        blackHole(builder.s2Concurrent())
      }
    }
  }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: 5,
    scalingFactor: .kilo,
    maxDuration: .seconds(1),
    maxIterations: 10_000
  )
  let handWritten = HandWritten()
  let squire = SquireBuilder()
  let swinject = SwinjectBuilder()
  checkAll([handWritten, squire, swinject])
  // S5: a new container, `count` registrations and `validate()`, per iteration.
  for count in [1_000, 10_000] {
    let report = SquireBuilder.registerAndValidate(count: count)
    precondition(report.isValid && report.componentCount == count + 1, "\(report)")
    Benchmark(
      "S5 Squire register and validate \(count)",
      configuration: .init(timeUnits: .microseconds, scalingFactor: .one, maxDuration: .seconds(2))
    ) { benchmark in
      blackHole(SquireBuilder.registerAndValidate(count: count))
    }
  }
  // S7: a child container per unit of work under a 1,000-component parent, against the same
  // graph resolved in the parent.
  let work = UnitOfWork()
  Benchmark("S7 Squire resolve in the parent") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(work.inParent()) }
  }
  Benchmark("S7 Squire new child, resolve in it") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(work.inNewChild()) }
  }
  Benchmark("S7 Squire new child with its own registration, resolve in it") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(work.inNewChildWithItsOwnRegistration()) }
  }
  // S8: register and resolve in turn, in a new container, per iteration.
  for rounds in [1_000, 10_000] {
    Benchmark(
      "S8 Squire register and resolve in turn \(rounds)",
      configuration: .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], timeUnits: .milliseconds,
        scalingFactor: .one, maxDuration: .seconds(2), maxIterations: 3)
    ) { benchmark in
      blackHole(UnitOfWork.registerAndResolveInTurn(rounds: rounds))
    }
  }
  // S8 while two threads resolve from the container: the snapshots each round replaces are
  // freed once they moved on, so peak memory stays that of S8 alone.
  Benchmark(
    "S8 Squire register and resolve in turn 10000, 2 threads resolving meanwhile",
    configuration: .init(
      metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds,
      scalingFactor: .one, maxDuration: .seconds(4), maxIterations: 3)
  ) { benchmark in
    blackHole(UnitOfWork.registerAndResolveInTurn(rounds: 10_000, readers: 2))
  }
  scenarios(handWritten)
  scenarios(squire)
  // S6 by name, tag and `Optional`, beside a plain resolve of the same leaf: they should scale
  // with threads as the plain one does.
  for threads in threadCounts {
    let suffix = "\(threads) thread\(threads == 1 ? "" : "s")"
    Benchmark("S6 Squire plain leaf \(suffix)") { benchmark in
      concurrently(threads: threads, total: benchmark.scaledIterations.count) {
        blackHole(squire.s6Plain())
      }
    }
    Benchmark("S6 Squire named leaf \(suffix)") { benchmark in
      concurrently(threads: threads, total: benchmark.scaledIterations.count) {
        blackHole(squire.s6Named())
      }
    }
    Benchmark("S6 Squire tagged leaf \(suffix)") { benchmark in
      concurrently(threads: threads, total: benchmark.scaledIterations.count) {
        blackHole(squire.s6Tagged())
      }
    }
    Benchmark("S6 Squire optional leaf \(suffix)") { benchmark in
      concurrently(threads: threads, total: benchmark.scaledIterations.count) {
        blackHole(squire.s6Optional())
      }
    }
  }
  // S9: S2 through the async `resolve` (nothing async in the graph), beside S2 above.
  Benchmark("S9 Squire async resolve of S2") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(await squire.s2Async()) }
  }
  scenarios(swinject)
}
