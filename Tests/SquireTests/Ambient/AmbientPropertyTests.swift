import Foundation
import Squire
import Synchronization
import Testing

private protocol Clock: AnyObject, Sendable {
  var label: String { get }
}

private final class FixedClock: Clock {
  let label: String
  init(label: String) { self.label = label }
}

private enum Audit {}

/// Counts the instances each test's factory makes.
private final class Made: Sendable {
  let count = Atomic(0)
}

private struct Voucher {
  @Ambient var clock: any Clock
  @Ambient(name: "backup") var backup: any Clock
  @Ambient(tag: Audit.self) var audit: any Clock
}

private final class Almanac {
  @Ambient var clock: any Clock
}

@MainActor private final class MenuModel {
  init() {}
}

@MainActor private struct Menu {
  @Ambient var model: MenuModel
}

@Suite struct AmbientPropertyTests {
  private func container(_ label: String, made: Made = Made()) -> Container {
    let container = Container()
    container.register { () -> FixedClock in
      made.count.add(1, ordering: .relaxed)
      return FixedClock(label: label)
    }.as((any Clock).self)
    container.register { FixedClock(label: "\(label) backup") }.as((any Clock).self, name: "backup")
    container.register { FixedClock(label: "\(label) audit") }.as((any Clock).self, tag: Audit.self)
    return container
  }

  @Test func resolvesOnTheFirstReadThenKeepsTheValue() {
    let made = Made()
    let app = container("app", made: made)
    app.withAmbient {
      let receipt = Voucher()
      #expect(made.count.load(ordering: .relaxed) == 0)
      let first = receipt.clock
      let second = receipt.clock
      #expect(made.count.load(ordering: .relaxed) == 1)
      #expect(first === second)
      #expect(first.label == "app")
    }
  }

  @Test func resolvesNamesAndTags() {
    container("app").withAmbient {
      let receipt = Voucher()
      #expect(receipt.backup.label == "app backup")
      #expect(receipt.audit.label == "app audit")
    }
  }

  @Test func aReadUnderAnotherAmbientContainerResolvesThere() {
    let app = container("app")
    let test = Container(parent: app)
    test.register { FixedClock(label: "test") }.as((any Clock).self)
    let banner = Almanac()
    #expect(app.withAmbient { banner.clock.label } == "app")
    #expect(test.withAmbient { banner.clock.label } == "test")
    #expect(app.withAmbient { banner.clock.label } == "app")
    let other = Container(parent: app)
    other.register { FixedClock(label: "other") }.as((any Clock).self)
    #expect(other.withAmbient { banner.clock.label } == "other")
    #expect(test.withAmbient { banner.clock.label } == "test")
  }

  @Test func aReadUnderAnotherContainerResolvesThereOnceAndKeepsIt() {
    let made = Made()
    let app = container("app")
    let test = container("test", made: made)
    let banner = Almanac()
    _ = app.withAmbient { banner.clock }
    let first = test.withAmbient { banner.clock }
    let second = test.withAmbient { banner.clock }
    #expect(first === second)
    #expect(made.count.load(ordering: .relaxed) == 1)
  }

  @Test func readsAlternatingBetweenContainersResolveOncePerContainer() {
    let made = Made()
    let app = container("app")
    let first = container("first", made: made)
    let second = container("second", made: made)
    let banner = Almanac()
    _ = app.withAmbient { banner.clock }
    for _ in 0..<3 {
      #expect(first.withAmbient { banner.clock.label } == "first")
      #expect(second.withAmbient { banner.clock.label } == "second")
    }
    #expect(made.count.load(ordering: .relaxed) == 2)
  }

  @Test func aValueDoesNotKeepAContainerOtherThanTheFirstAlive() {
    let app = container("app")
    let banner = Almanac()
    _ = app.withAmbient { banner.clock }
    weak var goneContainer: Container?
    weak var goneClock: FixedClock?
    do {
      let test = container("test")
      goneContainer = test
      goneClock = test.withAmbient { banner.clock } as? FixedClock
      #expect(goneClock != nil)
    }
    #expect(goneContainer == nil)
    // Its value is freed on the next read that resolves in another container.
    #expect(container("next").withAmbient { banner.clock.label } == "next")
    #expect(goneClock == nil)
    #expect(app.withAmbient { banner.clock.label } == "app")
  }

