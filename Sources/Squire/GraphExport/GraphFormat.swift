/// A text format for ``Container/graph(_:)``.
///
/// ```swift
/// let dot = container.graph(.dot)          // `dot -Tsvg graph.dot -o graph.svg`
/// let mermaid = container.graph(.mermaid)  // paste into a Markdown ```mermaid block
/// let page = container.graph(.html)        // open in a browser: search, select, explore
/// ```
public enum GraphFormat: Sendable, Hashable, CaseIterable {
  /// Graphviz DOT: `digraph Squire { ... }`, rendered by `dot`.
  case dot
  /// A Mermaid flowchart: `flowchart LR ...`, rendered by GitHub, GitLab and DocC-free
  /// Markdown viewers.
  case mermaid
  /// One self-contained HTML page (its script, styles and the graph inline; nothing loaded from
  /// the network) to explore a graph of any size: search for a component, select it and see
  /// what it needs and what needs it, transitively, with every problem ``Container/validate()``
  /// reports marked on the components it involves. See <doc:ValidatingYourGraph#Exploring-the-graph-in-a-browser>.
  case html
}
