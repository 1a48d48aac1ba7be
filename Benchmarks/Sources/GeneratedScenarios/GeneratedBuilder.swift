import Scenarios
import Squire

/// S2, S3 and S10 registered by the same code as ``SquireBuilder`` (`SquireGraphs.swift`, a link
/// to the file in `Scenarios`), in a module where `SquireGenerated.swift` holds what
/// SquireBuildPlugin generates for these registrations (`Scripts/generate-scenarios.sh` writes
/// it): the same composition root, resolved through generated factories.
public final class GeneratedBuilder: Sendable {
  private let prototypes: Container
  private let singles: Container
  private let classBound: Container

  /// Registers the scenarios' graphs (in local containers first: so SquireBuildPlugin's tool
  /// reads them).
  public init() {
    let prototypes = Container()
    SquireGraphs.registerGraph(in: prototypes, sharing: nil)
    let singles = Container()
    SquireGraphs.registerGraph(in: singles, sharing: .single)
    singles.initializeSingletons()
    let classBound = Container()
    SquireGraphs.registerClassBoundGraph(in: classBound)
    (self.prototypes, self.singles, self.classBound) = (prototypes, singles, classBound)
  }

  /// `resolve()` from the S2 container.
  @inline(never)
  public func s2() -> Root {
    prototypes.resolve()
  }

  /// `resolve()` from the S3 container.
  @inline(never)
  public func s3() -> Root {
    singles.resolve()
  }

  /// `resolve()` from the S10 container.
  @inline(never)
  public func s10() -> RootK {
    classBound.resolve()
  }
}
