#if BuildPlugin
import Foundation
import Testing

/// Runs `swift subcommand` on `package`, then `arguments`, and returns its exit status and what
/// it printed. The package's options come first: `swift run` hands everything after the
/// executable's name to the executable, so `swift run GeneratedRun --package-path …` would run
/// in the current folder's package (Squire's, in CI), which has no `GeneratedRun`.
///
/// CI gives the scratch path the tests run from (`SQUIRE_PLUGIN_FIXTURES_SCRATCH`), so that the
/// fixtures reuse its build of swift-syntax and the tool. The `swift test` running them holds
/// that path's lock and builds nothing while they run; the fixture builds, one at a time, are
/// the only builds. Without it, or when `shared` is false, `scratch` (nil: the package's own
/// `.build`).
///
/// One `swift` at a time in this process: the suites (FixtureBuildTests, ModularFixtureTests)
/// each run their tests one by one, but side by side with each other, and two builds in one
/// scratch path fail ("database is locked").
func runSwift(
  _ subcommand: String, package: URL, _ arguments: [String],
  environment: [String: String] = [:], scratch: URL?, shared: Bool = true
) throws -> (status: Int32, output: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  // `SQUIRE_BUILD_TOOL`, when set, reaches Squire's manifest and the plugin from here.
  process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  var options = ["swift", subcommand, "--package-path", package.path]
  if shared, let path = ProcessInfo.processInfo.environment["SQUIRE_PLUGIN_FIXTURES_SCRATCH"] {
    options += ["--scratch-path", path, "--ignore-lock"]
  } else if let scratch {
    options += ["--scratch-path", scratch.path]
  }
  process.arguments = options + arguments
  oneSwiftAtATime.lock()
  defer { oneSwiftAtATime.unlock() }
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Held while a `swift` command of `runSwift` runs.
private let oneSwiftAtATime = NSLock()

/// Builds the targets of the fixture package (Fixtures/) with `swift build`, the plugin applied,
/// and reads what the build prints. Every target shares one build of the plugin and of
/// swift-syntax (the scratch path `SQUIRE_PLUGIN_FIXTURES_SCRATCH` names, or the fixture
/// package's own). Slow (a first build takes minutes), so it runs when
/// `SQUIRE_PLUGIN_FIXTURES=1`, as CI sets it.
@Suite(
  .serialized,
  .enabled(if: ProcessInfo.processInfo.environment["SQUIRE_PLUGIN_FIXTURES"] == "1"))
struct FixtureBuildTests {
  static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "Fixtures")

  /// Builds one target; returns the exit status and what the build printed.
  static func build(_ target: String) throws -> (status: Int32, output: String) {
    try swift("build", ["--target", target])
  }

  /// Runs `swift subcommand` on the fixture package, in its scratch path, then `arguments`
  /// (`runSwift`).
  static func swift(
    _ subcommand: String, _ arguments: [String], environment: [String: String] = [:]
  ) throws -> (status: Int32, output: String) {
    try runSwift(
      subcommand, package: fixtures, arguments, environment: environment, scratch: nil)
  }

  /// The `error:` lines, with the path up to `Fixtures/` left out.
  static func errors(in output: String) -> [String] { lines("error", in: output) }

  static func notes(in output: String) -> [String] { lines("note", in: output) }

  static func lines(_ severity: String, in output: String) -> [String] {
    output.split(separator: "\n").compactMap { line in
      guard line.contains(": \(severity): "), let range = line.range(of: "Fixtures/Sources/")
      else { return nil }
      return String(line[range.upperBound...])
    }
  }

  /// Builds `target`, which must fail with `error` alone; returns the build's notes.
  @discardableResult
  static func failingBuild(_ target: String, error: String) throws -> [String] {
    let (status, output) = try build(target)
    #expect(status != 0)
    #expect(errors(in: output) == [error], "\(output)")
    return notes(in: output)
  }

  @Test func everyFormOfTheDSLBuildsClean() throws {
    let (status, output) = try Self.build("Clean")
    #expect(status == 0, "\(output)")
    #expect(Self.errors(in: output).isEmpty)
    #expect(Self.notes(in: output).isEmpty, "\(output)")
  }

  @Test func missingDependencyAcrossFilesThroughAPart() throws {
    let notes = try Self.failingBuild(
      "Missing",
      error:
        "Missing/Armory.swift:22:15: error: Missing dependency: nothing provides `Forge`, which "
        + "`PlateArmor` needs.")
    #expect(
      notes.contains("Missing/Armory.swift:22:15: note: path: Keep → Knight → PlateArmor → Forge"))
    #expect(
      notes.contains(
        "Missing/Root.swift:7:13: note: on the path: `Keep` needs `Knight`, registered here"))
    #expect(
      notes.contains(
        "Missing/Root.swift:6:13: note: on the path: `Knight` needs `PlateArmor`, registered here"))
  }

  @Test func ambiguousDependency() throws {
    let notes = try Self.failingBuild(
      "Ambiguous",
      error:
        "Ambiguous/Root.swift:14:13: error: Ambiguous dependency: 2 components provide `Weapon` "
        + "and none is marked `.default()`.")
    #expect(
      notes.contains(
        "Ambiguous/Root.swift:14:13: note: candidates: `Sword at Ambiguous/Root.swift:12`, "
          + "`Mace at Ambiguous/Root.swift:13`"))
  }

  @Test func cycleThroughAKeyPathInjection() throws {
    let notes = try Self.failingBuild(
      "Cycle",
      error: "Cycle/Root.swift:13:13: error: Cycle with no break point: Lord → Page → Lord.")
    #expect(
      notes.contains(
        "Cycle/Root.swift:14:13: note: `Page` needs `Lord`, registered here"))
  }

  @Test func captiveDependencyThroughAPrototype() throws {
    try Self.failingBuild(
      "Captive",
      error:
        "Captive/Root.swift:17:13: error: Captive dependency: `Cache` (.single) holds `Session` "
        + "(.objectGraph) through the prototype `Middle`.")
  }

  @Test func wrongForward() throws {
    try Self.failingBuild(
      "WrongForward",
      error: "WrongForward/Root.swift:8:34: error: Wrong forward: `Sword` is forwarded with "
        + "`.as(Armor.self)`, and it is not a `Armor`.")
  }

  /// Correct code the tool once broke: same-named private types of two files, app types named
  /// `Component`, `Lifetime`, `ResolutionContext`, `@MainActor` by inference, a type declared
  /// and registered only under an `#if` this build does not set. It builds, generated file
  /// included.
  @Test func unusualButCorrectCodeBuilds() throws {
    let (status, output) = try Self.build("Unusual")
    #expect(status == 0, "\(output)")
    #expect(Self.errors(in: output).isEmpty)
  }

  @Test func aDependencyOnlyAChildRegisters() throws {
    let notes = try Self.failingBuild(
      "ChildOnly",
      error: "ChildOnly/Root.swift:10:13: error: Missing dependency: nothing provides `Forge`, "
        + "which `Armor` needs.")
    #expect(notes.contains { $0.contains("only a child container registers `Forge`") })
  }

  @Test func aSingleHoldingAScopedComponent() throws {
    try Self.failingBuild(
      "ScopedCaptive",
      error: "ScopedCaptive/Root.swift:12:13: error: Captive dependency: `Cache` (.single) holds "
        + "`Session` (.scoped(session)).")
  }

  @Test func aDecoratorsOwnDependency() throws {
    try Self.failingBuild(
      "DecoratorDependency",
      error: "DecoratorDependency/Root.swift:13:13: error: Missing dependency: nothing provides "
        + "`Clock`, which `Catalog` needs.")
  }

  @Test func aMethodInjectionUnderAName() throws {
    try Self.failingBuild(
      "MethodInjection",
      error: "MethodInjection/Root.swift:12:48: error: Unknown name: nothing provides `Engine` "
        + "under the name \"Audi\", which `Car` needs.")
  }

  @Test func unpassableArgumentInTheTrailingClosureForm() throws {
    try Self.failingBuild(
      "Unpassable",
      error: "Unpassable/Root.swift:13:13: error: Unpassable argument: `Recruit` takes a runtime "
        + "argument (`String`), but `Muster` builds it as a dependency.")
  }

  @Test func aToolNamedBySquireBuildToolRunsInsteadOfThePackagesOwn() throws {
    // The package's own tool, as an ordinary build with the plugin builds it.
    let (status, output) = try Self.build("Clean")
    #expect(status == 0, "\(output)")
    let bin = try #require(
      Self.swift("build", ["--show-bin-path"]).output.split(separator: "\n").last.map(String.init))
    let tool = try #require(
      ["squire-build-tool-tool", "squire-build-tool"].map { "\(bin)/\($0)" }
        .first { FileManager.default.isExecutableFile(atPath: $0) })
    // A tool of the user's: it leaves a mark, then runs the package's.
    let folder = FileManager.default.temporaryDirectory.appending(path: UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let mark = folder.appending(path: "ran")
    let wrapper = folder.appending(path: "squire-build-tool")
    try "#!/bin/sh\ntouch '\(mark.path)'\nexec '\(tool)' \"$@\"\n".write(
      to: wrapper, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)

    let named = try Self.swift(
      "build", ["--target", "Missing"], environment: ["SQUIRE_BUILD_TOOL": wrapper.path])
    #expect(named.status != 0)
    #expect(
      Self.errors(in: named.output) == [
        "Missing/Armory.swift:22:15: error: Missing dependency: nothing provides `Forge`, which "
          + "`PlateArmor` needs."
      ], "\(named.output)")
    #expect(FileManager.default.fileExists(atPath: mark.path), "\(named.output)")

    // The tool built again (for a new Squire), nothing else changed: the check runs again, so
    // the generated file is the new tool's, which the new Squire expects.
    let clean = try Self.swift(
      "build", ["--target", "Clean"], environment: ["SQUIRE_BUILD_TOOL": wrapper.path])
    #expect(clean.status == 0, "\(clean.output)")
    try FileManager.default.removeItem(at: mark)
    try "#!/bin/sh\n# built again\ntouch '\(mark.path)'\nexec '\(tool)' \"$@\"\n".write(
      to: wrapper, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
    let again = try Self.swift(
      "build", ["--target", "Clean"], environment: ["SQUIRE_BUILD_TOOL": wrapper.path])
    #expect(again.status == 0, "\(again.output)")
    #expect(FileManager.default.fileExists(atPath: mark.path), "\(again.output)")

    let missing = try Self.swift(
      "build", ["--target", "Missing"], environment: ["SQUIRE_BUILD_TOOL": "/nonexistent/tool"])
    #expect(missing.status != 0)
    #expect(
      missing.output.contains(
        "SQUIRE_BUILD_TOOL names `/nonexistent/tool`, which is not an executable file"),
      "\(missing.output)")
  }

  @Test func generatedFactoriesBuildWhatTheGenericOnesBuild() throws {
    let (status, output) = try Self.swift("run", ["GeneratedRun"])
    #expect(status == 0, "\(output)")
    let printed = output.split(separator: "\n").map(String.init)
    #expect(
      Array(printed.suffix(7)) == [
        "car: V8, true",
        "single: true",
        "named: volt",
        "tagged: sport, spare: true, provided: V8",
        "settings: loaded",
        "child: mock",
        "checked at build time: true, valid: true, counts: true, true",
      ], "\(output)")
  }

  /// A container made by a function called in a `switch` of a `main.swift` without `import
  /// Squire` is checked, and its registrations get generated factories: the build's own list
  /// (`SQUIRE_LIST_GENERATED=1`) says so, and the program runs.
  @Test func aMakerCalledInASwitchGetsGeneratedFactories() throws {
    let (status, output) = try Self.swift(
      "run", ["Branches"], environment: ["SQUIRE_LIST_GENERATED": "1"])
    #expect(status == 0, "\(output)")
    let notes = Self.notes(in: output)
    #expect(
      notes.contains("Branches/Root.swift:16:13: note: generated factory: `Sundial`"), "\(output)")
    #expect(
      notes.contains("Branches/Root.swift:17:13: note: generated factory: `Tower`"), "\(output)")
    // The issue's own spelling: both on one line, told apart by their types.
    #expect(
      notes.contains("Branches/Root.swift:25:26: note: generated factory: `Sundial`"), "\(output)")
    #expect(
      notes.contains("Branches/Root.swift:25:66: note: generated factory: `Tower`"), "\(output)")
    #expect(
      output.contains("squire-build-tool: Branches: 4 of 4 registrations have generated factories"))
    #expect(
      Array(output.split(separator: "\n").suffix(2)) == ["tower: true", "compact: true"],
      "\(output)")
  }
}
#endif
