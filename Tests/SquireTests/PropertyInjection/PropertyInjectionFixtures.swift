import Squire
import Synchronization

protocol TimeSource: AnyObject, Sendable {
  var label: String { get }
}

final class SystemClock: TimeSource {
  let label = "system"
}

final class LabeledClock: TimeSource {
  let label: String
  init(label: String) { self.label = label }
}

protocol BookCatalog: AnyObject, Sendable {}
final class Bookshelf: BookCatalog {}

protocol Banner: AnyObject {}
final class Headline: Banner {}

enum Remote {}

final class Dashboard: @unchecked Sendable {
  @Injected var clock: TimeSource
  @LazyInjected var catalog: BookCatalog
  var ready = false
}

final class NamedDashboard {
  @Injected(name: "utc") var clock: TimeSource
  @Injected(tag: Remote.self) var remote: TimeSource
  @LazyInjected(name: "utc") var lazyClock: TimeSource
}

final class OptionalDashboard {
  @Injected var banner: Banner?
  @Injected var clock: TimeSource?
  @LazyInjected var lazyBanner: Banner?
}

class BaseScreen {
  @Injected var clock: TimeSource
}

final class ReportScreen: BaseScreen {
  @Injected var banner: Banner
  var title = ""
  var events: [String] = []
}

final class PlainService {
  let clock: TimeSource
  init(clock: TimeSource) { self.clock = clock }
}
