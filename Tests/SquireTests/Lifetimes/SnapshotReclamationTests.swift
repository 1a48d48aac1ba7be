import Dispatch
import Synchronization
import Testing

@testable import Squire

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A root container frees the snapshots it replaced once no resolve can be reading them; a
/// `Lazy` or `Provider` made through one keeps working.
@Suite("Snapshot reclamation")
struct SnapshotReclamationTests {
  @Test func aReplacedSnapshotIsFreedOnceNoResolveReadsIt() {
    let container = Container()
    container.register(Service.init)
    _ = container.resolve(Service.self)
    weak let first = container.snapshot
    #expect(first != nil)
    #expect(churn(container) { first == nil })
    #expect((try? container.tryResolve(Service.self)) != nil)
  }

  @Test func registeringAndResolvingInTurnKeepsOnlyAFewSnapshots() {
    let container = Container()
    container.register(Service.init)
    let snapshots = WeakSnapshots()
    for round in 0..<300 {
      container.register { Config(name: "\(round)") }.as(Config.self, name: "\(round)")
      #expect(container.resolve(Config.self, name: "\(round)").name == "\(round)")
      snapshots.add(container.snapshot)
    }
    // Each round replaced the last snapshot: all but the current one and the bases it stands
    // on (a few layers) go, once the resolves of other tests running now end.
    #expect(churn(container) { snapshots.alive <= 16 })
    for round in stride(from: 0, to: 300, by: 37) {
      #expect(container.resolve(Config.self, name: "\(round)").name == "\(round)")
    }
  }

  @Test func aSnapshotStaysWhileAFactoryOnTheSameThreadRegistersAndResolves() {
    let container = Container()
    let first = WeakSnapshot()
    let keptMeanwhile = CallCounter()
    container.register { [unowned container] () -> Blocking in
      // Registering from a factory: each resolve below publishes a new snapshot, but this
      // resolve still runs with the producers of the one it started with.
      for round in 0..<5 {
        container.register { Config(name: "inner \(round)") }.as(
          Config.self, name: "inner \(round)")
        _ = container.resolve(Config.self, name: "inner \(round)")
      }
      if first.snapshot != nil { keptMeanwhile.next() }
      return Blocking()
    }
    container.register(Service.init)
    container.register(WithBlocking.init(blocking:service:))
    _ = container.resolve(Service.self)
    first.snapshot = container.snapshot
    let made = container.resolve(WithBlocking.self)
    #expect(made.blocking !== made.service as AnyObject)
    #expect(keptMeanwhile.value == 1)
    #expect(churn(container) { first.snapshot == nil })
  }

  @Test func aSnapshotStaysWhileAResolveOnAnotherThreadReadsIt() {
    let container = Container()
    let entered = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    container.register { () -> Blocking in
      entered.signal()
      proceed.wait()
      return Blocking()
    }
    container.register(Service.init)
    container.register(WithBlocking.init(blocking:service:))
    _ = container.resolve(Service.self)
    weak let first = container.snapshot
    let resolved = CallCounter()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      // The fast path: the published snapshot's producer, without a reference count.
      let made = container.resolve(WithBlocking.self)
      _ = made
      resolved.next()
    }
    entered.wait()
    for round in 0..<20 {
      container.register { Config(name: "\(round)") }.as(Config.self, name: "\(round)")
      _ = container.resolve(Config.self, name: "\(round)")
    }
    // Replaced twenty times, and kept: the other thread is still inside a resolve through it.
    #expect(first != nil)
    #expect(container.retiredCountForTesting >= 1)
    proceed.signal()
    group.wait()
    #expect(resolved.value == 1)
    #expect(churn(container) { first == nil })
  }

  @Test func aLazyAndAProviderMadeBeforeManyRegistrationsStillResolve() throws {
    // `CycleHead(tail: Lazy<CycleTail>)` with `CycleTail(head: CycleHead)`: the tail's producer
    // goes through a placeholder that closes the cycle. The snapshot that linked it goes; the
    // placeholder stays with the container.
    let container = Container()
    container.register(CycleHead.init).lifetime(.perContainer)
    container.register(CycleTail.init)
    let head = container.resolve(CycleHead.self)
    weak let first = container.snapshot
    #expect(churn(container) { first == nil })
    for round in 0..<200 {
      container.register { Config(name: "\(round)") }.as(Config.self, name: "\(round)")
      _ = container.resolve(Config.self, name: "\(round)")
    }
    #expect(try head.tail.get().head == ObjectIdentifier(head))
    #expect(try head.tails.get().head == ObjectIdentifier(head))
    // The cycle is relinked only when the whole graph is: its placeholders grow with the
    // logarithm of the rounds, not with the rounds.
    #expect(container.cycleCountForTesting <= 32)
  }

  @Test func aContainerFreesTheCyclesOfItsSnapshotsWhenItGoes() throws {
    weak var released: CycleHead?
    weak var container: Container?
    do {
      let made = Container()
      container = made
      made.register(CycleHead.init).lifetime(.perContainer)
      made.register(CycleTail.init)
      let head = made.resolve(CycleHead.self)
      _ = try head.tail.get()
      released = head
      _ = churn(made, rounds: 20) { false }
      #expect(made.cycleCountForTesting >= 1)
    }
    #expect(container == nil)
    #expect(released == nil)
  }

  @Test func aChildLetsGoOfTheSnapshotsItReplaced() throws {
    let root = Container()
    root.register(Service.init)
    let child = Container(parent: root)
    child.register(CycleHead.init).lifetime(.perContainer)
    child.register(CycleTail.init)
    let head = child.resolve(CycleHead.self)
    weak let first = child.snapshot
    child.register(Consumer.init)
    _ = child.resolve(Consumer.self)
    // A child's snapshot is read with a reference count: it goes as soon as it is replaced.
    #expect(first == nil)
    #expect(try head.tail.get().head == ObjectIdentifier(head))
    #expect(try head.tails.get().head == ObjectIdentifier(head))
  }

  @Test func anAsyncResolveHoldsItsProducerAcrossSuspensions() async {
    let container = Container()
    let (started, didStart) = AsyncStream<Void>.makeStream()
    let (gate, open) = AsyncStream<Void>.makeStream()
    container.register { () async -> Gated in
      didStart.yield()
      for await _ in gate { break }
      return Gated()
    }
    container.register(Service.init)
    container.register(GatedPair.init(gated:service:))
    _ = await container.resolve(Service.self)
    let first = WeakSnapshot()
    first.snapshot = container.snapshot
    let task = Task { await container.resolve(GatedPair.self) }
    for await _ in started { break }
    // Suspended, on no thread: the snapshot it started from is freed meanwhile, and the rest
    // of the resolve (the `Service`) runs with the producers it retained.
    #expect(await churn(container) { first.snapshot == nil })
    open.yield()
    let pair = await task.value
    #expect(pair.gated !== pair.service as AnyObject)
  }

  @Test func resolvesOnSeveralThreadsWhileAnotherRegisters() {
    let container = Container()
    container.register(Service.init)
    container.register(Consumer.init)
    container.register(CycleHead.init).lifetime(.perContainer)
    container.register(CycleTail.init)
    container.register { Config(name: "fixed") }.as(Config.self, name: "fixed")
    _ = container.resolve(Consumer.self)
    weak let first = container.snapshot
    let failures = CallCounter()
    onThreads(4) { index in
      if index == 0 {
        for round in 0..<300 {
          container.register { Config(name: "\(round)") }.as(Config.self, name: "\(round)")
          if (try? container.tryResolve(Config.self, name: "\(round)"))?.name != "\(round)" {
            failures.next()
          }
          // Named only: a layer linked between `register` and `.as` must not leave it
          // answering a plain `Config`.
          if (try? container.tryResolve(Config.self)) != nil { failures.next() }
        }
        return
      }
      for step in 0..<1_500 {
        switch step % 4 {
        case 0:
          // The fast path, or linking when a registration just unpublished the snapshot.
          if (try? container.tryResolve(Consumer.self)) == nil { failures.next() }
        case 1:
          if (try? container.tryResolve(Config.self, name: "fixed"))?.name != "fixed" {
            failures.next()
          }
        case 2:
          let head = try? container.tryResolve(CycleHead.self)
          let tail = try? head?.tail.get()
          if head == nil || tail?.head != head.map(ObjectIdentifier.init) { failures.next() }
        default:
          let optional: Service? = container.resolve()
          if optional == nil { failures.next() }
        }
      }
    }
    #expect(failures.value == 0)
    #expect(churn(container) { first == nil })
  }
}

