import Foundation
import Testing

@testable import Squire

// The pages Scripts/check-graph-page.sh opens in Chromium, and what the page must show on each:
// a graph of 1,000 generic components in ten layers (each needs two of the next layer) with one
// component whose dependency is missing, and a valid graph of 250 in five parts registered from
// three modules. Written only when SQUIRE_GRAPH_PAGE_DIR names a folder.

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

/// The part of the modular page that registers layer `Layer` (its first five components of each
/// ten), from the module `GraphPageBrowserFixture.module(layer)` names.
enum LayerPart<Layer: Digit>: Part {
  static func load(container: Container) {
    let layer = GraphPageBrowserFixture.digits.firstIndex { $0 == Layer.self }!
    for tens in 0..<10 {
      for ones in 0..<5 {
        GraphPageBrowserFixture.register(
          Layer.self, GraphPageBrowserFixture.digits[tens], GraphPageBrowserFixture.digits[ones],
          last: layer == 4, in: container, file: GraphPageBrowserFixture.file(layer))
      }
    }
  }
}

/// What nothing provides on the 1,000-component page: a name too long for any line of the
/// problem's fix, which must still wrap inside the page.
final class HeraldOfTheRealmWhoCarriesTheKingsLettersAcrossEveryBorderMarch {}

/// Needs a middle component, the hostile name, and something nothing provides.
final class Relay {
  init(
    layer: Layered<D5, D0, D0>, message: `</script><script>alert("graph")</script><!--`,
    missing: HeraldOfTheRealmWhoCarriesTheKingsLettersAcrossEveryBorderMarch
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
    _: L.Type, _: T.Type, _: O.Type, last: Bool, in container: Container,
    file: StaticString = #fileID
  ) {
    if last {
      container.register({ Layered<L, T, O>() }, file: file).lifetime(.single)
    } else {
      container.register(
        { (_: Layered<L.Next, T, O>, _: Layered<L.Next, T.Next, O>) in Layered<L, T, O>() },
        file: file
      ).lifetime(L.self == D4.self ? .objectGraph : .prototype)
    }
  }

  /// The modular page's modules, by layer: as `#fileID` names them, a module's name first.
  static func file(_ layer: Int) -> StaticString {
    switch layer {
    case 0, 1: "Castle/Castle.swift"
    case 2, 3: "Armoury/Armoury.swift"
    default: "Forge/Forge.swift"
    }
  }

  static func module(_ layer: Int) -> String {
    String(file(layer).description.prefix { $0 != "/" })
  }

  static func appendPart<L: Digit>(_: L.Type, to container: Container) {
    container.append(part: LayerPart<L>.self)
  }

