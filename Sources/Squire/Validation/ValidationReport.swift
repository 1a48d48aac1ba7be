/// What ``Container/validate()`` found: every problem in the graph, each with the path that
/// leads to it and a paragraph on how to fix it.
///
/// The report is an `Error`, so a test suite can assert that its composition root is valid in
/// one line and see every problem when it is not:
///
/// ```swift
/// @Test func compositionRootIsValid() throws {
///   try AppComposition.makeContainer().validate().requireValid()
/// }
/// ```
///
/// or, without throwing:
///
/// ```swift
/// let report = container.validate()
/// #expect(report.isValid, "\(report)")
/// ```
public struct ValidationReport: Error, Sendable, CustomStringConvertible {
  /// Every problem found, missing dependencies first, then ambiguities, cycles, captive
  /// dependencies, unpassable arguments and wrong forwards; in the same order in every run.
  public let problems: [ValidationProblem]
  /// What is likely a mistake but makes no resolve fail: a decorator of a type nothing
  /// provides, a `.when(injectedInto:)` whose consumer is not registered, a type registered
  /// several times that nothing asks one of. ``isValid`` ignores
  /// them; ``description`` lists them after the problems.
  public let warnings: [ValidationWarning]
  /// How many components were checked: those a resolve from the container can reach.
  public let componentCount: Int
  /// How many dependencies those components ask for.
  public let dependencyCount: Int
  /// Whether the graph is one SquireBuildPlugin checked when the module was built, so that
  /// `validate()` did not walk it again: the container held exactly the registrations the
  /// build read, each with the options it read (see <doc:CheckingAtBuildTime>). Such a
  /// report has no problem and no warning.
  ///
  /// ```swift
  /// let report = container.validate()
  /// print(report.checkedAtBuildTime)   // true in a target the plugin checked, if unchanged
  /// ```
  public let checkedAtBuildTime: Bool

  init(
    problems: [ValidationProblem], warnings: [ValidationWarning] = [], componentCount: Int,
    dependencyCount: Int, checkedAtBuildTime: Bool = false
  ) {
    self.problems = problems
    self.warnings = warnings
    self.componentCount = componentCount
    self.dependencyCount = dependencyCount
    self.checkedAtBuildTime = checkedAtBuildTime
  }

  /// Whether the graph has no problem at all.
  ///
  /// ```swift
  /// #expect(container.validate().isValid)
  /// ```
  public var isValid: Bool { problems.isEmpty }

  /// Throws this report when it has problems; does nothing when the graph is valid.
  ///
  /// ```swift
  /// try container.validate().requireValid()
  /// ```
  ///
  /// In a test, the thrown report's description, every problem in full, is what the test
  /// failure shows.
  public func requireValid() throws(ValidationReport) {
    if !isValid { throw self }
  }

  /// A summary line, then every problem as a numbered paragraph.
  ///
  /// ```text
  /// Squire found 1 problem in 3 components and 2 dependencies.
  ///
  /// 1. Missing dependency: nothing provides `Forge`, which `PlateArmor` needs.
  ///   path: Knight → PlateArmor → Forge
  ///   ...
  /// ```
  public var description: String {
    let checked =
      "\(componentCount) component\(componentCount == 1 ? "" : "s") and "
      + "\(dependencyCount) dependenc\(dependencyCount == 1 ? "y" : "ies")"
    let warned =
      warnings.isEmpty
      ? []
      : ["\(warnings.count) warning\(warnings.count == 1 ? "" : "s"):"]
        + warnings.enumerated().map { "\($0.offset + 1). warning: \($0.element)" }
    guard !isValid else {
      let when = checkedAtBuildTime ? " (checked when the module was built)" : ""
      return (["Squire found no problem in \(checked)\(when)."] + warned)
        .joined(separator: "\n\n")
    }
    let count = "\(problems.count) problem\(problems.count == 1 ? "" : "s")"
    let paragraphs = problems.enumerated().map { "\($0.offset + 1). \($0.element)" }
    return (["Squire found \(count) in \(checked)."] + paragraphs + warned)
      .joined(separator: "\n\n")
  }
}
