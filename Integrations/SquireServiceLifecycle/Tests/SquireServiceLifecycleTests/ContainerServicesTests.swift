#if ServiceLifecycle
import Logging
import ServiceLifecycle
import Squire
import SquireServiceLifecycle
import Testing

/// A service that records when it starts and stops, and runs until a graceful shutdown.
protocol RecordingService: Service {
  var name: String { get }
  var tracker: Tracker { get }
}

extension RecordingService {
  func run() async throws {
    tracker.record("start \(name)")
    try? await gracefulShutdown()
    tracker.record("stop \(name)")
  }
}

final class DatabasePool: RecordingService {
  let name = "pool"
  let tracker: Tracker
  init(tracker: Tracker) { self.tracker = tracker }
}

/// Not a service, and not a `.single`: the path from the queue to the pool goes through it.
struct BookRepository: Sendable {
  let pool: DatabasePool
}

final class JobQueue: RecordingService {
  let name = "queue"
  let tracker: Tracker
  let books: BookRepository
  init(tracker: Tracker, books: BookRepository) {
    self.tracker = tracker
    self.books = books
  }
}

final class HTTPServer: RecordingService {
  let name = "server"
  let tracker: Tracker
  let queue: Lazy<JobQueue>
  init(tracker: Tracker, queue: Lazy<JobQueue>) {
    self.tracker = tracker
    self.queue = queue
  }
}

/// A `.single` that is not a service: built, not run.
struct Settings: Sendable { let port = 8080 }

@Suite("SquireServiceLifecycle")
struct ContainerServicesTests {
  /// Registered in the reverse of the order they must start in.
  func makeContainer(_ tracker: Tracker) -> Container {
    let container = Container()
    container.register { tracker }.lifetime(.single)
    container.register(HTTPServer.init).lifetime(.single)
      .onClose { $0.tracker.record("close server") }
    container.register(Settings.init).lifetime(.single)
    container.register(JobQueue.init).lifetime(.single)
    container.register(BookRepository.init)
    container.register(DatabasePool.init).lifetime(.single)
      .onClose { $0.tracker.record("close pool") }
    return container
  }

  @Test("Services start in dependency order, stop in reverse, then the container closes")
  func startAndStopOrder() async throws {
    let tracker = Tracker()
    let container = makeContainer(tracker)
    #expect(container.validate().isValid)
    let services = try await ContainerServices(container, logger: Logger(label: "test"))
    let names = services.services.compactMap { ($0 as? any RecordingService)?.name }
    #expect(names == ["pool", "queue", "server"])
    #expect(services.services.count == 3, "Settings and the tracker are not services")

    let running = Task { try await services.run() }
    while tracker.events.count < 3 { try await Task.sleep(for: .milliseconds(5)) }
    await services.triggerGracefulShutdown()
    try await running.value

    let stops = tracker.events.dropFirst(3)
    #expect(
      Array(stops) == ["stop server", "stop queue", "stop pool", "close server", "close pool"])
    #expect(container.isClosed)
  }

  @Test("A service that fails to build is the resolution error; nothing runs")
  func buildFailure() async throws {
    let container = Container()
    container.register { (pool: DatabasePool) in
      JobQueue(tracker: pool.tracker, books: BookRepository(pool: pool))
    }
    .lifetime(.single)
    await #expect(throws: ResolutionError.self) {
      _ = try await ContainerServices(container, logger: Logger(label: "test"))
    }
  }
}
#endif
