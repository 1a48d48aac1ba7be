import Testing

@testable import Squire

@Suite("Graph export")
struct GraphExportTests {
  func garrison() -> Container {
    let container = Container()
    container.register(Forge.init).lifetime(.single)
    container.register(PlateArmor.init(forge:)).as(Armor.self).as(Armor.self, name: "steel")
    container.register(Knight.init(armor:))
    return container
  }

  @Test func dotShowsComponentsLifetimesForwardsAndDependencies() {
    #expect(
      garrison().graph(.dot) == """
        digraph Squire {
          rankdir=LR;
          node [shape=box, style=rounded, fontname="Helvetica"];
          edge [fontname="Helvetica", fontsize=10];
          c1 [label="Forge\\n.single"];
          c2 [label="Knight\\n.prototype"];
          c3 [label="PlateArmor\\n.prototype\\nas Armor\\nas Armor (name: \\"steel\\")"];
          c2 -> c3;
          c3 -> c1;
        }

        """)
  }

  @Test func mermaidShowsTheSameGraph() {
    #expect(
      garrison().graph(.mermaid) == """
        flowchart LR
          c1["Forge<br/>.single"]
          c2["Knight<br/>.prototype"]
          c3["PlateArmor<br/>.prototype<br/>as Armor<br/>as Armor (name: #quot;steel#quot;)"]
          c2 --> c3
          c3 --> c1
          classDef problem stroke:#d00,stroke-width:2px,color:#d00
          classDef missing stroke:#d00,stroke-width:2px,stroke-dasharray:5 3,color:#d00

        """)
  }

  @Test func problemsAreRed() {
    let container = Container()
    container.register(Smith.init(forge:))
    container.register(Left.init(right:))
    container.register(Right.init(left:))
    container.register { Herald(name: arg($0)) }
    container.register(Page.init(herald:)).lifetime(.single)
    let dot = container.graph(.dot)
    #expect(
      dot.contains(
        #"u1 [label="Forge\nmissing", style="rounded,dashed", color=red, fontcolor=red];"#))
    #expect(dot.contains(#"c5 -> u1 [color=red, fontcolor=red];"#), "\(dot)")
    #expect(dot.contains(#"c2 -> c4 [label="cycle", color=red, fontcolor=red];"#), "\(dot)")
    #expect(dot.contains(#"c4 -> c2 [label="cycle", color=red, fontcolor=red];"#), "\(dot)")
    #expect(
      dot.contains(#"c3 -> c1 [label="argument cannot be passed", color=red, fontcolor=red];"#),
      "\(dot)")
    #expect(dot.contains(#"c1 -> a1 [label="arg", arrowhead=dot, style=dotted];"#), "\(dot)")
    #expect(dot.contains(#"a1 [label="String\nruntime argument", shape=ellipse];"#), "\(dot)")
    let mermaid = container.graph(.mermaid)
    #expect(mermaid.contains(#"u1["Forge<br/>missing"]:::missing"#), "\(mermaid)")
    #expect(mermaid.contains(#"c2["Left<br/>.prototype"]:::problem"#), "\(mermaid)")
    #expect(mermaid.contains("linkStyle 1,2,3,4 stroke:#d00,color:#d00"), "\(mermaid)")
  }

  @Test func deferredOptionalAndQualifiedLinksAreDrawnApart() {
    final class Court {
      init(knight: Provider<Knight>, horse: Horse?, armor: ByTag<Ceremonial, Armor>) {}
    }
    let container = garrison()
    container.register(Destrier.init).as(Horse.self)
    container.register { PlateArmor(forge: Forge()) }.as(Armor.self, tag: Ceremonial.self)
    container.register(Court.init)
    let dot = container.graph(.dot)
    #expect(dot.contains(#"c1 -> c4 [label="deferred", style=dashed];"#), "\(dot)")
    #expect(dot.contains(#"c1 -> c2 [label="optional", arrowhead=onormal];"#), "\(dot)")
    #expect(dot.contains(#"c1 -> c6 [label="tag: Ceremonial"];"#), "\(dot)")
    #expect(dot.contains(#"as Armor (tag: Ceremonial)"#), "\(dot)")
    let mermaid = container.graph(.mermaid)
    #expect(mermaid.contains(#"c1 -.->|"deferred"| c4"#), "\(mermaid)")
    #expect(mermaid.contains(#"c1 -->|"optional"| c2"#), "\(mermaid)")
  }

  @Test func outputIsTheSameWhateverTheRegistrationOrder() {
    let reversed = Container()
    reversed.register(Knight.init(armor:))
    reversed.register(PlateArmor.init(forge:)).as(Armor.self).as(Armor.self, name: "steel")
    reversed.register(Forge.init).lifetime(.single)
    // The page holds line numbers: GraphPageTests compares it without them.
    for format in [GraphFormat.dot, .mermaid] {
      #expect(reversed.graph(format) == garrison().graph(format))
    }
  }

  @Test func genericNamesAreEscapedForMermaid() {
    let container = Container()
    container.register { Node<S1>() }
    #expect(container.graph(.mermaid).contains(#"c1["Node#lt;S1#gt;<br/>.prototype"]"#))
    #expect(container.graph(.dot).contains(#"c1 [label="Node<S1>\n.prototype"];"#))
  }
}

