extension Container {
  /// Checks the whole graph this container can resolve, its parents' registrations included,
  /// and reports every problem at once: missing dependencies (and unknown names and tags),
  /// ambiguities where a component asks for one instance (two `.default()`s included), cycles
  /// with no break point, captive dependencies, runtime arguments that cannot be passed, and
  /// `.as` to a type the component is not. A type registered several times that nothing asks
  /// one of (plugins taken with `many`) is a warning, not a problem.
  ///
  /// ```swift
  /// let container = Container()
  /// AppComposition.register(in: container)
  /// let report = container.validate()
  /// if !report.isValid { print(report) }
  /// ```
  ///
  /// Nothing is built: validation reads what each component asks for, which Squire records
  /// when it links the registrations. It takes time linear in components plus dependencies.
  /// See <doc:ValidatingYourGraph> for what each problem means.
  ///
  /// In a target that SquireBuildPlugin checked, a root container that holds exactly a graph
  /// the build read completely and found clean is not walked again: the report says so
  /// (``ValidationReport/checkedAtBuildTime``), and the first resolve links what it needs as
  /// usual. Any difference (a registration the build did not see, another lifetime or name, a
  /// decorator, a child container) makes it walk. See <doc:CheckingAtBuildTime>.
  ///
  /// ```swift
  /// let report = container.validate()
  /// if report.checkedAtBuildTime { print("checked when the module was built") }
  /// ```
  public func validate() -> ValidationReport {
    if let checked = reportCheckedAtBuildTime() { return checked }
    return validating { _, _ in () }.report
  }

  /// Validates, and runs `body` with the validator and linker that found the report's problems
  /// (the graph page reads both).
  func validating<Result>(_ body: (Validator, Linker) -> Result) -> (
    report: ValidationReport, result: Result
  ) {
    let (report, derived, result) = withFullLinker { linker in
      let validator = Validator(linker: linker)
      return (
        ValidationReport(
          problems: validator.problems,
          warnings: validator.warnings + InterceptionChecks(linker: linker).warnings,
          componentCount: validator.graph.nodes.count,
          dependencyCount: validator.graph.links.count + validator.graph.unanswered.count),
        validator.derivedChecks, body(validator, linker)
      )
    }
    // Asked with no lock held: a derived type may resolve its source.
    let unavailable = derived.compactMap { check in
      check.type.validationIssue(in: self).map(check.problem)
    }
    if unavailable.isEmpty { return (report, result) }
    return (
      ValidationReport(
        problems: report.problems + unavailable, warnings: report.warnings,
        componentCount: report.componentCount, dependencyCount: report.dependencyCount),
      result
    )
  }
}
