import SwiftSyntax

/// Reads the target's code as a composition root runs it: which containers are made, and what is
/// registered in each, following the functions a container is handed to.
final class Reader {
  let index: DeclarationIndex
  private(set) var graphs: [ContainerGraph] = []
  /// Functions being followed, to stop on recursion.
  private var following: Set<SyntaxIdentifier> = []
  /// Registrations read so far, for their order.
  var registrationCount = 0

  /// Methods of `Container` that register nothing.
  static let harmless: Set<String> = [
    "resolve", "tryResolve", "validate", "graph", "initializeSingletons",
    "tryInitializeSingletons", "close", "isRegistered", "inject", "tryInject", "resetInstances",
    "singlesInDependencyOrder", "isDependedOn", "perContainerSlot", "fill", "decorate",
  ]

  /// Bodies of functions that make a container and are called somewhere in the target.
  private var calledMakerBodies: Set<SyntaxIdentifier> = []

  init(index: DeclarationIndex, files: [SourceFileInfo]) {
    self.index = index
    let calls = CalledNameFinder(viewMode: .sourceAccurate)
    for file in files { calls.walk(file.tree) }
    for (name, makers) in index.containerMakers where calls.names.contains(name) {
      for maker in makers { calledMakerBodies.insert(maker.body.id) }
    }
  }

  /// One variable scope: the containers and the values whose type is known by name.
  final class Frame {
    let file: SourceFileInfo
    let scope: String
    let inspected: Bool
    var containers: [String: ContainerGraph] = [:]
    var values: [String: String] = [:]
    var returned: ContainerGraph?
    /// The text of the body, to see how a report is used.
    var bodyText = ""

    init(file: SourceFileInfo, scope: String, inspected: Bool) {
      self.file = file
      self.scope = scope
      self.inspected = inspected
    }
  }

  // MARK: Entries

  /// Reads every body of `file` that makes a container.
  func readEntries(of file: SourceFileInfo) {
    guard file.importsSquire, !index.shadowsContainer else { return }
    // Top-level code (main.swift); the declarations among it are skipped as they come.
    let topLevel = Frame(
      file: file, scope: "", inspected: Self.inspects(file.tree.statements.description))
    topLevel.bodyText = file.tree.statements.description
    walk(file.tree.statements, topLevel, certain: true)
    let visitor = EntryVisitor(viewMode: .sourceAccurate)
    visitor.walk(file.tree)
    for entry in visitor.entries {
      let text = entry.body.description
      guard text.contains("Container(") else { continue }
      // A function that makes a container and is called in the target is read at each call.
      if calledMakerBodies.contains(entry.body.id) { continue }
      let locals = LocalTypeFinder(viewMode: .sourceAccurate)
      locals.walk(entry.body)
      index.localNames = locals.names
      defer { index.localNames = [] }
      let frame = Frame(file: file, scope: entry.scope, inspected: Self.inspects(text))
      frame.bodyText = text
      bind(entry.parameters, frame)
      walk(entry.body.statements, frame, certain: true)
    }
  }

  /// A function's parameters, whose types are known by name in its body.
  private func bind(_ parameters: [(name: String, type: TypeSyntax)], _ frame: Frame) {
    for (name, type) in parameters {
      if let key = index.key(of: type, in: frame.scope) { frame.values[name] = key.type }
    }
  }

  static func requiresValid(_ text: String) -> Bool {
    text.contains("requireValid") || text.contains(".isValid")
  }

  /// Code that says it tests problems: a container made there is left to `validate()`.
  static func inspects(_ text: String) -> Bool {
    text.contains("squire: expect-problems") || text.contains("Issue.record")
  }

