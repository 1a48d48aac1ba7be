// swift-tools-version: 6.2
import PackageDescription

// An example app in a package of its own: Squire's `swift test` builds none of it.
let package = Package(
  name: "LibraryCatalogue",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "library-catalogue", targets: ["library-catalogue"])
  ],
  dependencies: [
    // Squire's checkout, with the traits of the integrations it uses and of the build plugin: a
    // user writes the same traits beside the URL.
    .package(
      name: "Squire", path: "../..",
      traits: ["Hummingbird", "ServiceLifecycle", "Configuration", "BuildPlugin"]),
    .package(url: "https://github.com/apple/swift-configuration", exact: "1.4.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
    .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
    // On Linux, GRDB links the system's SQLite: `apt-get install libsqlite3-dev`.
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
  ],
  targets: [
    .target(
      name: "LibraryCatalogue",
      dependencies: [
        .product(name: "Squire", package: "Squire"),
        .product(name: "SquireHummingbird", package: "Squire"),
        .product(name: "SquireServiceLifecycle", package: "Squire"),
        .product(name: "SquireConfiguration", package: "Squire"),
        .product(name: "Configuration", package: "swift-configuration"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      // Wiring mistakes as build errors, and generated factories.
      plugins: [.plugin(name: "SquireBuildPlugin", package: "Squire")]),
    .executableTarget(
      name: "library-catalogue",
      dependencies: [
        "LibraryCatalogue",
        .product(name: "Configuration", package: "swift-configuration"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // What a request scope costs without HTTP (swift run -c release request-scope-cost).
    .executableTarget(
      name: "request-scope-cost",
      dependencies: [
        "LibraryCatalogue",
        .product(name: "Squire", package: "Squire"),
        .product(name: "Configuration", package: "swift-configuration"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // One request's CPU time, without sockets (Scripts/request-cost.sh).
    .executableTarget(
      name: "request-cost",
      dependencies: [
        "LibraryCatalogue",
        .product(name: "Configuration", package: "swift-configuration"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
      ]),
    .testTarget(
      name: "LibraryCatalogueTests",
      dependencies: [
        "LibraryCatalogue",
        .product(name: "Squire", package: "Squire"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "Configuration", package: "swift-configuration"),
        .product(name: "Logging", package: "swift-log"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
