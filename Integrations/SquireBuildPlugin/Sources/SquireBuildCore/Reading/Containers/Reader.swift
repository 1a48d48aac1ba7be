#if BuildPlugin
import SwiftSyntax

/// Reads the target's code as a composition root runs it: which containers are made, and what is
/// registered in each, following the functions a container is handed to.
final class Reader {
  let index: DeclarationIndex
  var graphs: [ContainerGraph] = []
  /// Functions being followed, to stop on recursion.
  var following: Set<SyntaxIdentifier> = []
  /// Registrations read so far, for their order.
  var registrationCount = 0
  /// The plugin runs for a test target: a report its code reads is a test's.
  let testTarget: Bool

  /// Methods of `Container` that register nothing.
  static let harmless: Set<String> = [
    "resolve", "tryResolve", "validate", "graph", "initializeSingletons",
    "tryInitializeSingletons", "close", "isRegistered", "inject", "tryInject", "resetInstances",
    "singlesInDependencyOrder", "isDependedOn", "perContainerSlot", "fill", "decorate",
    "onRegistration", "onResolveFailure", "withAmbient", "startClosing",
  ]
  /// Properties of `Container` that register nothing.
  static let harmlessProperties: Set<String> = [
    "isClosed", "registrations", "parent", "defaultLifetime", "description", "name",
  ]

  /// Bodies of functions that make a container and are called somewhere in the target: each is
  /// read where it is called.
  private var calledMakerBodies: Set<SyntaxIdentifier> = []
  /// Bodies of functions that make a container the reader read at a call.
  var reachedMakerBodies: Set<SyntaxIdentifier> = []
  /// Bodies of functions given a container that the reader read at a call, with it.
  var followedBodies: Set<SyntaxIdentifier> = []
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
  /// Every part the target and the modules it reads declare, read alone, by qualified name.
  var partGraphs: [String: ContainerGraph] = [:]
  /// `partGraphs` holds every part, not only the target's own that nothing appends.
  var readEveryPart = false

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
    // A container a library's function returns to other modules, which may register more in
    // it: checked for what it alone shows, as a part is.
    if caller == nil, entry.isVisibleOutside, !file.isTestCode, let returned = frame.returned {
      returned.completedElsewhere = true
    }
    if let caller, let returned = frame.returned {
      returned.open(
        "`\(caller)` returns it to code the tool does not follow; keep the container in a "
          + "variable (`let container = \(caller)()`) where it is used")
    }
  }

  /// A function's parameters, whose types are known by name in its body.
  func bind(_ parameters: [(name: String, type: TypeSyntax)], _ frame: Frame) {
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
  func readValidation(
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
  func inspect(_ graph: ContainerGraph) {
    for container in graph.chain { container.isInspected = true }
  }
}
#endif
