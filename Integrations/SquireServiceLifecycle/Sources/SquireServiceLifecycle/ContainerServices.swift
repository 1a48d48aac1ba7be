#if ServiceLifecycle
import Logging
import ServiceLifecycle
@_spi(Integrations) import Squire
import UnixSignals

/// Runs the `.single` components of a container that are `Service`s in one `ServiceGroup`,
/// started in dependency order and shut down gracefully in reverse, then closes the container.
///
/// ```swift
/// let app = Container()
/// app.register(DatabasePool.init).lifetime(.single)          // a Service
/// app.register(JobQueue.init).lifetime(.single)              // a Service that uses the pool
///
/// let services = try await ContainerServices(
///   app, then: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
/// try await services.run()   // pool, queue, then the server; the server stops first
/// ```
///
/// The order is the container's own graph: a service starts after every service it depends
/// on, directly or through components of other lifetimes, and is shut down before them (a
/// database pool stops after the services that use it). Singletons that are not services are
/// built too, at the same time (`initializeSingletons()`); the container is closed (every
/// `.onClose`, async ones awaited) when the group has stopped, whether it stopped cleanly or
/// threw.
public struct ContainerServices: Service {
  /// The container whose singletons run and which is closed at the end.
  public let container: Container
  /// The services, in start order.
  public let services: [any Service]
  private let group: ServiceGroup
  private let logger: Logger

  /// Builds every `.single` component of `container` and groups those that are `Service`s.
  ///
  /// - Parameters:
  ///   - container: The app's container, validated (`validate()`) before this.
  ///   - then: Services made outside the container (Hummingbird's `Application`, which
  ///     holds the router that holds the container): they start after the container's and
  ///     stop before them.
  ///   - gracefulShutdownSignals: Signals that start a graceful shutdown (`.sigterm`).
  ///   - cancellationSignals: Signals that cancel the services.
  ///   - logger: The group's logger; the container's cleanup failures are logged here too.
  /// - Throws: The `ResolutionError` of a singleton that cannot be built.
  public init(
    _ container: Container,
    then outside: [any Service] = [],
    gracefulShutdownSignals: [UnixSignal] = [],
    cancellationSignals: [UnixSignal] = [],
    logger: Logger
  ) async throws {
    let services =
      try await container.singlesInDependencyOrder().compactMap {
        $0.instance as? any Service
      } + outside
    self.container = container
    self.services = services
    self.logger = logger
    self.group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: services.map {
          .init(
            service: $0, successTerminationBehavior: .gracefullyShutdownGroup,
            failureTerminationBehavior: .gracefullyShutdownGroup)
        },
        gracefulShutdownSignals: gracefulShutdownSignals,
        cancellationSignals: cancellationSignals,
        logger: logger))
  }

  /// Runs the group until it stops (a signal, a graceful shutdown of the task that runs it, a
  /// service that returns or throws), then closes the container; rethrows the group's error.
  public func run() async throws {
    do {
      try await group.run()
    } catch {
      await close()
      throw error
    }
    await close()
  }

  /// Starts a graceful shutdown: the services stop in reverse start order.
  public func triggerGracefulShutdown() async {
    await group.triggerGracefulShutdown()
  }

  private func close() async {
    let report = await container.close()
    for failure in report.failures {
      logger.error(
        "A cleanup failed while closing the container",
        metadata: ["squire.cleanup": "\(failure.description)"])
    }
  }
}
#endif
