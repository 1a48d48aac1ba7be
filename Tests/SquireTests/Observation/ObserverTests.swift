import Foundation
import Synchronization
import Testing

@testable import Squire

/// What observers saw, from whichever thread they ran on.
private final class Seen<Value: Sendable>: Sendable {
  private let values = Mutex<[Value]>([])
  func append(_ value: Value) { values.withLock { $0.append(value) } }
  var all: [Value] { values.withLock { $0 } }
}

private protocol Animal: Sendable {}
private final class Dog: Animal {}
private final class Cat: Animal {}

@Suite("Observing registrations and failed resolves")
struct ObserverTests {
  // Swinject's own `Behavior` scenarios (ContainerSpec.Behavior), translated: Swinject names a
  // registration in `register(_:name:)`, Squire with `.as(_:name:)` after it.

  @Test func everyObserverIsToldOfARegistrationOnce() {
    let container = Container()
    let first = Seen<Registration.Key>()
    let second = Seen<Registration.Key>()
    container.onRegistration { first.append($0.key) }
    container.onRegistration { second.append($0.key) }
    container.register { Dog() }
    #expect(first.all.count == 1)
    #expect(second.all.count == 1)
  }

  @Test func aNamedRegistrationIsOneEventWithItsName() {
    let container = Container()
    let names = Seen<String?>()
    let keys = Seen<String>()
    container.onRegistration { event in
      names.append(event.key.name)
      keys.append("\(event.key) \(event.registration.keys)")
    }
    container.register { Dog() }.as(Dog.self, name: "Hachi")
    container.register { Cat() }
    #expect(names.all == ["Hachi", nil])
    #expect(keys.all == ["Dog named \"Hachi\" [Dog named \"Hachi\"]", "Cat [Cat]"])
  }

  @Test func theEventHasTheTypeRegistered() {
    let container = Container()
    let types = Seen<String>()
    container.onRegistration { types.append("\($0.key.type)") }
    container.register { () -> any Animal in Dog() }
    #expect(types.all == ["Animal"])
  }

  @Test func aNamedRegistrationForwardedAsAnotherTypeIsOneEventPerKey() {
    // Swinject's commented-out "forwarding service" scenarios: `.implements(Animal.self)`.
    let container = Container()
    let keys = Seen<String>()
    container.onRegistration { keys.append("\($0.key)") }
    container.register { Dog() }.as(Dog.self, name: "Hachi").as((any Animal).self)
    #expect(keys.all == ["Dog named \"Hachi\"", "Animal"])
  }

  @Test func aComponentKeptInAVariableIsToldOfWhenItIsNoLongerUsed() {
    let container = Container()
    let keys = Seen<String>()
    container.onRegistration { keys.append("\($0.key)") }
    do {
      let dog = container.register { Dog() }
      dog.as(Dog.self, name: "Hachi")
      dog.lifetime(.single)
    }
    #expect(keys.all == ["Dog named \"Hachi\""])
  }

  @Test func anOptionalFactoryIsToldOfAsTheOptionalAndTheTypeItWraps() {
    let container = Container()
    let keys = Seen<String>()
    container.onRegistration { keys.append("\($0.key)") }
    container.register { Dog() as Dog? }
    #expect(keys.all == ["Optional<Dog>", "Dog"])
  }

  @Test func anAsAfterTheObserverIsSetIsToldAtOnce() {
    let container = Container()
    let keys = Seen<String>()
    let dog = container.register { Dog() }
    container.onRegistration { keys.append("\($0.key)") }
    dog.as(Dog.self, name: "Hachi")
    #expect(keys.all == ["Dog named \"Hachi\""])
  }

