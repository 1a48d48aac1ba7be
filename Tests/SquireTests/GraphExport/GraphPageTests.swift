import Foundation
import Testing

@testable import Squire

// `container.graph(.html)`: the page's JSON says what the container knows, text from the graph
// cannot leave the JSON, and every problem is marked on the components it involves. What the
// page shows in a browser is checked by Scripts/check-graph-page.sh, with the pages and the
// answers `writesThePagesTheBrowserCheckReads` writes.

/// A class whose name closes the page's script element and opens another.
final class `</script><script>alert("graph")</script><!--` {
  init() {}
}

typealias Hostile = `</script><script>alert("graph")</script><!--`

/// Needs the class above.
final class Courier {
  init(message: `</script><script>alert("graph")</script><!--`) {}
}

@MainActor final class MusterView {
  init(knight: Knight) {}
}

enum ArmouryPart: Part {
  static func load(container: Container) {
    container.register(Forge.init).lifetime(.single)
    container.register(PlateArmor.init(forge:)).as(Armor.self).as(Armor.self, name: "steel")
  }
}

@Suite("Graph page")
struct GraphPageTests {
  /// The JSON inside the page, parsed.
  static func data(_ page: String) throws -> [String: Any] {
    let start = try #require(page.range(of: #"<script type="application/json" id="squire-graph">"#))
    let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    let json = String(page[start.upperBound..<end.lowerBound])
    return try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }

  static func nodes(_ data: [String: Any]) throws -> [[String: Any]] {
    try #require(data["nodes"] as? [[String: Any]])
  }

  static func node(_ name: String, in data: [String: Any]) throws -> [String: Any] {
    try #require(try nodes(data).first { $0["name"] as? String == name })
  }

  /// The names of what `name` needs, directly.
  static func needs(_ name: String, in data: [String: Any]) throws -> [String] {
    let all = try nodes(data)
    let deps = try #require(try node(name, in: data)["deps"] as? [[String: Any]])
    return deps.map { all[$0["to"] as? Int ?? 0]["name"] as? String ?? "?" }
  }

  @Test func theJSONSaysHowEachComponentWasRegistered() throws {
    let container = Container()
    container.append(part: ArmouryPart.self)
    container.register(Knight.init(armor:))
    let child = Container(parent: container)
    child.register { @MainActor in MusterView(knight: $0) }
    child.decorate(Armor.self) { $0 }
    let line = #line + 1
    child.register(Herald.init(name:)).when(injectedInto: Page.self)
    child.register(Page.init(herald:)).lifetime(.objectGraph)

    let data = try Self.data(child.graph(.html))
    #expect(data["version"] as? Int == 1)
    #expect(data["containers"] as? [String] == ["this container", "its parent"])
    #expect(
      try Self.nodes(data).map { $0["name"] as? String } == [
        "Forge", "Herald", "Knight", "MusterView", "Page", "PlateArmor", "String",
      ])

    let forge = try Self.node("Forge", in: data)
    #expect(forge["lifetime"] as? String == "single")
    #expect(forge["part"] as? String == "ArmouryPart")
    #expect(forge["container"] as? Int == 1)
    #expect((forge["file"] as? String)?.hasSuffix("GraphPageTests.swift") == true)
    // The module of the `register` call: the first part of its `#fileID`.
    #expect(forge["module"] as? String == "SquireTests")

    let armor = try Self.node("PlateArmor", in: data)
    let forwards = try #require(armor["forwards"] as? [[String: Any]])
    #expect(forwards.map { $0["type"] as? String } == ["Armor", "Armor"])
    #expect(forwards.map { $0["qualifier"] as? String } == [nil, #"name: "steel""#])
    // Once, though it wraps the component under both keys.
    let decorators = try #require(armor["decorators"] as? [[String: Any]])
    #expect(decorators.map { $0["type"] as? String } == ["Armor"])
    #expect(try Self.needs("PlateArmor", in: data) == ["Forge"])

    let view = try Self.node("MusterView", in: data)
    #expect(view["isolation"] as? String == "@MainActor")
    #expect(view["container"] as? Int == 0)
    #expect(view["part"] is NSNull)

