#if BuildPlugin
import SwiftSyntax

/// A type the target declares, with what gives its registrations meaning.
final class TypeDeclaration {
  enum Kind { case `class`, `struct`, `enum`, actor, `protocol` }

  let name: String
  var kind: Kind
  /// Superclass and protocols, as written, with the scope to look their names up in.
  var inherited: [Inherited] = []
  /// The target declares the type itself, not only an extension of it.
  var isDeclared = false
  /// A declaration of it is under `#if`: it may not exist in every build.
  var isConditional = false
  /// The attributes of its declaration and its extensions, but the plain ones
  /// (`TypeDeclaration.plain`): `MainActor`, a global actor, `available`, a macro (`#if` for an
  /// attribute under `#if`).
  var attributes: [String] = []
  var initializers: [Initializer] = []
  /// The primary declaration declares an initializer (no memberwise one is made).
  var declaresInitializer = false
  var isGeneric = false
  var isMainActor = false
  /// Stored properties, for key-path and closure injections and the memberwise initializer.
  var properties: [String: Property] = [:]
  var memberwiseOrder: [String] = []
  /// A memberwise initializer cannot be told exactly (a `lazy` or wrapped property).
  var memberwiseUnknown = false
  /// `@Injected` and `@LazyInjected` properties.
  var wrapped: [WrappedProperty] = []
  /// Instance methods of one parameter, by name: a method injection's dependency is its
  /// parameter's type (`.injection { $0.install($1) }`).
  var methods: [String: [(label: String, type: TypeSyntax)]] = [:]
  /// Declared `private` or `fileprivate`, or nested in such a type.
  var isPrivate = false
  /// A stored property is private: the memberwise initializer is too.
  var hasPrivateStoredProperty = false

  init(name: String, kind: Kind) {
    self.name = name
    self.kind = kind
  }

  /// A superclass or protocol, as written in the type's declaration or an extension of it.
  struct Inherited {
    let name: String
    let scope: String
    /// Written in an extension: not a superclass, and no isolation is inferred from it.
    var inExtension = false
    /// Under `#if`: it may not hold in every build.
    var isConditional = false
  }

  /// The superclass candidate: the first type the declaration itself inherits.
  var firstInherited: Inherited? { inherited.first { !$0.inExtension } }

  /// Attributes of a declaration that change neither its initializers nor its isolation, nor
  /// where it may be named.
  static let plain: Set<String> = [
    "objc", "objcMembers", "nonobjc", "frozen", "dynamicMemberLookup", "dynamicCallable",
    "preconcurrency", "usableFromInline", "inlinable", "Observable", "propertyWrapper",
    "resultBuilder", "main", "unchecked", "discardableResult", "_disfavoredOverload",
    "globalActor",
  ]

  struct Property {
    let type: TypeSyntax?
    let hasInitialValue: Bool
    let isLet: Bool
  }

  struct WrappedProperty {
    let type: TypeSyntax
    let isLazy: Bool
    let qualifier: Qualifier?
  }
}

/// An initializer: its labels and parameter types.
struct Initializer {
  let labels: [String]
  let types: [TypeSyntax]
  let isAsync: Bool
  let isThrowing: Bool
  let isFailable: Bool
  let isMainActor: Bool
  /// Declared in a generic context, or generic itself: its types cannot be read alone.
  let isGeneric: Bool
  /// `private` or `fileprivate`, or in such a type: generated code cannot call it.
  var isPrivate = false
  /// Under `#if`: it may not exist in every build.
  var isConditional = false
  /// `convenience`: a subclass that declares no designated initializer inherits it.
  var isConvenience = false
  /// `override` or `required`: the class may inherit its superclass's convenience initializers.
  var isOverride = false
  /// An attribute other than `@MainActor` that generated code cannot vouch for (a global
  /// actor, `@available`), on it or on the extension that declares it.
  var isLimited = false
}

/// A function of the target that is given a container: `registerStorage(in: container)`,
/// `Part.load(container:)`, an extension method of `Container`.
struct ContainerFunction {
  let name: String
  let labels: [String]
  /// The index of the `Container` parameter, or nil for an extension method of `Container`
  /// (the container is `self`).
  let containerParameter: Int?
  let parameterNames: [String]
  /// Which parameters have a default value: a call may leave them out.
  let defaulted: [Bool]
  let body: CodeBlockSyntax
  let file: SourceFileInfo
  let isStaticInType: String?

