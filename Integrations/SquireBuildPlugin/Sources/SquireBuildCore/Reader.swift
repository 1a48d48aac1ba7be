#if BuildPlugin
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
  /// The plugin runs for a test target: a report its code reads is a test's.
  let testTarget: Bool

  /// Methods of `Container` that register nothing.
  static let harmless: Set<String> = [
    "resolve", "tryResolve", "validate", "graph", "initializeSingletons",
    "tryInitializeSingletons", "close", "isRegistered", "inject", "tryInject", "resetInstances",
    "singlesInDependencyOrder", "isDependedOn", "perContainerSlot", "fill", "decorate",
    "onRegistration", "onResolveFailure",
  ]

  /// Bodies of functions that make a container and are called somewhere in the target: each is
  /// read where it is called.
  private var calledMakerBodies: Set<SyntaxIdentifier> = []
  /// Bodies of functions that make a container the reader read at a call.
  private var reachedMakerBodies: Set<SyntaxIdentifier> = []
  /// Bodies of functions given a container that the reader read at a call, with it.
  private var followedBodies: Set<SyntaxIdentifier> = []
  /// By function body: containers whose parent is a parameter, read with the function alone.
  private var unfollowedParents: [SyntaxIdentifier: [ContainerGraph]] = [:]
  static let unfollowedParent = "its parent is a container the tool cannot follow"

  /// Containers that more than one body uses: globals, stored properties, `static let`s.
  var shared = SharedContainers()
  /// Why a registration has no generated factory, by its `register` token.
  var noFactoryReasons: [Location: String] = [:]
  /// Every `register` call of the target, by its `register` token, in file order.
  var registerCalls: [Location] = []
  /// The registrations read outside any container the tool follows, for generated factories.
  var detached: [ContainerGraph] = []

  init(index: DeclarationIndex, files: [SourceFileInfo], testTarget: Bool = false) {
    self.index = index
    self.testTarget = testTarget
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
    /// Test code: the plugin runs for a test target, or the file imports a test framework.
    let isTest: Bool
    var containers: [String: ContainerGraph] = [:]
    var values: [String: String] = [:]
    var returned: ContainerGraph?
    /// The text of the body, to see how a report is used.
    var bodyText = ""
    /// Containers of an enclosing frame this code may or may not reach: it is in a branch, a
    /// loop or a closure.
    var uncertain: Set<String> = []
    /// Containers other bodies use too (globals, stored properties, `static let`s), and the body
    /// that reads them here.
    var sharedNames: Set<String> = []
    var body: Syntax?
    /// In a branch, a loop or a closure of its function: what it returns is not certainly the
    /// function's result.
    var isNested = false

    init(file: SourceFileInfo, scope: String, inspected: Bool, isTest: Bool) {
      self.file = file
      self.scope = scope
      self.inspected = inspected
      self.isTest = isTest
    }

    /// The frame of a block nested in this one (a branch, a loop, a closure): it sees this one's
    /// containers, which it may or may not reach.
    func nested() -> Frame {
      let child = Frame(file: file, scope: scope, inspected: inspected, isTest: isTest)
      child.containers = containers
      child.values = values
      child.bodyText = bodyText
      child.uncertain = Set(containers.keys)
      child.sharedNames = sharedNames
      child.body = body
      child.isNested = true
      return child
    }
  }

  /// A frame for a body of `file`; `// squire: expect-problems` in a function's body marks its
  /// containers as tests of their problems (in top-level code, only on the line that makes one).
  func frame(
    file: SourceFileInfo, scope: String, inspected: Bool, text: String, isBody: Bool = true
  ) -> Frame {
    let frame = Frame(
      file: file, scope: scope, inspected: inspected || (isBody && Self.inspects(text)),
      isTest: testTarget || file.isTestCode)
    frame.bodyText = text
    return frame
  }

  // MARK: Entries

  /// Reads every container the files make, in the order their code can see them: stored
  /// properties (and the initializers that take a container), top-level code (globals),
  /// function bodies, then the functions that make a container and are called where the reader
  /// did not follow them.
  func read(_ files: [SourceFileInfo]) {
    guard !index.shadowsContainer else {
      noteSquireContainers(files)
      return
    }
    for file in files { readProperties(of: file) }
    for file in files {
      // Top-level code (main.swift) and global variables; the declarations among it are skipped
      // as they come.
      let text = file.tree.statements.description
      let topLevel = frame(file: file, scope: "", inspected: false, text: text, isBody: false)
      walk(file.tree.statements, topLevel, certain: true)
      for (name, graph) in topLevel.containers { shared.globals[name] = graph }
    }
    var entries: [(SourceFileInfo, EntryVisitor.Entry)] = []
    for file in files {
      let visitor = EntryVisitor(viewMode: .sourceAccurate)
      visitor.walk(file.tree)
      entries += visitor.entries.map { (file, $0) }
      for call in visitor.defaultValues where file.importsSquire {
        noteUnread(
          call, in: file,
          "it is made as a parameter's default value, which the tool does not follow; make it "
            + "where the function is called and pass it")
      }
    }
    // Initializers first (they may make what a stored property holds), and the bodies of types
    // whose stored properties other code may fill last.
    let ordered =
      entries.filter { !shared.holdsInstances($0.1.scope) && $0.1.isInitializer }
      + entries.filter { !shared.holdsInstances($0.1.scope) && !$0.1.isInitializer }
      + entries.filter { shared.holdsInstances($0.1.scope) && $0.1.isInitializer }
      + entries.filter { shared.holdsInstances($0.1.scope) && !$0.1.isInitializer }
    for (file, entry) in ordered where !calledMakerBodies.contains(entry.body.id) {
      readEntry(entry, of: file)
    }
    // A function that makes a container, called only where the reader does not follow it: read
    // alone; what it returns goes where the tool cannot see.
    for (file, entry) in entries
    where calledMakerBodies.contains(entry.body.id) && !reachedMakerBodies.contains(entry.body.id) {
      readEntry(entry, of: file, returnedTo: entry.name)
    }
    settleSharedContainers()
    readDetachedRegistrations(files)
    // A function read at a call with the parent it is given needs no note from its reading
    // alone: the calls check what it makes.
    for (body, made) in unfollowedParents where followedBodies.contains(body) {
      for graph in made { graph.isInspected = true }
    }
  }

  /// A target with a type of its own named `Container` spells Squire's `Squire.Container`, and
  /// the tool cannot tell every use of the name apart: each container it makes gets a note.
  private func noteSquireContainers(_ files: [SourceFileInfo]) {
    final class Finder: SyntaxVisitor {
      var calls: [FunctionCallExprSyntax] = []
      override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee = typeText(node.calledExpression)
        if callee == "Squire.Container" || callee == "Squire.Container.init" { calls.append(node) }
        return .visitChildren
      }
    }
    for file in files where file.importsSquire {
      let finder = Finder(viewMode: .sourceAccurate)
      finder.walk(file.tree)
      for call in finder.calls {
        noteUnread(
          call, in: file,
          "the target declares a type of its own named `Container`, which the tool cannot tell "
            + "from Squire's")
      }
    }
  }

  /// A container made by `call` that the tool does not read: one note at its line, for
  /// `reason` (none with `// squire: dynamic` there).
  private func noteUnread(_ call: FunctionCallExprSyntax, in file: SourceFileInfo, _ reason: String)
  {
    let graph = ContainerGraph(location: file.location(of: call), parent: nil)
    graph.open(reason)
    graph.isInspected = file.lineText(of: call).contains("squire: dynamic")
    graphs.append(graph)
  }

  private func readEntry(
    _ entry: EntryVisitor.Entry, of file: SourceFileInfo, returnedTo caller: String? = nil
  ) {
    let keys = shared.keys(visibleIn: entry.scope)
    guard
      Mentions(
        keys: Set(keys.keys), file: file, isMaker: { self.index.containerMakers[$0] != nil }
      ).found(in: entry.body)
    else { return }
    let locals = LocalTypeFinder(viewMode: .sourceAccurate)
    locals.walk(entry.body)
    index.localNames = locals.names
    defer { index.localNames = [] }
    let frame = self.frame(
      file: file, scope: entry.scope, inspected: false, text: entry.body.description)
    frame.body = Syntax(entry.body)
    let parameters = Set(entry.parameters.map(\.name))
    // A stored property of the entry's type hides a global of its name.
    let properties = index.types[entry.scope]?.properties ?? [:]
    for (key, graph) in keys where !parameters.contains(key) {
      if properties[key] != nil && shared.globals[key] === graph { continue }
      frame.containers[key] = graph
      frame.sharedNames.insert(key)
    }
    bind(entry.parameters, frame)
    let before = graphs.count
    walk(entry.statements, frame, certain: true)
    // `Container(parent: parent)` with a parameter as the parent: read at each call with the
    // container passed; read alone, the container is one the calls check.
    if entry.parameters.contains(where: { isContainerType($0.type) }) {
      unfollowedParents[entry.body.id, default: []] += graphs[before...].filter {
        $0.openReason == Self.unfollowedParent
      }
    }
    if let caller, let returned = frame.returned {
      returned.open(
        "`\(caller)` returns it to code the tool does not follow; keep the container in a "
          + "variable (`let container = \(caller)()`) where it is used")
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

  /// How code treats a container's `validate()` report. Requiring it valid (`requireValid()`,
  /// `isValid`) makes the container a composition root. In test code (a test target, a file
  /// that imports a test framework) reading its problems makes it a test of them, left alone;
  /// in an app, printing or reading the report is the start-up check, and the container is
  /// checked.
  private func readValidation(
    _ call: FunctionCallExprSyntax, _ graph: ContainerGraph, _ frame: Frame
  ) {
    let readsProblems: Bool
    // `container.validate().requireValid()`, `container.validate().isValid`
    if let next = call.parent?.as(MemberAccessExprSyntax.self) {
      let name = next.declName.baseName.text
      if name == "requireValid" || name == "isValid" {
        readsProblems = next.parent?.as(PrefixOperatorExprSyntax.self) != nil
      } else {
        // `.problems`, `.warnings`, `.description`: the problems are read.
        readsProblems = true
      }
    } else if let binding = call.parent?.parent?.as(PatternBindingSyntax.self),
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    {
      // `let report = container.validate()`, then `report.isValid` or `report.requireValid()`.
      let text = frame.bodyText
      readsProblems =
        text.contains("!\(name).isValid") || text.contains("\(name).problems")
        || text.contains("\(name).isValid == false")
        || !(text.contains("\(name).isValid") || text.contains("\(name).requireValid"))
    } else {
      // Printed, or compared: the code shows the report.
      readsProblems = true
    }
    if !readsProblems {
      graph.isValidated = true
    } else if frame.isTest {
      inspect(graph)
    }
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
          self.returned(graph, frame, certain: certain)
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

  /// A container a function returns: the result its caller reads, when the function certainly
  /// returns it; any other goes where the tool does not follow.
  private func returned(_ graph: ContainerGraph, _ frame: Frame, certain: Bool) {
    if certain && !frame.isNested && (frame.returned == nil || frame.returned === graph) {
      frame.returned = graph
    } else if frame.returned !== graph {
      graph.open(
        "it is returned from a branch, a loop or a closure, or beside another container, and "
          + "the tool does not follow it to a caller; return one container, made unconditionally")
    }
  }

  private func bind(_ variable: VariableDeclSyntax, _ frame: Frame, certain: Bool) {
    for binding in variable.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
        scan(Syntax(binding), frame, certain: certain)
        continue
      }
      // A local name hides a container of the same name from outside.
      frame.containers[name] = nil
      frame.uncertain.remove(name)
      frame.sharedNames.remove(name)
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
    // `_ = makeContainer()`, `x = Container()`, `self.container = Container()`
    if let sequence = unwrapped.as(SequenceExprSyntax.self), sequence.elements.count == 3,
      Array(sequence.elements)[1].is(AssignmentExprSyntax.self)
    {
      let left = sequence.elements.first!
      if let graph = evaluate(sequence.elements.last!, frame, certain: certain) {
        if left.is(DiscardAssignmentExprSyntax.self) { return }
        let target = left.trimmedDescription
        if left.is(DeclReferenceExprSyntax.self) || target.hasPrefix("self.") {
          let name = target.hasPrefix("self.") ? String(target.dropFirst(5)) : target
          frame.containers[name] = graph
          frame.containers["self." + name] = graph
          shared.assign(graph, toProperty: name, of: frame.scope)
          return
        }
        graph.open("it is stored in `\(target)`, which the tool does not follow")
        return
      }
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
    if let member = expression.as(MemberAccessExprSyntax.self) {
      return frame.containers[member.trimmedDescription]
    }
    guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil
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
        graph.open(Self.unfollowedParent)
      }
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

  // MARK: Uses of a container

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

  private func use(
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

  private func follow(
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
    let qualified = name == "Self" ? frame.scope : index.canonical(name, in: frame.scope)
    guard let load = index.partLoads[qualified] else {
      graph.open("part `\(name)` is not declared in this target")
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

/// A visitor that knows the type its node is declared in: a class, struct, enum or actor is a
/// scope for its members (a protocol's are not read), and an extension for its own.
class ScopedVisitor: SyntaxVisitor {
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
}

/// Function, initializer and accessor bodies, with their type scope and parameters.
final class EntryVisitor: ScopedVisitor {
  struct Entry {
    /// The body: a code block, or the statements of an implicit getter.
    let body: Syntax
    let statements: CodeBlockItemListSyntax
    let scope: String
    let parameters: [(name: String, type: TypeSyntax)]
    var name = ""
    var isInitializer = false
  }
  var entries: [Entry] = []
  /// Containers made as a parameter's default value (`container: Container = Container()`).
  var defaultValues: [FunctionCallExprSyntax] = []

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    // A function given a container is read where it is called, with that container.
    let parameters = node.signature.parameterClause.parameters
    collectDefaultValues(parameters)
    if let body = node.body {
      entries.append(
        Entry(
          body: Syntax(body), statements: body.statements, scope: scope.joined(separator: "."),
          parameters: parameters.map { (($0.secondName ?? $0.firstName).text, $0.type) },
          name: node.name.text))
    }
    return .visitChildren
  }
  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    let parameters = node.signature.parameterClause.parameters
    collectDefaultValues(parameters)
    if let body = node.body {
      entries.append(
        Entry(
          body: Syntax(body), statements: body.statements, scope: scope.joined(separator: "."),
          parameters: parameters.map { (($0.secondName ?? $0.firstName).text, $0.type) },
          isInitializer: true))
    }
    return .visitChildren
  }
  override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
    if let body = node.body {
      entries.append(
        Entry(
          body: Syntax(body), statements: body.statements, scope: scope.joined(separator: "."),
          parameters: []))
    }
    return .visitChildren
  }
  /// `var live: Container { ... }`, `subscript(name: String) -> Container { ... }`: a getter
  /// without `get`.
  override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
    if case .getter(let statements) = node.accessors {
      entries.append(
        Entry(
          body: Syntax(statements), statements: statements, scope: scope.joined(separator: "."),
          parameters: []))
    }
    return .visitChildren
  }

  private func collectDefaultValues(_ parameters: FunctionParameterListSyntax) {
    for parameter in parameters {
      if let call = parameter.defaultValue?.value.as(FunctionCallExprSyntax.self),
        callsContainerInit(call)
      {
        defaultValues.append(call)
      }
    }
  }
}

/// What `Reader.scan` reads in a piece of code, in order: uses of the named containers
/// (`container`, `self.container`, `Dependencies.shared`), containers made there and used as an
/// expression (`use(makeContainer())`), and the blocks nested in it (branches, loops, closures),
/// read as frames of their own. Nested functions and types are read on their own.
final class UseFinder: SyntaxVisitor {
  enum Use {
    case reference(ExprSyntax, String)
    case making(FunctionCallExprSyntax)
    case block(CodeBlockItemListSyntax)
  }
  let root: SyntaxIdentifier
  let names: Set<String>
  let file: SourceFileInfo
  let isMaker: (String) -> Bool
  var found: [Use] = []

  init(
    root: SyntaxIdentifier, names: Set<String>, file: SourceFileInfo,
    isMaker: @escaping (String) -> Bool
  ) {
    self.root = root
    self.names = names
    self.file = file
    self.isMaker = isMaker
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
    if node.id == root { return .visitChildren }
    found.append(.block(node))
    return .skipChildren
  }
  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    let text = node.trimmedDescription
    guard names.contains(text) else { return .visitChildren }
    found.append(.reference(ExprSyntax(node), text))
    return .skipChildren
  }
  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    let name = node.baseName.text
    if names.contains(name),
      node.parent?.as(MemberAccessExprSyntax.self)?.declName.id != node.id
    {
      found.append(.reference(ExprSyntax(node), name))
    }
    return .visitChildren
  }
  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    guard node.trailingClosure == nil, makesContainer(node, file: file, isMaker: isMaker) else {
      return .visitChildren
    }
    found.append(.making(node))
    return .skipChildren
  }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// The names a block's statement binds for it: a closure's parameters, the pattern of
