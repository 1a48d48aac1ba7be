#if BuildPlugin
import SwiftSyntax

/// Containers that more than one body of code uses: a global (`let container = Container()` in
/// `main.swift`), a stored property filled by methods, a `static let`. Each body that registers
/// in one is a filler; one filler (beside the code that makes it) is read as certain, as a
/// composition root; several that may or may not all run leave it to `validate()`, with a note.
struct SharedContainers {
  final class Property {
    let scope: String
    let name: String
    let isStatic: Bool
    var graph: ContainerGraph?

    init(scope: String, name: String, isStatic: Bool) {
      self.scope = scope
      self.name = name
      self.isStatic = isStatic
    }
  }

  var globals: [String: ContainerGraph] = [:]
  var properties: [Property] = []
  /// Initializers of the target's types that take a container (`init(container: Container)`),
  /// by their type: followed like functions the container is handed to.
  var initializers: [String: [ContainerFunction]] = [:]
  /// For each shared container, the bodies that registered in it, with the first line of each.
  private(set) var fillers: [ObjectIdentifier: (graph: ContainerGraph, bodies: [Syntax])] = [:]

  /// The names code in `scope` refers to shared containers by, and the containers.
  func keys(visibleIn scope: String) -> [String: ContainerGraph] {
    var keys = globals
    for property in properties {
      guard let graph = property.graph else { continue }
      if property.scope == scope {
        keys[property.name] = graph
        keys[(property.isStatic ? "Self." : "self.") + property.name] = graph
      }
      if property.isStatic {
        keys[property.scope + "." + property.name] = graph
        keys[displayName(property.scope) + "." + property.name] = graph
      }
    }
    return keys
  }

  /// `scope` is a type with a stored property holding a container.
  func holdsInstances(_ scope: String) -> Bool {
    properties.contains { $0.scope == scope && !$0.isStatic }
  }

  /// `self.name = container` in code of `scope`: the property holds it. A property given two
  /// containers (two instances of its type) is not followed: what its methods register, the
  /// tool cannot tell apart.
  func assign(_ graph: ContainerGraph, toProperty name: String, of scope: String) {
    for property in properties where property.scope == scope && property.name == name {
      if let held = property.graph, held !== graph {
        for each in [held, graph] {
          each.open(
            "it is stored in `\(displayName(scope)).\(name)` beside another container, and the "
              + "tool cannot tell which one its methods fill")
        }
      } else {
        property.graph = graph
      }
    }
  }

  /// `body` read a shared container; the registrations from `start` on are what it added.
  mutating func filled(
    _ graph: ContainerGraph, from body: Syntax, registrationsFrom start: Int
  ) {
    guard graph.registrations.count > start else { return }
    // A body read more than once (a function that makes a container is read at each call)
    // registers the same calls again: they are one registration.
    let earlier = Set(graph.registrations[..<start].map(\.location))
    let added = graph.registrations[start...].filter { !earlier.contains($0.location) }
    graph.registrations.removeSubrange(start...)
    graph.registrations += added
    var entry = fillers[ObjectIdentifier(graph)] ?? (graph, [])
    if !entry.bodies.contains(where: { $0.id == body.id }) { entry.bodies.append(body) }
    fillers[ObjectIdentifier(graph)] = entry
  }

  /// Several bodies fill one container: which of them run, and in which order, the tool cannot
  /// tell.
  func settle(names: (Syntax) -> String) {
    for (graph, bodies) in fillers.values where bodies.count > 1 && !Self.calledByAnInit(bodies) {
      let listed = bodies.map { "`\(names($0))`" }.joined(separator: ", ")
      graph.open(
        "it is filled by \(bodies.count) functions (\(listed)) that may or may not all run; "
          + "register everything in one function, or call the others from it")
    }
  }
}