  /// The parameter each argument of a call with `labels` is given to; nil when such a call
  /// cannot be this function's.
  func parameters(forLabels labels: [String]) -> [Int]? {
    var positions: [Int] = []
    var parameter = 0
    for label in labels {
      while parameter < self.labels.count, self.labels[parameter] != label {
        guard defaulted[parameter] else { return nil }
        parameter += 1
      }
      guard parameter < self.labels.count else { return nil }
      positions.append(parameter)
      parameter += 1
    }
    return defaulted[parameter...].allSatisfy { $0 } ? positions : nil
  }
}

/// A function of the target whose result is a `Container` it makes.
struct ContainerMaker {
  let name: String
  let scope: String
  let labels: [String]
  /// Its parameters' names and types: a factory may return one (`register { logger }`).
  let parameters: [(name: String, type: TypeSyntax)]
  let body: CodeBlockSyntax
  let file: SourceFileInfo
}

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

/// Everything the target declares that the reader needs, by qualified name.
final class DeclarationIndex {
  /// The target's module name: `App.Service` names the target's `Service`.
  var module = ""
  var types: [String: TypeDeclaration] = [:]
  var typealiases: [String: (type: TypeSyntax, scope: String)] = [:]
  var containerFunctions: [String: [ContainerFunction]] = [:]
  var containerMakers: [String: [ContainerMaker]] = [:]
  /// Static `load(container:)` bodies by the qualified name of their type.
  var partLoads: [String: ContainerFunction] = [:]
  /// Types of other modules the tool knows all of: SquireConfiguration's `ConfigurationSource`
  /// in a target that uses it (a final class, provided only by registrations of it).
  var knownOfOtherModules: Set<String> = []
  /// The target declares a type named `Container` of its own: the tool cannot tell them apart.
  var shadowsContainer = false
  /// Types and typealiases declared inside the function being read: they hide the target's
  /// types of the same name, and the tool does not read them.
  var localNames: Set<String> = []
  /// Names declared in more than one file, one of them `private` or `fileprivate` (each file
  /// has its own `Helper`), or as typealiases under `#if`: the tool cannot tell which one a
  /// name means, so it reads them as local names (never missing, never ambiguous).
  var splitNames: Set<String> = []
  /// The target's global actors (`@globalActor actor Ledger`): an attribute that isolates.
  var globalActors: Set<String> = []
  /// Where each type is declared, and whether privately there.
  var declarationSites: [String: [(file: String, isPrivate: Bool)]] = [:]

  func add(_ file: SourceFileInfo) {
    let visitor = DeclarationVisitor(index: self, file: file)
    visitor.walk(file.tree)
  }

  /// `Config` in a subclass of `Base`: `Base.Config`, a type (or typealias) nested in a
  /// superclass of the target, or in one of its superclasses.
  private func superclassMember(_ name: String, of type: String, depth: Int = 0) -> String? {
    guard depth < 8, let declaration = types[type], declaration.kind == .class,
      let first = declaration.firstInherited
    else { return nil }
    var written = first.name
    if let angle = written.firstIndex(of: "<") { written = String(written[..<angle]) }
    guard let superclass = qualify(written, in: first.scope, inherited: false),
      superclass != type, types[superclass]?.kind == .class
    else { return nil }
    let candidate = superclass + "." + name
    if types[candidate] != nil || typealiases[candidate] != nil { return candidate }
    return superclassMember(name, of: superclass, depth: depth + 1)
  }

  /// The qualified name `name` stands for, looked up from `scope` outwards: in each type, its
  /// own members, then its superclasses' (with `inherited`).
  func qualify(_ name: String, in scope: String, inherited: Bool = true) -> String? {
    // `App.Service`: the module's name before a type of the target (unless a type has its name).
    if !module.isEmpty, name.hasPrefix(module + "."), types[module] == nil,
      typealiases[module] == nil
    {
      return qualify(String(name.dropFirst(module.count + 1)), in: "", inherited: inherited)
    }
    var scope = scope
    while true {
      let candidate = scope.isEmpty ? name : scope + "." + name
      if types[candidate] != nil || typealiases[candidate] != nil { return candidate }
      if inherited, !scope.isEmpty, let found = superclassMember(name, of: scope) { return found }
      if scope.isEmpty { return nil }
      if let dot = scope.lastIndex(of: ".") {
        scope = String(scope[..<dot])
      } else {
        scope = ""
      }
    }
  }
}

