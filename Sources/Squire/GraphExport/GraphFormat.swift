/// A text format for ``Container/graph(_:)``.
///
/// ```swift
/// let dot = container.graph(.dot)          // `dot -Tsvg graph.dot -o graph.svg`
/// let mermaid = container.graph(.mermaid)  // paste into a Markdown ```mermaid block
/// ```
public enum GraphFormat: Sendable, Hashable, CaseIterable {
  /// Graphviz DOT: `digraph Squire { ... }`, rendered by `dot`.
  case dot
  /// A Mermaid flowchart: `flowchart LR ...`, rendered by GitHub, GitLab and DocC-free
  /// Markdown viewers.
  case mermaid
}
