public import Squire
public import Testing

/// A trait that gives each test its own container: a child of a base container, with the test's
/// overrides registered in it, validated, bound as ``Squire/Container/ambient`` for that test
/// alone, and closed when the test ends.
///
/// ```swift
/// @Test(.container(app) { $0.register { FixedClock(now: .distantPast) }.as(Clock.self) })
/// func receiptIsStamped() {
///   let receipt: Receipt = Container.ambient.resolve()
///   #expect(receipt.stamp == "printed \(Date.distantPast)")
/// }
/// ```
///
/// For each test, and for each case of a parameterized test, the trait
/// 1. makes a child of the base (`Container(parent: base, closedByParent: false)`: the base
///    neither keeps nor closes it),
/// 2. runs `overrides` on it (on the closure's actor, if it has one: `{ @MainActor test in … }`;
///    it may `await`),
/// 3. validates it: a problem (the base's or an override's) fails the test with the full
///    ``Squire/ValidationReport``, before the test body runs (a base that is closed fails the
///    test too, before anything is registered),
/// 4. runs the test with the child as `Container.ambient`, in the test's task and the child
///    tasks it starts,
/// 5. closes the child when the test ends, however it ends (`await close()`: async cleanups
///    run too); a cleanup that fails is recorded as an issue of the test.
///
/// On a suite, the trait applies to every test in it, each with a child of its own. Traits nest:
/// `.container { … }` without a base makes a child of the container ambient when the test starts,
/// which, inside a suite that has the trait, is the suite's child for that test.
public struct ContainerTrait: TestTrait, SuiteTrait, TestScoping {
  /// What registers a test's overrides: may be isolated to an actor (`{ @MainActor test in … }`)
  /// and may `await`; a synchronous closure is one too.
  public typealias Overrides = @isolated(any) @Sendable (Container) async throws -> Void

  /// The container each test's child is made from; `nil`: the ambient one at the test's start.
  let base: Container?
  let overrides: Overrides

  /// `true`: on a suite, the trait applies to each test in it (and in nested suites).
  public var isRecursive: Bool { true }

  /// The trait scopes each test case (each argument of a parameterized test); a suite only
  /// passes it on to its tests.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  /// Makes the test's container, runs `function` with it as the ambient container, and closes
  /// it.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withContainer(for: test.name, performing: function)
  }

  /// The scope of one test case, named `testName` in messages.
  func withContainer(
    for testName: String, performing function: @Sendable () async throws -> Void
  ) async throws {
    guard let base = base ?? Container.ambientIfSet else {
      throw NoBaseContainer(test: testName)
    }
    // Registering in a child of a closed container traps: the test fails instead.
    if base.isClosed { throw ClosedBaseContainer(test: testName) }
    let container = Container(parent: base, closedByParent: false)
    do {
      try await overrides(container)
      try container.validate().requireValid()
      try await container.withAmbient { try await function() }
    } catch {
      await close(container)
      throw error
    }
    await close(container)
  }

  private func close(_ container: Container) async {
    let report = await container.close()
    if !report.isClean {
      Issue.record("the test's container did not close cleanly: \(report)")
    }
  }
}

/// Why a `.container { … }` trait without a base could not make a test's container.
struct NoBaseContainer: Error, CustomStringConvertible {
  let test: String

  var description: String {
    "`.container { … }` on `\(test)` has no base container: no container is ambient when the "
      + "test starts. Set the process default at start-up (`Container.setAmbientDefault(app)`), "
      + "put the test in a suite with `.container(app)`, or name the base: `.container(app) { … }`."
  }
}

/// Why a `.container` trait could not make a test's container: its base is closed.
struct ClosedBaseContainer: Error, CustomStringConvertible {
  let test: String

  var description: String {
    "`.container(…)` on `\(test)`: the base container is closed (`close()` was called on it or "
      + "on a parent), and a closed container makes no children to register in. Close the base "
      + "after the tests that use it, or give the trait one that stays open."
  }
}

extension Trait where Self == ContainerTrait {
  /// Gives each test a child of `base` with `overrides` registered in it, validated, bound as
  /// ``Squire/Container/ambient`` for that test alone and closed when it ends.
  ///
  /// ```swift
  /// @Suite(.container(AppContainer.shared) { test in
  ///   test.register(InMemoryStore.init).as(Store.self).lifetime(.perContainer)
  /// })
  /// struct CheckoutTests {
  ///   @Test func emptyCartCannotCheckOut() { … }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - base: The container each test's child inherits from: the app's composition root.
  ///   - overrides: Registers the test's replacements in the child (a component registered
  ///     there wins over the base's, for everything the test resolves; see the trait's
  ///     article). May throw: the test then fails with the error. May run on an actor and
  ///     `await`, as FactoryTesting's can:
  ///     `.container(app) { @MainActor test in test.register { await MockStore.make() } }`.
  public static func container(
    _ base: Container, _ overrides: @escaping ContainerTrait.Overrides = { _ in }
  ) -> Self {
    Self(base: base, overrides: overrides)
  }

  /// Gives each test a child of the container ambient when it starts (the process default
  /// that the app or the test target set with `Container.setAmbientDefault(_:)`, or an
  /// enclosing suite's container), with `overrides` registered in it.
  ///
  /// ```swift
  /// @Test(.container { $0.register { FixedClock(now: .distantPast) }.as(Clock.self) })
  /// func stampUsesTheClock() { … }
  /// ```
  ///
  /// The test fails, with a message that says why, when no container is ambient.
  public static func container(_ overrides: @escaping ContainerTrait.Overrides) -> Self {
    Self(base: nil, overrides: overrides)
  }
}
