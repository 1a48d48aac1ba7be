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

/// The spare creation each thread keeps for its outermost resolves (one allocation fewer per
/// request's scope).
@Suite("Spare creations")
struct SpareCreationTests {
  @Test func aThreadReusesItsSpareCreationFromScopeToScope() {
    let parent = Container()
    parent.register(Service.init).lifetime(.perContainer)
    _ = Container(parent: parent).resolve(Service.self)
    // Held weakly: a strong reference here would keep the thread from reusing it.
    weak let spare = Creation.spareForTesting
    #expect(spare != nil)
    for _ in 0..<3 {
      let scope = Container(parent: parent)
      _ = scope.resolve(Service.self)
      #expect(Creation.spareForTesting === spare)
    }
    // The weak reference gave the spare a side table, which LeakSanitizer would report as
    // leaked if the spare outlived the test on this (pooled) thread.
    Creation.releaseSpareForTesting()
    #expect(spare == nil)
  }

  @Test func aResolveInsideAFactoryIsToldItAsksForWhatItMakes() {
    let container = Container()
    let nested = Locked<ResolutionError?>(nil)
    container.register { [unowned container] () -> Service in
      // The outer resolve holds the thread's spare; this one has a creation of its own, whose
      // outer one is making the instance asked for.
      do {
        _ = try container.tryResolve(Service.self)
      } catch {
        nested.withLock { $0 = error as? ResolutionError }
      }
      return Service()
    }
    .lifetime(.perContainer)
    for _ in 0..<3 {
      _ = container.resolve(Service.self)
      let error = nested.withLock { $0 }
      #expect(error?.description.contains("cycle") == true)
      nested.withLock { $0 = nil }
      container.resetInstances(of: .perContainer)
    }
  }

  #if canImport(Glibc)
    /// Each of many short-lived threads resolves a cached instance, which gives it a spare;
    /// once they have ended, none of their spares is alive.
    @Test func endedThreadsReleaseTheirSpareCreations() {
      let parent = Container()
      parent.register(Service.init).lifetime(.perContainer)
      let spares = Locked<[WeakCreation]>([])
      var threads: [pthread_t] = []
      for _ in 0..<16 {
        let body = ThreadBody {
          _ = Container(parent: parent).resolve(Service.self)
          let spare = Creation.spareForTesting
          spares.withLock { $0.append(WeakCreation(spare)) }
        }
        var thread = pthread_t()
        let started = pthread_create(
          &thread, nil,
          { raw in
            Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
          }, Unmanaged.passRetained(body).toOpaque())
        #expect(started == 0)
        threads.append(thread)
      }
      for thread in threads { pthread_join(thread, nil) }
      let ended = spares.withLock { $0 }
      #expect(ended.count == 16)
      #expect(ended.allSatisfy { $0.wasSet && $0.creation == nil })
    }
  #endif
}

private final class ThreadBody: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

private struct WeakCreation: Sendable {
  weak var creation: Creation?
  let wasSet: Bool
  init(_ creation: Creation?) {
    self.creation = creation
    wasSet = creation != nil
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
