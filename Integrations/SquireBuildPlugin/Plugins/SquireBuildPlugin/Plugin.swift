import Foundation
import PackagePlugin

/// Checks a target's Squire registrations while it compiles: a wiring mistake is a build error
/// at the `register` call that causes it.
@main struct SquireBuildPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let inputs = target.sourceFiles(withSuffix: "swift").map(\.url)
    return [
      try command(
        tool: tool { try context.tool(named: "squire-build-tool").url }, module: target.moduleName,
        inputs: inputs, workDirectory: context.pluginWorkDirectoryURL,
        isTestTarget: target.kind == .test,
        dependencies: FirstPartyModules(root: context.package).read(by: target))
    ]
  }
}

/// A module whose sources a target's check reads besides its own: one the target depends on,
/// directly or not, in the user's own packages.
struct ReadModule {
  let name: String
  /// Declared in the package of the target being checked: its `package` declarations are
  /// visible to the target.
  let isSibling: Bool
  let files: [URL]
}

/// The user's own packages: the root package and the packages it depends on by path, however
/// deep. Packages fetched by URL (or from a registry) are not the user's sources, nor is
/// Squire's own package, whichever way it is depended on.
struct FirstPartyModules {
  /// The package of each first-party target, by the target's id.
  private var packageOf: [Target.ID: Package.ID] = [:]

  init(root: Package) {
    var seen: Set<Package.ID> = []
    var queue = [root]
    while let package = queue.popLast() {
      guard seen.insert(package.id).inserted else { continue }
      switch package.origin {
      case .root, .local: break
      default: continue
      }
      if package.targets.contains(where: { $0.name == "SquireBuildCore" }) { continue }
      for target in package.targets { packageOf[target.id] = package.id }
      queue += package.dependencies.map(\.package)
    }
  }

  /// The source modules `target` depends on, directly or not, in the user's own packages, each
  /// with its Swift files (modules with none are left out), in a stable order.
  func read(by target: SourceModuleTarget) -> [ReadModule] {
    let ownPackage = packageOf[target.id]
    return target.recursiveTargetDependencies.compactMap { dependency -> ReadModule? in
      // A macro's implementation runs in the compiler, not in the app.
      guard let package = packageOf[dependency.id], dependency.id != target.id,
        let module = dependency as? SourceModuleTarget, module.kind != .macro
      else { return nil }
      let files = module.sourceFiles(withSuffix: "swift").map(\.url)
      guard !files.isEmpty else { return nil }
      return ReadModule(
        name: module.moduleName, isSibling: package == ownPackage,
        files: files.sorted { $0.path < $1.path })
    }
    .sorted { $0.name < $1.name }
  }
}

/// The tool the command runs: the one `SQUIRE_BUILD_TOOL` names, built beforehand (the package's
/// manifest then leaves its own tool, and swift-syntax, out of the build), or the package's own.
func tool(_ packaged: () throws -> URL) throws -> URL {
  guard let path = ProcessInfo.processInfo.environment["SQUIRE_BUILD_TOOL"], !path.isEmpty else {
    return try packaged()
  }
  guard FileManager.default.isExecutableFile(atPath: path) else {
    throw PrebuiltToolError(path: path)
  }
  return URL(filePath: path)
}

/// `SQUIRE_BUILD_TOOL` names no executable file.
struct PrebuiltToolError: Error, CustomStringConvertible {
  let path: String
  var description: String {
    "SQUIRE_BUILD_TOOL names `\(path)`, which is not an executable file: build the tool with "
      + "`swift build -c release --product squire-build-tool` in SquireBuildPlugin's package and "
      + "name the file it prints with `--show-bin-path`, or unset SQUIRE_BUILD_TOOL to build it "
      + "with the plugin"
  }
}

/// The one command: its inputs are the Swift files it reads (the target's and those of the
/// first-party modules it depends on) and the tool, and its output the generated file, so the
/// build runs it again only when one of those files changed, its arguments did, or the tool did
/// (a tool built again for a new Squire, named by `SQUIRE_BUILD_TOOL`, writes the file that
/// Squire's runtime expects). Each module read besides the target's own is passed as
/// `--dependency NAME` (`--sibling NAME` for one of the same package) and its files.
///
/// A test target's files are read as tests (`--tests`): a container whose problems the code
/// reads is a test of them. `SQUIRE_LIST_GENERATED=1` in the environment prints, for each
/// `register` call, whether it got a generated factory and why not (`--list-generated`).
func command(
  tool: URL, module: String, inputs: [URL], workDirectory: URL, isTestTarget: Bool = false,
  dependencies: [ReadModule] = []
) -> Command {
  let output = workDirectory.appending(path: "SquireGenerated.swift")
  var options = ["--module", module, "--output", output.path, "--generate"]
  if isTestTarget { options.append("--tests") }
  if ProcessInfo.processInfo.environment["SQUIRE_LIST_GENERATED"] == "1" {
    options.append("--list-generated")
  }
  var arguments = options + inputs.map(\.path)
  for dependency in dependencies {
    arguments += [dependency.isSibling ? "--sibling" : "--dependency", dependency.name]
    arguments += dependency.files.map(\.path)
  }
  return .buildCommand(
    displayName: "Checking the Squire registrations of \(module)",
    executable: tool,
    arguments: arguments,
    inputFiles: inputs + dependencies.flatMap(\.files) + [tool],
    outputFiles: [output])
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension SquireBuildPlugin: XcodeBuildToolPlugin {
  func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
    let inputs = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
    return [
      try command(
        tool: tool { try context.tool(named: "squire-build-tool").url },
        module: target.displayName,
        inputs: inputs, workDirectory: context.pluginWorkDirectoryURL)
    ]
  }
}
#endif