  /// Five layers of 50 components (`Layered<L, T, O>` with `O` under 5), a part per layer,
  /// layers 0 and 1 registered from the module Castle, 2 and 3 from Armoury, 4 from Forge.
  static func modular() -> Container {
    let container = Container()
    for layer in 0..<5 { appendPart(digits[layer], to: container) }
    return container
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
  static let herald = String(
    describing: HeraldOfTheRealmWhoCarriesTheKingsLettersAcrossEveryBorderMarch.self)

  static func needs() -> [String: [String]] {
    var needs: [String: [String]] = [:]
    for layer in 0..<10 {
      for index in 0..<100 {
        needs[name(layer, index)] =
          layer == 9 ? [] : [name(layer + 1, index), name(layer + 1, (index + 10) % 100)]
      }
    }
    needs[String(describing: Hostile.self)] = []
    needs["Relay"] = [name(5, 0), String(describing: Hostile.self), herald]
    needs[herald] = []
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

  /// The folder SQUIRE_GRAPH_PAGE_DIR names, made if it is not there.
  static func folder() throws -> URL {
    let folder = URL(
      fileURLWithPath: try #require(ProcessInfo.processInfo.environment["SQUIRE_GRAPH_PAGE_DIR"]))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test(.enabled(if: ProcessInfo.processInfo.environment["SQUIRE_GRAPH_PAGE_DIR"] != nil))
  func writesThePagesTheBrowserCheckReads() throws {
    let folder = try Self.folder()
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
        selection(Self.herald),
        [
          "search": query,
          "results": needs.keys.filter { $0.lowercased().contains(query) }.sorted(),
        ],
      ],
      // As it opens (no address): on the first problem, the first component it involves
      // selected, its fix in view.
      "views": [
        ["opens": "", "selected": "Relay", "fix": Self.fix(report.problems[0].description)]
      ],
    ]
    try JSONSerialization.data(withJSONObject: expected, options: [.prettyPrinted, .sortedKeys])
      .write(to: folder.appending(path: "thousand-expected.json"))
  }

  /// The fix line of a problem's description, as the page shows it: without its indent.
  static func fix(_ description: String) -> String {
    description.split(separator: "\n").first { $0.hasPrefix("  fix: ") }.map {
      String($0.dropFirst(2))
    } ?? ""
  }

  /// The largest group the page draws component by component (graph.js, `WHOLE`).
  static let whole = 60

  /// What the overview of the modular page shows for the group at `path` (a module, then a
  /// part), by the rule the page documents: its components when there are at most `whole`,
  /// else its modules, or its parts when they are all of one module, with how many components
  /// each has; and the arrows between what it shows, with the number of dependencies each
  /// stands for. `opens` is the address of the view (`group=Castle&group=LayerPart<D0>`).
  static func overview(
    _ path: [String], keys: [String: [String]], needs: [String: [String]]
  ) -> [String: Any] {
    let members = Set(keys.keys.filter { Array(keys[$0]!.prefix(path.count)) == path })
    var level: Int?
    if members.count > whole {
      level = (path.count..<2).first { level in Set(members.map { keys[$0]![level] }).count > 1 }
    }
    let box = { (name: String) in level.map { keys[name]![$0] } ?? name }
    var arrows: [[String]: Int] = [:]
    for from in members {
      for to in needs[from] ?? [] where members.contains(to) && box(from) != box(to) {
        arrows[[box(from), box(to)], default: 0] += 1
      }
    }
    var view: [String: Any] = [
      "opens": path.map { "group=" + $0 }.joined(separator: "&"), "path": path,
      "arrows": arrows.map { [$0.key[0], $0.key[1], String($0.value)] }.sorted {
        $0.lexicographicallyPrecedes($1)
      },
    ]
    if level != nil {
      view["groups"] = Dictionary(grouping: members, by: box).mapValues(\.count)
    } else {
      view["components"] = members.sorted()
    }
    return view
  }

  @Test(.enabled(if: ProcessInfo.processInfo.environment["SQUIRE_GRAPH_PAGE_DIR"] != nil))
  func writesTheModularPageTheBrowserCheckReads() throws {
    let folder = try Self.folder()
    let container = Self.modular()
    let report = container.validate()
    #expect(report.componentCount == 250)
    #expect(report.isValid && report.warnings.isEmpty)
    try container.graph(.html).write(
      to: folder.appending(path: "modular.html"), atomically: true, encoding: .utf8)

    var keys: [String: [String]] = [:]
    var needs: [String: [String]] = [:]
    for layer in 0..<5 {
      for tens in 0..<10 {
        for ones in 0..<5 {
          let name = "Layered<D\(layer), D\(tens), D\(ones)>"
          keys[name] = [Self.module(layer), "LayerPart<D\(layer)>"]
          if layer < 4 {
            needs[name] = [
              "Layered<D\(layer + 1), D\(tens), D\(ones)>",
              "Layered<D\(layer + 1), D\((tens + 1) % 10), D\(ones)>",
            ]
          }
        }
      }
    }
    // As it opens (no address), then a module of two parts, a module drawn whole, two parts.
    let paths = [
      [], ["Castle"], ["Forge"], ["Castle", "LayerPart<D0>"], ["Armoury", "LayerPart<D3>"],
    ]
    let views = paths.map { Self.overview($0, keys: keys, needs: needs) }
    try JSONSerialization.data(
      withJSONObject: [
        "page": "modular.html", "problems": [String](), "checks": [Any](), "views": views,
      ],
      options: [.prettyPrinted, .sortedKeys]
    ).write(to: folder.appending(path: "modular-expected.json"))
  }
}
