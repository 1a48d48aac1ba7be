#if BuildPlugin
import SwiftSyntax

// Uses of a container: registrations, parts, and the functions it is handed to.
extension Reader {
  /// Finds every use of a container in `node` and reads it: registrations, parts, functions it is
  /// handed to; anything else opens the container.
  func scan(_ node: Syntax, _ frame: Frame, certain: Bool) {
    let finder = UseFinder(
      root: node.id, names: Set(frame.containers.keys), file: frame.file,
      isMaker: { self.index.containerMakers[$0] != nil })
    finder.walk(node)
    for found in finder.found {
      switch found {
      case .reference(let reference, let name):
        guard let graph = frame.containers[name] else { continue }
        let certain = certain && !frame.uncertain.contains(name)
        if frame.sharedNames.contains(name), let body = frame.body {
          let before = graph.registrations.count
          use(reference, of: graph, frame, certain: certain)
          shared.filled(graph, from: body, registrationsFrom: before)
        } else {
          use(reference, of: graph, frame, certain: certain)
        }
      case .making(let call):
        // A container made here, and used as an expression: read what it is handed to.
        if let graph = evaluate(ExprSyntax(call), frame, certain: certain) {
          use(ExprSyntax(call), of: graph, frame, certain: true)
        }
      case .block(let items):
        // A branch, a loop or a closure: a container made there is checked as made there; what
        // it registers in containers from outside may or may not be. The names it binds
        // (closure parameters, `for x in`, `if let x`, `case .a(let x)`) hide those outside.
        let inner = frame.nested()
        for name in BinderFinder.names(bound: items) {
          inner.containers[name] = nil
          inner.values[name] = nil
        }
        walk(items, inner, certain: true)
      }
    }
  }

  func use(
    _ reference: ExprSyntax, of graph: ContainerGraph, _ frame: Frame, certain: Bool
  ) {
    let node = Syntax(reference)
    // In `#expect(throws:)`, `#require(throws:)`, `#expect(processExitsWith:)`: a test of a
    // problem.
    var ancestor = node.parent
    while let next = ancestor {
      if let macro = next.as(MacroExpansionExprSyntax.self),
        macro.arguments.contains(where: {
          ["throws", "processExitsWith"].contains($0.label?.text ?? "")
        })
      {
        inspect(graph)
        return
      }
      ancestor = next.parent
    }
    // `container.method(...)`
    if let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == reference.id {
      let name = member.declName.baseName.text
      guard let call = member.parent?.as(FunctionCallExprSyntax.self),
        call.calledExpression.id == member.id
      else {
        if Self.harmlessProperties.contains(name) { return }
        graph.open("`\(name)` of it is used in a way the tool cannot read")
        return
      }
      switch name {
      case "validate":
        readValidation(call, graph, frame)
      case "register":
        readRegistration(call, graph, frame, certain: certain)
      case "append":
        appendPart(call, graph, frame, certain: certain)
      case "decorate":
        readDecorator(call, graph, frame, certain: certain)
      case "resolve", "tryResolve":
        if certain { readTopLevelResolve(call, graph, frame) }
      case "initializeSingletons", "tryInitializeSingletons":
        if certain, isAwaitedInTopLevelCode(call, frame) {
          let token = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName
          graph.topLevelInitializations.append(
            token.map { frame.file.location(of: $0) } ?? frame.file.location(of: call))
        }
      case "suppliedByEachChild":
        if let type = call.arguments.first.flatMap({ metatypeName($0.expression) }) {
          let name = call.arguments.dropFirst().first.flatMap { stringLiteral($0.expression) }
          let qualifier: Qualifier = name.map(Qualifier.name) ?? .none
          graph.suppliedByChildren.insert(
            Key(type: index.canonical(type, in: frame.scope), qualifier: qualifier))
        } else {
          graph.open("`suppliedByEachChild` is given a type the tool cannot read")
        }
      default:
        if Self.harmless.contains(name) { return }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let functions = (index.containerFunctions[name] ?? []).filter {
          $0.containerParameter == nil && $0.parameters(forLabels: labels) != nil
        }
        if functions.count == 1 {
          follow(functions[0], call: call, container: graph, frame, certain: certain)
        } else {
          graph.open("`\(name)` is called on it, which the tool cannot read")
        }
      }
      return
    }
    // `self.container = ...`: what is assigned is read where it is made.
    if let list = node.parent?.as(ExprListSyntax.self), list.count == 3,
      list.first?.id == reference.id, Array(list)[1].is(AssignmentExprSyntax.self)
    {
      return
    }
    // `_ = container`
    if let list = node.parent?.as(ExprListSyntax.self), list.count == 3,
      list.first?.is(DiscardAssignmentExprSyntax.self) == true, list.last?.id == reference.id
    {
      return
    }
    // `f(..., container, ...)`
    if let argument = node.parent?.as(LabeledExprSyntax.self),
      let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
    {
      if callsContainerInit(call) { return }
      let callee = typeText(call.calledExpression)
      if readIntegration(callee, graph, frame) { return }
      let labels = call.arguments.map { $0.label?.text ?? "_" }
      let position = call.arguments.distance(
        from: call.arguments.startIndex, to: call.arguments.firstIndex { $0.id == argument.id }!)
      let baseName =
        call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
      if let baseName {
        var functions = (index.containerFunctions[baseName] ?? []).filter {
          guard let parameters = $0.parameters(forLabels: labels) else { return false }
          return $0.containerParameter == parameters[position]
        }
        // `Orders.register(in:)` beside `Users.register(in:)`: the type the call names.
        if functions.count > 1,
          let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        {
          let written = typeText(base)
          let type = written == "Self" ? frame.scope : index.canonical(written, in: frame.scope)
          functions = functions.filter { $0.isStaticInType == type }
        }
        if functions.count == 1 {
          follow(functions[0], call: call, container: graph, frame, certain: certain)
          return
        }
      }
      // `Model(container: container)`: an initializer of a type of the target.
      if let type = constructedType(ExprSyntax(call), frame) {
        let initializers = (shared.initializers[type] ?? []).filter {
          guard let parameters = $0.parameters(forLabels: labels) else { return false }
          return $0.containerParameter == parameters[position]
        }
        if initializers.count == 1 {
          follow(initializers[0], call: call, container: graph, frame, certain: certain)
          return
        }
      }
      graph.open("it is handed to `\(callee)`, which the tool cannot read")
      return
    }
    graph.open("it is used in a way the tool cannot follow")
  }