private final class DeclarationVisitor: SyntaxVisitor {
  let index: DeclarationIndex
  let file: SourceFileInfo
  var scope: [String] = []
  /// Whether the declaration being visited is in a generic type.
  var genericDepth = 0

  init(index: DeclarationIndex, file: SourceFileInfo) {
    self.index = index
    self.file = file
    super.init(viewMode: .sourceAccurate)
  }

  var scopeName: String { scope.joined(separator: ".") }

  /// Classes, structs, enums, actors and protocols: entered at their members, left after
  /// them. A protocol's members are not read.
  override func visit(_ node: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
    guard let declaration = node.typeDeclaration else { return .visitChildren }
    // A type declared in a statement's body (a top-level `do` or `if` of `main.swift`, a
    // closure) is local to it: other code, generated code too, cannot name it.
    if node.isInStatementBody { return .skipChildren }
    enter(declaration)
    return declaration.kind == .protocol ? .skipChildren : .visitChildren
  }

  override func visitPost(_ node: MemberBlockSyntax) {
    guard node.typeDeclaration != nil, !node.isInStatementBody else { return }
    scope.removeLast()
    let left = entered.removeLast()
    if left.generic { genericDepth -= 1 }
    if left.private { privateDepth -= 1 }
  }

  /// Whether the declaration being visited is inside a private or fileprivate one.
  var privateDepth = 0
  /// For each type declaration being visited: whether it is generic, whether it is private.
  var entered: [(generic: Bool, private: Bool)] = []

