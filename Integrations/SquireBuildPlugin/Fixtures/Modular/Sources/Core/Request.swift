import Squire
import Synchronization

/// The request scope: one `RequestContext` per request; the app closes it when a request ends.
public let requestScope = Scope("request")

/// Who asks, for one request.
public final class RequestContext: Sendable {
  private static let count = Atomic<Int>(0)

  /// The request's number, from 1.
  public let number: Int

  /// The context of a new request.
  public init() {
    number = Self.count.add(1, ordering: .relaxed).newValue
  }
}
