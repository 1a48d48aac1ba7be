import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Squire

/// Records what was closed, in order; shared with cleanups, which are `@Sendable`.
final class CloseLog: @unchecked Sendable {
  private let lock = NSLock()
  private var names: [String] = []

  func append(_ name: String) {
    lock.lock()
    names.append(name)
    lock.unlock()
  }

  var closed: [String] {
    lock.lock()
    defer { lock.unlock() }
    return names
  }
}

final class Pool: Sendable {
  let log: CloseLog
  init(log: CloseLog) { self.log = log }
  func close() { log.append("Pool") }
}

final class Sessions: Sendable {
  let log: CloseLog
  let pool: Pool
  init(log: CloseLog, pool: Pool) {
    self.log = log
    self.pool = pool
  }
  func drain() async {
    await Task.yield()
    log.append("Sessions")
  }
}

struct CleanupFailed: Error {}

/// A value with a cleanup.
struct Ticket: Sendable, HasNumber {
  let number: Int
  let log: CloseLog
}

protocol HasNumber: Sendable {
  var number: Int { get }
}

protocol Closable: Sendable {
  func closeLater() async
}

extension Pool: Closable {
  func closeLater() async {
    await Task.yield()
    close()
  }
}

/// A `.perContainer` instance that logs the number its container's test gave it when it closes.
final class Numbered: @unchecked Sendable {
  let log: CloseLog
  var number = 0
  init(log: CloseLog) { self.log = log }
  func close() { log.append("\(number)") }
}

/// The container a `Reaching` resolves from as it goes, set by the test.
final class TargetContainer: @unchecked Sendable {
  weak var container: Container?
}

/// An instance that resolves from its container as it goes.
final class Reaching: Sendable {
  static let reached = Mutex(0)
  let target: TargetContainer
  init(target: TargetContainer) { self.target = target }
  deinit {
    _ = try? target.container?.tryResolve(Service.self)
    Reaching.reached.withLock { $0 += 1 }
  }
}

@Suite("Closing")
struct CloseTests {
  func container(_ log: CloseLog) -> Container {
    let container = Container()
    container.register { log }.lifetime(.single)
    return container
  }

  @Test func closeRunsThePerContainerCleanups() {
    let log = CloseLog()
    let container = container(log)
    container.register(Pool.init).lifetime(.perContainer).onClose { $0.close() }
    _ = container.resolve(Pool.self)
    let report = container.close()
    #expect(log.closed == ["Pool"])
    #expect(report.isClean)
    #expect(report.completed == 1)
  }

  @Test func awaitCloseRunsAsyncCleanupsInReverseCreationOrder() async {
    let log = CloseLog()
    let container = container(log)
    container.register(Pool.init).lifetime(.perContainer).onClose { $0.close() }
    container.register(Sessions.init).lifetime(.single).onClose { await $0.drain() }
    _ = await container.resolve(Sessions.self)
    let report = await container.close()
    // The pool was made first, as the sessions' dependency: it closes last.
    #expect(log.closed == ["Sessions", "Pool"])
    #expect(report.isClean)
  }

  @Test func aSynchronousCloseReportsTheAsyncCleanupItCannotRun() {
    let log = CloseLog()
    let container = container(log)
    container.register(Pool.init).lifetime(.perContainer).onClose { $0.close() }
    container.register(Sessions.init).lifetime(.single).onClose { await $0.drain() }
    _ = container.resolve(Sessions.self)
    let report = container.close()
    #expect(log.closed == ["Pool"])
    #expect(report.failures.map(\.component) == ["Sessions"])
    #expect(report.failures.first?.error is CleanupNeedsAwait)
  }

