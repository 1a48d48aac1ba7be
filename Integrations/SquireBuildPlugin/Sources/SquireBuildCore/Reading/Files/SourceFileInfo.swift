#if BuildPlugin
import SwiftSyntax

/// A parsed file: its path for messages, its tree, and the converter to lines and columns.
final class SourceFileInfo {
  let path: String
  let tree: SourceFileSyntax
  let converter: SourceLocationConverter
  /// The modules it imports: Squire's own packages' functions are read in a file that imports
  /// them (`register(configuration:)`, `RequestScopeMiddleware(container)`).
  let imports: Set<String>
  /// Squire is visible here: imported, or exported by a file of the target
  /// (`@_exported import Squire`).
  var importsSquire: Bool { imports.contains("Squire") || squireExported }
  /// Another file of the target (or this one) writes `@_exported import Squire`.
  var squireExported = false
  /// This file writes `@_exported import Squire`.
  var exportsSquire: Bool {
    tree.statements.contains { item in
      guard let declaration = item.item.as(ImportDeclSyntax.self),
        declaration.path.first?.name.text == "Squire"
      else { return false }
      return declaration.attributes.contains {
        $0.as(AttributeSyntax.self).map { typeText($0.attributeName) == "_exported" } ?? false
      }
    }
  }
  let text: String
  /// The module of another target whose sources the check reads (a first-party module the
  /// target depends on); nil for the target's own files.
  var module: String?
  /// That module is declared in the target's own package: its `package` declarations are
  /// visible to the target.
  var isSiblingModule = false
  /// One of the target's own files: its containers are read as entry points and its
  /// registrations get generated factories.
  var isOwn: Bool { module == nil }

  init(path: String, text: String, tree: SourceFileSyntax) {
    self.path = path
    self.text = text
    self.tree = tree
    self.converter = SourceLocationConverter(fileName: path, tree: tree)
    imports = Set(
      tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.first?.name.text })
  }

  func location(of node: some SyntaxProtocol) -> Location {
    let position = node.positionAfterSkippingLeadingTrivia
    let found = converter.location(for: position)
    return Location(file: path, line: found.line, column: found.column)
  }

  /// The text of the line `node` starts on.
  func lineText(of node: some SyntaxProtocol) -> Substring {
    let line = location(of: node).line
    return line <= lines.count ? lines[line - 1] : ""
  }

  /// The file's lines, split once.
  private(set) lazy var lines: [Substring] = text.split(
    separator: "\n", omittingEmptySubsequences: false)
}
#endif
