import Dispatch
import Foundation
import Testing

@testable import Squire

/// An instance made while its container closes: its cleanup must still run, and the resolve
/// that asked for it must not hand out an instance whose container has already let go.
@Suite("Closing while a factory runs")
struct CloseWhileMakingTests {
  @Test(arguments: [Lifetime.perContainer, .single])
  func closeFromInsideTheFactoryCleansUpWhatTheFactoryMade(lifetime: Lifetime) throws {
    let log = CloseLog()
    let container = Container()
    container.register { [unowned container] () -> Pool in
      container.close()
      return Pool(log: log)
    }
    .lifetime(lifetime).onClose { $0.close() }
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Pool.self) }
    #expect(error.reason == .containerClosed)
    #expect(error.description.contains("closed while `Pool` was being made"))
    #expect(log.closed == ["Pool"])
    // Nothing is left for a second close, and nothing runs twice.
    #expect(container.close().completed == 0)
    #expect(log.closed == ["Pool"])
  }

  @Test(arguments: [Lifetime.perContainer, .single])
  func closeWhileAFactoryRunsOnAnotherThreadCleansUpWhatItMade(lifetime: Lifetime) {
    let log = CloseLog()
    let (report, error) = closeWhileResolvingOnAnotherThread(lifetime, log) { $0.close() }
    #expect(report.completed == 0)
    #expect(error?.reason == .containerClosed)
    #expect(log.closed == ["Pool"])
  }

  @Test func anAsyncCleanupOfAnInstanceMadeAfterCloseStillRuns() async throws {
    let log = CloseLog()
    let container = Container()
    container.register { [unowned container] () -> Pool in
      container.close()
      return Pool(log: log)
    }
    .lifetime(.perContainer).onClose { await $0.closeLater() }
    await #expect(throws: ResolutionError.self) { try await container.tryResolve(Pool.self) }
    for _ in 0..<1000 where log.closed.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
    #expect(log.closed == ["Pool"])
  }

  @Test func aChildThatMakesAnInstanceAsItsParentClosesCleansItUp() throws {
    let log = CloseLog()
    let parent = Container()
    parent.register { Pool(log: log) }.lifetime(.perContainer).onClose { $0.close() }
    let child = Container(parent: parent)
    // Registered in the child: built there, owned by the child, which the parent's close closes.
    child.register { () -> Service in
      parent.close()
      return Service()
    }
    .lifetime(.perContainer).onClose { _ in log.append("Service") }
    #expect(throws: ResolutionError.self) { try child.tryResolve(Service.self) }
    #expect(log.closed == ["Service"])
  }
}

/// An instance of a `.scoped` component made for a period that has closed meanwhile (a resolve
/// stays in the period it met first): its cleanup belongs to that period, not to the next one.
@Suite("Closing a scope while a factory runs")
struct ScopeCloseWhileMakingTests {
  @Test func closeFromInsideTheFactoryCleansUpWhatTheFactoryMade() throws {
    let log = CloseLog()
    let session = Scope("session")
    let container = Container()
    let made = CallCounter()
    container.register { () -> Pool in
      if made.next() == 1 { session.close() }
      return Pool(log: log)
    }
    .lifetime(.scoped(session)).onClose { $0.close() }
    let error = try #require(throws: ResolutionError.self) { try container.tryResolve(Pool.self) }
    #expect(error.reason == .scopeClosed(scope: "session", component: "Pool"))
    #expect(error.description.contains("closed (`close()`) while `Pool` was being made"))
    #expect(log.closed == ["Pool"])
    // The next period makes its own instance; closing it cleans up that one only, once.
    _ = container.resolve(Pool.self)
    #expect(session.close().completed == 1)
    #expect(log.closed == ["Pool", "Pool"])
    #expect(session.close().completed == 0)
  }

  @Test func closeWhileAFactoryRunsOnAnotherThreadCleansUpWhatItMade() {
    let log = CloseLog()
    let session = Scope("session")
    let (report, error) = closeWhileResolvingOnAnotherThread(.scoped(session), log) { _ in
      session.close()
    }
    #expect(report.completed == 0)
    #expect(error?.reason == .scopeClosed(scope: "session", component: "Pool"))
    #expect(log.closed == ["Pool"])
    // Not run again with the next period.
    #expect(session.close().completed == 0)
    #expect(log.closed == ["Pool"])
  }

  @Test func anInstanceLetGoOfAsItsPeriodEndsMayResolveInTheScope() {
    let session = Scope("session")
    let container = Container()
    let resolved = CallCounter()
    container.register(Service.init).lifetime(.scoped(session))
    container.register { [unowned container] in
      Departing {
        _ = container.resolve(Service.self)
        resolved.next()
      }
    }
    .lifetime(.scoped(session))
    _ = container.resolve(Departing.self)
    // Only the period holds it: closing lets it go, and its `deinit` resolves in the scope
    // (not under the scope's lock).
    session.close()
    #expect(resolved.value == 1)
  }

  @Test func aResolveThatStartsDuringCloseIsInTheNextPeriod() {
    let log = CloseLog()
    let session = Scope("session")
    let container = Container()
    container.register { Pool(log: log) }.lifetime(.scoped(session)).onClose { $0.close() }
    // A cleanup that resolves in the scope it closes: the period closing has let go of its
    // instances, so the resolve opens the next period, whose close cleans up what it made.
    container.register(Service.init).lifetime(.scoped(session))
      .onClose { [unowned container] _ in
        log.append("Service")
        _ = container.resolve(Pool.self)
      }
    _ = container.resolve(Service.self)
    #expect(session.close().completed == 1)
    #expect(log.closed == ["Service"])
    #expect(session.close().completed == 1)
    #expect(log.closed == ["Service", "Pool"])
  }
}

/// Calls `onDeinit` as it goes.
private final class Departing: Sendable {
  let onDeinit: @Sendable () -> Void
  init(_ onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
  deinit { onDeinit() }
}

/// Resolves a `Pool` of `lifetime` (cleaned up into `log`) on another thread, and calls `close`
/// while its factory runs: what `close` reported, and what the resolve threw.
private func closeWhileResolvingOnAnotherThread(
  _ lifetime: Lifetime, _ log: CloseLog, close: (Container) -> CloseReport
) -> (report: CloseReport, error: ResolutionError?) {
  let started = DispatchSemaphore(value: 0)
  let proceed = DispatchSemaphore(value: 0)
  let done = DispatchSemaphore(value: 0)
  let container = Container()
  container.register { () -> Pool in
    started.signal()
    proceed.wait()
    return Pool(log: log)
  }
  .lifetime(lifetime).onClose { $0.close() }
  let outcome = Outcome()
  DispatchQueue.global().async {
    do {
      _ = try container.tryResolve(Pool.self)
    } catch let error as ResolutionError {
      outcome.error = error
    } catch {
      Issue.record("unexpected \(error)")
    }
    done.signal()
  }
  started.wait()
  let report = close(container)
  proceed.signal()
  done.wait()
  return (report, outcome.error)
}

/// What the resolving thread saw; read once it signalled.
private final class Outcome: @unchecked Sendable {
  var error: ResolutionError?
}
