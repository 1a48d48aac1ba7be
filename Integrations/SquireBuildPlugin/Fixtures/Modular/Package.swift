// swift-tools-version: 6.1
import PackageDescription

// A modular app, as issue 45 tells it: feature modules that each declare their classes and a
// `Part`, a library that appends the parts (`Composition.makeAppContainer()`), an executable that
// calls it, and a test target that overrides a registration in a child container. The plugin is
// applied to every target. Correct as committed: it builds, runs and validates clean. Each wiring
// mistake of the issue is one edit of one file, which must fail the build at its line
// (Tests/SquireBuildPluginFixtureTests/ModularFixtureTests.swift, and check-mistakes.sh here).
let squire: Target.Dependency = .product(name: "Squire", package: "Squire")
let plugin: [Target.PluginUsage] = [.plugin(name: "SquireBuildPlugin", package: "Squire")]

let package = Package(
  name: "Modular",
  platforms: [.macOS(.v15)],
  // Squire's checkout, with the plugin's trait on, as a user writes it with the URL.
  dependencies: [.package(name: "Squire", path: "../../../..", traits: ["BuildPlugin"])],
  targets: [
    .target(name: "Core", dependencies: [squire], plugins: plugin),
    .target(name: "FeatureOrders", dependencies: ["Core", squire], plugins: plugin),
    .target(name: "FeaturePayments", dependencies: ["Core", squire], plugins: plugin),
    .target(
      name: "Composition", dependencies: ["Core", "FeatureOrders", "FeaturePayments", squire],
      plugins: plugin),
    .executableTarget(
      name: "App", dependencies: ["Composition", "Core", "FeaturePayments", squire],
      plugins: plugin),
    // A second app whose root the build describes: it appends a part of another module that
    // its module describes, and `validate()` does not walk it.
    .target(name: "Catalog", dependencies: [squire], plugins: plugin),
    .executableTarget(name: "Shop", dependencies: ["Catalog", squire], plugins: plugin),
    .testTarget(
      name: "AppTests", dependencies: ["Composition", "Core", squire], plugins: plugin),
  ],
  swiftLanguageModes: [.v6]
)