  private func enter(_ node: TypeDeclarationSyntax) {
    let qualified = (scope + [node.name]).joined(separator: ".")
    let isPrivate = isPrivateAccess(node.group.modifiers)
    if qualified == "Container" { index.shadowsContainer = true }
    let declaration =
      index.types[qualified] ?? TypeDeclaration(name: qualified, kind: node.kind)
    // An extension read first made a placeholder: the declaration says what it is.
    if !declaration.isDeclared { declaration.kind = node.kind }
    declaration.isDeclared = true
    declaration.isGeneric = declaration.isGeneric || node.isGeneric || genericDepth > 0
    declaration.isMainActor = declaration.isMainActor || hasMainActor(node.group.attributes)
    declaration.attributes += attributeNames(node.group.attributes)
    if node.group.attributes.contains(where: {
      $0.as(AttributeSyntax.self).map { typeText($0.attributeName) == "globalActor" } ?? false
    }) {
      index.globalActors.insert(qualified)
    }
    let conditional = isUnderIfConfig(node.group)
    declaration.isConditional = declaration.isConditional || conditional
    for inherited in node.group.inheritanceClause?.inheritedTypes ?? [] {
      declaration.inherited.append(
        TypeDeclaration.Inherited(
          name: typeText(inherited.type), scope: scopeName, isConditional: conditional))
    }
    let isPrivateHere = isPrivate || privateDepth > 0
    declaration.isPrivate = declaration.isPrivate || isPrivateHere
    let sites = index.declarationSites[qualified, default: []]
    if sites.contains(where: { $0.file != file.path && ($0.isPrivate || isPrivateHere) }) {
      index.splitNames.insert(qualified)
    }
    index.declarationSites[qualified] = sites + [(file.path, isPrivateHere)]
    index.types[qualified] = declaration
    scope.append(node.name)
    entered.append((node.isGeneric, isPrivate))
    if node.isGeneric { genericDepth += 1 }
    if isPrivate { privateDepth += 1 }
  }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    let extended = typeText(node.extendedType)
    let qualified = index.qualify(extended, in: scopeName) ?? extended
    if extended == "Container" || extended == "Squire.Container" {
      collectContainerExtension(node)
      return .skipChildren
    }
    // The extended type's own declaration may come later: its entry is made now, of an
    // unknown kind until then (`class` is only a placeholder; the declaration corrects it).
    let declaration =
      index.types[qualified] ?? TypeDeclaration(name: qualified, kind: .struct)
    if index.types[qualified] == nil { declaration.memberwiseUnknown = true }
    let conditional = isUnderIfConfig(node)
    for inherited in node.inheritanceClause?.inheritedTypes ?? [] {
      declaration.inherited.append(
        TypeDeclaration.Inherited(
          name: typeText(inherited.type), scope: scopeName, inExtension: true,
          isConditional: conditional))
    }
    // A macro attached to an extension may add initializers.
    declaration.attributes += attributeNames(node.attributes)
    if node.genericWhereClause != nil { declaration.isGeneric = true }
    index.types[qualified] = declaration
    extensionStack.append(scope)
    scope = qualified.split(separator: ".").map(String.init)
    return .visitChildren
  }
  var extensionStack: [[String]] = []
  override func visitPost(_ node: ExtensionDeclSyntax) {
    let extended = typeText(node.extendedType)
    if extended == "Container" || extended == "Squire.Container" { return }
    scope = extensionStack.removeLast()
  }

  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    let qualified = (scope + [node.name.text]).joined(separator: ".")
    if node.genericParameterClause == nil {
      index.typealiases[qualified] = (node.initializer.value, scopeName)
    }
    // Which of its definitions a build sees, the tool cannot tell.
    if isUnderIfConfig(node) { index.splitNames.insert(qualified) }
    return .skipChildren
  }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    guard let declaration = index.types[scopeName] else { return .skipChildren }
    let inExtension = node.enclosingDeclaration?.is(ExtensionDeclSyntax.self) == true
    if !inExtension {
      declaration.declaresInitializer = true
    }
    let parameters = node.signature.parameterClause.parameters
    var initializer =
      Initializer(
        labels: parameters.map { labelText($0.firstName) },
        types: parameters.map(\.type),
        isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil,
        isThrowing: node.signature.effectSpecifiers?.throwsClause != nil,
        isFailable: node.optionalMark != nil,
        isMainActor: hasMainActor(node.attributes) || declaration.isMainActor,
        isGeneric: node.genericParameterClause != nil || declaration.isGeneric
          || parameters.contains { $0.ellipsis != nil })
    initializer.isPrivate = isPrivateAccess(node.modifiers) || privateDepth > 0
    initializer.isConditional = isUnderIfConfig(node)
    initializer.isConvenience = node.modifiers.contains { $0.name.text == "convenience" }
    initializer.isOverride = node.modifiers.contains {
      $0.name.text == "override" || $0.name.text == "required"
    }
    let extensionAttributes =
      node.enclosingDeclaration?.as(ExtensionDeclSyntax.self)?.attributes
    initializer.isLimited =
      node.attributes.contains { element in
        element.as(AttributeSyntax.self).map {
          !TypeDeclaration.plain.contains(typeText($0.attributeName))
            && typeText($0.attributeName) != "MainActor"
        } ?? true
      } || !(extensionAttributes?.isEmpty ?? true)
    declaration.initializers.append(initializer)
    return .skipChildren
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    guard let body = node.body else { return .skipChildren }
    let parameters = node.signature.parameterClause.parameters
    let labels = parameters.map { $0.firstName.text }
    let names = parameters.map { ($0.secondName ?? $0.firstName).text }
    let isStatic = node.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
    if !isStatic, !scope.isEmpty, parameters.count == 1, let declaration = index.types[scopeName],
      node.genericParameterClause == nil, !isUnderIfConfig(node)
    {
      declaration.methods[node.name.text, default: []].append(
        (parameters.first!.firstName.text, parameters.first!.type))
    }
    if let position = parameters.firstIndex(where: { isContainerType($0.type) }) {
      let function = ContainerFunction(
        name: node.name.text, labels: labels,
        containerParameter: parameters.distance(from: parameters.startIndex, to: position),
        parameterNames: names, defaulted: parameters.map { $0.defaultValue != nil }, body: body,
        file: file, isStaticInType: isStatic ? scopeName : nil)
      index.containerFunctions[node.name.text, default: []].append(function)
      if isStatic, node.name.text == "load", labels == ["container"], !scope.isEmpty {
        index.partLoads[scopeName] = function
      }
    }
    if let result = node.signature.returnClause?.type, isContainerType(result) {
      index.containerMakers[node.name.text, default: []].append(
        ContainerMaker(
          name: node.name.text, scope: scopeName, labels: labels,
          parameters: Array(zip(names, parameters.map(\.type))), body: body, file: file))
    }
    return .skipChildren
  }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    guard let declaration = index.types[scopeName], !scope.isEmpty else { return .skipChildren }
    let isStatic = node.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
    if isStatic { return .skipChildren }
    let isLazy = node.modifiers.contains { $0.name.text == "lazy" }
    // A stored property under `#if`: the memberwise initializer differs between builds.
    if isUnderIfConfig(node) { declaration.memberwiseUnknown = true }
    if isPrivateAccess(node.modifiers) { declaration.hasPrivateStoredProperty = true }
    let wrapper = node.attributes.compactMap { $0.as(AttributeSyntax.self) }.first
    for binding in node.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
        declaration.memberwiseUnknown = true
        continue
      }
      // A computed property is not stored.
      if let accessors = binding.accessorBlock {
        if case .getter = accessors.accessors { continue }
        if case .accessors(let list) = accessors.accessors,
          list.contains(where: { ["get", "set"].contains($0.accessorSpecifier.text) })
        {
          continue
        }
      }
      let type = binding.typeAnnotation?.type ?? node.bindings.last?.typeAnnotation?.type
      if let wrapper {
        let wrapperName = typeText(wrapper.attributeName)
        if let type, wrapperName == "Injected" || wrapperName == "LazyInjected" {
          declaration.wrapped.append(
            TypeDeclaration.WrappedProperty(
              type: type, isLazy: wrapperName == "LazyInjected",
              qualifier: wrapperQualifier(wrapper)))
        }
        declaration.memberwiseUnknown = true
        continue
      }
      if isLazy { declaration.memberwiseUnknown = true }
      declaration.properties[name] = TypeDeclaration.Property(
        type: type, hasInitialValue: binding.initializer != nil,
        isLet: node.bindingSpecifier.text == "let")
      declaration.memberwiseOrder.append(name)
    }
    return .skipChildren
  }

  /// The names of `attributes` but the plain ones; `#if` for attributes under `#if`.
  private func attributeNames(_ attributes: AttributeListSyntax) -> [String] {
    attributes.compactMap { element in
      guard let attribute = element.as(AttributeSyntax.self) else { return "#if" }
      let name = typeText(attribute.attributeName)
      return TypeDeclaration.plain.contains(name) ? nil : name
    }
  }

  /// The name or tag of `@Injected(name:)`, `@Injected(tag:)`; `.none` for neither; nil when
  /// it is not a literal.
  private func wrapperQualifier(_ attribute: AttributeSyntax) -> Qualifier? {
    guard case .argumentList(let arguments) = attribute.arguments, let first = arguments.first
    else { return Qualifier.none }
    switch first.label?.text {
    case "name":
      return stringLiteral(first.expression).map(Qualifier.name)
    case "tag":
      return metatypeName(first.expression).map { Qualifier.tag($0) }
    default:
      return nil
    }
  }

  private func collectContainerExtension(_ node: ExtensionDeclSyntax) {
    for member in node.memberBlock.members {
      guard let function = member.decl.as(FunctionDeclSyntax.self), let body = function.body
      else { continue }
      let parameters = function.signature.parameterClause.parameters
      index.containerFunctions[function.name.text, default: []].append(
        ContainerFunction(
          name: function.name.text, labels: parameters.map { $0.firstName.text },
          containerParameter: nil,
          parameterNames: parameters.map { ($0.secondName ?? $0.firstName).text },
          defaulted: parameters.map { $0.defaultValue != nil }, body: body, file: file,
          isStaticInType: nil))
    }
  }
}

