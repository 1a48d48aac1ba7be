// swift-tools-version: 6.2
import PackageDescription

// An example app in a package of its own: Squire's `swift test` builds none of it.
let package = Package(
  name: "VaporNotes",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "vapor-notes", targets: ["vapor-notes"])
  ],
  dependencies: [
    // Squire's checkout, with the traits of SquireVapor and of the build plugin: a user writes
    // the same traits beside the URL.
    .package(name: "Squire", path: "../..", traits: ["Vapor", "BuildPlugin"]),
    .package(url: "https://github.com/vapor/vapor", exact: "4.122.3"),
    // On Linux, GRDB links the system's SQLite: `apt-get install libsqlite3-dev`.
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
  ],
  targets: [
    .target(
      name: "VaporNotes",
      dependencies: [
        .product(name: "Squire", package: "Squire"),
        .product(name: "SquireVapor", package: "Squire"),
        .product(name: "Vapor", package: "vapor"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      // Wiring mistakes as build errors, and generated factories.
      plugins: [.plugin(name: "SquireBuildPlugin", package: "Squire")]),
    .executableTarget(
      name: "vapor-notes",
      dependencies: ["VaporNotes", .product(name: "Vapor", package: "vapor")]),
    // One request's instructions, without sockets (Scripts/request-instructions.sh).
    .executableTarget(
      name: "request-cost",
      dependencies: ["VaporNotes", .product(name: "Vapor", package: "vapor")]),
    .testTarget(
      name: "VaporNotesTests",
      dependencies: [
        "VaporNotes",
        .product(name: "Squire", package: "Squire"),
        .product(name: "VaporTesting", package: "vapor"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
