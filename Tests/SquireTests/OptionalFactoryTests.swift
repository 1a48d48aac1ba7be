import Synchronization
import Testing

@testable import Squire

@Suite("A factory that returns an Optional")
struct OptionalFactoryTests {
  @Test func aValueIsResolvableAsTheWrappedTypeAndAsTheOptional() {
    let container = Container()
    let maybe: Service? = Service()
    container.register { maybe }
    #expect(container.resolve(Service.self) === maybe)
    #expect(container.resolve(Service?.self) === maybe)
    #expect(container.validate().isValid)
  }

  @Test func nilIsAbsent() throws {
    let container = Container()
    let none: Service? = nil
    container.register { none }
    container.register(Consumer.init(service:))
    #expect(container.resolve(Service?.self) == nil)
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Consumer.self)
    }
    #expect(error.reason == .absent(component: "Optional<Service>"))
    #expect(error.path == ["Consumer"])
    #expect(error.description.contains("returned `nil`"))
  }

  @Test func aDependencyAskedForAsOptionalGetsNil() {
    final class Reader {
      let service: Service?
      init(service: Service?) { self.service = service }
    }
    let container = Container()
    container.register { nil as Service? }
    container.register(Reader.init(service:))
    #expect(container.resolve(Reader.self).service == nil)
    #expect(container.validate().isValid)
  }

  @Test func anAsOfTheWrappedValueIsCheckedThroughTheOptional() {
    let container = Container()
    container.register { BMWEngine() as BMWEngine? }.as(Engine.self)
    #expect(container.resolve(Engine.self) is BMWEngine)
    #expect(container.validate().isValid, "\(container.validate())")
    #expect(
      container.registrations[0].keys.map(\.description) == [
        "Optional<BMWEngine>", "BMWEngine", "Engine",
      ])
  }

  @Test func weakHoldsTheInstanceOfAnOptionalWeaklyAndDoesNotCacheNil() {
    // Factory's `.shared` on a `Factory<Service?>`.
    let counter = Counter()
    final class Switch: Sendable {
      let on = Atomic<Bool>(true)
    }
    let gives = Switch()
    let container = Container()
    container.register { () -> Service? in
      counter.increment()
      return gives.on.load(ordering: .relaxed) ? Service() : nil
    }.lifetime(.weak)
    var held: Service? = container.resolve(Service?.self)
    #expect(held != nil)
    #expect(container.resolve(Service?.self) === held)
    #expect(container.resolve(Service.self) === held)
    #expect(counter.count == 1)
    weak let released = held
    held = nil
    #expect(released == nil)
    gives.on.store(false, ordering: .relaxed)
    #expect(container.resolve(Service?.self) == nil)
    #expect(container.resolve(Service?.self) == nil)
    #expect(counter.count == 3)  // `nil` is not kept
    gives.on.store(true, ordering: .relaxed)
    held = container.resolve(Service?.self)
    #expect(held != nil && counter.count == 4)
    #expect(container.validate().isValid, "\(container.validate())")
  }

  @Test func aScopeThatHoldsWeaklyTakesAnOptionalOfAClass() {
    let screens = Scope("screens", holdsWeakly: true)
    let container = Container()
    container.register { Service() as Service? }.lifetime(.scoped(screens))
    let held = container.resolve(Service?.self)
    #expect(held != nil && container.resolve(Service?.self) === held)
  }

  @Test func weakOfAnOptionalValueTypeStillTraps() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let container = Container()
      container.register { () -> Int? in 1 }.lifetime(.weak)
    }.map { result in
      let text = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(text.contains("cannot have lifetime `.weak`"))
    }
  }
}