// MARK: Reading syntax

extension MemberBlockSyntax {
  /// The class, struct, enum, actor or protocol these are the members of; nil for an extension.
  var typeDeclaration: TypeDeclarationSyntax? { parent.flatMap(TypeDeclarationSyntax.init) }
}

/// A class, struct, enum, actor or protocol declaration, whichever it is.
struct TypeDeclarationSyntax {
  let kind: TypeDeclaration.Kind
  let name: String
  let group: any DeclGroupSyntax
  /// It has generic parameters of its own.
  let isGeneric: Bool

  init?(_ node: Syntax) {
    switch node.kind {
    case .classDecl: kind = .class
    case .structDecl: kind = .struct
    case .enumDecl: kind = .enum
    case .actorDecl: kind = .actor
    case .protocolDecl: kind = .protocol
    default: return nil
    }
    guard let group = node.asProtocol(DeclGroupSyntax.self),
      let named = node.asProtocol(NamedDeclSyntax.self)
    else { return nil }
    self.group = group
    name = named.name.text
    isGeneric = node.asProtocol(WithGenericParametersSyntax.self)?.genericParameterClause != nil
  }
}

/// A type as written, without spaces, `any` or `some`.
func typeText(_ type: some SyntaxProtocol) -> String {
  // Comments and spaces are trivia: the tokens alone, `any` and `some` left out.
  var text = ""
  for token in type.tokens(viewMode: .sourceAccurate) {
    if token.tokenKind == .keyword(.any) || token.tokenKind == .keyword(.some) { continue }
    text += token.text
  }
  return text
}