  @Test func childrenCloseFirstAndAChildClosesOnlyWhatItOwns() {
    let log = CloseLog()
    let parent = container(log)
    parent.register(Pool.init).lifetime(.perContainer).onClose { $0.log.append("pool") }
    parent.register { Service() }.lifetime(.perContainer).onClose { _ in log.append("service") }
    _ = parent.resolve(Pool.self)
    let child = Container(parent: parent)
    _ = child.resolve(Service.self)
    let other = Container(parent: parent)
    _ = other.resolve(Service.self)
    other.close()
    #expect(log.closed == ["service"])
    parent.close()
    #expect(log.closed == ["service", "service", "pool"])
  }

  @Test func aFailingCleanupDoesNotStopTheOthers() {
    let log = CloseLog()
    let container = container(log)
    container.register(Pool.init).lifetime(.perContainer).onClose { $0.close() }
    container.register(Service.init).lifetime(.perContainer).onClose { _ in throw CleanupFailed() }
    _ = container.resolve(Pool.self)
    _ = container.resolve(Service.self)
    let report = container.close()
    #expect(log.closed == ["Pool"])
    #expect(report.failures.count == 1)
    #expect(report.failures.first?.error is CleanupFailed)
    #expect(report.description.contains("`Service`'s cleanup failed"))
  }

  @Test func resolvingFromAClosedContainerOrItsChildIsAClearError() throws {
    let container = Container()
    container.register(Service.init).lifetime(.perContainer)
    let child = Container(parent: container)
    _ = container.resolve(Service.self)
    _ = child.resolve(Service.self)
    container.close()
    #expect(container.isClosed)
    for closed in [container, child] {
      let error = try #require(throws: ResolutionError.self) { try closed.tryResolve(Service.self) }
      #expect(error.reason == .containerClosed)
      #expect(error.description.contains("has been closed"))
    }
  }

  @Test func aProviderOfAClosedContainerFailsClearly() throws {
    let container = Container()
    container.register(Service.init).lifetime(.perContainer)
    container.register { (services: Provider<Service>) in Holder(services) }
    let holder = container.resolve(Holder.self)
    container.close()
    let error = try #require(throws: ResolutionError.self) { try holder.services.get() }
    #expect(error.reason == .containerClosed)
  }

  @Test func nothingIsLeftOnceAClosedContainerGoes() {
    weak var made: Service?
    weak var madeInChild: Service?
    weak var gone: Container?
    do {
      let container = Container()
      container.register(Service.init).lifetime(.perContainer).onClose { _ in }
      let child = Container(parent: container)
      made = container.resolve(Service.self)
      madeInChild = child.resolve(Service.self)
      gone = container
      child.close()
      // A child's instances go as it closes.
      #expect(madeInChild == nil)
      container.close()
    }
    #expect(made == nil)
    #expect(gone == nil)
  }

  @Test func aParentClosesItsOpenChildrenNewestFirstAndSkipsThoseClosedBefore() {
    let log = CloseLog()
    let parent = container(log)
    parent.register(Numbered.init).lifetime(.perContainer).onClose { $0.close() }
    let children = (1...4).map { _ in Container(parent: parent) }
    for (index, child) in children.enumerated() { child.resolve(Numbered.self).number = index + 1 }
    // The second and the newest close on their own; the parent closes the other two.
    children[1].close()
    children[3].close()
    #expect(parent.owned.childCount == 2)
    parent.close()
    #expect(log.closed == ["2", "4", "3", "1"])
    #expect(parent.owned.childCount == 0)
  }

  @Test func aClosedChildWithNothingRegisteredStopsResolving() {
    let parent = Container()
    parent.register(Service.init)
    let child = Container(parent: parent)
    _ = child.resolve(Service.self)
    child.close()
    #expect(throws: ResolutionError.self) { try child.tryResolve(Service.self) }
    do {
      _ = try child.tryResolve(Service.self)
    } catch {
      #expect(error.reason == .containerClosed)
    }
  }