    let herald = try Self.node("Herald", in: data)
    #expect(herald["consumers"] as? [String] == ["Page"])
    #expect(herald["line"] as? Int == line)
    #expect(herald["arguments"] as? [String] == [])
    #expect(try Self.needs("Herald", in: data) == ["String"])
    #expect(try Self.node("String", in: data)["kind"] as? String == "missing")
    #expect(try Self.node("Page", in: data)["lifetime"] as? String == "objectGraph")
    #expect(try Self.needs("Knight", in: data) == ["PlateArmor"])
  }

  @Test func eachComponentSaysTheModuleThatRegisteredIt() throws {
    let container = Container()
    container.register(Forge.init, file: "Armoury/Forge.swift")
    container.register(Smith.init(forge:), file: "Smithy/Smithy.swift")
    // A path that is not a `#fileID` (`#filePath` is absolute) names no module.
    container.register(Knight.init(armor:), file: "/src/Castle/Knight.swift")
    let data = try Self.data(container.graph(.html))
    #expect(try Self.node("Forge", in: data)["module"] as? String == "Armoury")
    #expect(try Self.node("Smith", in: data)["module"] as? String == "Smithy")
    #expect(try Self.node("Knight", in: data)["module"] is NSNull)
    // What nothing answers (Armor) is registered nowhere: it has no module.
    #expect(try Self.node("Armor", in: data)["module"] == nil)
  }

  @Test func anAsyncComponentSaysSo() throws {
    let container = Container()
    container.register { () async in Forge() }
    #expect(
      try Self.node("Forge", in: Self.data(container.graph(.html)))["isolation"] as? String
        == "async")
  }

  @Test func stringsCannotLeaveTheJSON() {
    let hostile = "</script><script>alert(1)</script> <!-- & \u{2028}\u{2029} \"\\ \n\t\u{1}é😀"
    #expect(
      JSON.string(hostile).text
        == #""\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e \u003c!-- \u0026 "#
        + #"\u2028\u2029 \"\\ \n\t\u0001é😀""#)
    let value: JSON = .object([("a", .array([1, true, .null, "x"]))])
    #expect(value.text == #"{"a":[1,true,null,"x"]}"#)
  }

  @Test func hostileTypeNamesAndNamesStayInsideTheJSON() throws {
    let container = Container()
    container.register(`</script><script>alert("graph")</script><!--`.init)
      .as(`</script><script>alert("graph")</script><!--`.self, name: "</script><b>&amp;")
    container.register(Courier.init(message:))
    let page = container.graph(.html)
    let template = GraphPageTemplate.beforeData + GraphPageTemplate.afterData
    // Only the template closes script elements or opens comments.
    for marker in ["</script", "<script", "<!--"] {
      #expect(
        page.components(separatedBy: marker).count
          == template.components(separatedBy: marker).count)
    }
    let data = try Self.data(page)
    let name = String(describing: Hostile.self)
    #expect(name.contains("</script>"))
    #expect(try Self.needs("Courier", in: data) == [name])
    let forwards = try #require(try Self.node(name, in: data)["forwards"] as? [[String: Any]])
    #expect(forwards.first?["qualifier"] as? String == #"name: "</script><b>&amp;""#)
  }

  @Test func everyProblemIsMarkedOnTheComponentsItInvolves() throws {
    let container = Container()
    container.register(Smith.init(forge:))  // missing Forge
    container.register(Left.init(right:))  // a cycle
    container.register(Right.init(left:))
    container.register(Keep.init(knight:)).lifetime(.single)  // holds a shorter one: captive
    container.register(Knight.init(armor:)).lifetime(.perContainer)
    container.register(PlateArmor.init(forge:)).as(Armor.self)
    container.register { PlateArmor(forge: Forge()) }.as(Armor.self)  // ambiguous Armor
    let report = container.validate()
    #expect(report.problems.count >= 4)

    let data = try Self.data(container.graph(.html))
    let nodes = try Self.nodes(data)
    let problems = try #require(data["problems"] as? [[String: Any]])
    #expect(problems.count == report.problems.count + report.warnings.count)
    for (index, problem) in report.problems.enumerated() {
      let written = problems[index]
      #expect(written["severity"] as? String == "problem")
      #expect(
        written["title"] as? String
          == problem.description.split(separator: "\n").first.map(String.init))
      #expect(written["path"] as? [String] == problem.path)
      let marked = try #require(written["nodes"] as? [Int])
      #expect(!marked.isEmpty, "\(problem)")
      for node in marked {
        #expect((nodes[node]["problems"] as? [Int])?.contains(index) == true, "\(problem)")
      }
      // Every component of the path that is a component is marked.
      for name in problem.path where nodes.contains(where: { $0["name"] as? String == name }) {
        #expect(marked.contains { nodes[$0]["name"] as? String == name }, "\(name): \(problem)")
      }
    }
    let cycle = try #require(
      report.problems.firstIndex { if case .cycle = $0.kind { true } else { false } })
    #expect(
      Set((problems[cycle]["nodes"] as? [Int] ?? []).map { nodes[$0]["name"] as? String })
        == ["Left", "Right"])
    // The ambiguous dependency is a node of its own, marked, which Knight's arrow leads to.
    let ambiguous = try Self.node("Armor", in: data)
    #expect(ambiguous["kind"] as? String == "ambiguous")
    #expect((ambiguous["problems"] as? [Int])?.isEmpty == false)
    #expect(try Self.needs("Knight", in: data) == ["Armor"])
  }

  @Test func aValidGraphHasNoProblem() throws {
    let container = Container()
    container.register(Forge.init)
    let data = try Self.data(container.graph(.html))
    #expect((data["problems"] as? [Any])?.isEmpty == true)
    #expect(data["components"] as? Int == 1)
  }

  @Test func thePageIsTheSameForTheSameGraph() {
    func make(_ reversed: Bool) -> String {
      let container = Container()
      let registrations: [(Container) -> Void] = [
        { $0.register(Forge.init) }, { $0.register(Smith.init(forge:)) },
        { $0.register(Knight.init(armor:)) },
      ]
      for register in reversed ? registrations.reversed() : registrations { register(container) }
      return container.graph(.html).replacing(/"line":\d+/, with: "")
    }
    #expect(make(false) == make(true))
    #expect(make(false).hasSuffix("</html>\n"))
  }
}