/// A snapshot held weakly, readable from a factory's closure.
final class WeakSnapshot: @unchecked Sendable {
  private let lock = Lock()
  private weak var held: Snapshot?

  var snapshot: Snapshot? {
    get { lock.withLock { held } }
    set { lock.withLock { held = newValue } }
  }
}

/// Many snapshots held weakly.
final class WeakSnapshots {
  private var held: [WeakSnapshot] = []

  func add(_ snapshot: Snapshot) {
    let weak = WeakSnapshot()
    weak.snapshot = snapshot
    held.append(weak)
  }

  /// How many are still alive.
  var alive: Int { held.count(where: { $0.snapshot != nil }) }
}

/// A number for each `churn` round, unique across tests, so that names never collide.
private let churnRounds = Atomic<Int>(0)

/// Registers and resolves a new named `Config`, round after round, until `done` holds: each
/// round replaces the container's snapshot and gives it a chance to free the ones it replaced.
/// A resolve that another test runs at the same time on another thread (some block for a while)
/// delays the freeing: rounds go on, a millisecond apart after the first few, for up to twenty
/// seconds or `rounds` rounds.
func churn(_ container: Container, rounds: Int = 20_000, until done: () -> Bool) -> Bool {
  let deadline = ContinuousClock.now + .seconds(20)
  for count in 0..<rounds {
    if done() { return true }
    if ContinuousClock.now > deadline { return false }
    churnRound(container)
    if count >= 10 { usleep(1_000) }
  }
  return done()
}

/// The same from async code: it sleeps between rounds without holding its thread, which the
/// tasks of other tests may need.
func churn(_ container: Container, until done: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(20)
  for count in 0..<20_000 {
    if done() { return true }
    if ContinuousClock.now > deadline { return false }
    churnRound(container)
    if count >= 10 { try? await Task.sleep(for: .milliseconds(1)) }
  }
  return done()
}

/// One round of `churn`: a new named `Config`, registered and resolved.
private func churnRound(_ container: Container) {
  let round = churnRounds.add(1, ordering: .relaxed).newValue
  container.register { Config(name: "churn \(round)") }.as(Config.self, name: "churn \(round)")
  _ = container.resolve(Config.self, name: "churn \(round)")
}

final class Blocking: Sendable { init() {} }

final class WithBlocking: Sendable {
  let blocking: Blocking
  let service: Service
  init(blocking: Blocking, service: Service) {
    self.blocking = blocking
    self.service = service
  }
}

final class Gated: Sendable { init() {} }

final class GatedPair: Sendable {
  let gated: Gated
  let service: Service
  init(gated: Gated, service: Service) {
    self.gated = gated
    self.service = service
  }
}