  @Test(.timeLimit(.minutes(1)))
  func anInstanceLetGoOfThatResolvesFromItsContainerAsItGoesDoesNotDeadlock() {
    let parent = Container()
    let target = TargetContainer()
    parent.register { target }.lifetime(.single)
    parent.register(Service.init).lifetime(.perContainer)
    parent.register(Reaching.init).lifetime(.perContainer)
    // The child registers nothing: only its own table of cells holds its `Reaching`.
    let child = Container(parent: parent)
    target.container = child
    _ = child.resolve(Reaching.self)
    // The cell goes, then the instance's `deinit` resolves from the child: not under the
    // child's lock, which its cells share.
    child.resetInstances(of: .perContainer)
    #expect(Reaching.reached.withLock { $0 } >= 1)
    child.close()
  }

  @Test func aChildNotClosedByItsParentIsNeitherKeptNorClosedByIt() {
    let log = CloseLog()
    let parent = container(log)
    parent.register(Numbered.init).lifetime(.perContainer).onClose { $0.close() }
    let kept = Container(parent: parent)
    let own = Container(parent: parent, closedByParent: false)
    kept.resolve(Numbered.self).number = 1
    own.resolve(Numbered.self).number = 2
    // Only the child made with `closedByParent: true` (the default) is among the parent's children
    // to close.
    #expect(parent.owned.childCount == 1)
    parent.close()
    #expect(log.closed == ["1"])
    // The other one closes itself; once only.
    own.close()
    own.close()
    #expect(log.closed == ["1", "2"])
    #expect(parent.owned.childCount == 0)
  }

  @Test func aChildNotClosedByItsParentClosesItselfFromAsyncCode() async {
    let log = CloseLog()
    let parent = container(log)
    parent.register(Numbered.init).lifetime(.perContainer).onClose { $0.close() }
    for number in 1...3 {
      let scope = Container(parent: parent, closedByParent: false)
      let numbered = await scope.resolve(Numbered.self)
      numbered.number = number
      await scope.close()
    }
    #expect(log.closed == ["1", "2", "3"])
    #expect(parent.owned.childCount == 0)
    await parent.close()
    #expect(log.closed == ["1", "2", "3"])
  }

  @Test func aClosedChildIsForgottenByItsParent() {
    let parent = Container()
    parent.register(Service.init).lifetime(.perContainer).onClose { _ in }
    let child = Container(parent: parent)
    _ = child.resolve(Service.self)
    #expect(parent.owned.childCount == 1)
    child.close()
    #expect(parent.owned.childCount == 0)
  }

  /// Children remembered on many threads at once, some closing as others are remembered: the
  /// parent closes exactly the ones still open, each once.
  @Test func childrenRememberedOnManyThreadsAreEachClosedOnce() {
    /// The children kept open, shared by the threads. An `NSLock`: Thread Sanitizer sees its
    /// ordering (it does not see `Mutex`'s on Linux). Not captured by the parent's cleanup: the
    /// children hold the parent.
    final class Kept: @unchecked Sendable {
      private let lock = NSLock()
      private var children: [Container] = []

      func keep(_ child: Container) { lock.withLock { children.append(child) } }
      var all: [Container] { lock.withLock { children } }
    }
    let kept = Kept()
    let closed = Counter()
    let parent = Container()
    parent.register(Service.init).lifetime(.perContainer).onClose { _ in closed.increment() }
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for round in 0..<500 {
        let child = Container(parent: parent)
        _ = child.resolve(Service.self)
        if round % 3 == 0 {
          kept.keep(child)
        } else if round % 3 == 1 {
          child.close()
        }
      }
    }
    let open = kept.all.count
    #expect(parent.owned.childCount == open)
    let closedBefore = closed.count
    parent.close()
    #expect(closed.count == closedBefore + open)
    for child in kept.all { #expect(child.close().completed == 0) }
  }

  @Test func aScopesCloseRunsThatPeriodsCleanups() async {
    let log = CloseLog()
    let session = Scope("session")
    let container = container(log)
    container.register(Pool.init).lifetime(.scoped(session)).onClose { $0.close() }
    container.register(Sessions.init).lifetime(.scoped(session)).onClose { await $0.drain() }
    _ = await container.resolve(Pool.self)
    // In async code `close()` is the async one; the synchronous one, from synchronous code:
    let closeNow = { (scope: Scope) in _ = scope.close() }
    closeNow(session)
    #expect(log.closed == ["Pool"])
    _ = await container.resolve(Sessions.self)
    await session.close()
    #expect(log.closed == ["Pool", "Sessions", "Pool"])
  }