func isContainerType(_ type: TypeSyntax) -> Bool {
  let text = typeText(type)
  return text == "Container" || text == "Squire.Container"
}

/// Whether `node` is inside a `#if` clause: it may not exist in every build.
func isUnderIfConfig(_ node: some SyntaxProtocol) -> Bool {
  var current = node.parent
  while let next = current {
    if next.is(IfConfigClauseSyntax.self) { return true }
    current = next.parent
  }
  return false
}

extension SyntaxProtocol {
  /// Whether this is inside a code block or a closure: a declaration there is local.
  var isInStatementBody: Bool {
    var current = parent
    while let next = current {
      if next.is(CodeBlockSyntax.self) || next.is(ClosureExprSyntax.self)
        || next.is(AccessorBlockSyntax.self)
      {
        return true
      }
      current = next.parent
    }
    return false
  }

  /// The type or extension declaration whose members include this one.
  var enclosingDeclaration: Syntax? {
    // member → MemberBlockItem → MemberBlockItemList → MemberBlock → the declaration
    var current = parent
    while let next = current {
      if next.is(MemberBlockSyntax.self) { return next.parent }
      if next.is(CodeBlockSyntax.self) { return nil }
      current = next.parent
    }
    return nil
  }
}

/// A label as a call writes it: without backticks, but for `inout` and `_`, which need them.
func labelText(_ token: TokenSyntax) -> String {
  let text = token.text
  guard text.count > 2, text.hasPrefix("`"), text.hasSuffix("`") else { return text }
  let name = String(text.dropFirst().dropLast())
  return name == "inout" || name == "_" ? text : name
}

func isPrivateAccess(_ modifiers: DeclModifierListSyntax) -> Bool {
  modifiers.contains { $0.name.text == "private" || $0.name.text == "fileprivate" }
}

func hasMainActor(_ attributes: AttributeListSyntax) -> Bool {
  attributes.contains { element in
    element.as(AttributeSyntax.self).map { typeText($0.attributeName) == "MainActor" } ?? false
  }
}

/// A string literal without interpolation.
func stringLiteral(_ expression: ExprSyntax) -> String? {
  guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
  var text = ""
  for segment in literal.segments {
    guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
    text += plain.content.text
  }
  return text
}

/// `T.self` as written: `T`, `(any P)`'s `P`, `Outer.Inner`.
func metatypeName(_ expression: ExprSyntax) -> String? {
  guard let member = expression.as(MemberAccessExprSyntax.self),
    member.declName.baseName.text == "self", let base = member.base
  else { return nil }
  var text = typeText(base)
  while text.hasPrefix("("), text.hasSuffix(")") { text = String(text.dropFirst().dropLast()) }
  guard !text.isEmpty,
    text.allSatisfy({
      $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "<" || $0 == ">" || $0 == ","
    })
  else { return nil }
  return text
}
#endif