/// `for x in`, `if let x`, `guard let x`, `case .a(let x)`.
final class BinderFinder: SyntaxVisitor {
  var names: Set<String> = []

  static func names(bound items: CodeBlockItemListSyntax) -> Set<String> {
    guard let parent = items.parent else { return [] }
    let owner =
      parent.is(ClosureExprSyntax.self) || parent.is(SwitchCaseSyntax.self)
      ? parent : parent.parent
    guard let owner else { return [] }
    let finder = BinderFinder(viewMode: .sourceAccurate)
    finder.walk(owner)
    return finder.names
  }

  override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
    names.insert(node.identifier.text)
    return .skipChildren
  }
  override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
    names.insert(node.name.text)
    return .skipChildren
  }
  override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
    names.insert((node.secondName ?? node.firstName).text)
    return .skipChildren
  }
  override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
    if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
      names.insert(name)
    }
    return .skipChildren
  }
  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }
}

/// `Container(...)` in a file that imports Squire, or a call of a function of the target that
/// returns a container.
func makesContainer(
  _ call: FunctionCallExprSyntax, file: SourceFileInfo, isMaker: (String) -> Bool
) -> Bool {
  if callsContainerInit(call) { return file.importsSquire }
  let name =
    call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
  return name.map(isMaker) ?? false
}

/// `Container(...)`, `Squire.Container(...)`, `Container.init(...)`, or `.init(...)` where the
/// annotation says it makes a container (`let container: Container = .init()`).
func callsContainerInit(_ call: FunctionCallExprSyntax) -> Bool {
  var callee = typeText(call.calledExpression)
  if callee.hasSuffix(".init") { callee.removeLast(".init".count) }
  if callee == "Container" || callee == "Squire.Container" { return true }
  guard callee.isEmpty, let binding = call.parent?.parent?.as(PatternBindingSyntax.self),
    let type = binding.typeAnnotation?.type
  else { return false }
  return isContainerType(type)
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
#endif
