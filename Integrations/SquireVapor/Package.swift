// swift-tools-version: 6.2
import PackageDescription

// A package of its own, not a product of Squire's: SwiftPM fetches the dependencies of every
// product of a package a user depends on, so a `SquireVapor` product in Squire's manifest would
// make every user of `Squire` fetch Vapor, SwiftNIO and their dependencies.
//
// CI builds these targets with warnings as errors (`SQUIRE_WARNINGS_AS_ERRORS=1`).
let ownSettings: [SwiftSetting] =
  Context.environment["SQUIRE_WARNINGS_AS_ERRORS"] == "1"
  ? [.unsafeFlags(["-warnings-as-errors"])] : []

let package = Package(
  name: "SquireVapor",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "SquireVapor", targets: ["SquireVapor"])
  ],
  dependencies: [
    .package(name: "Squire", path: "../.."),
    .package(url: "https://github.com/vapor/vapor", exact: "4.122.3"),
  ],
  targets: [
    .target(
      name: "SquireVapor",
      dependencies: [
        .product(name: "Squire", package: "Squire"),
        .product(name: "Vapor", package: "vapor"),
      ],
      swiftSettings: ownSettings),
    .testTarget(
      name: "SquireVaporTests",
      dependencies: [
        "SquireVapor",
        .product(name: "Squire", package: "Squire"),
        .product(name: "Vapor", package: "vapor"),
        .product(name: "VaporTesting", package: "vapor"),
      ],
      swiftSettings: ownSettings),
  ],
  swiftLanguageModes: [.v6]
)
