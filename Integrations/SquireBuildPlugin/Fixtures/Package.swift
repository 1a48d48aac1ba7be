// swift-tools-version: 6.1
import PackageDescription

// Fixtures for SquireBuildPlugin's own tests: one target per case, each with the plugin applied,
// so that every case is built with one build of the plugin and of swift-syntax. `Clean` must
// build; each other target must fail with the errors its test expects
// (Tests/SquireBuildPluginFixtureTests).
let cases = [
  "Clean", "Missing", "Ambiguous", "Cycle", "Captive", "WrongForward", "Unpassable",
  "Unusual", "ChildOnly", "ScopedCaptive", "DecoratorDependency", "MethodInjection",
]

let package = Package(
  name: "SquireBuildPluginFixtures",
  platforms: [.macOS(.v15)],
  // Squire's checkout, with the plugin's trait on, as a user writes it with the URL.
  dependencies: [.package(name: "Squire", path: "../../..", traits: ["BuildPlugin"])],
  targets: cases.map { name in
    .target(
      name: name,
      dependencies: [.product(name: "Squire", package: "Squire")],
      plugins: [.plugin(name: "SquireBuildPlugin", package: "Squire")])
  } + [
    // Runs registrations the plugin generates factories for and prints what they built.
    .executableTarget(
      name: "GeneratedRun",
      dependencies: [.product(name: "Squire", package: "Squire")],
      plugins: [.plugin(name: "SquireBuildPlugin", package: "Squire")]),
    // The issue's `switch` program, built with the list of generated factories printed.
    .executableTarget(
      name: "Branches",
      dependencies: [.product(name: "Squire", package: "Squire")],
      plugins: [.plugin(name: "SquireBuildPlugin", package: "Squire")]),
  ],
  swiftLanguageModes: [.v6]
)
