// swift-tools-version: 6.2
import PackageDescription

// A package of its own, not a product of Squire's: SwiftPM fetches the dependencies of every
// product of a package a user depends on, so a `SquireServiceLifecycle` product in Squire's
// manifest would make every user of `Squire` fetch swift-service-lifecycle.
//
// CI builds these targets with warnings as errors (`SQUIRE_WARNINGS_AS_ERRORS=1`).
let ownSettings: [SwiftSetting] =
  Context.environment["SQUIRE_WARNINGS_AS_ERRORS"] == "1"
  ? [.unsafeFlags(["-warnings-as-errors"])] : []

let package = Package(
  name: "SquireServiceLifecycle",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "SquireServiceLifecycle", targets: ["SquireServiceLifecycle"])
  ],
  dependencies: [
    .package(name: "Squire", path: "../.."),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
    .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
  ],
  targets: [
    .target(
      name: "SquireServiceLifecycle",
      dependencies: [
        .product(name: "Squire", package: "Squire"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: ownSettings),
    .testTarget(
      name: "SquireServiceLifecycleTests",
      dependencies: [
        "SquireServiceLifecycle",
        .product(name: "Squire", package: "Squire"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: ownSettings),
  ],
  swiftLanguageModes: [.v6]
)
