#if BuildPlugin
import Foundation
import SquireBuildCore

// squire-build-tool: the command SquireBuildPlugin runs for a target, and a command of its own.
//
//   squire-build-tool --module App --output Generated.swift File.swift ...
//       what the plugin runs: checks the files, writes the generated file when its content
//       changed, and fails (exit 1) when it found a problem.
//   squire-build-tool check [--module App] [--quiet] PATH ...
//       checks the Swift files under each path (a file or a folder), as CI does for roots that
//       do not apply the plugin. `--validated-only` checks only the containers the code requires
//       to be valid (a test target's composition roots); `--dump` prints what it read.
//
//   Either form: `--dependency NAME PATH ...` (or `--sibling NAME PATH ...` for a module of the
//   target's own package) reads the files at the paths that follow as module NAME's, a module
//   the target depends on: its parts, types and functions are followed where the target's code
//   reaches them (the plugin passes every first-party module the target depends on).
//   `--tests` reads the files as a test target's (a container whose problems the
//   code reads is a test of them, left to `validate()`; the plugin passes it for test targets);
//   `--list-generated` prints, for each `register` call, a note saying whether it got a
//   generated factory and why not, then how many did (`SQUIRE_LIST_GENERATED=1` makes the
//   plugin pass it).

var arguments = Array(CommandLine.arguments.dropFirst())
var module = "App"
var output: String?
var quiet = false
var dump = false
var validatedOnly = false
var generate = false
var testTarget = false
var listGenerated = false
var paths: [String] = []
/// The modules read besides the target's, in order, with their paths.
var dependencies: [(name: String, isSibling: Bool, paths: [String])] = []
if arguments.first == "check" { arguments.removeFirst() }
var position = 0
while position < arguments.count {
  let argument = arguments[position]
  switch argument {
  case "--module":
    position += 1
    module = arguments[position]
  case "--output":
    position += 1
    output = arguments[position]
  case "--quiet":
    quiet = true
  case "--dump":
    dump = true
  case "--validated-only":
    validatedOnly = true
  case "--generate":
    generate = true
  case "--tests":
    testTarget = true
  case "--list-generated":
    listGenerated = true
  case "--dependency", "--sibling":
    position += 1
    dependencies.append((arguments[position], argument == "--sibling", []))
  default:
    if dependencies.isEmpty {
      paths.append(argument)
    } else {
      dependencies[dependencies.count - 1].paths.append(argument)
    }
  }
  position += 1
}

/// The Swift files at `path`: the file itself, or every `.swift` file under the folder.
func swiftFiles(at path: String) -> [String] {
  var isFolder: ObjCBool = false
  guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
    FileHandle.standardError.write(Data("squire-build-tool: no such file: \(path)\n".utf8))
    exit(2)
  }
  guard isFolder.boolValue else { return [path] }
  let enumerator = FileManager.default.enumerator(atPath: path)
  var found: [String] = []
  while let next = enumerator?.nextObject() as? String {
    if next.hasSuffix(".swift")
      && !next.split(separator: "/").contains(where: { $0.hasPrefix(".") })
    {
      found.append((path as NSString).appendingPathComponent(next))
    }
  }
  return found.sorted()
}

func contents(of paths: [String]) -> [(path: String, text: String)] {
  paths.flatMap(swiftFiles).map { path -> (path: String, text: String) in
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      FileHandle.standardError.write(Data("squire-build-tool: cannot read \(path)\n".utf8))
      exit(2)
    }
    return (path, text)
  }
}

let result = SquireCheck.run(
  files: contents(of: paths), module: module,
  dependencies: dependencies.map {
    SquireCheck.Module(name: $0.name, isSibling: $0.isSibling, files: contents(of: $0.paths))
  },
  validatedOnly: validatedOnly, generate: generate, testTarget: testTarget)
if output == nil && generate { print(Generator.source(for: result), terminator: "") }
if dump {
  for line in result.dump { print(line) }
}
for line in result.lines where !(quiet && line.severity == .note && result.problems.isEmpty) {
  print(line)
}
if listGenerated {
  for line in result.generatedList { print(line) }
  print("squire-build-tool: \(module): \(result.generatedSummary)")
}

if let output {
  let text = Generator.source(for: result)
  // Written only when it changed: an unchanged file is not compiled again.
  let existing = try? String(contentsOfFile: output, encoding: .utf8)
  if existing != text {
    do {
      try text.write(toFile: output, atomically: true, encoding: .utf8)
    } catch {
      FileHandle.standardError.write(
        Data("squire-build-tool: cannot write \(output): \(error)\n".utf8))
      exit(2)
    }
  }
}
exit(result.problems.isEmpty ? 0 : 1)
#else
import Foundation

// Built without the package trait `BuildPlugin`, so without swift-syntax and the checker: a
// target that applies SquireBuildPlugin gets one error that says what to write, not a compile
// error of swift-syntax.
print(
  """
  error: SquireBuildPlugin needs the package trait `BuildPlugin`: add it where your \
  Package.swift depends on Squire, `.package(url: "<Squire's repository URL>", branch: "main", \
  traits: ["BuildPlugin"])` (or `traits: ["BuildPlugin"]` beside the `path:` of a local \
  checkout); the plugin then builds swift-syntax and checks the target's registrations.
  """)
exit(1)
#endif
