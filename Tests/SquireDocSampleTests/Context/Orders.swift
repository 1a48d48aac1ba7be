import Squire

/// A small order service: what the samples of "Lifetimes, scopes and cleanup" and the README's
/// children and cleanup section use when they do not declare their own types
/// (`<!-- sample: uses Orders -->`).
enum Orders {
  class Database: @unchecked Sendable {
    init() {}
  }
  final class MockDatabase: Database, @unchecked Sendable {}

  final class Transaction: Sendable {
    let database: Database
    init(database: Database) { self.database = database }
    func commit() throws {}
  }

  struct RequestContext: Sendable {
    let user: String
  }
  struct Request: Sendable {
    let context: RequestContext
    let item: String
  }
  struct Response: Sendable {
    let status: Int
  }

  final class OrderHandler: Sendable {
    let transaction: Transaction
    let context: RequestContext
    init(transaction: Transaction, context: RequestContext) {
      self.transaction = transaction
      self.context = context
    }
    func handle(_ request: Request) async throws -> Response {
      Response(status: 200)
    }
  }

  final class OrderCache: Sendable {
    let database: Database
    init(database: Database) { self.database = database }
  }

  final class Pool: Sendable {
    init() {}
    func close() {}
  }

  actor Sessions {
    init() {}
    func drain() async {}
  }

  /// The app's root container, with the order service registered.
  static func app() -> Container {
    let app = Container()
    app.register(Database.init).lifetime(.single)
    app.register(Transaction.init).lifetime(.perContainer).onClose { try $0.commit() }
    app.register(OrderHandler.init)
    return app
  }
}