  /// How code treats a container's `validate()` report: requires it valid (the container is a
  /// composition root), or reads its problems (a test or a demonstration of them).
  private func readValidation(
    _ call: FunctionCallExprSyntax, _ graph: ContainerGraph, _ frame: Frame
  ) {
    // `container.validate().requireValid()`, `container.validate().isValid`
    if let next = call.parent?.as(MemberAccessExprSyntax.self) {
      let name = next.declName.baseName.text
      if name == "requireValid" || name == "isValid" {
        if next.parent?.as(PrefixOperatorExprSyntax.self) != nil {
          inspect(graph)
        } else {
          graph.isValidated = true
        }
        return
      }
      // `.problems`, `.warnings`, `.description`: the problems are read.
      inspect(graph)
      return
    }
    // `let report = container.validate()`, then `report.isValid` or `report.requireValid()`.
    if let binding = call.parent?.parent?.as(PatternBindingSyntax.self),
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    {
      let text = frame.bodyText
      if text.contains("!\(name).isValid") || text.contains("\(name).problems")
        || text.contains("\(name).isValid == false")
      {
        inspect(graph)
      } else if text.contains("\(name).isValid") || text.contains("\(name).requireValid") {
        graph.isValidated = true
      } else {
        inspect(graph)
      }
      return
    }
    // Printed, or compared: the code shows the report.
    inspect(graph)
  }

  /// Marks a container whose problems the code reads, and its parents: a child's report
  /// includes what it inherits.
  private func inspect(_ graph: ContainerGraph) {
    for container in graph.chain { container.isInspected = true }
  }

  // MARK: Statements

  func walk(_ items: CodeBlockItemListSyntax, _ frame: Frame, certain: Bool) {
    for item in items {
      switch item.item {
      case .decl(let decl):
        if let variable = decl.as(VariableDeclSyntax.self) {
          bind(variable, frame, certain: certain)
        } else if !decl.is(FunctionDeclSyntax.self) && !decl.isTypeDeclaration {
          scan(Syntax(decl), frame, certain: false)
        }
      case .stmt(let statement):
        self.statement(statement, frame, certain: certain)
      case .expr(let expression):
        self.expression(expression, frame, certain: certain)
      }
    }
  }

  private func statement(_ statement: StmtSyntax, _ frame: Frame, certain: Bool) {
    if let expression = statement.as(ExpressionStmtSyntax.self) {
      self.expression(expression.expression, frame, certain: certain)
    } else if let returned = statement.as(ReturnStmtSyntax.self) {
      if let value = returned.expression {
        if let graph = evaluate(value, frame, certain: certain) {
          if certain { frame.returned = graph }
        } else {
          scan(Syntax(value), frame, certain: certain)
        }
      }
    } else if let block = statement.as(DoStmtSyntax.self), block.catchClauses.isEmpty {
      walk(block.body.statements, frame, certain: certain)
    } else {
      // Branches, loops, `defer`, `#if`: what is registered there may or may not be.
      scan(Syntax(statement), frame, certain: false)
    }
  }