  @Test func everyRegistrationAndEveryAsIsObserved() {
    let container = Container()
    let seen = Seen<String>()
    container.register(Service.init)  // before: not observed
    container.onRegistration { seen.append("\($0.key) ← \($0.registration.type)") }
    container.register(BMWEngine.init).as(Engine.self).as(Engine.self, name: "main")
    #expect(
      seen.all == [
        "BMWEngine ← BMWEngine", "Engine ← BMWEngine", "Engine named \"main\" ← BMWEngine",
      ])
  }

  @Test func aDuplicateRegistrationDetectorSeesTheSecondOne() {
    let container = Container()
    let keys = Seen<Registration.Key>()
    let duplicates = Seen<String>()
    container.onRegistration { event in
      if keys.all.contains(event.key) { duplicates.append(event.key.description) }
      keys.append(event.key)
    }
    container.register(BMWEngine.init).as(Engine.self)
    container.register(OtherEngine.init).as(Engine.self)
    #expect(duplicates.all == ["Engine"])
  }

  @Test func anObserverMayReadTheContainer() {
    let container = Container()
    let counts = Seen<Int>()
    // Unowned: the container keeps its observers, so a strong capture would keep it forever.
    container.onRegistration { [unowned container] _ in
      counts.append(container.registrations.count)
    }
    container.register(Service.init)
    container.register(Consumer.init(service:))
    #expect(counts.all == [1, 2])
  }

  @Test func aChildsRegistrationsAreNotObservedByItsParent() {
    let parent = Container()
    let seen = Seen<String>()
    parent.onRegistration { seen.append("\($0.key)") }
    Container(parent: parent).register(Service.init)
    #expect(seen.all.isEmpty)
  }

  @Test func aFailedResolveIsObservedInTheContainerAndItsParents() {
    let parent = Container()
    let child = Container(parent: parent)
    let fromParent = Seen<String>()
    let fromChild = Seen<String>()
    parent.onResolveFailure { fromParent.append($0.requested) }
    child.onResolveFailure { fromChild.append($0.requested) }
    child.register(Consumer.init(service:))
    #expect(throws: ResolutionError.self) { try child.tryResolve(Consumer.self) }
    #expect(throws: ResolutionError.self) { try parent.tryResolve(Service.self, name: "x") }
    #expect(fromChild.all == ["Consumer"])
    #expect(fromParent.all == ["Consumer", "Service named \"x\""])
  }

  @Test func aSuccessfulResolveIsNotObserved() {
    let container = Container()
    let seen = Seen<String>()
    container.onResolveFailure { seen.append($0.requested) }
    container.register(Service.init)
    _ = container.resolve(Service.self)
    #expect(seen.all.isEmpty)
  }

  @Test func aFailedLazyAndAnAsyncResolveAreObserved() async {
    final class Holder: Sendable {
      let service: Lazy<Service>
      init(service: Lazy<Service>) { self.service = service }
    }
    let container = Container()
    let seen = Seen<String>()
    container.onResolveFailure { seen.append($0.requested) }
    container.register(Holder.init(service:))
    let holder: Holder = await container.resolve()
    #expect(throws: ResolutionError.self) { try holder.service.get() }
    await #expect(throws: ResolutionError.self) {
      _ = try await container.tryResolve(Consumer.self) as Consumer
    }
    #expect(seen.all == ["Service", "Consumer"])
  }

  /// Issue 37, 1: the observer's own failed resolve was observed again, and again, past the
  /// nesting limit (whose error was observed too) until the stack overflowed.
  @Test func anObserverThatResolvesSomethingMissingIsNotCalledForItsOwnFailure() async {
    await #expect(processExitsWith: .success) {
      Watchdog.start()
      let container = Container()
      let seen = Seen<String>()
      container.onResolveFailure { [unowned container] error in
        seen.append(error.requested)
        _ = try? container.tryResolve(Logbook.self)
      }
      let synchronously = { _ = try? container.tryResolve(Service.self) }
      synchronously()
      _ = try? await container.tryResolve(Service.self, name: "x")
      if seen.all != ["Service", "Service named \"x\""] { exit(1) }
    }
  }

  @Test func aFailureInsideAFactoryIsStillObservedOnceMore() {
    let container = Container()
    let seen = Seen<String>()
    container.onResolveFailure { [unowned container] error in
      seen.append(error.requested)
      _ = try? container.tryResolve(Logbook.self)
    }
    container.register { [unowned container] () throws -> Consumer in
      Consumer(service: try container.tryResolve(Service.self))
    }
    #expect(throws: ResolutionError.self) { try container.tryResolve(Consumer.self) }
    #expect(seen.all == ["Service", "Consumer"])
  }
}

/// What an observer resolves and the container lacks.
private final class Logbook: Sendable {}
