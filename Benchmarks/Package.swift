// swift-tools-version:6.1
import PackageDescription

// Benchmarks for Squire, side by side with hand-written factories and Swinject. A package of its
// own, so that Squire gains no dependency:
//
//   swift package benchmark          (from this directory)
//   ./callgrind.sh                   (instruction counts per resolve, needs valgrind; builds
//                                    squire-build-tool for `callgrind-main` once)
//   Scripts/measure-build-time.sh 100 500 1000
//                                    (`-O` compile time of a generated large composition root,
//                                    Scripts/generate-large-root.py)
let package = Package(
  name: "SquireBenchmarks",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [
    // `BuildPlugin` for `callgrind-main`, which applies SquireBuildPlugin. Builds name a tool
    // built beforehand (`SQUIRE_BUILD_TOOL`, as ./callgrind.sh does), or compile swift-syntax.
    .package(name: "Squire", path: "..", traits: ["BuildPlugin"]),
    // Only the malloc interposer: the ARC runtime interposer (a default trait) is not needed.
    .package(
      url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
  ],
  targets: [
    // The object graphs, and how each of hand-written code, Squire and Swinject builds them.
    .target(
      name: "Scenarios",
      dependencies: [
        .product(name: "Squire", package: "Squire"),
        .product(name: "Swinject", package: "Swinject"),
      ]
    ),
    // S2, S3 and S10 registered by the same file as in `Scenarios` (`SquireGraphs.swift`),
    // resolved through the factories that SquireBuildPlugin generates for it (its tool's output,
    // `SquireGenerated.swift`, written by Scripts/generate-scenarios.sh): `callgrind generated`.
    .target(
      name: "GeneratedScenarios",
      dependencies: ["Scenarios", .product(name: "Squire", package: "Squire")],
      swiftSettings: [.define("SQUIRE_GENERATED_SCENARIOS")]
    ),
    // `swift package benchmark`: wall clock and mallocs per resolve.
    .executableTarget(
      name: "Resolve",
      dependencies: [
        "Scenarios",
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/Resolve",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // `callgrind MODE SCENARIO N`: N resolves, for instruction counts under valgrind. Not under
    // `Benchmarks/`: the benchmark plugin runs every executable target in a folder so named.
    .executableTarget(name: "callgrind", dependencies: ["Scenarios", "GeneratedScenarios"]),
    // `callgrind-main squire|hand-written N`: S10 declared, registered and resolved in an
    // executable shaped like an app's `main` (the container made and resolved inside a
    // `switch`), with SquireBuildPlugin applied: its generated factories against hand-written
    // code, in one binary.
    .executableTarget(
      name: "callgrind-main",
      dependencies: ["ModularGraph", .product(name: "Squire", package: "Squire")],
      plugins: [.plugin(name: "SquireBuildPlugin", package: "Squire")]
    ),
    // The start-up scenario (issue 47): an app of 500 or 2,000 classes registered and each
    // resolved once (`callgrind-startup MODE N`: hand-wired, Squire, Swinject), and the same
    // registrations with SquireBuildPlugin applied (`callgrind-startup-plugin`). Their sources
    // are written by Scripts/generate-startup.py; ./callgrind-startup.sh runs them.
    .executableTarget(
      name: "callgrind-startup",
      dependencies: [
        .product(name: "Squire", package: "Squire"),
        .product(name: "Swinject", package: "Swinject"),
      ]
    ),
    .executableTarget(
      name: "callgrind-startup-plugin",
      dependencies: [.product(name: "Squire", package: "Squire")],
      plugins: [.plugin(name: "SquireBuildPlugin", package: "Squire")]
    ),
    // The S10 graph in a library module, with its part, which `callgrind-main modular-…`
    // resolves, SquireBuildPlugin applied to both: what a modular app's generated factories cost
    // against hand-written code.
    .target(
      name: "ModularGraph",
      dependencies: [.product(name: "Squire", package: "Squire")],
      plugins: [.plugin(name: "SquireBuildPlugin", package: "Squire")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
