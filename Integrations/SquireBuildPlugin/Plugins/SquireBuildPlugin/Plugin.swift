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
        tool: context.tool(named: "squire-build-tool").url, module: target.moduleName,
        inputs: inputs, workDirectory: context.pluginWorkDirectoryURL)
    ]
  }
}

/// The one command: its inputs are the target's Swift files and its output the generated file,
/// so the build runs it again only when a file of the target changed.
func command(tool: URL, module: String, inputs: [URL], workDirectory: URL) -> Command {
  let output = workDirectory.appending(path: "SquireGenerated.swift")
  return .buildCommand(
    displayName: "Checking the Squire registrations of \(module)",
    executable: tool,
    arguments: ["--module", module, "--output", output.path, "--generate"] + inputs.map(\.path),
    inputFiles: inputs,
    outputFiles: [output])
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension SquireBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      let inputs = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
      return [
        try command(
          tool: context.tool(named: "squire-build-tool").url, module: target.displayName,
          inputs: inputs, workDirectory: context.pluginWorkDirectoryURL)
      ]
    }
  }
#endif
