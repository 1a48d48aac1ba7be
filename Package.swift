// swift-tools-version:6.1
import PackageDescription

// CI builds Squire's own targets with warnings as errors (`SQUIRE_WARNINGS_AS_ERRORS=1`); the
// flag is never set for a package that depends on Squire, nor for Squire's dependencies.
let ownSettings: [SwiftSetting] =
  Context.environment["SQUIRE_WARNINGS_AS_ERRORS"] == "1"
  ? [.unsafeFlags(["-warnings-as-errors"])] : []

let package = Package(
  name: "Squire",
  // `Synchronization` (Atomic, lock-free snapshot reads) needs these on Apple platforms.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Squire", targets: ["Squire"]),
    // For test targets only: the `.container(…)` trait of Swift Testing.
    .library(name: "SquireTesting", targets: ["SquireTesting"]),
    .executable(name: "squire-demo", targets: ["squire-demo"]),
  ],
  dependencies: [
    // Documentation only: the plugin adds nothing to the targets a user links.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // Tests only: random object graphs for validation's property-based tests.
    .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
  ],
  targets: [
    .target(name: "Squire", dependencies: ["_SquireShims"], swiftSettings: ownSettings),
    // A thread-local record for the resolve path (Swift has no thread-local variables): how
    // deep resolves nest, and the epoch that lets a container free the snapshots it replaced;
    // part of the `Squire` product, not a dependency.
    .target(name: "_SquireShims"),
    // A container per test (the `.container(…)` trait); depends only on the toolchain's
    // Swift Testing.
    .target(name: "SquireTesting", dependencies: ["Squire"], swiftSettings: ownSettings),
    .executableTarget(name: "squire-demo", dependencies: ["Squire"], swiftSettings: ownSettings),
    .testTarget(
      name: "SquireTests",
      dependencies: [
        "Squire",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      swiftSettings: ownSettings),
    // The `@MainActor` registrations compiled in the Swift 5 language mode, where a main-actor
    // function converts to a nonisolated one with at most a warning. (Without
    // `InferSendableFromCaptures`, that mode warns that `Service.init` is not `@Sendable`.)
    .testTarget(
      name: "SquireSwift5ModeTests", dependencies: ["Squire"],
      swiftSettings: ownSettings + [
        .swiftLanguageMode(.v5), .enableUpcomingFeature("InferSendableFromCaptures"),
      ]),
    .testTarget(
      name: "SquireTestingTests", dependencies: ["Squire", "SquireTesting"],
      swiftSettings: ownSettings),
    // Every Swift sample of README.md and the DocC articles, compiled and run
    // (written by Scripts/extract-doc-samples.py).
    .testTarget(
      name: "SquireDocSampleTests", dependencies: ["Squire", "SquireTesting"],
      swiftSettings: ownSettings),
  ],
  swiftLanguageModes: [.v6]
)
