import Dispatch
import Foundation
import Synchronization
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
      let seen = Mutex<Set<ObjectIdentifier>>([])
      race(threads: 64) {
        let service = container.resolve(Service.self)
        seen.withLock { _ = $0.insert(ObjectIdentifier(service)) }
      }
      #expect(counter.count == 1)
      #expect(seen.withLock { $0.count } == 1)
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
