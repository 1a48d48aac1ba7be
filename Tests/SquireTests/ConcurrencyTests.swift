import Dispatch
import Foundation
import Testing

@testable import Squire

@Suite("Concurrency")
struct ConcurrencyTests {
  /// Starts `threads` threads that wait at a gate, then all call `body` at once.
  private func race(threads: Int, _ body: @escaping @Sendable () -> Void) {
    let ready = DispatchGroup()
    let done = DispatchGroup()
    let gate = DispatchSemaphore(value: 0)
    for _ in 0..<threads {
      ready.enter()
      done.enter()
      // Real threads: the cooperative pool has only as many as there are cores.
      Thread.detachNewThread {
        ready.leave()
        gate.wait()
        body()
        done.leave()
      }
    }
    ready.wait()
    for _ in 0..<threads { gate.signal() }
    done.wait()
  }

  @Test(arguments: [Lifetime.single, .perContainer])
  func concurrentFirstResolvesCreateExactlyOneInstance(lifetime: Lifetime) {
    for _ in 0..<20 {
      let counter = Counter()
      let container = Container()
      container.register { () -> Service in
        counter.increment()
        return Service()
      }.lifetime(lifetime)
      let seen = Seen()
      race(threads: 64) {
        seen.insert(ObjectIdentifier(container.resolve(Service.self)))
      }
      #expect(counter.count == 1)
      #expect(seen.count == 1)
    }
  }

  @Test func resolvingWhileRegisteringIsSafe() {
    let container = Container()
    container.register(Service.init)
    container.register(Consumer.init)
    race(threads: 8) {
      for index in 0..<200 {
        _ = container.resolve(Consumer.self)
        if index % 50 == 0 {
          container.register { Config(name: "\(index)") }
        }
      }
    }
    #expect(container.resolve(Consumer.self).service !== container.resolve(Service.self))
  }
}

/// The identities seen by racing threads. Guarded by a pthread-based lock rather than
/// `Synchronization.Mutex`, whose futex calls Thread Sanitizer cannot see.
private final class Seen: @unchecked Sendable {
  private let lock = NSLock()
  private var identities: Set<ObjectIdentifier> = []

  func insert(_ identity: ObjectIdentifier) {
    lock.lock()
    identities.insert(identity)
    lock.unlock()
  }

  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return identities.count
  }
}
