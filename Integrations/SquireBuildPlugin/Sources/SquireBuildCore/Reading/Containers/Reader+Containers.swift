#if BuildPlugin
import SwiftSyntax

// Which container an expression is: made here, held in a variable, or returned by a function.
extension Reader {
  /// The container `expression` evaluates to, when the tool can tell: `Container()`,
  /// `Container(parent:defaultLifetime:closedByParent:)`, `Container { ... }` (the closure read
  /// with it), a variable holding one, a function of the target that returns one it makes.
  func evaluate(_ expression: ExprSyntax, _ frame: Frame, certain: Bool) -> ContainerGraph? {
    let expression = Self.unwrap(expression)
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return frame.containers[reference.baseName.text]
    }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      return frame.containers[member.trimmedDescription]
    }
    guard let call = expression.as(FunctionCallExprSyntax.self),
      call.trailingClosure == nil || callsContainerInit(call)
    else { return nil }
    // `{ let container = Container(); ...; return container }()`
    if let closure = call.calledExpression.as(ClosureExprSyntax.self), call.arguments.isEmpty {
      let inner = frame.nested()
      inner.isNested = false
      inner.uncertain = Set(frame.containers.keys)
      walk(closure.statements, inner, certain: true)
      return inner.returned
    }
    if callsContainerInit(call) && frame.file.importsSquire {
      // `Container { container in ... }`, `Container(parent: app) { $0.register(...) }`: the
      // composing closure, run once, there and then.
      let compose =
        call.trailingClosure
        ?? call.arguments.last.flatMap {
          $0.label == nil ? $0.expression.as(ClosureExprSyntax.self) : nil
        }
      let labels = call.arguments.filter { $0.expression.id != compose?.id }.map {
        $0.label?.text ?? "_"
      }
      let location = frame.file.location(of: call)
      guard labels.allSatisfy({ ["parent", "defaultLifetime", "closedByParent"].contains($0) })
      else { return nil }
      // `Container(defaultLifetime:)`: read like `.lifetime(_:)`.
      let lifetime = call.arguments.first { $0.label?.text == "defaultLifetime" }.map {
        Self.lifetime($0.expression)
      }
      var parent: ContainerGraph?
      if let written = call.arguments.first(where: { $0.label?.text == "parent" }) {
        parent = evaluate(written.expression, frame, certain: certain)
      }
      let graph = ContainerGraph(location: location, parent: parent, defaultLifetime: lifetime)
      graph.isInspected = frame.inspected || parent?.isInspected == true
      if labels.contains("parent") && parent == nil {
        graph.open(Self.unfollowedParent)
      }
      silence(graph, call, frame)
      graphs.append(graph)
      if let compose { readComposition(compose, into: graph, frame, certain: certain) }
      return graph
    }
    // A function of the target that makes and returns a container: read as if written here.
    let name =
      call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
      ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    guard let name, let makers = index.containerMakers[name] else { return nil }
    let labels = call.arguments.map { $0.label?.text ?? "_" }
    let matching = makers.filter { $0.labels == labels }
    // Among functions of one name in several types, the one of this scope, or a global one.
    let inScope = matching.filter { $0.scope == frame.scope }
    let global = matching.filter { $0.scope.isEmpty }
    let chosen = matching.count == 1 ? matching : inScope.count == 1 ? inScope : global
    guard chosen.count == 1, let maker = chosen.first,
      following.insert(maker.body.id).inserted
    else { return nil }
    defer { following.remove(maker.body.id) }
    reachedMakerBodies.insert(maker.body.id)
    let inner = self.frame(
      file: maker.file, scope: maker.scope, inspected: frame.inspected,
      text: maker.body.description)
    bind(maker.parameters, inner)
    // `makeChild(of: app)`: a container the call passes is the parameter's.
    for (argument, parameter) in zip(call.arguments, maker.parameters)
    where isContainerType(parameter.type) {
      if let passed = evaluate(argument.expression, frame, certain: certain) {
        inner.containers[parameter.name] = passed
        followedBodies.insert(maker.body.id)
      }
    }
    // A function that makes a container is read at each call: what it returns is certain
    // whatever calls it (a branch, a loop, a closure).
    walk(maker.body.statements, inner, certain: true)
    return inner.returned
  }

  private func silence(_ graph: ContainerGraph, _ node: some SyntaxProtocol, _ frame: Frame) {
    let line = frame.file.lineText(of: node)
    if line.contains("squire: dynamic") || line.contains("squire: expect-problems") {
      graph.isInspected = true
    }
  }

  /// The closure of `Container { container in ... }`, which the initializer runs once with the
  /// container it made: read with its parameter (`container`, or `$0`) bound to it.
  private func readComposition(
    _ closure: ClosureExprSyntax, into graph: ContainerGraph, _ frame: Frame, certain: Bool
  ) {
    let inner = frame.nested()
    inner.isNested = false
    var name = "$0"
    switch closure.signature?.parameterClause {
    case .simpleInput(let names):
      if let first = names.first { name = first.name.text }
    case .parameterClause(let clause):
      if let first = clause.parameters.first { name = (first.secondName ?? first.firstName).text }
    case nil:
      break
    }
    inner.containers[name] = graph
    inner.uncertain.remove(name)
    walk(closure.statements, inner, certain: certain)
  }
}
#endif
