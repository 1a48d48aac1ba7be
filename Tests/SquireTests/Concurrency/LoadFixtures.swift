import Dispatch
import Synchronization

@testable import Squire

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ends the process with status 3 after `seconds`: a test body that hangs fails instead of
/// stalling the run (exit tests run their body in a child process).
func startWatchdog(seconds: Int = 20) {
  DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds)) { _exit(3) }
}

/// Runs `body` on `count` threads at once (as far as the scheduler allows) and waits for all.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let group = DispatchGroup()
  for index in 0..<count {
    DispatchQueue.global().async(group: group) { body(index) }
  }
  group.wait()
}

// A provider whose value reads another provider of the same graph in its initializer.
final class Bolt: Sendable { init() {} }
final class Widget: Sendable {
  let bolt: Bolt
  init(bolts: Provider<Bolt>) { bolt = bolts.value }
}
final class Workshop: Sendable {
  let widgets: Provider<Widget>
  init(widgets: Provider<Widget>) { self.widgets = widgets }
}

// An `.objectGraph` component met before and after a provider is used mid-resolve.
final class Blueprint: Sendable {
  init(made: CallCounter) { made.next() }
}
final class Tool: Sendable {
  init(blueprint: Blueprint) {}
}
final class Planner: Sendable {
  init(blueprint: Blueprint) {}  // uses it, keeps nothing
}
final class Worker: Sendable {
  let tool: Tool
  init(tools: Provider<Tool>) { tool = tools.value }
}
final class Crew: Sendable {
  let planner: Planner
  let worker: Worker
  let blueprint: Blueprint
  init(planner: Planner, worker: Worker, blueprint: Blueprint) {
    self.planner = planner
    self.worker = worker
    self.blueprint = blueprint
  }
}

// Two singles that need each other through injections, each slow to build.
final class North: @unchecked Sendable {
  var south: South?
  init() { usleep(50_000) }
}
final class South: @unchecked Sendable {
  var north: North?
  init() { usleep(50_000) }
}

// A single whose factory asks the container for itself.
final class Selfish: Sendable { init() {} }

// A linked list whose factory resolves the next link through the container.
final class ResolvingLink: Sendable {
  static let made = Mutex(0)
  let next: ResolvingLink?
  init(next: ResolvingLink?) { self.next = next }
  var length: Int { 1 + (next?.length ?? 0) }
}

// A reads its Lazy<B> in its initializer; B needs an A.
final class LazyA: Sendable {
  init(b: Lazy<LazyB>) { _ = try? b.get() }
}
final class LazyB: Sendable {
  init(a: LazyA) {}
}

// A single closed by a `cycle: true` injection.
final class Liege: @unchecked Sendable {
  var steward: Reeve?
  init() { usleep(2_000) }
}
final class Reeve: Sendable {
  unowned let lord: Liege  // the liege keeps its reeve: a back reference
  init(lord: Liege) { self.lord = lord }
}

// A lazy used on another thread while the resolve that made it is still running.
final class Annal: Sendable { init() {} }
final class Scribe: Sendable {
  let chronicle: Lazy<Annal>
  init(chronicle: Lazy<Annal>) {
    self.chronicle = chronicle
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      _ = chronicle.value
      done.signal()
    }
    usleep(100)
    done.wait()
  }
}

// An `.objectGraph` struct holding a class that holds a Lazy of the same graph.
final class AnnalKeeper: Sendable {
  let chronicle: Lazy<Annal>
  init(chronicle: Lazy<Annal>) { self.chronicle = chronicle }
}
struct Folio: Sendable {
  let keeper: AnnalKeeper
}
final class Library: Sendable {
  let bundle: Folio
  init(bundle: Folio) { self.bundle = bundle }
}

// A part that takes a while to register.
final class Barracks: Sendable { init() {} }
enum SlowPart: Part {
  static func load(container: Container) {
    usleep(20_000)
    container.register(Barracks.init)
  }
}

// Scoped components met before and after the scope closes within one resolve.
final class Ledger: Sendable { init() {} }
final class Closer: Sendable {
  init(scope: ScopeBox) { scope.scope.close() }
}
struct ScopeBox: Sendable { let scope: Scope }
final class Clerk: Sendable {
  let ledger: Ledger
  init(ledger: Ledger) { self.ledger = ledger }
}
final class Office: Sendable {
  let ledger: Ledger
  let closer: Closer
  let clerk: Clerk
  init(ledger: Ledger, closer: Closer, clerk: Clerk) {
    self.ledger = ledger
    self.closer = closer
    self.clerk = clerk
  }
}
