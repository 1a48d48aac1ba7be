#if BuildPlugin
import SwiftSyntax

final class DeclarationVisitor: SyntaxVisitor {
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
    accessStack.removeLast()
  }

  /// The access of each type declaration being visited: a member is no more visible than its
  /// type.
  var accessStack: [Access] = []

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
    let wasDeclared = declaration.isDeclared
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
    // The same name declared by two modules (the target and one it reads, or two it reads):
    // which one a name means depends on the file's imports, so the tool reads it as a name it
    // cannot tell apart.
    if wasDeclared, declaration.module != file.module {
      index.splitNames.insert(qualified)
    }
    declaration.isDeclared = true
    declaration.module = file.module
    declaration.isSiblingModule = file.isSiblingModule
    declaration.access = min(Access(node.group.modifiers), accessStack.last ?? .open)
    let sites = index.declarationSites[qualified, default: []]
    if sites.contains(where: { $0.file != file.path && ($0.isPrivate || isPrivateHere) }) {
      index.splitNames.insert(qualified)
    }
    index.declarationSites[qualified] = sites + [(file.path, isPrivateHere)]
    index.types[qualified] = declaration
    scope.append(node.name)
    entered.append((node.isGeneric, isPrivate))
    accessStack.append(declaration.access)
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
    // In an extension, the extension's own access is the default.
    let extensionAccess = node.enclosingDeclaration?.as(ExtensionDeclSyntax.self).map {
      Access($0.modifiers)
    }
    let written = node.modifiers.isEmpty ? (extensionAccess ?? .internal) : Access(node.modifiers)
    initializer.access = min(written, inExtension ? .open : declaration.access)
    initializer.module = file.module
    initializer.isSiblingModule = file.isSiblingModule
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
        // One part name in several modules: the target's own hides the others, as in Swift;
        // between two modules it reads, the tool cannot tell which one a name means.
        if let existing = index.partLoads[scopeName], existing.file.module != file.module {
          if !existing.file.isOwn { index.ambiguousParts.insert(scopeName) }
        } else {
          index.partLoads[scopeName] = function
        }
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

  /// A freestanding macro among a type's members may declare stored properties.
  override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
    if !scope.isEmpty, let declaration = index.types[scopeName] {
      declaration.mayWrapUnread = true
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
        // A tuple pattern (`var (a, b): (A, B)`): its types are not read one by one.
        declaration.memberwiseUnknown = true
        declaration.mayWrapUnread = true
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
      declaration.storedTypeTexts.append(
        type.map { typeText($0) } ?? binding.initializer.map { typeText($0.value) } ?? "")
      if node.attributes.contains(where: { element in
        guard let attribute = element.as(AttributeSyntax.self) else { return true }
        let name = typeText(attribute.attributeName)
        return name != "Injected" && name != "LazyInjected"
          && !TypeDeclaration.notWrappers.contains(name)
      }) {
        declaration.mayWrapUnread = true
      }
      if let wrapper {
        let wrapperName = typeText(wrapper.attributeName)
        if let type, wrapperName == "Injected" || wrapperName == "LazyInjected" {
          declaration.wrapped.append(
            TypeDeclaration.WrappedProperty(
              type: type, isLazy: wrapperName == "LazyInjected",
              qualifier: wrapperQualifier(wrapper), location: file.location(of: wrapper)))
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
#endif
