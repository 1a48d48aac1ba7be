// swift-tools-version: 6.2
import PackageDescription

// A package of its own, not a product of Squire's: SwiftPM fetches the dependencies of every
// product of a package a user depends on, so a `SquireHummingbird` product in Squire's
// manifest (or beside `SquireServiceLifecycle` in one package) would make every user of
// `Squire` (or of `SquireServiceLifecycle`) fetch Hummingbird and SwiftNIO.
//
// CI builds these targets with warnings as errors (`SQUIRE_WARNINGS_AS_ERRORS=1`).
let ownSettings: [SwiftSetting] =
  Context.environment["SQUIRE_WARNINGS_AS_ERRORS"] == "1"
  ? [.unsafeFlags(["-warnings-as-errors"])] : []

let package = Package(
  name: "SquireHummingbird",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "SquireHummingbird", targets: ["SquireHummingbird"])
  ],
  dependencies: [
    .package(name: "Squire", path: "../.."),
    // Tests only: the live tests run the app and its services in a ServiceGroup.
    .package(name: "SquireServiceLifecycle", path: "../SquireServiceLifecycle"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
    .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
  ],
  targets: [
    .target(
      name: "SquireHummingbird",
      dependencies: [
        .product(name: "Squire", package: "Squire"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: ownSettings),
    .testTarget(
      name: "SquireHummingbirdTests",
      dependencies: [
        "SquireHummingbird",
        .product(name: "SquireServiceLifecycle", package: "SquireServiceLifecycle"),
        .product(name: "Squire", package: "Squire"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: ownSettings),
  ],
  swiftLanguageModes: [.v6]
)
