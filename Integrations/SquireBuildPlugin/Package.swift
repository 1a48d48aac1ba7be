// swift-tools-version: 6.1
import PackageDescription

// A package of its own, not a product of Squire's: SwiftPM fetches the dependencies of every
// product of a package a user depends on, so a plugin product in Squire's manifest would make
// every user of `Squire` alone fetch swift-syntax. Only a target that applies the plugin pays
// for it.
//
// CI builds these targets with warnings as errors (`SQUIRE_WARNINGS_AS_ERRORS=1`).
let ownSettings: [SwiftSetting] =
  Context.environment["SQUIRE_WARNINGS_AS_ERRORS"] == "1"
  ? [.unsafeFlags(["-warnings-as-errors"])] : []

// `SQUIRE_BUILD_TOOL=/path/to/squire-build-tool`: the plugin runs that tool, built beforehand
// (`swift build -c release --product squire-build-tool` in this package), and does not depend on
// the one in this package, so a build that applies the plugin builds neither the tool nor
// swift-syntax (see the README, "Release builds").
let prebuiltTool = Context.environment["SQUIRE_BUILD_TOOL"].map { !$0.isEmpty } ?? false

let package = Package(
  name: "SquireBuildPlugin",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .plugin(name: "SquireBuildPlugin", targets: ["SquireBuildPlugin"]),
    // The same check as a command: `swift run squire-build-tool check Sources/App`.
    .executable(name: "squire-build-tool", targets: ["squire-build-tool"]),
  ],
  dependencies: [
    // Any release from 602 on: no upper cap below the newest.
    .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0")
  ],
  targets: [
    // The model, the reader, the check and the generator: a library, so its tests need no
    // fixture build.
    .target(
      name: "SquireBuildCore",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ],
      swiftSettings: ownSettings),
    .executableTarget(
      name: "squire-build-tool", dependencies: ["SquireBuildCore"], swiftSettings: ownSettings),
    .plugin(
      name: "SquireBuildPlugin", capability: .buildTool(),
      dependencies: prebuiltTool ? [] : ["squire-build-tool"]),
    .testTarget(
      name: "SquireBuildCoreTests", dependencies: ["SquireBuildCore"], swiftSettings: ownSettings),
    // Builds the fixture package (Fixtures/) with the plugin applied and reads its errors; runs
    // when `SQUIRE_PLUGIN_FIXTURES=1`.
    .testTarget(name: "SquireBuildPluginFixtureTests", swiftSettings: ownSettings),
  ],
  swiftLanguageModes: [.v6]
)
