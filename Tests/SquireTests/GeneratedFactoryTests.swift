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
  static func factory(file: StaticString, line: UInt) -> _GeneratedFactory? {
    guard _isGeneratedFile(file, "SquireTests/GeneratedFactoryTests.swift"), line == directLine
    else { return nil }
    return _GeneratedFactory(GenCar.self, (any GenEngine).self) { link in
      let d0 = link((any GenEngine).self)
      let step = link.step
      return { context throws(ResolutionError) -> GenCar in
        // The generator would call `GenCar(engine:)`: the test tells the paths apart.
        try context._make(step) { context in try GenCar(engine: d0(&context), made: "direct") }
      }
    }
  }

  static func forward(_ implementation: ObjectIdentifier, as type: ObjectIdentifier)
    -> _GeneratedForward?
  {
    guard implementation == ObjectIdentifier(GenDiesel.self),
      type == ObjectIdentifier((any GenEngine).self)
    else { return nil }
    forwardsMade.withLock { $0 += 1 }
    return _GeneratedForward(GenDiesel.self, as: (any GenEngine).self) { made in
      { context throws(ResolutionError) in try made(&context) }
    }
  }
}

/// How many generated conversions were handed out.
private let forwardsMade = Mutex(0)

/// The line of the one registration the "generator" read as `GenCar.init(engine:)`.
private let directLine: UInt = 104

@Suite struct GeneratedFactoryTests {
  @Test func theReadCallSiteCallsTheInitializerAndOthersTheFactory() {
    let container = Container()
    container.register(GenDiesel.init).as((any GenEngine).self)
    container.register(GenCar.init(engine:))  // line 104: `directLine`
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
}
