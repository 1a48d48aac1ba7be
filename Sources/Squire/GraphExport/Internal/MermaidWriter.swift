/// Writes a ``GraphPicture`` as a Mermaid flowchart.
enum MermaidWriter {
  static func write(_ picture: GraphPicture) -> String {
    var lines = ["flowchart LR"]
    for node in picture.nodes {
      let label = "\"" + node.lines.map(escaped).joined(separator: "<br/>") + "\""
      let shape: String
      switch node.shape {
      case .component: shape = "[\(label)]"
      case .unanswered: shape = "[\(label)]:::missing"
      case .argument: shape = "([\(label)])"
      }
      let problem = node.isProblem && node.shape == .component ? ":::problem" : ""
      lines.append("  \(node.id)\(shape)\(problem)")
    }
    var problemLinks: [Int] = []
    for (index, edge) in picture.edges.enumerated() {
      let arrow: String
      switch (edge.kind, edge.isDeferred) {
      case (.argument, _): arrow = "-.-o"
      case (_, true): arrow = "-.->"
      case (.many, false): arrow = "==>"
      default: arrow = "-->"
      }
      let label = edge.label.isEmpty ? "" : "|\"\(escaped(edge.label))\"|"
      lines.append("  \(edge.from) \(arrow)\(label) \(edge.to)")
      if edge.isProblem { problemLinks.append(index) }
    }
    lines.append("  classDef problem stroke:#d00,stroke-width:2px,color:#d00")
    lines.append("  classDef missing stroke:#d00,stroke-width:2px,stroke-dasharray:5 3,color:#d00")
    if !problemLinks.isEmpty {
      lines.append(
        "  linkStyle \(problemLinks.map(String.init).joined(separator: ",")) stroke:#d00,color:#d00"
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Mermaid's entity codes for what would end a label or be read as markup (`#` starts an
  /// entity code itself); a line break inside a name becomes a break in the label, as in DOT,
  /// and any other control character is shown as its escape.
  private static func escaped(_ text: String) -> String {
    LabelText.written(
      text, lineBreak: "<br/>", control: LabelText.escape,
      quote: {
        switch $0 {
        case "\"": "#quot;"
        case "<": "#lt;"
        case ">": "#gt;"
        case "#": "#35;"
        default: nil
        }
      })
  }
}
