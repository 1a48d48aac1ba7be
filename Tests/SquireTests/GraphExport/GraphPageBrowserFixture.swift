import Foundation
import Testing

@testable import Squire

// The pages Scripts/check-graph-page.sh opens in Chromium, and what the page must show on each:
// a graph of 1,000 generic components in ten layers (each needs two of the next layer) with one
// component whose dependency is missing. Written only when SQUIRE_GRAPH_PAGE_DIR names a folder.

protocol Digit: SendableMetatype {
  associatedtype Next: Digit
}
enum D0: Digit { typealias Next = D1 }
enum D1: Digit { typealias Next = D2 }
enum D2: Digit { typealias Next = D3 }
enum D3: Digit { typealias Next = D4 }
enum D4: Digit { typealias Next = D5 }
enum D5: Digit { typealias Next = D6 }
enum D6: Digit { typealias Next = D7 }
enum D7: Digit { typealias Next = D8 }
enum D8: Digit { typealias Next = D9 }
enum D9: Digit { typealias Next = D0 }

/// The component of layer `Layer` at index `Tens Ones`: `Layered<D2, D4, D7>`.
final class Layered<Layer: Digit, Tens: Digit, Ones: Digit>: Sendable {
  init() {}
}

/// Needs a middle component, the hostile name, and something nothing provides.
final class Relay {
  init(
    layer: Layered<D5, D0, D0>, message: `</script><script>alert("graph")</script><!--`,
    missing: Herald
  ) {}
}

@Suite("Graph page: the browser check's pages")
struct GraphPageBrowserFixture {
  static let digits: [any Digit.Type] = [
    D0.self, D1.self, D2.self, D3.self, D4.self, D5.self, D6.self, D7.self, D8.self, D9.self,
  ]

  /// Registers `Layered<L, T, O>`: it needs `Layered<L+1, T, O>` and `Layered<L+1, T+1, O>`,
  /// except in the last layer.
  static func register<L: Digit, T: Digit, O: Digit>(
    _: L.Type, _: T.Type, _: O.Type, last: Bool, in container: Container
  ) {
    if last {
      container.register { Layered<L, T, O>() }.lifetime(.single)
    } else {
      container.register { (_: Layered<L.Next, T, O>, _: Layered<L.Next, T.Next, O>) in
        Layered<L, T, O>()
      }.lifetime(L.self == D4.self ? .objectGraph : .prototype)
    }
  }

  static func thousand() -> Container {
    let container = Container()
    for layer in 0..<10 {
      for tens in 0..<10 {
        for ones in 0..<10 {
          register(digits[layer], digits[tens], digits[ones], last: layer == 9, in: container)
        }
      }
    }
    container.register(`</script><script>alert("graph")</script><!--`.init)
    container.register(Relay.init(layer:message:missing:))
    return container
  }

  static func name(_ layer: Int, _ index: Int) -> String {
    "Layered<D\(layer), D\(index / 10), D\(index % 10)>"
  }

  /// What each component needs, by name, from how the graph was built.
  static func needs() -> [String: [String]] {
    var needs: [String: [String]] = [:]
    for layer in 0..<10 {
      for index in 0..<100 {
        needs[name(layer, index)] =
          layer == 9 ? [] : [name(layer + 1, index), name(layer + 1, (index + 10) % 100)]
      }
    }
    needs[String(describing: Hostile.self)] = []
    needs["Relay"] = [name(5, 0), String(describing: Hostile.self), "Herald"]
    needs["Herald"] = []
    return needs
  }

  static func reach(_ start: String, _ next: [String: [String]]) -> [String] {
    var seen: Set<String> = [start]
    var queue = [start]
    while let node = queue.popLast() {
      for other in next[node] ?? [] where seen.insert(other).inserted { queue.append(other) }
    }
    return seen.subtracting([start]).sorted()
  }

  @Test(.enabled(if: ProcessInfo.processInfo.environment["SQUIRE_GRAPH_PAGE_DIR"] != nil))
  func writesThePagesTheBrowserCheckReads() throws {
    let folder = URL(
      fileURLWithPath: try #require(ProcessInfo.processInfo.environment["SQUIRE_GRAPH_PAGE_DIR"]))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let container = Self.thousand()
    let report = container.validate()
    #expect(report.componentCount == 1_002)
    #expect(report.problems.count == 1)
    try container.graph(.html).write(
      to: folder.appending(path: "thousand.html"), atomically: true, encoding: .utf8)

    let needs = Self.needs()
    var neededBy: [String: [String]] = [:]
    for (from, targets) in needs { for to in targets { neededBy[to, default: []].append(from) } }
    func selection(_ name: String) -> [String: Any] {
      [
        "select": name,
        "needs": (needs[name] ?? []).sorted(), "neededBy": (neededBy[name] ?? []).sorted(),
        "needsAll": Self.reach(name, needs), "neededByAll": Self.reach(name, neededBy),
        "problems": report.problems.filter { $0.path.contains(name) }.map {
          String($0.description.split(separator: "\n")[0])
        },
      ]
    }
    let query = "d9, d9"
    let expected: [String: Any] = [
      "page": "thousand.html",
      "problems": report.problems.map { String($0.description.split(separator: "\n")[0]) },
      "checks": [
        selection(Self.name(0, 0)), selection(Self.name(5, 0)), selection("Relay"),
        selection("Herald"),
        [
          "search": query,
          "results": needs.keys.filter { $0.lowercased().contains(query) }.sorted(),
        ],
      ],
    ]
    try JSONSerialization.data(withJSONObject: expected, options: [.prettyPrinted, .sortedKeys])
      .write(to: folder.appending(path: "thousand-expected.json"))
  }
}
