import Testing

@testable import Squire

@globalActor actor LedgerActor {
  static let shared = LedgerActor()
}

@Suite("Components isolated to a global actor")
struct GlobalActorTests {
  /// Not `Sendable`: handed to the actor as a dependency.
  final class Database {}

  @LedgerActor final class Store {
    let database: Database
    let hasDatabase: Bool
    init(database: Database) {
      // Checked when it runs, not only by the compiler: built anywhere but on `LedgerActor`,
      // the test process stops here.
      LedgerActor.shared.preconditionIsolated("`Store` was built off its actor")
      self.database = database
      hasDatabase = true
    }
  }

  @LedgerActor final class Account {
    let owner: String
    let store: Store
    init(owner: String, store: Store) {
      LedgerActor.shared.preconditionIsolated("`Account` was built off its actor")
      self.owner = owner
      self.store = store
    }
  }

  private func ledger() -> Container {
    let container = Container()
    container.register(Database.init)
    container.register(isolated: Store.init)
    return container
  }

  @Test func anAsyncResolveBuildsTheComponentOnItsActor() async throws {
    let store = try await ledger().tryResolve(Store.self)
    #expect(store.hasDatabase)
  }

  @Test func aClosureIsolatedToTheActorIsBuiltThere() async throws {
    let container = Container()
    container.register(Database.init)
    container.register(isolated: { @LedgerActor (database: Database) in Store(database: database) })
      .lifetime(.single)
    let first: Store = await container.resolve()
    let second: Store = await container.resolve()
    #expect(first === second)
  }

  @Test func theModifierFormTakesARuntimeArgumentOnTheActor() async throws {
    let container = ledger()
    container.register(isolated: Account.init) { arg($0) }
    let account = try await container.tryResolve(Account.self, args: "Ada")
    #expect(account.owner == "Ada")
  }

  @Test func aSynchronousResolveIsRefusedNamingTheActor() throws {
    let error = #expect(throws: ResolutionError.self) { try ledger().tryResolve(Store.self) }
    #expect(
      error?.reason
        == .needsAwait(
          component: "Store",
          cause: "its factory is isolated to `LedgerActor` (registered with `register(isolated:)`)")
    )
    #expect(error?.description.contains("await container.resolve()") == true)
  }

  /// Issue 37, 6: the fix told a top-level `await container.resolve()` of a `main.swift`, which
  /// Swift compiles as the synchronous resolve, to write what it had written.
  @Test func theFixOfASynchronousResolveNamesTheTopLevelCodeCaveat() throws {
    let error = try #require(throws: ResolutionError.self) { try ledger().tryResolve(Store.self) }
    let fix = try #require(error.advice)
    #expect(fix.contains("main.swift"), "\(fix)")
    #expect(fix.contains("static func main() async"), "\(fix)")
    #expect(fix.contains("even on that actor"), "\(fix)")
  }

  @Test @LedgerActor func aSynchronousResolveOnTheActorItselfIsRefusedToo() throws {
    let container = ledger()
    #expect(throws: ResolutionError.self) { try container.tryResolve(Store.self) }
  }

  @Test func aDependencyOnTheComponentIsBuiltByAnAsyncResolve() async throws {
    final class Report: Sendable {
      let store: Store
      init(store: Store) { self.store = store }
    }
    let container = ledger()
    container.register(Report.init)
    let report = try await container.tryResolve(Report.self)
    #expect(report.store.hasDatabase)
    #expect(throws: ResolutionError.self) { try container.tryResolve(Report.self) }
  }
}
