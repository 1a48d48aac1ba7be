#if BuildPlugin
import SwiftSyntax

extension Reader {
  /// Reads every `register` call of the files that no followed container read: a registration
  /// the tool reads exactly gets a generated factory wherever it is written (a closure handed
  /// to another module, a container the tool cannot follow). They are not checked.
  func readDetachedRegistrations(_ files: [SourceFileInfo]) {
    let read = Set(graphs.flatMap { $0.registrations.map(\.location) })
    for file in files {
      let finder = RegisterCallFinder(viewMode: .sourceAccurate)
      finder.walk(file.tree)
      guard !finder.calls.isEmpty else { continue }
      let graph = ContainerGraph(location: file.location(of: file.tree), parent: nil)
      for (scope, call) in finder.calls {
        let token = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName
        let location = token.map { file.location(of: $0) } ?? file.location(of: call)
        registerCalls.append(location)
        guard !read.contains(location) else { continue }
        let frame = self.frame(file: file, scope: scope, inspected: false, text: "")
        readRegistration(call, graph, frame, certain: false)
      }
      detached.append(graph)
    }
  }
}

extension SquireCheck {
  /// For each `register` call, whether it got a generated factory, and why not.
  static func generatedList(_ reader: Reader, module: String) -> (
    notes: [Diagnostic], header: String, summary: String
  ) {
    var byLocation: [Location: Registration] = [:]
    for graph in reader.graphs + reader.detached {
      for registration in graph.registrations where byLocation[registration.location] == nil {
        byLocation[registration.location] = registration
      }
    }
    // The table tells call sites by file, line and type: one type registered on one line with
    // two different bodies gets none.
    var bodiesByLine: [String: Set<String>] = [:]
    for registration in byLocation.values {
      guard let site = registration.generated else { continue }
      bodiesByLine["\(site.file):\(site.line) \(site.implType)", default: []].insert(site.key)
    }
    var notes: [Diagnostic] = []
    var header = ""
    var generated = 0
    let calls = Array(Set(reader.registerCalls)).sorted()
    for location in calls {
      let registration = byLocation[location]
      let type = registration.map { "`\($0.display)`" } ?? "the registration"
      let fileID = module + "/" + (location.file.split(separator: "/").last.map(String.init) ?? "")
      var reason: String?
      if let site = registration?.generated {
        if bodiesByLine["\(site.file):\(site.line) \(site.implType)"]!.count > 1 {
          reason =
            "another registration of `\(site.implType)` is written on the same line (the table "
            + "tells call sites by line and type)"
        }
      } else {
        reason =
          reader.noFactoryReasons[location] ?? "the tool cannot read the type it registers"
      }
      if let reason {
        notes.append(
          Diagnostic(
            .note, at: location,
            "no generated factory for \(type): \(reason); the registration takes Squire's "
              + "generic path"))
        header += "// \(fileID):\(location.line): \(type): no generated factory: \(reason)\n"
      } else {
        generated += 1
        notes.append(Diagnostic(.note, at: location, "generated factory: \(type)"))
        header += "// \(fileID):\(location.line): \(type): generated factory\n"
      }
    }
    let summary = "\(generated) of \(calls.count) registrations have generated factories"
    header =
      "//\n// Registrations (`SQUIRE_LIST_GENERATED=1` prints this list in the build):\n"
      + header + "// \(summary).\n"
    return (notes, header, summary)
  }
}

/// Every `register(...)` call, `container.register(...)` or `register(...)` in an extension of
/// `Container`, with the scope of the type it is written in.
private final class RegisterCallFinder: ScopedVisitor {
  var calls: [(String, FunctionCallExprSyntax)] = []

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    let name =
      node.calledExpression.as(MemberAccessExprSyntax.self).flatMap {
        $0.base == nil ? nil : $0.declName.baseName.text
      }
      ?? node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    if name == "register", Self.maySquires(node) {
      calls.append((scope.joined(separator: "."), node))
    }
    return .visitChildren
  }

  /// The arguments may be those of one of Squire's `register` methods: a factory, first and
  /// unlabeled or `isolated:`, or a trailing closure. `Services.register(in: container)`, a
  /// function of the app, is not.
  static func maySquires(_ call: FunctionCallExprSyntax) -> Bool {
    guard let first = call.arguments.first else { return call.trailingClosure != nil }
    switch first.label?.text {
    case nil, "isolated", "modificator", "file", "line": return true
    default: return false
    }
  }
}
#endif