  @Test func copiesOfTheWrapperShareTheValue() {
    let made = Made()
    container("app", made: made).withAmbient {
      let receipt = Voucher()
      let copy = receipt
      #expect(receipt.clock === copy.clock)
      #expect(made.count.load(ordering: .relaxed) == 1)
    }
  }

  @Test func threadsReadingAtOnceResolveOnce() async {
    let made = Made()
    let app = container("app", made: made)
    let banner = Voucher()
    await app.withAmbient {
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<16 { group.addTask { _ = banner.clock } }
      }
    }
    #expect(made.count.load(ordering: .relaxed) == 1)
  }

  /// Issue 37, 3: the property held its lock while the factory ran, so that a factory waiting
  /// for a read of the same property under another container waited for ever.
  @Test func aFactoryMayWaitForAReadOfTheSamePropertyUnderAnotherContainer() {
    let shared = Voucher()
    let inner = container("inner")
    let outer = Container()
    let readInner = Atomic(false)
    outer.register { () -> FixedClock in
      let done = DispatchSemaphore(value: 0)
      Thread {
        inner.withAmbient { _ = shared.clock }
        done.signal()
      }.start()
      // Bounded: before the fix, the other read waited for this factory to return.
      readInner.store(done.wait(timeout: .now() + 10) == .success, ordering: .relaxed)
      return FixedClock(label: "outer")
    }.as((any Clock).self)
    #expect(outer.withAmbient { shared.clock.label } == "outer")
    let innerWasRead = readInner.load(ordering: .relaxed)
    #expect(innerWasRead)
    #expect(inner.withAmbient { shared.clock.label } == "inner")
  }

  @Test func firstReadsUnderSeveralContainersRunAtOnce() {
    let shared = Voucher()
    let count = 4
    let arrived = Atomic(0)
    let allMet = Atomic(0)
    let containers = (0..<count).map { index in
      let container = Container()
      container.register { () -> FixedClock in
        // Each factory waits (bounded) until every one has started: they run at once only if
        // no read waits for another's factory.
        arrived.add(1, ordering: .relaxed)
        let deadline = Date().addingTimeInterval(10)
        while arrived.load(ordering: .relaxed) < count, Date() < deadline { usleep(1_000) }
        if arrived.load(ordering: .relaxed) == count { allMet.add(1, ordering: .relaxed) }
        return FixedClock(label: "\(index)")
      }.as((any Clock).self)
      return container
    }
    // Threads, not tasks: the factories block, and the cooperative pool may be narrower.
    let done = DispatchGroup()
    for container in containers {
      done.enter()
      Thread {
        container.withAmbient { _ = shared.clock }
        done.leave()
      }.start()
    }
    done.wait()
    #expect(allMet.load(ordering: .relaxed) == count)
    for (index, container) in containers.enumerated() {
      #expect(container.withAmbient { shared.clock.label } == "\(index)")
    }
  }

  /// Issue 37, 2: the property resolved with no isolation, so a `@MainActor` component trapped
  /// even when read on the main actor.
  @Test func aMainActorComponentIsResolvedOnTheMainActor() async {
    await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      let same = await MainActor.run {
        let app = Container()
        app.register(MenuModel.init)
        return app.withAmbient {
          let menu = Menu()
          return menu.model === menu.model
        }
      }
      if !same { exit(1) }
    }.map { result in
      let text = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(text.isEmpty, "\(text)")
    }
  }

  @Test func readingWithNothingAmbientTrapsWithTheAmbientMessage() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = Almanac().clock
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("no container is ambient here"))
  }

  @Test func aValueThatCannotBeResolvedTrapsWithTheDiagnostic() async throws {
    let result = try #require(
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        Container().withAmbient { _ = Almanac().clock }
      })
    let message = String(decoding: result.standardErrorContent, as: UTF8.self)
    #expect(message.contains("@Ambient property of type `Clock`"))
    #expect(message.contains("Clock"))
  }
}
