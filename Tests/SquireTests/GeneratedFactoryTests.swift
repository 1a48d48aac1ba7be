@_spi(Generated) import Squire
import Synchronization
import Testing

// The hook SquireBuildPlugin's generated code uses (Integrations/SquireBuildPlugin/GENERATED.md):
// the overloads below are what the generator emits for this file's registrations, made
// `fileprivate` so that they take over this file's call sites only.

private protocol GenEngine: AnyObject, Sendable {}
private final class GenDiesel: GenEngine {
  init() {}
}
private final class GenCar: Sendable {
  let engine: any GenEngine
  let made: String
  init(engine: any GenEngine) {
    self.engine = engine
    made = "init"
  }
  init(engine: any GenEngine, made: String) {
    self.engine = engine
    self.made = made
  }
}
private struct GenFailure: Error {}
private final class GenRadio: Sendable {
  init(engine: any GenEngine) throws { throw GenFailure() }
}

// For the direct builds: an engine that says which code made it (a `GenCar` says so in `made`).
private enum DirPath: Sendable { case factory, linked, direct }
private final class DirDiesel: GenEngine {
  let path: DirPath
  init() { path = .factory }
  init(path: DirPath) { self.path = path }
}

// Squire's `register` for zero and one parameter and its plain and named `as`, with their exact
// signatures, as the generator emits them (`fileprivate` here): they shadow Squire's.
extension Container {
  @inline(never)
  @discardableResult
  fileprivate func register<Impl>(
    _ factory: @escaping @Sendable () throws -> Impl,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> Component<Impl> {
    _register(generated: factory, file: file, line: line, from: TestFactories.self)
  }

  @inline(never)
  @discardableResult
  fileprivate func register<Impl, P1>(
    _ factory: @escaping @Sendable (consuming P1) throws -> Impl,
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> Component<Impl> {
    _register(generated: factory, file: file, line: line, from: TestFactories.self)
  }
}

extension Component {
  @inline(never)
  @discardableResult
  fileprivate func `as`<P>(_ type: P.Type) -> Component<Impl> {
    _as(generated: type, qualifier: nil, from: TestFactories.self)
  }

  @inline(never)
  @discardableResult
  fileprivate func `as`<P>(_ type: P.Type, name: String) -> Component<Impl> {
    _as(generated: type, qualifier: .name(name), from: TestFactories.self)
  }
}

/// The table the generator would write for this file: one call site it read, and the
/// conversion of `GenDiesel` to `GenEngine`.
private enum TestFactories: _GeneratedFactories {
  static func factory(file: StaticString, line: UInt, type: ObjectIdentifier)
    -> _GeneratedFactory?
  {
    guard _isGeneratedFile(file, "SquireTests/GeneratedFactoryTests.swift") else { return nil }
    switch line {
    case directLine: return factoryGenCar()
    case dieselLine: return factoryDirDiesel()
    case carLine: return factoryDirCar()
    case radioLine: return factoryGenRadio()
    case wrapsNoneLine: return factoryWrapHolder(wrapsNone: true)
    case wrapsLine: return factoryWrapHolder(wrapsNone: false)
    case sharedLine:
      // Two registrations on one line: the type tells them apart.
      switch type {
      case ObjectIdentifier(DirDiesel.self): return factoryDirDiesel()
      case ObjectIdentifier(GenCar.self): return factoryGenCar()
      default: return nil
      }
    default: return nil
    }
  }

  /// The generated factory of `DirDiesel` (number 0 of this table), as the generator writes a
  /// leaf's: its linked body, and the direct one when the container linked it plainly.
  static func factoryDirDiesel() -> _GeneratedFactory {
    _GeneratedFactory(DirDiesel.self) { link in
      let step = link.step
      let linked = { (context: inout ResolutionContext) throws(ResolutionError) -> DirDiesel in
        try context._make(step) { context throws(ResolutionError) in DirDiesel(path: .linked) }
      }
      guard link.direct(0) else { return linked }
      return { context throws(ResolutionError) -> DirDiesel in
        if context._buildsDirectly(height: 1) { return DirDiesel(path: .direct) }
        return try linked(&context)
      }
    }
  }

  /// The generated factory of `GenCar` at `carLine` (number 1), which expects factory 0 for
  /// its engine.
  static func factoryDirCar() -> _GeneratedFactory {
    _GeneratedFactory(GenCar.self, (any GenEngine).self) { link in
      let d0 = link((any GenEngine).self)
      let step = link.step
      let linked = { (context: inout ResolutionContext) throws(ResolutionError) -> GenCar in
        try context._make(step) { context throws(ResolutionError) in
          try GenCar(engine: d0(&context), made: "linked")
        }
      }
      guard link.direct(1, d0.expecting(0)) else { return linked }
      return { context throws(ResolutionError) -> GenCar in
        if context._buildsDirectly(height: 2) {
          return GenCar(engine: DirDiesel(path: .direct), made: "direct")
        }
        return try linked(&context)
      }
    }
  }

  /// The generated factory of `GenRadio`, whose initializer throws.
  static func factoryGenRadio() -> _GeneratedFactory {
    _GeneratedFactory(GenRadio.self, (any GenEngine).self) { link in
      let d0 = link((any GenEngine).self)
      let step = link.step
      return { context throws(ResolutionError) -> GenRadio in
        try context._makeThrowing(step) { context in try GenRadio(engine: d0(&context)) }
      }
    }
  }

  static func factoryGenCar() -> _GeneratedFactory {
    _GeneratedFactory(GenCar.self, (any GenEngine).self) { link in
      let d0 = link((any GenEngine).self)
      let step = link.step
      return { context throws(ResolutionError) -> GenCar in
        // The generator would call `GenCar(engine:)`: the test tells the paths apart.
        try context._make(step) { context throws(ResolutionError) in
          try GenCar(engine: d0(&context), made: "direct")
        }
      }
    }
  }

  /// The generated factory of `WrapHolder`, saying (wrongly, to show that it is believed) that
  /// the class has no wrapped property, or not saying it.
  static func factoryWrapHolder(wrapsNone: Bool) -> _GeneratedFactory {
    _GeneratedFactory(WrapHolder.self, wrapsNone: wrapsNone) { link in
      let step = link.step
      return { context throws(ResolutionError) -> WrapHolder in
        try context._make(step) { context throws(ResolutionError) in WrapHolder() }
      }
    }
  }

  static func forward(_ implementation: ObjectIdentifier, as type: ObjectIdentifier)
    -> _GeneratedForward?
  {
    if implementation == ObjectIdentifier(DirDiesel.self),
      type == ObjectIdentifier((any GenEngine).self)
    {
      return _GeneratedForward(DirDiesel.self, as: (any GenEngine).self) { $0 }
    }
    guard implementation == ObjectIdentifier(GenDiesel.self),
      type == ObjectIdentifier((any GenEngine).self)
    else { return nil }
    forwardsMade.withLock { $0 += 1 }
    return _GeneratedForward(GenDiesel.self, as: (any GenEngine).self) { $0 }
  }
}

/// How many generated conversions were handed out.
private let forwardsMade = Mutex(0)

/// The line of the one registration the "generator" read as `GenCar.init(engine:)`.
private let directLine: UInt = 221

/// The lines the registrations of `DirDiesel` and its `GenCar` pass for themselves (`line:`), so
/// that the table finds them wherever they are written.
private let dieselLine: UInt = 90_001
private let carLine: UInt = 90_002
/// The line `GenRadio`'s registration passes for itself.
private let radioLine: UInt = 90_003
/// The line two registrations pass for themselves, as if written on one line.
private let sharedLine: UInt = 90_004
/// The lines `WrapHolder`'s registrations pass: its factory says it wraps nothing, or does not.
private let wrapsNoneLine: UInt = 90_005
private let wrapsLine: UInt = 90_006

/// A class with an `@Injected` property, and what it asks for, which counts how often it is made.
private let clocksMade = Mutex(0)
private final class WrapClock: Sendable {
  init() { clocksMade.withLock { $0 += 1 } }
}
private final class WrapHolder {
  @Injected var clock: WrapClock
  init() {}
}

@Suite struct GeneratedFactoryTests {
  @Test func theReadCallSiteCallsTheInitializerAndOthersTheFactory() {
    let container = Container()
    container.register(GenDiesel.init).as((any GenEngine).self)
    container.register(GenCar.init(engine:))  // line 221: `directLine`
    #expect(container.validate().isValid)
    #expect(forwardsMade.withLock { $0 } > 0)
    let direct: GenCar = container.resolve()
    #expect(direct.made == "direct")
    #expect(direct.engine is GenDiesel)

    let other = Container()
    other.register(GenDiesel.init).as((any GenEngine).self)
    other.register { GenCar(engine: $0, made: "factory") }
    let called: GenCar = other.resolve()
    #expect(called.made == "factory")
    // The same factory at another line: the site check fails, the factory is called.
    let elsewhere = Container()
    elsewhere.register(GenDiesel.init).as((any GenEngine).self)
    elsewhere.register(GenCar.init(engine:))
    #expect((elsewhere.resolve() as GenCar).made == "init")
  }

  @Test func lifetimesNamesChildrenAndValidationAreTheRuntimes() throws {
    let container = Container()
    container.register(GenDiesel.init).as((any GenEngine).self).lifetime(.single)
    container.register(GenDiesel.init).as((any GenEngine).self, name: "spare")
    container.register { GenCar(engine: $0, made: "factory") }
    let first: GenCar = container.resolve()
    let second: GenCar = container.resolve()
    #expect(first !== second)
    #expect(first.engine === second.engine)
    let spare: any GenEngine = container.resolve(name: "spare")
    #expect(spare !== first.engine)

    let child = Container(parent: container)
    child.register(GenDiesel.init).as((any GenEngine).self)
    let overridden: GenCar = child.resolve()
    #expect(overridden.engine !== first.engine)
  }

  @Test func anAsyncComponentKeepsItsAsyncBodyUnderAGeneratedAs() async {
    let container = Container()
    container.register { () async -> GenDiesel in GenDiesel() }.as((any GenEngine).self)
    let engine: any GenEngine = await container.resolve()
    #expect(engine is GenDiesel)
    #expect(throws: ResolutionError.self) { try container.tryResolve((any GenEngine).self) }
  }

  /// A generated component makes its async body only when a dependency it linked is async: this
  /// one's is, so `await` builds it (through its own factory) and a synchronous resolve says why
  /// it cannot.
  @Test func aGeneratedComponentWithAnAsyncDependencyIsBuiltByAnAwait() async {
    let container = Container()
    container.register { () async -> GenDiesel in GenDiesel() }.as((any GenEngine).self)
    container.register({ GenCar(engine: $0, made: "factory") }, line: sharedLine)
    let car: GenCar = await container.resolve()
    #expect(car.made == "factory")
    #expect(car.engine is GenDiesel)
    #expect(throws: ResolutionError.self) { try container.tryResolve(GenCar.self) }

    // Its dependency synchronous, it has no async body: `await` runs the generated one.
    let plain = Container()
    plain.register(GenDiesel.init).as((any GenEngine).self)
    plain.register({ GenCar(engine: $0, made: "factory") }, line: sharedLine)
    let made: GenCar = await plain.resolve()
    #expect(made.made == "direct")
  }

  @Test func errorsNameTheComponentAndPassFailuresThrough() {
    let container = Container()
    container.register { (_: any GenEngine) in GenCar(engine: GenDiesel()) }
    #expect(throws: ResolutionError.self) { try container.tryResolve(GenCar.self) }
    let missing = (try? container.tryResolve(GenCar.self)).map { _ in "" }
    #expect(missing == nil)
    do {
      _ = try container.tryResolve(GenCar.self)
    } catch {
      #expect(error.description.contains("GenCar"))
      #expect(error.description.contains("GenEngine"))
    }

    let failing = Container()
    failing.register(GenDiesel.init).as((any GenEngine).self)
    failing.register { (_: any GenEngine) throws -> GenCar in throw GenFailure() }
    do {
      _ = try failing.tryResolve(GenCar.self)
      Issue.record("the factory's error was not thrown")
    } catch {
      #expect(error.underlyingError is GenFailure)
    }
  }

  @Test func aThrowingGeneratedInitializerFailsAsTheFactory() {
    let container = Container()
    container.register(GenDiesel.init).as((any GenEngine).self)
    container.register({ try GenRadio(engine: $0) }, line: radioLine)
    do {
      _ = try container.tryResolve(GenRadio.self)
      Issue.record("the initializer's error was not thrown")
    } catch {
      #expect(error.underlyingError is GenFailure)
      #expect(error.description.contains("GenRadio"))
    }
    // Its dependency's error passes through unchanged, with the component on its path.
    let missing = Container()
    missing.register({ try GenRadio(engine: $0) }, line: radioLine)
    do {
      _ = try missing.tryResolve(GenRadio.self)
      Issue.record("the missing engine was not reported")
    } catch {
      #expect(error.underlyingError == nil)
      #expect(error.description.contains("GenEngine"))
      #expect(error.description.contains("GenRadio"))
    }
  }
}

/// A generated factory whose dependencies are linked to the generated factories it expects,
/// each a plain prototype, builds them by plain calls; anything else the container links in
/// their place (an override in a child, a decorator, a lifetime, a contextual registration)
/// is what it builds, through the linked bodies.
@Suite struct GeneratedDirectBuildTests {
  private static func registerCar(in container: Container) -> Component<DirDiesel> {
    let diesel = container.register({ DirDiesel() }, line: dieselLine).as((any GenEngine).self)
    container.register({ GenCar(engine: $0) }, line: carLine)
    return diesel
  }

  /// A generated factory links each dependency once, as the generic path does: `validate()`
  /// counts the same components and dependencies with and without generated factories.
  @Test func validationCountsAGeneratedFactorysDependenciesOnce() {
    let generated = Container()
    _ = Self.registerCar(in: generated)
    let generic = Container()
    generic.register { DirDiesel() }.as((any GenEngine).self)
    generic.register { GenCar(engine: $0) }
    let withGenerated = generated.validate()
    let without = generic.validate()
    #expect(withGenerated.componentCount == without.componentCount)
    #expect(withGenerated.dependencyCount == without.dependencyCount)
    #expect(withGenerated.dependencyCount == 1)
  }

  @Test func aGraphOfPlainGeneratedComponentsIsBuiltByPlainCalls() {
    let container = Container()
    _ = Self.registerCar(in: container)
    #expect(container.validate().isValid)
    let car: GenCar = container.resolve()
    #expect(car.made == "direct")
    #expect((car.engine as? DirDiesel)?.path == .direct)
    let engine: any GenEngine = container.resolve()
    #expect((engine as? DirDiesel)?.path == .direct)
  }

  @Test func aFactorySayingItsClassWrapsNothingIsBelievedAndOneNotSayingItIsLookedAt() {
    clocksMade.withLock { $0 = 0 }
    let looked = Container()
    looked.register(WrapClock.init)
    looked.register(WrapHolder.init, line: wrapsLine)
    _ = looked.resolve() as WrapHolder
    #expect(clocksMade.withLock { $0 } == 1)
    // The tool says so only for a class it read whole: the container does not read the
    // class's fields, so the property (which the tool would have seen) is not filled.
    let believed = Container()
    believed.register(WrapClock.init)
    believed.register(WrapHolder.init, line: wrapsNoneLine)
    _ = believed.resolve() as WrapHolder
    #expect(clocksMade.withLock { $0 } == 1)
  }

  @Test func anOverrideInAChildWins() {
    let parent = Container()
    _ = Self.registerCar(in: parent)
    #expect((parent.resolve() as GenCar).made == "direct")
    let child = Container(parent: parent)
    child.register(GenDiesel.init).as((any GenEngine).self)
    let car: GenCar = child.resolve()
    #expect(car.engine is GenDiesel)
    #expect(car.made == "linked")
    let again: GenCar = parent.resolve()
    #expect(again.made == "direct")
    #expect(again.engine is DirDiesel)
  }

  @Test func aDecoratorIsApplied() {
    let container = Container()
    _ = Self.registerCar(in: container)
    container.decorate((any GenEngine).self) { _ in GenDiesel() }
    let car: GenCar = container.resolve()
    #expect(car.engine is GenDiesel)
    #expect(car.made == "linked")
  }

  @Test func aSharedDependencyIsShared() {
    let container = Container()
    Self.registerCar(in: container).lifetime(.single)
    let first: GenCar = container.resolve()
    let second: GenCar = container.resolve()
    #expect(first.engine === second.engine)
    // The one engine is built by its own generated code; the car, through the linked bodies.
    #expect(first.engine is DirDiesel)
    #expect(first.made == "linked")
  }

  @Test func aContextualRegistrationIsChosen() {
    let container = Container()
    _ = Self.registerCar(in: container)
    container.register(GenDiesel.init).as((any GenEngine).self).when(injectedInto: GenCar.self)
    let car: GenCar = container.resolve()
    #expect(car.engine is GenDiesel)
    #expect(car.made == "linked")
  }

  @Test func registrationsOnOneLineEachGetTheirOwnFactory() {
    let container = Container()
    container.register({ DirDiesel() }, line: sharedLine).as((any GenEngine).self)
    container.register({ GenCar(engine: $0) }, line: sharedLine)
    #expect(container.validate().isValid)
    let car: GenCar = container.resolve()
    // Both generated: neither the car's factory ("init") nor the engine's (`.factory`) ran.
    #expect(car.made == "direct")
    #expect((car.engine as? DirDiesel).map { $0.path != .factory } == true)
  }

  @Test func registrationObserversSeeAGeneratedAs() {
    let container = Container()
    let seen = Mutex<[String]>([])
    container.onRegistration { event in seen.withLock { $0.append("\(event.key)") } }
    container.register(GenDiesel.init).as((any GenEngine).self)
    #expect(seen.withLock { $0 } == ["GenDiesel", "GenEngine"])
  }
}

/// `TestFactories`, counting what it is asked: when a module's table is asked for a component's
/// factory and conversions.
private enum CountingFactories: _GeneratedFactories {
  static let factoriesAsked = Mutex(0)
  static let forwardsAsked = Mutex(0)

  static func factory(file: StaticString, line: UInt, type: ObjectIdentifier)
    -> _GeneratedFactory?
  {
    factoriesAsked.withLock { $0 += 1 }
    return TestFactories.factory(file: file, line: line, type: type)
  }

  static func forward(_ implementation: ObjectIdentifier, as type: ObjectIdentifier)
    -> _GeneratedForward?
  {
    forwardsAsked.withLock { $0 += 1 }
    return TestFactories.forward(implementation, as: type)
  }
}

@Suite struct GeneratedLookupTests {
  @Test func theTableIsAskedWhenAComponentIsFirstLinkedNotWhenItIsRegistered() {
    let container = Container()
    container._register(
      generated: { DirDiesel() }, file: #fileID, line: dieselLine, from: CountingFactories.self
    )
    ._as(generated: (any GenEngine).self, qualifier: nil, from: CountingFactories.self)
    // Registering costs what the generic `register` does: a component registered and never
    // resolved never asks.
    #expect(CountingFactories.factoriesAsked.withLock { $0 } == 0)
    #expect(CountingFactories.forwardsAsked.withLock { $0 } == 0)
    let engine: any GenEngine = container.resolve()
    // Built by the generated code, not by the factory registered.
    #expect((engine as? DirDiesel).map { $0.path != .factory } == true)
    #expect(CountingFactories.factoriesAsked.withLock { $0 } == 1)
    #expect(CountingFactories.forwardsAsked.withLock { $0 } == 1)
    _ = container.resolve((any GenEngine).self)
    #expect(CountingFactories.factoriesAsked.withLock { $0 } == 1)
  }
}