  private func bind(_ variable: VariableDeclSyntax, _ frame: Frame, certain: Bool) {
    for binding in variable.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
        scan(Syntax(binding), frame, certain: certain)
        continue
      }
      if let value = binding.initializer?.value {
        if let graph = evaluate(value, frame, certain: certain) {
          frame.containers[name] = graph
          continue
        }
        scan(Syntax(value), frame, certain: certain)
        if let type = binding.typeAnnotation?.type,
          let key = index.key(of: type, in: frame.scope)
        {
          frame.values[name] = key.type
        } else if let type = constructedType(value, frame) {
          frame.values[name] = type
        }
      } else if let type = binding.typeAnnotation?.type,
        let key = index.key(of: type, in: frame.scope)
      {
        frame.values[name] = key.type
      }
    }
  }

  private func expression(_ expression: ExprSyntax, _ frame: Frame, certain: Bool) {
    let unwrapped = Self.unwrap(expression)
    // `if` and `switch`, which parse as expressions: what is registered in a branch may or may
    // not be.
    if unwrapped.is(IfExprSyntax.self) || unwrapped.is(SwitchExprSyntax.self) {
      scan(Syntax(unwrapped), frame, certain: false)
      return
    }
    // `_ = container.register(...)`, `x = ...`
    if let sequence = unwrapped.as(InfixOperatorExprSyntax.self),
      sequence.operator.is(AssignmentExprSyntax.self)
    {
      if let target = sequence.leftOperand.as(DeclReferenceExprSyntax.self),
        let graph = evaluate(sequence.rightOperand, frame, certain: certain)
      {
        frame.containers[target.baseName.text] = graph
        return
      }
      scan(Syntax(sequence.rightOperand), frame, certain: certain)
      scan(Syntax(sequence.leftOperand), frame, certain: certain)
      return
    }
    if let sequence = unwrapped.as(SequenceExprSyntax.self) {
      scan(Syntax(sequence), frame, certain: certain)
      return
    }
    scan(Syntax(unwrapped), frame, certain: certain)
  }

  static func unwrap(_ expression: ExprSyntax) -> ExprSyntax {
    var current = expression
    while true {
      if let tried = current.as(TryExprSyntax.self) {
        current = tried.expression
      } else if let awaited = current.as(AwaitExprSyntax.self) {
        current = awaited.expression
      } else if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1,
        tuple.elements.first!.label == nil
      {
        current = tuple.elements.first!.expression
      } else {
        return current
      }
    }
  }

  // MARK: Containers

  /// The container `expression` evaluates to, when the tool can tell: `Container()`,
  /// `Container(parent:)`, a variable holding one, a function of the target that returns one it
  /// makes.
  func evaluate(_ expression: ExprSyntax, _ frame: Frame, certain: Bool) -> ContainerGraph? {
    let expression = Self.unwrap(expression)
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return frame.containers[reference.baseName.text]
    }
    guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil
    else { return nil }
    let callee = typeText(call.calledExpression)
    if callee == "Container" || callee == "Squire.Container" {
      let labels = call.arguments.map { $0.label?.text ?? "_" }
      let location = frame.file.location(of: call)
      guard labels.allSatisfy({ $0 == "parent" || $0 == "defaultLifetime" }) else { return nil }
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
        graph.open("its parent is a container the tool cannot follow")
      }
      if !certain { graph.open("it is made in a branch, a loop or a closure") }
      silence(graph, call, frame)
      graphs.append(graph)
      return graph
    }
    // A function of the target that makes and returns a container: read as if written here.
    let name =
      call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
      ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    guard let name, let makers = index.containerMakers[name] else { return nil }
    let labels = call.arguments.map { $0.label?.text ?? "_" }
    let matching = makers.filter { $0.labels == labels }
    guard matching.count == 1, let maker = matching.first,
      following.insert(maker.body.id).inserted
    else { return nil }
    defer { following.remove(maker.body.id) }
    let inner = Frame(
      file: maker.file, scope: maker.scope,
      inspected: frame.inspected || Self.inspects(maker.body.description))
    inner.bodyText = maker.body.description
    bind(maker.parameters, inner)
    walk(maker.body.statements, inner, certain: certain)
    return inner.returned
  }

  private func silence(_ graph: ContainerGraph, _ node: some SyntaxProtocol, _ frame: Frame) {
    if frame.file.lineText(of: node).contains("squire: dynamic") {
      graph.isInspected = true
    }
  }

  // MARK: Uses of a container

  /// Finds every use of a container in `node` and reads it: registrations, parts, functions it is
  /// handed to; anything else opens the container.
  func scan(_ node: Syntax, _ frame: Frame, certain: Bool) {
    guard !frame.containers.isEmpty else { return }
    let finder = ReferenceFinder(names: Set(frame.containers.keys))
    finder.walk(node)
    for (reference, insideClosure) in finder.found {
      guard let graph = frame.containers[reference.baseName.text] else { continue }
      use(reference, of: graph, frame, certain: certain && !insideClosure)
    }
  }

  private func use(
    _ reference: DeclReferenceExprSyntax, of graph: ContainerGraph, _ frame: Frame, certain: Bool
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
        graph.hasDecorators = true
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
      let callee = typeText(call.calledExpression)
      if callee == "Container" || callee == "Squire.Container" { return }
      if readIntegration(callee, graph, frame) { return }
      let labels = call.arguments.map { $0.label?.text ?? "_" }
      let position = call.arguments.distance(
        from: call.arguments.startIndex, to: call.arguments.firstIndex { $0.id == argument.id }!)
      let baseName =
        call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
      if let baseName {
        let functions = (index.containerFunctions[baseName] ?? []).filter {
          guard let parameters = $0.parameters(forLabels: labels) else { return false }
          return $0.containerParameter == parameters[position]
        }
        if functions.count == 1 {
          follow(functions[0], call: call, container: graph, frame, certain: certain)
          return
        }
      }
      graph.open("it is handed to `\(callee)`, which the tool cannot read")
      return
    }
    graph.open("it is used in a way the tool cannot follow")
  }

  private func follow(
    _ function: ContainerFunction, call: FunctionCallExprSyntax, container: ContainerGraph,
    _ frame: Frame, certain: Bool
  ) {
    guard following.insert(function.body.id).inserted else { return }
    defer { following.remove(function.body.id) }
    let inner = Frame(
      file: function.file, scope: function.isStaticInType ?? "", inspected: frame.inspected)
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
    let qualified = index.canonical(name, in: frame.scope)
    guard let load = index.partLoads[qualified] else {
      graph.open("part `\(name)` is not declared in this target")
      return
    }
    // A part is loaded once per container, however often it is appended.
    guard graph.loadedParts.insert(qualified).inserted else { return }
    guard following.insert(load.body.id).inserted else { return }
    defer { following.remove(load.body.id) }
    let inner = Frame(file: load.file, scope: qualified, inspected: frame.inspected)
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

/// The base names of every function called.
private final class CalledNameFinder: SyntaxVisitor {
  var names: Set<String> = []

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
      ?? node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    {
      names.insert(name)
    }
    return .visitChildren
  }
}

