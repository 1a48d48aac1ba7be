/// Writes a ``GraphPicture`` as Graphviz DOT.
enum DotWriter {
  static func write(_ picture: GraphPicture) -> String {
    var lines = [
      "digraph Squire {",
      "  rankdir=LR;",
      "  node [shape=box, style=rounded, fontname=\"Helvetica\"];",
      "  edge [fontname=\"Helvetica\", fontsize=10];",
    ]
    for node in picture.nodes {
      var attributes = ["label=\(quoted(node.lines.joined(separator: "\n")))"]
      switch node.shape {
      case .component: break
      case .unanswered: attributes.append("style=\"rounded,dashed\"")
      case .argument: attributes.append("shape=ellipse")
      }
      if node.isProblem { attributes += ["color=red", "fontcolor=red"] }
      lines.append("  \(node.id) [\(attributes.joined(separator: ", "))];")
    }
    for edge in picture.edges {
      var attributes: [String] = []
      if !edge.label.isEmpty { attributes.append("label=\(quoted(edge.label))") }
      switch edge.kind {
      case .required: break
      case .optional: attributes.append("arrowhead=onormal")
      case .many: attributes.append("arrowhead=crow")
      case .argument: attributes += ["arrowhead=dot", "style=dotted"]
      }
      if edge.isDeferred { attributes.append("style=dashed") }
      if edge.isProblem { attributes += ["color=red", "fontcolor=red"] }
      let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
      lines.append("  \(edge.from) -> \(edge.to)\(suffix);")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A DOT string: quotes and backslashes escaped, line breaks as `\n`, other control
  /// characters shown as their escapes (with the backslash DOT needs escaped).
  private static func quoted(_ text: String) -> String {
    let written = LabelText.written(
      text, lineBreak: "\\n", control: { "\\" + LabelText.escape($0) },
      quote: {
        switch $0 {
        case "\"": "\\\""
        case "\\": "\\\\"
        default: nil
        }
      })
    return "\"" + written + "\""
  }
}
