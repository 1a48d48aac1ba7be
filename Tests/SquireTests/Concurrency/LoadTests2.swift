import Dispatch
import Testing

@testable import Squire

@Suite("No faults under load: parts, scopes, options, caches")
struct LoadTests2 {
  @Test func aPartAppendedFromTwoThreadsIsThereForBoth() {
    for _ in 0..<10 {
      let container = Container()
      let failures = CallCounter()
      onThreads(2) { _ in
        container.append(part: SlowPart.self)
        if (try? container.tryResolve(Barracks.self)) == nil { failures.next() }
      }
      #expect(failures.value == 0)
    }
  }

  @Test func aResolveStaysInTheScopePeriodItMetFirst() {
    let session = Scope("session")
    let container = Container()
    container.register { ScopeBox(scope: session) }
    container.register(Ledger.init).lifetime(.scoped(session))
    container.register(Closer.init)
    container.register(Clerk.init)
    container.register(Office.init)
    let office: Office = container.resolve()
    #expect(office.clerk.ledger === office.ledger)
    // The next resolve is in the new period.
    #expect(container.resolve(Ledger.self) !== office.ledger)
  }

  @Test func changingOptionsWhileValidatingDoesNotRace() {
    let container = Container()
    container.register(Service.init)
    let component = container.register(Consumer.init)
    onThreads(4) { index in
      for round in 0..<50 {
        if index == 0 {
          component.lifetime(round.isMultiple(of: 2) ? .single : .prototype)
          component.as(Consumer.self, name: "c\(round)")
          if round == 25 { component.default() }
        } else {
          _ = container.validate()
        }
      }
    }
    #expect(container.validate().isValid)
  }

  @Test func changingOptionsWhileResolvingThroughModifiersDoesNotRace() {
    let container = Container()
    container.register(Service.init)
    let component = container.register(Consumer.init)
    onThreads(3) { index in
      for round in 0..<50 {
        if index == 0 {
          component.lifetime(round.isMultiple(of: 2) ? .perContainer : .prototype)
          component.as(AnyObject.self, name: "c\(round)")
        } else {
          let optional: Consumer? = container.resolve()
          let lazy: Lazy<Consumer> = container.resolve()
          #expect(optional != nil)
          #expect((try? lazy.get()) != nil)
        }
      }
    }
  }

  @Test func unknownNamesDoNotGrowTheCacheWithoutBound() {
    let container = Container()
    container.register(Service.init).as(Service.self, name: "known")
    for index in 0..<(Snapshot.maximumExtra + 200) {
      _ = try? container.tryResolve(Service.self, name: "unknown-\(index)")
    }
    #expect(container.snapshot.extraCountForTesting <= Snapshot.maximumExtra)
    #expect(throws: ResolutionError.self) { try container.tryResolve(Service.self, name: "nope") }
    #expect((try? container.tryResolve(Service.self, name: "known")) != nil)
  }

  @Test func anUnknownNameStoresNoDiagnosticTextOnlyWhatFindsItWhenRead() throws {
    let container = Container()
    container.register(Service.init).as(Service.self, name: "primary")
    let error = try #require(throws: ResolutionError.self) {
      try container.tryResolve(Service.self, name: "primray")
    }
    // The close matches are found when read: the error carries the way to find them.
    #expect(error.laterSuggestions != nil)
    #expect(error.suggestions.count == 1)
    #expect(error.suggestions.first?.contains("\"primary\"") == true)
    #expect(error.description.contains("close matches"))
    // Read from many threads at once, as errors logged by concurrent requests are.
    DispatchQueue.concurrentPerform(iterations: 64) { index in
      let failure = try? container.tryResolve(Service.self, name: "primray-\(index % 8)")
      _ = failure
      let result = Result { () throws(ResolutionError) -> Service in
        try container.tryResolve(Service.self, name: "primray")
      }
      guard case .failure(let failure) = result else { preconditionFailure("resolved") }
      precondition(failure.description.contains("primary"))
    }
  }

  @Test func aSingleHoldingALazyOfAMissingTypeIsFreedWithItsContainer() {
    // The error of the missing type finds its close matches when read, through the snapshot's
    // index of registrations: the index must not keep the registrations (and their cached
    // instances) alive through the error the `Lazy` keeps.
    weak var released: HoldsMissing?
    do {
      let container = Container()
      container.register(Service.init).as(Service.self, name: "close")
      container.register(HoldsMissing.init).lifetime(.single)
      let holder = container.resolve(HoldsMissing.self)
      released = holder
      #expect(throws: ResolutionError.self) { try holder.service.get() }
    }
    #expect(released == nil)
  }

  @Test func namedTaggedAndOptionalResolvesFromManyThreads() {
    let container = Container()
    container.register(BMWEngine.init).as(Engine.self, name: "BMW").as(Engine.self, tag: Sport.self)
    let failures = CallCounter()
    onThreads(8) { _ in
      for _ in 0..<500 {
        let named: Engine? = try? container.tryResolve(Engine.self, name: "BMW")
        let tagged: Engine? = try? container.tryResolve(Engine.self, tag: Sport.self)
        let optional: Service? = container.resolve()
        if named == nil || tagged == nil || optional != nil { failures.next() }
      }
    }
    #expect(failures.value == 0)
  }
}

final class HoldsMissing: Sendable {
  let service: Lazy<Service>
  init(service: Lazy<Service>) { self.service = service }
}
