extension Container {
  /// The graph this container resolves, as text to render: one node per component (its type,
  /// lifetime, the types it is forwarded as, names and tags) and one arrow per dependency.
  ///
  /// ```swift
  /// print(container.graph(.dot))   // pipe into `dot -Tsvg -o graph.svg`
  /// try container.graph(.mermaid).write(to: url, atomically: true, encoding: .utf8)
  /// try container.graph(.html).write(to: page, atomically: true, encoding: .utf8)
  /// ```
  ///
  /// Arrows are dashed for dependencies resolved later (`Lazy`, `Provider`, `cycle: true`: the
  /// break points of cycles), and labelled `optional`, `many`, or with the name or tag asked
  /// for; runtime arguments are ellipses. What ``validate()`` reports is red: missing and
  /// ambiguous dependencies as red nodes, the links of cycles, captive dependencies and
  /// arguments that cannot be passed as red arrows. The output is sorted, so the same
  /// registrations always give the same text.
  ///
  /// The ``GraphFormat/html`` page shows the same graph one component at a time, for graphs
  /// too large to read as one picture: see <doc:ValidatingYourGraph#Exploring-the-graph-in-a-browser>.
  ///
  /// - Parameter format: ``GraphFormat/dot`` for Graphviz, ``GraphFormat/mermaid`` for a
  ///   Mermaid flowchart (GitHub and DocC render it in a `mermaid` code block),
  ///   ``GraphFormat/html`` for a page to open in a browser.
  /// - Returns: The whole graph as text, ending in a line break.
  public func graph(_ format: GraphFormat) -> String {
    func picture() -> GraphPicture { withFullLinker { GraphPicture(Validator(linker: $0)) } }
    switch format {
    case .dot: return DotWriter.write(picture())
    case .mermaid: return MermaidWriter.write(picture())
    case .html:
      let (report, page) = validating { validator, _ in GraphPage(validator, container: self) }
      return GraphPage.html(page.json(report))
    }
  }
}