/// The names of the types and typealiases declared inside a body.
private final class LocalTypeFinder: SyntaxVisitor {
  var names: Set<String> = []

  override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
    guard let name = node.typeDeclaration?.name else { return .visitChildren }
    names.insert(name)
    return .skipChildren
  }
  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    names.insert(node.name.text)
    return .skipChildren
  }
}

/// Function, initializer and accessor bodies, with their type scope and parameters.
private final class EntryVisitor: SyntaxVisitor {
  struct Entry {
    let body: CodeBlockSyntax
    let scope: String
    let parameters: [(name: String, type: TypeSyntax)]
  }
  var entries: [Entry] = []
  var scope: [String] = []

  /// A class, struct, enum or actor is a scope for its members; a protocol's are not read.
  override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
    guard let declaration = node.typeDeclaration else { return .visitChildren }
    scope.append(declaration.name)
    return declaration.kind == .protocol ? .skipChildren : .visitChildren
  }
  override func visitPost(_ node: MemberBlockSyntax) {
    if node.typeDeclaration != nil { scope.removeLast() }
  }
  var saved: [[String]] = []
  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    saved.append(scope)
    scope = typeText(node.extendedType).split(separator: ".").map(String.init)
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { scope = saved.removeLast() }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    // A function given a container is read where it is called, with that container.
    let parameters = node.signature.parameterClause.parameters
    if let body = node.body {
      entries.append(
        Entry(
          body: body, scope: scope.joined(separator: "."),
          parameters: parameters.map { (($0.secondName ?? $0.firstName).text, $0.type) }))
    }
    return .visitChildren
  }
  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    if let body = node.body {
      entries.append(Entry(body: body, scope: scope.joined(separator: "."), parameters: []))
    }
    return .visitChildren
  }
  override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
    if let body = node.body {
      entries.append(Entry(body: body, scope: scope.joined(separator: "."), parameters: []))
    }
    return .visitChildren
  }
}

/// The references to the named variables in a piece of code, and whether each is inside a
/// closure.
private final class ReferenceFinder: SyntaxVisitor {
  let names: Set<String>
  var found: [(DeclReferenceExprSyntax, Bool)] = []
  var closureDepth = 0

  init(names: Set<String>) {
    self.names = names
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    if names.contains(node.baseName.text) { found.append((node, closureDepth > 0)) }
    return .visitChildren
  }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    closureDepth += 1
    return .visitChildren
  }
  override func visitPost(_ node: ClosureExprSyntax) { closureDepth -= 1 }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// A call of `register`, `append` or another method without a base, in an extension of
/// `Container`.
private final class ImplicitSelfFinder: SyntaxVisitor {
  var found = false

  init() { super.init(viewMode: .sourceAccurate) }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
      ["register", "append", "suppliedByEachChild", "decorate"].contains(name)
    {
      found = true
    }
    return .visitChildren
  }
}

extension DeclSyntax {
  var isTypeDeclaration: Bool {
    self.is(ClassDeclSyntax.self) || self.is(StructDeclSyntax.self)
      || self.is(EnumDeclSyntax.self) || self.is(ActorDeclSyntax.self)
      || self.is(ProtocolDeclSyntax.self) || self.is(ExtensionDeclSyntax.self)
  }
}
