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
        isTestTarget: target.kind == .test)
    ]
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

/// The one command: its inputs are the target's Swift files and the tool, and its output the
/// generated file, so the build runs it again only when a file of the target changed, its
/// arguments did, or the tool did (a tool built again for a new Squire, named by
/// `SQUIRE_BUILD_TOOL`, writes the file that Squire's runtime expects).
///
/// A test target's files are read as tests (`--tests`): a container whose problems the code
/// reads is a test of them. `SQUIRE_LIST_GENERATED=1` in the environment prints, for each
/// `register` call, whether it got a generated factory and why not (`--list-generated`).
func command(
  tool: URL, module: String, inputs: [URL], workDirectory: URL, isTestTarget: Bool = false
) -> Command {
  let output = workDirectory.appending(path: "SquireGenerated.swift")
  var options = ["--module", module, "--output", output.path, "--generate"]
  if isTestTarget { options.append("--tests") }
  if ProcessInfo.processInfo.environment["SQUIRE_LIST_GENERATED"] == "1" {
    options.append("--list-generated")
  }
  return .buildCommand(
    displayName: "Checking the Squire registrations of \(module)",
    executable: tool,
    arguments: options + inputs.map(\.path),
    inputFiles: inputs + [tool],
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
