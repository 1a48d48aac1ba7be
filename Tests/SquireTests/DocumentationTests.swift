import Foundation
import Testing

/// What the documentation tells a newcomer must hold: a sample that uses types it does not
/// declare says where they are, and the manifest it shows works whatever the clone is called.
@Suite("Documentation")
struct DocumentationTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func pages() throws -> [(name: String, text: String)] {
    let catalog = root.appendingPathComponent("Sources/Squire/Squire.docc")
    let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path)
      .filter { $0.hasSuffix(".md") }.sorted()
    return try [
      ("README.md", String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8))
    ]
      + articles.map {
        ($0, try String(contentsOf: catalog.appendingPathComponent($0), encoding: .utf8))
      }
  }

  /// Where a page may point a reader for the types of a namespace of the samples' context.
  static let shownIn = [
    "Garage": [
      "Context/Garage.swift", "<doc:InjectionAndModifiers>", "SquireDocSampleTests/Context",
    ],
    "Workshop": ["Context/Garage.swift", "SquireDocSampleTests/Context"],
    "Court": ["Context/Court.swift", "SquireDocSampleTests/Context"],
    "Orders": ["Context/Orders.swift", "SquireDocSampleTests/Context"],
    "Armory": ["<doc:GettingStarted>", "SquireDocSampleTests/Context"],
  ]

  @Test func aPageWhoseSamplesUseTypesItDoesNotDeclareSaysWhereTheyAre() throws {
    for page in try Self.pages() {
      for (namespace, places) in Self.shownIn
      where page.text.contains("<!-- sample: uses \(namespace) -->") {
        // Getting Started declares the knight and armour itself.
        if namespace == "Armory" && page.name == "GettingStarted.md" { continue }
        #expect(
          places.contains { page.text.contains($0) },
          "\(page.name) uses \(namespace)'s types without saying where they are")
      }
    }
  }

  @Test func theManifestNamesSquiresPackage() throws {
    let page = try #require(try Self.pages().first { $0.name == "GettingStarted.md" })
    #expect(!page.text.contains(#"dependencies: ["Squire"])"#))
    #expect(page.text.contains(#".product(name: "Squire", package:"#))
    #expect(page.text.contains("no runtime dependencies"))
  }
}
