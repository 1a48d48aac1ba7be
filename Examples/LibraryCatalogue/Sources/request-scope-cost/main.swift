import Configuration
import Foundation
import LibraryCatalogue
import Logging
@_spi(Integrations) import Squire

// What a request scope costs, without HTTP: make a child, register the request's two values,
// resolve the catalogue (and its transaction) in it, close it. Versus the same by hand.
let path = FileManager.default.temporaryDirectory
  .appendingPathComponent("cost-\(UUID().uuidString).sqlite").path
let container = makeContainer(
  configuration: ConfigReader(
    provider: InMemoryProvider(values: [
      "library.database": ConfigValue(.string(path), isSecret: false)
    ])),
  logger: Logger(label: "cost"))
container.suppliedByEachChild(Int.self)
container.suppliedByEachChild(String.self)
let database = try container.tryResolve(LibraryDatabase.self)
// The same two values handed to each scope as its instances of `.perContainer` components of
// the app (what RequestScopeMiddleware does with the request and its context), instead of
// registered in it.
let filledApp = makeContainer(
  configuration: ConfigReader(
    provider: InMemoryProvider(values: [
      "library.database": ConfigValue(.string(path), isSecret: false)
    ])),
  logger: Logger(label: "cost"))
filledApp.register { 0 }.lifetime(.perContainer)
filledApp.register { "" }.lifetime(.perContainer)
_ = try filledApp.tryResolve(LibraryDatabase.self)
guard let intSlot = filledApp.perContainerSlot(for: Int.self),
  let stringSlot = filledApp.perContainerSlot(for: String.self)
else { fatalError("no slot") }
let count = 200_000

nonisolated func time(_ label: String, _ body: () async throws -> Void) async rethrows {
  let start = ContinuousClock.now
  try await body()
  let elapsed = ContinuousClock.now - start
  let perRequest = elapsed / count
  let microseconds =
    Double(perRequest.components.seconds) * 1e6 + Double(perRequest.components.attoseconds) / 1e12
  print(label, String(format: "%.2f µs", microseconds))
}

func syncResolve(_ scope: Container) throws -> BookCatalogue {
  try scope.tryResolve(BookCatalogue.self)
}
func syncClose(_ scope: Container) -> CloseReport { scope.close() }

// Off the main actor, as a server's request handling is: an async call does not hop.
nonisolated func measureAll() async throws {
  await time("hand-wired      ") {
    for _ in 0..<count {
      let transaction = RequestTransaction(database: database)
      _ = BookCatalogue(transaction: transaction)
      transaction.close()
    }
  }
  try await time("scope, 2 values ") {
    for index in 0..<count {
      let scope = Container(parent: container)
      scope.register { index }
      scope.register { "request" }
      _ = try await scope.tryResolve(BookCatalogue.self)
      _ = await scope.close()
    }
  }
  try await time("scope, 2 values handed to it (fill)") {
    for index in 0..<count {
      let scope = Container(parent: filledApp)
      scope.fill(intSlot, with: index)
      scope.fill(stringSlot, with: "request")
      _ = try await scope.tryResolve(BookCatalogue.self)
      _ = await scope.close()
    }
  }
  try await time("scope, no values") {
    for _ in 0..<count {
      let scope = Container(parent: container)
      _ = try await scope.tryResolve(BookCatalogue.self)
      _ = await scope.close()
    }
  }
  try await time("scope, sync     ") {
    for _ in 0..<count {
      let scope = Container(parent: container)
      _ = try scope.tryResolve(BookCatalogue.self)
      _ = scope.close()
    }
  }
  try await time("async resolve, sync close") {
    for _ in 0..<count {
      let scope = Container(parent: container)
      _ = try await scope.tryResolve(BookCatalogue.self)
      _ = syncClose(scope)
    }
  }
  try await time("sync resolve, async close") {
    for _ in 0..<count {
      let scope = Container(parent: container)
      _ = try syncResolve(scope)
      _ = await scope.close()
    }
  }
  await time("child only, sync close") {
    for _ in 0..<count {
      let scope = Container(parent: container)
      _ = syncClose(scope)
    }
  }
  await time("child + 1 register") {
    for index in 0..<count {
      let scope = Container(parent: container)
      scope.register { index }
      _ = syncClose(scope)
    }
  }
}

try await Task.detached { try await measureAll() }.value
