#if BuildPlugin
import SwiftSyntax

extension Reader {
  /// Reads a container handed to a type of Squire's own packages, in a file that imports the
  /// package, as what that type does to it; returns false for any other callee.
  ///
  /// - `ContainerServices(container, …)` (SquireServiceLifecycle) resolves the `.single`s and
  ///   closes the container at the end: it registers nothing.
  /// - `RequestScopeMiddleware(container)` (SquireHummingbird) registers placeholders for
  ///   `Request` and the request context, which each request's scope supplies.
  func readIntegration(_ callee: String, _ graph: ContainerGraph, _ frame: Frame) -> Bool {
    let name = callee.prefix { $0 != "<" }
    switch name {
    case "ContainerServices" where frame.file.imports.contains("SquireServiceLifecycle"):
      return true
    case "RequestScopeMiddleware" where frame.file.imports.contains("SquireHummingbird"):
      // The context: `RequestScopeMiddleware<Context>`, or the target's one context type.
      let written = callee.dropFirst(name.count + 1).dropLast()
      let contexts =
        written.isEmpty
        ? index.types.values.filter { type in
          type.inherited.contains { $0.name == "RequestScopeContext" }
        }.map(\.name)
        : [index.canonical(String(written), in: frame.scope)]
      guard contexts.count == 1 else {
        graph.open("`RequestScopeMiddleware` is given a context the tool cannot tell")
        return true
      }
      for type in ["Request"] + contexts {
        graph.suppliedByChildren.insert(Key(type: type, qualifier: .none))
      }
      return true
    default:
      return false
    }
  }
}
#endif
