#if BuildPlugin
import SwiftParser
import SwiftSyntax

/// The build-time check of a target's Squire registrations: reads the files, follows every
/// container they make, and reports the problems `validate()` would report that the source
/// shows for certain.
///
/// ```swift
/// let result = SquireCheck.run(
///   files: [("Sources/App/Root.swift", text)], module: "App")
/// for line in result.lines { print(line) }
/// ```
public enum SquireCheck {
  /// What one run found.
  public struct Result: Sendable {
    /// Errors, each with its notes, in file order.
    public let problems: [Problem]
    /// Warnings (`validate()`'s that the source shows for certain), each with its notes: they
    /// do not fail the build.
    public let warnings: [Problem]
    /// One note for each container the tool could not follow in full.
    public let skipped: [Diagnostic]
    /// The containers it read.
    let graphs: [ContainerGraph]
    /// The generated file's text (only a header unless `generate` was asked for).
    let generatedSource: String
    /// One note per `register` call: whether it got a generated factory, and why not
    /// (`--list-generated`).
    public let generatedList: [Diagnostic]
    /// `3 of 7 registrations have generated factories`.
    public let generatedSummary: String

    /// What the tool read, one line per container and registration, for `--dump`.
    public var dump: [String] {
      graphs.flatMap { graph -> [String] in
        var state = graph.isOpen ? "open: \(graph.openReason ?? "")" : "closed"
        if graph.isInspected { state += ", inspected" }
        return ["container \(graph.location) (\(state))"]
          + graph.registrations.map { registration in
            let dependencies =
              registration.dependencies.map { list in
                list.map {
                  "\($0.key.type)\($0.key.qualifier == .none ? "" : "(\($0.key.qualifier))") \($0.kind)"
                }
                .joined(separator: ", ")
              } ?? "?"
            return "  \(registration.location.line): \(registration.type ?? "?") "
              + "provides [\(registration.providedKeys.map(\.type).joined(separator: ", "))] "
              + "needs [\(dependencies)] .\(registration.lifetime)"
              + (registration.isCertain ? "" : " (maybe)")
          }
      }
    }

    /// Every line to print, errors first.
    public var lines: [Diagnostic] { (problems + warnings).flatMap(\.lines) + skipped }
  }

  /// The sources of a module the target depends on, read with the target's: its types, its
  /// parts and the functions that make or fill a container, wherever the target's code reaches
  /// them.
  public struct Module: Sendable {
    /// The module's name, as `import` writes it.
    public let name: String
    /// Declared in the target's own package: its `package` declarations are visible.
    public let isSibling: Bool
    /// Its Swift files: paths (as printed in diagnostics) and texts.
    public let files: [(path: String, text: String)]

    /// A module named `name` made of `files`.
    public init(name: String, isSibling: Bool = false, files: [(path: String, text: String)]) {
      self.name = name
      self.isSibling = isSibling
      self.files = files
    }
  }

  /// Checks the files of one module. `files` are paths (as printed in diagnostics) and texts.
  ///
  /// `dependencies` are the modules the target depends on whose sources the tool reads too (the
  /// plugin passes the first-party ones): a part one of them declares is read where the
  /// target appends it, a function of one that makes a container where the target calls it,
  /// and their types are known by name. Only the target's own code is an entry point, and only
  /// its registrations get generated factories.
  ///
  /// With `validatedOnly`, only containers that the code requires to be valid
  /// (`requireValid()`, `isValid`) are checked: the composition roots of a test target, whose
  /// other containers are partial on purpose.
  public static func run(
    files: [(path: String, text: String)], module: String, dependencies: [Module] = [],
    validatedOnly: Bool = false, generate: Bool = false, testTarget: Bool = false
  ) -> Result {
    let parsed = files.map { file in
      SourceFileInfo(path: file.path, text: file.text, tree: Parser.parse(source: file.text))
    }
    if parsed.contains(where: \.exportsSquire) {
      for file in parsed { file.squireExported = true }
    }
    let read = dependencies.map { dependency in
      let files = dependency.files.map { file in
        let info = SourceFileInfo(
          path: file.path, text: file.text, tree: Parser.parse(source: file.text))
        info.module = dependency.name
        info.isSiblingModule = dependency.isSibling
        return info
      }
      // `@_exported import Squire` in one file of a module makes Squire visible in all of it.
      if files.contains(where: \.exportsSquire) {
        for file in files { file.squireExported = true }
      }
      return files
    }
    // A module read that writes `@_exported import Squire` makes Squire visible wherever it is
    // imported.
    let exporters = Set(
      zip(dependencies, read).filter { $0.1.contains(where: \.exportsSquire) }.map(\.0.name))
    for file in parsed + read.joined() where !file.imports.isDisjoint(with: exporters) {
      file.squireExported = true
    }
    let index = DeclarationIndex()
    index.module = module
    index.readModules = Set(dependencies.map(\.name))
    for file in parsed { index.add(file) }
    for file in read.joined() { index.add(file) }
    let reader = Reader(index: index, files: parsed, testTarget: testTarget)
    reader.read(parsed)
    let checked =
      validatedOnly
      ? reader.graphs.filter { graph in graph.chain.contains(where: \.isValidated) }
      : reader.graphs
    // A library's parts that it does not append itself: checked for what a part alone shows.
    let partsAlone = validatedOnly ? [] : reader.partsAppendedNowhere()
    let found = Checker(index: index, module: module, parts: reader.allPartsAlone)
      .check(checked + partsAlone, all: reader.graphs)
    let problems = found.filter { $0.diagnostic.severity == .error }
    var skipped: [Diagnostic] = []
    var noted: Set<Location> = []
    // One note per line that makes a container, however often the function is read.
    for graph in checked where graph.isOpen && !graph.isInspected {
      guard let reason = graph.openReason, noted.insert(graph.location).inserted else { continue }
      skipped.append(
        Diagnostic(
          .note, at: graph.location,
          "Squire's build check skipped this container: \(reason); `validate()` still checks it "
            + "when the program runs (`// squire: dynamic` on this line hides this note)."))
    }
    let list = generatedList(reader, module: module)
    var generated = Generator.header + list.header
    if generate {
      // Only a check that found nothing, not even a warning, vouches for a graph.
      let vouched = found.isEmpty ? checked : []
      // Parts read alone: the target's own, described for the modules that append them, and
      // those of other modules a vouched container appends, which it names when described.
      let ownParts = index.partLoads.filter { $0.value.file.isOwn }.keys
      let appended = vouched.flatMap(\.loadedParts).filter {
        index.partLoads[$0].map { !$0.file.isOwn } ?? false
      }
      reader.readPartsAlone(only: Set(ownParts).union(appended))
      let source = Generator.source(
        graphs: reader.graphs + reader.detached, checked: vouched, parts: reader.partGraphs,
        files: parsed, index: index, module: module)
      generated += source.dropFirst(Generator.header.count)
    }
    return Result(
      problems: problems, warnings: found.filter { $0.diagnostic.severity == .warning },
      skipped: skipped, graphs: reader.graphs, generatedSource: generated,
      generatedList: list.notes, generatedSummary: list.summary)
  }
}
#endif