extension SharedContainers {
  /// Whether `bodies` are methods of one type declaration that one of its initializers calls,
  /// each as a statement of its body (`registerCore()`, `self.registerFeatures()`): they all
  /// run when an instance is made, so what they register is all there.
  static func calledByAnInit(_ bodies: [Syntax]) -> Bool {
    let functions = bodies.compactMap { $0.parent?.as(FunctionDeclSyntax.self) }
    guard functions.count == bodies.count,
      let members = functions.first?.parent?.parent?.as(MemberBlockItemListSyntax.self),
      functions.allSatisfy({ $0.parent?.parent?.id == members.id })
    else { return false }
    let needed = Set(functions.map(\.name.text))
    return members.contains { member in
      guard let body = member.decl.as(InitializerDeclSyntax.self)?.body else { return false }
      let called = body.statements.compactMap { item -> String? in
        guard let call = item.item.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
          call.trailingClosure == nil
        else { return nil }
        if let name = call.calledExpression.as(DeclReferenceExprSyntax.self) {
          return name.baseName.text
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
          member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        else { return nil }
        return member.declName.baseName.text
      }
      return needed.isSubset(of: called)
    }
  }
}

extension Reader {
  /// The stored properties of `file`'s types that hold a container: made by their initial value
  /// (`let container = Container()`, `static let shared = makeContainer()`,
  /// `static let shared: Container = { ... }()`), or by an initializer (`let container:
  /// Container`).
  func readProperties(of file: SourceFileInfo) {
    let visitor = PropertyVisitor(viewMode: .sourceAccurate)
    visitor.walk(file.tree)
    for (scope, initializer) in visitor.initializers {
      guard let body = initializer.body else { continue }
      let parameters = initializer.signature.parameterClause.parameters
      guard let position = parameters.firstIndex(where: { isContainerType($0.type) }) else {
        continue
      }
      shared.initializers[index.canonical(scope, in: ""), default: []].append(
        ContainerFunction(
          name: "init", labels: parameters.map { $0.firstName.text },
          containerParameter: parameters.distance(from: parameters.startIndex, to: position),
          parameterNames: parameters.map { ($0.secondName ?? $0.firstName).text },
          defaulted: parameters.map { $0.defaultValue != nil }, body: body, file: file,
          isStaticInType: scope))
    }
    for (scope, variable) in visitor.found {
      let isStatic = variable.modifiers.contains {
        $0.name.text == "static" || $0.name.text == "class"
      }
      for binding in variable.bindings {
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
          binding.accessorBlock == nil
        else { continue }
        let annotated = binding.typeAnnotation.map { isContainerType($0.type) } ?? false
        var graph: ContainerGraph?
        if let value = binding.initializer?.value {
          let unwrapped = Self.unwrap(value)
          let isClosureCall =
            unwrapped.as(FunctionCallExprSyntax.self)?.calledExpression.is(ClosureExprSyntax.self)
            ?? false
          let makes =
            unwrapped.as(FunctionCallExprSyntax.self).map {
              makesContainer($0, file: file) { self.index.containerMakers[$0] != nil }
            } ?? false
          guard makes || (annotated && isClosureCall) else { continue }
          let frame = self.frame(
            file: file, scope: scope, inspected: false, text: value.description)
          graph = evaluate(value, frame, certain: true)
          if graph == nil { continue }
        } else if !annotated {
          continue
        }
        let property = SharedContainers.Property(scope: scope, name: name, isStatic: isStatic)
        property.graph = graph
        shared.properties.append(property)
      }
    }
  }

  func settleSharedContainers() {
    shared.settle { body in
      // The function's name, for the note.
      var node = Optional(body)
      while let next = node {
        if let function = next.as(FunctionDeclSyntax.self) { return function.name.text }
        if next.is(InitializerDeclSyntax.self) { return "init" }
        node = next.parent
      }
      return "?"
    }
  }
}

/// The stored properties declared in types and their extensions, with their type's scope.
private final class PropertyVisitor: ScopedVisitor {
  var found: [(String, VariableDeclSyntax)] = []
  var initializers: [(String, InitializerDeclSyntax)] = []

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    if !scope.isEmpty, node.parent?.is(MemberBlockItemSyntax.self) == true {
      found.append((scope.joined(separator: "."), node))
    }
    return .skipChildren
  }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    if !scope.isEmpty { initializers.append((scope.joined(separator: "."), node)) }
    return .skipChildren
  }
}

/// Whether a body makes a container, calls a function that makes one, or uses a shared one:
/// the reader reads such bodies.
final class Mentions: SyntaxVisitor {
  let keys: Set<String>
  let file: SourceFileInfo
  let isMaker: (String) -> Bool
  private var mentioned = false

  init(keys: Set<String>, file: SourceFileInfo, isMaker: @escaping (String) -> Bool) {
    self.keys = keys
    self.file = file
    self.isMaker = isMaker
    super.init(viewMode: .sourceAccurate)
  }

  func found(in body: some SyntaxProtocol) -> Bool {
    walk(body)
    return mentioned
  }

  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    if keys.contains(node.trimmedDescription) { mentioned = true }
    return mentioned ? .skipChildren : .visitChildren
  }
  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    if keys.contains(node.baseName.text) { mentioned = true }
    return .skipChildren
  }
  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if makesContainer(node, file: file, isMaker: isMaker) { mentioned = true }
    return mentioned ? .skipChildren : .visitChildren
  }
}

extension SourceFileInfo {
  /// Test code: the file imports a test framework.
  var isTestCode: Bool { imports.contains("Testing") || imports.contains("XCTest") }
}
#endif
