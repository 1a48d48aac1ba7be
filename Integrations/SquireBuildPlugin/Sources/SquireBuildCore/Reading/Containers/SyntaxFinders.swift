#if BuildPlugin
import SwiftSyntax

// Visitors the reader uses to find things in a body of code.

/// The base names of every function called.
final class CalledNameFinder: SyntaxVisitor {
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
final class LocalTypeFinder: SyntaxVisitor {
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
    /// `public`, `open` or `package`: other modules may call it.
    var isVisibleOutside = false
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
          name: node.name.text, isVisibleOutside: Access(node.modifiers) >= .package))
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
    // `Container { ... }` too: its closure is read with the container.
    guard node.trailingClosure == nil || callsContainerInit(node),
      makesContainer(node, file: file, isMaker: isMaker)
    else {
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
final class ImplicitSelfFinder: SyntaxVisitor {
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