@Suite("Graph export escaping")
struct GraphExportEscapingTests {
  @Test func mermaidLabelsHaveNoRawLineBreaks() {
    let container = Container()
    container.register(Forge.init).as(Forge.self, name: "two\nlines #1")
    let mermaid = container.graph(.mermaid)
    #expect(mermaid.contains("two<br/>lines #35;1"), "\(mermaid)")
    // Every line of the chart is a statement: no label spills onto a line of its own.
    for line in mermaid.split(separator: "\n") {
      #expect(line.hasPrefix("  ") || line == "flowchart LR", "\(line)")
    }
  }
}

/// Issue 46, 3: a carriage return (alone, or `\r\n`, which is one `Character`), NUL and U+2028
/// in a name or a scope's name were written raw into DOT labels (NUL into Mermaid's too).
@Suite("Graph export of control characters")
struct GraphExportControlCharacterTests {
  private static let hostile = [
    "first\r\nsecond", "cr\ronly", "nul\u{0}byte", "line\u{2028}separator", "bell\u{7}tab\tend",
    "next\u{85}line\u{9B}csi",
  ]

  private func container() -> Container {
    let container = Container()
    for name in Self.hostile {
      container.register(Forge.init).as(Forge.self, name: name)
    }
    container.register { Node<S1>() }.lifetime(.scoped(Scope("req\r\nuest\u{0}\u{2028}")))
    return container
  }

  /// Scalars a text format must not carry raw: every control character but the line feeds
  /// that end the format's own lines, and the Unicode line and paragraph separators.
  private func raw(_ text: String) -> [UInt32] {
    text.unicodeScalars.filter {
      $0 != "\n"
        && ($0.properties.generalCategory == .control || $0 == "\u{2028}"
          || $0 == "\u{2029}")
    }.map(\.value)
  }

  @Test func dotEscapesEveryControlCharacter() {
    let dot = container().graph(.dot)
    #expect(raw(dot) == [], "\(dot.debugDescription)")
    // A line break is one `\n` in the label, `\r\n` included; the rest are shown as escapes.
    #expect(dot.contains(#"as Forge (name: \"first\nsecond\")"#), "\(dot)")
    #expect(dot.contains(#"as Forge (name: \"cr\nonly\")"#), "\(dot)")
    #expect(dot.contains(#"as Forge (name: \"nul\\u{0}byte\")"#), "\(dot)")
    #expect(dot.contains(#"as Forge (name: \"line\nseparator\")"#), "\(dot)")
    #expect(dot.contains(#"as Forge (name: \"bell\\u{7}tab\\u{9}end\")"#), "\(dot)")
    #expect(dot.contains(#"req\nuest\\u{0}\n"#), "\(dot)")
    for line in dot.split(separator: "\n") {
      #expect(line.hasPrefix("  ") || line == "digraph Squire {" || line == "}", "\(line)")
    }
  }

  @Test func mermaidEscapesEveryControlCharacter() {
    let mermaid = container().graph(.mermaid)
    #expect(raw(mermaid) == [], "\(mermaid.debugDescription)")
    #expect(mermaid.contains("(name: #quot;first<br/>second#quot;)"), "\(mermaid)")
    #expect(mermaid.contains("(name: #quot;cr<br/>only#quot;)"), "\(mermaid)")
    #expect(mermaid.contains(#"(name: #quot;nul\u{0}byte#quot;)"#), "\(mermaid)")
    #expect(mermaid.contains("(name: #quot;line<br/>separator#quot;)"), "\(mermaid)")
    #expect(mermaid.contains(#"req<br/>uest\u{0}<br/>"#), "\(mermaid)")
    for line in mermaid.split(separator: "\n") {
      #expect(line.hasPrefix("  ") || line == "flowchart LR", "\(line)")
    }
  }

  @Test func thePageCarriesNoControlCharacterRaw() {
    let page = container().graph(.html)
    // The page's own text may use tabs; what names bring in is escaped in its JSON.
    #expect(raw(page).filter { $0 != 9 } == [])
    #expect(page.contains(#"first\r\nsecond"#))
    #expect(page.contains(#"nul\u0000byte"#))
    #expect(page.contains(#"line\u2028separator"#))
    // C1 controls too (U+0080 to U+009F): HTML reads each raw one as a parse error.
    #expect(page.contains(#"next\u0085line\u009bcsi"#))
  }
}
