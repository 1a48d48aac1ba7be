// swift-tools-version:6.1
import PackageDescription

// Every product of Squire, from this one package. The core (`Squire`, `SquireTesting`) has no
// dependency; each integration that needs another package is behind a package trait, off by
// default, so a user of the core fetches nothing else:
//
//   .package(url: "<Squire's repository URL>", branch: "main", traits: ["Vapor"])
//
// | product                  | trait              | what the trait fetches             |
// | ------------------------ | ------------------ | ---------------------------------- |
// | `Squire`, `SquireTesting`| none               | nothing                            |
// | `SquireBuildPlugin`      | `BuildPlugin`      | swift-syntax                       |
// | `SquireConfiguration`    | `Configuration`    | swift-configuration                |
// | `SquireServiceLifecycle` | `ServiceLifecycle` | swift-service-lifecycle, swift-log |
// | `SquireHummingbird`      | `Hummingbird`      | Hummingbird 2 (SwiftNIO), swift-log|
// | `SquireVapor`            | `Vapor`            | Vapor 4 (SwiftNIO, its TLS)        |
//
// Each integration's sources are compiled only with its trait (`#if Vapor` …): without it the
// module is empty, so `swift build` and `swift test` of this package, traits off, build and test
// the core alone. `swift test --enable-all-traits` runs everything.
//
// CI builds Squire's own targets with warnings as errors (`SQUIRE_WARNINGS_AS_ERRORS=1`); the
// flag is never set for a package that depends on Squire, nor for Squire's dependencies.
let ownSettings: [SwiftSetting] =
  Context.environment["SQUIRE_WARNINGS_AS_ERRORS"] == "1"
  ? [.unsafeFlags(["-warnings-as-errors"])] : []

// `SQUIRE_BUILD_TOOL=/path/to/squire-build-tool`: the plugin runs that tool, built beforehand
// (`swift build -c release --traits BuildPlugin --product squire-build-tool` here), and does not
// depend on the one in this package, so a build that applies the plugin builds neither the tool
// nor swift-syntax (Integrations/SquireBuildPlugin/README.md, "Release builds").
let prebuiltTool = Context.environment["SQUIRE_BUILD_TOOL"].map { !$0.isEmpty } ?? false

// `SQUIRE_DEMO_PLUGIN=1`, with the trait `BuildPlugin` on (CI): squire-demo applies
// SquireBuildPlugin, as an app does. Off by default, so that `swift run squire-demo` needs
// nothing but the toolchain.
let demoPlugins: [Target.PluginUsage] =
  Context.environment["SQUIRE_DEMO_PLUGIN"] == "1" ? [.plugin(name: "SquireBuildPlugin")] : []

/// A product of another package that a target of the integration `trait` uses.
func guarded(_ name: String, _ package: String, _ trait: String) -> Target.Dependency {
  .product(name: name, package: package, condition: .when(traits: [trait]))
}

// The third-party products an integration's target and its tests both use.
let syntax = ["SwiftSyntax", "SwiftParser"].map { guarded($0, "swift-syntax", "BuildPlugin") }
let serviceLifecycle = [
  guarded("ServiceLifecycle", "swift-service-lifecycle", "ServiceLifecycle"),
  guarded("UnixSignals", "swift-service-lifecycle", "ServiceLifecycle"),
  guarded("Logging", "swift-log", "ServiceLifecycle"),
]

