// swift-tools-version: 6.2
import PackageDescription

// A package of its own, not a product of Squire's: SwiftPM fetches the dependencies of every
// product of a package a user depends on, so a `SquireConfiguration` product in Squire's
// manifest would make every user of `Squire` alone fetch swift-configuration.
//
// CI builds these targets with warnings as errors (`SQUIRE_WARNINGS_AS_ERRORS=1`).
let ownSettings: [SwiftSetting] =
  Context.environment["SQUIRE_WARNINGS_AS_ERRORS"] == "1"
  ? [.unsafeFlags(["-warnings-as-errors"])] : []

let package = Package(
  name: "SquireConfiguration",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "SquireConfiguration", targets: ["SquireConfiguration"])
  ],
  dependencies: [
    .package(name: "Squire", path: "../.."),
    .package(url: "https://github.com/apple/swift-configuration", exact: "1.4.0"),
  ],
  targets: [
    .target(
      name: "SquireConfiguration",
      dependencies: [
        .product(name: "Squire", package: "Squire"),
        .product(name: "Configuration", package: "swift-configuration"),
      ],
      swiftSettings: ownSettings),
    .executableTarget(
      name: "squire-configuration-demo",
      dependencies: [
        "SquireConfiguration",
        .product(name: "Squire", package: "Squire"),
        .product(name: "Configuration", package: "swift-configuration"),
      ],
      swiftSettings: ownSettings),
    .testTarget(
      name: "SquireConfigurationTests",
      dependencies: [
        "SquireConfiguration",
        .product(name: "Squire", package: "Squire"),
        .product(name: "Configuration", package: "swift-configuration"),
      ],
      swiftSettings: ownSettings),
    // Every Swift sample of README.md and the DocC catalog, compiled and run (written by
    // Scripts/extract-doc-samples.py in Squire's repository).
    .testTarget(
      name: "SquireConfigurationDocSampleTests",
      dependencies: [
        "SquireConfiguration",
        .product(name: "Squire", package: "Squire"),
        .product(name: "Configuration", package: "swift-configuration"),
      ],
      swiftSettings: ownSettings),
  ],
  swiftLanguageModes: [.v6]
)