  @Test func fromAsyncCodeAChildWithNothingRegisteredOwnsWhatItMakesAndClosesIt() async {
    let log = CloseLog()
    let parent = container(log)
    parent.register(Numbered.init).lifetime(.perContainer).onClose { $0.close() }
    let first = Container(parent: parent)
    let second = Container(parent: parent)
    // Nothing in the graph to await: resolved in the caller's frame, through the parent's
    // fast table, each instance still the child's own.
    let one = await first.resolve(Numbered.self)
    one.number = 1
    let two = await second.resolve(Numbered.self)
    two.number = 2
    #expect(one !== two)
    #expect(await first.resolve(Numbered.self) === one)
    // Nothing async to clean up: closed in place.
    let report = await first.close()
    #expect(report.completed == 1)
    #expect(log.closed == ["1"])
    // An open child is left to await: the parent closes it first.
    let parentReport = await parent.close()
    #expect(log.closed == ["1", "2"])
    #expect(parentReport.completed == 1)
  }

  @Test func aWeakInstanceIsCleanedUpOnlyIfStillAlive() {
    let log = CloseLog()
    let container = container(log)
    container.register(Pool.init).lifetime(.weak).onClose { $0.close() }
    let kept = container.resolve(Pool.self)
    let report = container.close()
    #expect(log.closed == ["Pool"])
    #expect(report.isClean)
    _ = kept
  }

  @Test func aWeakInstanceNoLongerHeldIsNotCleanedUp() {
    let log = CloseLog()
    let container = container(log)
    container.register(Pool.init).lifetime(.weak).onClose { $0.close() }
    _ = container.resolve(Pool.self)
    let report = container.close()
    #expect(log.closed == [])
    #expect(report.isClean)
  }

  /// A cleanup is kept as the instance and its component's action: a value, a value inside an
  /// existential and a class inside one are each handed back as they were made, sync or async.
  @Test func cleanupsGetTheirOwnInstanceWhateverItsKind() async {
    let log = CloseLog()
    let container = container(log)
    container.register { Ticket(number: 7, log: log) }.lifetime(.perContainer)
      .onClose { $0.log.append("ticket \($0.number)") }
    container.register { Pool(log: log) as any Closable }.lifetime(.perContainer)
      .onClose { await $0.closeLater() }
    container.register { Ticket(number: 9, log: log) as any HasNumber }.lifetime(.perContainer)
      .onClose { log.append("number \($0.number)") }
    container.register(Pool.init).lifetime(.perContainer)
    container.register(Sessions.init).lifetime(.perContainer).onClose { await $0.drain() }
    let pool = await container.resolve((any Closable).self)
    _ = await container.resolve(Ticket.self)
    _ = await container.resolve((any HasNumber).self)
    _ = await container.resolve(Sessions.self)
    let report = await container.close()
    // Closed last made first: the sessions, the value behind `any HasNumber`, the ticket, then
    // the pool behind `any Closable`.
    #expect(log.closed == ["Sessions", "number 9", "ticket 7", "Pool"])
    #expect(report.completed == 4)
    #expect(report.isClean)
    _ = pool
  }

  @Test func closingTwiceDoesNothingTheSecondTime() {
    let log = CloseLog()
    let container = container(log)
    container.register(Pool.init).lifetime(.perContainer).onClose { $0.close() }
    _ = container.resolve(Pool.self)
    container.close()
    #expect(container.close().completed == 0)
    #expect(log.closed == ["Pool"])
  }
}

final class Holder {
  let services: Provider<Service>
  init(_ services: Provider<Service>) { self.services = services }
}
