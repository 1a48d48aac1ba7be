import Dispatch
import Foundation
import Squire
import Testing

@Suite struct DecoratorConcurrencyTests {
  /// Many threads race for a decorated cached instance, through the container and through
  /// children linked at the same time: the component and its decorator run once.
  @Test(arguments: [Lifetime.single, .perContainer])
  func racingResolvesDecorateOnce(lifetime: Lifetime) {
    for _ in 0..<10 {
      let made = Counter()
      let decorated = Counter()
      let container = Container()
      container.register { () -> RemoteCatalog in
        made.increment()
        return RemoteCatalog()
      }.as(Catalog.self).lifetime(lifetime)
      container.decorate(Catalog.self) { inner -> Catalog in
        decorated.increment()
        return CachedCatalog(inner: inner)
      }
      let seen = Identities()
      let group = DispatchGroup()
      for _ in 0..<32 {
        group.enter()
        // Real threads: the cooperative pool has only as many as there are cores.
        Thread.detachNewThread {
          let catalog = container.resolve(Catalog.self)
          seen.insert(ObjectIdentifier(catalog))
          if lifetime == .single {
            // A child with a decorator of its own links while the others resolve.
            let child = Container(parent: container)
            child.decorate(Catalog.self) { Layer("child", $0) }
            #expect((child.resolve(Catalog.self) as? Layer)?.inner === catalog)
          }
          group.leave()
        }
      }
      group.wait()
      #expect(made.count == 1)
      #expect(decorated.count == 1)
      #expect(seen.count == 1)
    }
  }
}

/// The identities seen by racing threads, under a pthread-based lock (Thread Sanitizer does not
/// see `Synchronization.Mutex`).
private final class Identities: @unchecked Sendable {
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