let package = Package(
  name: "Squire",
  // `Synchronization` (Atomic, lock-free snapshot reads) needs these on Apple platforms.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Squire", targets: ["Squire"]),
    // For test targets only: the `.container(…)` trait of Swift Testing.
    .library(name: "SquireTesting", targets: ["SquireTesting"]),
    // Trait `BuildPlugin`: wiring mistakes as build errors, and generated factories.
    .plugin(name: "SquireBuildPlugin", targets: ["SquireBuildPlugin"]),
    // The plugin's check as a command (trait `BuildPlugin`): `swift run squire-build-tool check`.
    .executable(name: "squire-build-tool", targets: ["squire-build-tool"]),
    // Trait `Configuration`.
    .library(name: "SquireConfiguration", targets: ["SquireConfiguration"]),
    // Trait `ServiceLifecycle`.
    .library(name: "SquireServiceLifecycle", targets: ["SquireServiceLifecycle"]),
    // Trait `Hummingbird`.
    .library(name: "SquireHummingbird", targets: ["SquireHummingbird"]),
    // Trait `Vapor`.
    .library(name: "SquireVapor", targets: ["SquireVapor"]),
    .executable(name: "squire-demo", targets: ["squire-demo"]),
  ],
  traits: [
    .trait(
      name: "BuildPlugin",
      description: "SquireBuildPlugin: checks registrations while a target builds (swift-syntax)."),
    .trait(
      name: "Configuration",
      description: "SquireConfiguration: typed configuration values (apple/swift-configuration)."),
    .trait(
      name: "ServiceLifecycle",
      description: "SquireServiceLifecycle: the container as a service (swift-service-lifecycle)."),
    .trait(
      name: "Hummingbird",
      description: "SquireHummingbird: a child container per request (Hummingbird 2)."),
    .trait(
      name: "Vapor",
      description: "SquireVapor: the app's container and a child container per request (Vapor 4)."),
    .default(enabledTraits: []),
  ],
  dependencies: [
    // Documentation only: the plugin adds nothing to the targets a user links.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // Tests only: random object graphs for validation's property-based tests.
    .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
    // Each of these only with its trait (see the table above).
    .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
    .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
  ],
  targets: [
    // MARK: The core: no dependency.
    .target(name: "Squire", dependencies: ["_SquireShims"], swiftSettings: ownSettings),
    // A thread-local record for the resolve path (Swift has no thread-local variables): how
    // deep resolves nest, and the epoch that lets a container free the snapshots it replaced;
    // part of the `Squire` product, not a dependency.
    .target(name: "_SquireShims"),
    // A container per test (the `.container(…)` trait); depends only on the toolchain's
    // Swift Testing.
    .target(name: "SquireTesting", dependencies: ["Squire"], swiftSettings: ownSettings),
    .executableTarget(
      name: "squire-demo", dependencies: ["Squire"], swiftSettings: ownSettings,
      plugins: demoPlugins),
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

    // MARK: SquireBuildPlugin (trait `BuildPlugin`): Integrations/SquireBuildPlugin
    // The model, the reader, the check and the generator: a library, so its tests need no
    // fixture build.
    .target(
      name: "SquireBuildCore",
      dependencies: syntax,
      path: "Integrations/SquireBuildPlugin/Sources/SquireBuildCore", swiftSettings: ownSettings),
    // Without the trait, a tool that fails the build with the line to write.
    .executableTarget(
      name: "squire-build-tool",
      dependencies: [.target(name: "SquireBuildCore", condition: .when(traits: ["BuildPlugin"]))],
      path: "Integrations/SquireBuildPlugin/Sources/squire-build-tool", swiftSettings: ownSettings),
    .plugin(
      name: "SquireBuildPlugin", capability: .buildTool(),
      dependencies: prebuiltTool ? [] : ["squire-build-tool"],
      path: "Integrations/SquireBuildPlugin/Plugins/SquireBuildPlugin"),
    .testTarget(
      name: "SquireBuildCoreTests",
      dependencies: ["SquireBuildCore"] + syntax,
      path: "Integrations/SquireBuildPlugin/Tests/SquireBuildCoreTests", swiftSettings: ownSettings),
    // Builds the fixture package (Integrations/SquireBuildPlugin/Fixtures) with the plugin applied
    // and reads its errors; runs when `SQUIRE_PLUGIN_FIXTURES=1`.
    .testTarget(
      name: "SquireBuildPluginFixtureTests",
      path: "Integrations/SquireBuildPlugin/Tests/SquireBuildPluginFixtureTests",
      swiftSettings: ownSettings),

    // MARK: SquireConfiguration (trait `Configuration`): Integrations/SquireConfiguration
    .target(
      name: "SquireConfiguration",
      dependencies: ["Squire", guarded("Configuration", "swift-configuration", "Configuration")],
      path: "Integrations/SquireConfiguration/Sources/SquireConfiguration",
      swiftSettings: ownSettings),
    .executableTarget(
      name: "squire-configuration-demo",
      dependencies: [
        "Squire", "SquireConfiguration",
        guarded("Configuration", "swift-configuration", "Configuration"),
      ],
      path: "Integrations/SquireConfiguration/Sources/squire-configuration-demo",
      swiftSettings: ownSettings),
    .testTarget(
      name: "SquireConfigurationTests",
      dependencies: [
        "Squire", "SquireConfiguration",
        guarded("Configuration", "swift-configuration", "Configuration"),
      ],
      path: "Integrations/SquireConfiguration/Tests/SquireConfigurationTests",
      swiftSettings: ownSettings),
    // Every Swift sample of its README and DocC catalog, compiled and run (written by
    // Scripts/extract-doc-samples.py).
    .testTarget(
      name: "SquireConfigurationDocSampleTests",
      dependencies: [
        "Squire", "SquireConfiguration",
        guarded("Configuration", "swift-configuration", "Configuration"),
      ],
      path: "Integrations/SquireConfiguration/Tests/SquireConfigurationDocSampleTests",
      swiftSettings: ownSettings),

    // MARK: SquireServiceLifecycle (trait `ServiceLifecycle`): Integrations/SquireServiceLifecycle
    .target(
      name: "SquireServiceLifecycle",
      dependencies: ["Squire"] + serviceLifecycle,
      path: "Integrations/SquireServiceLifecycle/Sources/SquireServiceLifecycle",
      swiftSettings: ownSettings),
    .testTarget(
      name: "SquireServiceLifecycleTests",
      dependencies: ["Squire", "SquireServiceLifecycle"] + serviceLifecycle,
      path: "Integrations/SquireServiceLifecycle/Tests/SquireServiceLifecycleTests",
      swiftSettings: ownSettings),

    // MARK: SquireHummingbird (trait `Hummingbird`): Integrations/SquireHummingbird
    .target(
      name: "SquireHummingbird",
      dependencies: [
        "Squire",
        guarded("Hummingbird", "hummingbird", "Hummingbird"),
        guarded("Logging", "swift-log", "Hummingbird"),
      ],
      path: "Integrations/SquireHummingbird/Sources/SquireHummingbird",
      swiftSettings: ownSettings),
    // Its live tests run the app and its services in a ServiceGroup: they run when the traits
    // `Hummingbird` and `ServiceLifecycle` are both on.
    .testTarget(
      name: "SquireHummingbirdTests",
      dependencies: [
        "Squire", "SquireHummingbird", "SquireServiceLifecycle",
        guarded("Hummingbird", "hummingbird", "Hummingbird"),
        guarded("HummingbirdTesting", "hummingbird", "Hummingbird"),
        guarded("Logging", "swift-log", "Hummingbird"),
        guarded("ServiceLifecycle", "swift-service-lifecycle", "ServiceLifecycle"),
      ],
      path: "Integrations/SquireHummingbird/Tests/SquireHummingbirdTests",
      swiftSettings: ownSettings),

    // MARK: The article On a server (Squire.docc/OnAServer.md)
    // Its samples, compiled (written by Scripts/extract-doc-samples.py): they import the three
    // server integrations, so they build when the traits `Vapor`, `Hummingbird` and
    // `ServiceLifecycle` are all on.
    .testTarget(
      name: "SquireServerDocSampleTests",
      dependencies: [
        "Squire", "SquireVapor", "SquireHummingbird", "SquireServiceLifecycle",
        guarded("Vapor", "vapor", "Vapor"),
        guarded("Hummingbird", "hummingbird", "Hummingbird"),
      ] + serviceLifecycle,
      swiftSettings: ownSettings),

    // MARK: SquireVapor (trait `Vapor`): Integrations/SquireVapor
    .target(
      name: "SquireVapor",
      dependencies: ["Squire", guarded("Vapor", "vapor", "Vapor")],
      path: "Integrations/SquireVapor/Sources/SquireVapor", swiftSettings: ownSettings),
    .testTarget(
      name: "SquireVaporTests",
      dependencies: [
        "Squire", "SquireVapor",
        guarded("Vapor", "vapor", "Vapor"),
        guarded("VaporTesting", "vapor", "Vapor"),
      ],
      path: "Integrations/SquireVapor/Tests/SquireVaporTests", swiftSettings: ownSettings),
  ],
  swiftLanguageModes: [.v6]
)