  func follow(
    _ function: ContainerFunction, call: FunctionCallExprSyntax, container: ContainerGraph,
    _ frame: Frame, certain: Bool
  ) {
    followedBodies.insert(function.body.id)
    guard following.insert(function.body.id).inserted else { return }
    defer { following.remove(function.body.id) }
    let inner = Frame(
      file: function.file, scope: function.isStaticInType ?? "", inspected: frame.inspected,
      isTest: frame.isTest)
    inner.bodyText = function.body.description
    if let position = function.containerParameter {
      inner.containers[function.parameterNames[position]] = container
    } else {
      inner.containers["self"] = container
    }
    walkFollowed(
      function.body.statements, inner, certain: certain,
      selfContainer: function.containerParameter == nil)
  }

  private func walkFollowed(
    _ items: CodeBlockItemListSyntax, _ frame: Frame, certain: Bool, selfContainer: Bool
  ) {
    if selfContainer {
      // In an extension of `Container`, `register(...)` alone is `self.register(...)`.
      let graph = frame.containers["self"]!
      let finder = ImplicitSelfFinder()
      finder.walk(Syntax(CodeBlockSyntax(statements: items)))
      if finder.found { graph.open("an extension of `Container` calls it without `self.`") }
    }
    walk(items, frame, certain: certain)
  }

  private func appendPart(
    _ call: FunctionCallExprSyntax, _ graph: ContainerGraph, _ frame: Frame, certain: Bool
  ) {
    guard call.arguments.count == 1, call.arguments.first?.label?.text == "part",
      let name = metatypeName(call.arguments.first!.expression)
    else {
      graph.open("a part is appended that the tool cannot read")
      return
    }
    // `append(part: Self.self)` in the part's own type (or an extension of it).
    var qualified = name == "Self" ? frame.scope : index.canonical(name, in: frame.scope)
    // A name several modules declare is still a part's name: the index keeps the one it means.
    if qualified.hasPrefix(localPrefix) { qualified.removeFirst(localPrefix.count) }
    guard !index.ambiguousParts.contains(qualified) else {
      graph.open(
        "part `\(name)` is declared in more than one module the tool reads, and it cannot tell "
          + "which one this names")
      return
    }
    guard let load = index.partLoads[qualified] else {
      graph.open(
        "part `\(name)` is declared in a module the tool does not read (a package fetched by "
          + "URL, or a module this target does not depend on)")
      return
    }
    // A part is loaded once per container, however often it is appended.
    guard graph.loadedParts.insert(qualified).inserted else { return }
    guard following.insert(load.body.id).inserted else { return }
    defer { following.remove(load.body.id) }
    let inner = Frame(
      file: load.file, scope: qualified, inspected: frame.inspected, isTest: frame.isTest)
    inner.containers[load.parameterNames[0]] = graph
    walk(load.body.statements, inner, certain: certain)
  }

  /// The type `T(...)` or `T.init(...)` makes, when `T` is a type name.
  func constructedType(_ expression: ExprSyntax, _ frame: Frame) -> String? {
    guard let call = Self.unwrap(expression).as(FunctionCallExprSyntax.self) else { return nil }
    var callee = call.calledExpression
    if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
      let base = member.base
    {
      callee = base
    }
    let text = typeText(callee)
    guard let first = text.first, first.isUppercase,
      text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
    else { return nil }
    let qualified = index.canonical(text, in: frame.scope)
    // A lowercase last component is a static function, not a type.
    guard displayName(qualified).first?.isUppercase == true else { return nil }
    return qualified
  }
}
#endif
