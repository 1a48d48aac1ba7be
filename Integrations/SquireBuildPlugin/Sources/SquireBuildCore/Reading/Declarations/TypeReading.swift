#if BuildPlugin
import SwiftSyntax

/// Marks the name of a type declared inside a function: never a type the index knows.
let localPrefix = "local:"

extension DeclarationIndex {
  /// The qualified name a written type stands for, typealiases followed; the text as written
  /// when the target does not declare it.
  func canonical(_ written: String, in scope: String) -> String {
    var text = written
    while text.hasPrefix("("), text.hasSuffix(")") { text = String(text.dropFirst().dropLast()) }
    if let first = text.split(separator: ".").first, localNames.contains(String(first)) {
      return localPrefix + text
    }
    var seen: Set<String> = []
    var current = text
    var currentScope = scope
    while let qualified = qualify(current, in: currentScope), !seen.contains(qualified) {
      seen.insert(qualified)
      if isSplit(qualified) { return localPrefix + qualified }
      guard let alias = typealiases[qualified] else { return qualified }
      current = typeText(alias.type)
      while current.hasPrefix("("), current.hasSuffix(")") {
        current = String(current.dropFirst().dropLast())
      }
      currentScope = alias.scope
    }
    return current
  }

  /// Whether `qualified`, or a type it is nested in, is a name the tool cannot tell apart.
  private func isSplit(_ qualified: String) -> Bool {
    guard !splitNames.isEmpty else { return false }
    return enclosingNames(qualified).contains(where: splitNames.contains)
  }

  /// `A.B.C`, `A.B` and `A`: a qualified name and the names of the types it is nested in.
  func enclosingNames(_ qualified: String) -> [String] {
    var names = [qualified]
    var current = Substring(qualified)
    while let dot = current.lastIndex(of: ".") {
      current = current[..<dot]
      names.append(String(current))
    }
    return names
  }

  /// Protocols of the standard library a type conforms to that neither give it a superclass
  /// nor isolate it.
  static let standardProtocols: Set<String> = [
    "Sendable", "SendableMetatype", "AnyObject", "Equatable", "Hashable", "Comparable",
    "Codable", "Encodable", "Decodable", "Identifiable", "CustomStringConvertible",
    "CustomDebugStringConvertible", "Error", "CaseIterable", "RawRepresentable",
    "Swift.Sendable", "Swift.Equatable", "Swift.Hashable", "Swift.Error",
  ]

  /// Whether a type's initializers may be isolated to a global actor: it is `@MainActor`, or it
  /// inherits isolation from a superclass or a protocol its declaration conforms to that may
  /// be (one of another module the tool cannot see may be), or it carries an attribute the tool
  /// does not know.
  func mayBeIsolated(_ qualified: String) -> Bool {
    var seen: Set<String> = []
    func isolated(_ name: String) -> Bool {
      guard let declaration = types[name], declaration.isDeclared else { return true }
      // `@MainActor`, another global actor, a macro.
      if declaration.attributes.contains(where: { $0 != "available" }) { return true }
      guard seen.insert(name).inserted else { return false }
      for inherited in declaration.inherited where !inherited.inExtension {
        let name = canonical(inherited.name, in: inherited.scope)
        if Self.standardProtocols.contains(name) && types[name] == nil { continue }
        if isolated(name) { return true }
      }
      return false
    }
    return isolated(qualified)
  }

  /// Whether a type carries an attribute that may be a macro, which may add initializers: one
  /// neither plain, `@available`, `@MainActor` nor a global actor of the target.
  func hasMacro(_ declaration: TypeDeclaration) -> Bool {
    declaration.attributes.contains { name in
      name != "available" && name != "MainActor"
        && !globalActors.contains(name)
    }
  }

  /// A type the target declares, not generic: the tool knows all there is to know of its name.
  func isKnown(_ qualified: String) -> Bool {
    guard let declaration = types[qualified] else {
      return knownOfOtherModules.contains(qualified)
    }
    return !declaration.isGeneric
  }

  /// What a parameter of type `type`, written in `scope`, asks for; nil when the tool cannot
  /// read it (a function type, a tuple, a generic parameter, a derived dependency).
  func dependency(of type: TypeSyntax, in scope: String, qualifier: Qualifier = .none)
    -> Dependency?
  {
    if let optional = type.as(OptionalTypeSyntax.self) {
      return optionalDependency(optional.wrappedType, scope, qualifier)
    }
    if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return optionalDependency(unwrapped.wrappedType, scope, qualifier)
    }
    if let attributed = type.as(AttributedTypeSyntax.self) {
      return dependency(of: attributed.baseType, in: scope, qualifier: qualifier)
    }
    if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first, only.firstName == nil
    {
      return dependency(of: only.type, in: scope, qualifier: qualifier)
    }
    if let identifier = type.as(IdentifierTypeSyntax.self),
      let arguments = identifier.genericArgumentClause?.arguments
    {
      let name = identifier.name.text
      guard arguments.count == 1,
        let inner = Syntax(arguments.first!.argument).as(TypeSyntax.self)
      else { return nil }
      switch name {
      case "Optional": return optionalDependency(inner, scope, qualifier)
      case "Lazy", "Provider":
        guard let key = key(of: inner, in: scope, qualifier: qualifier) else { return nil }
        return Dependency(key: key, kind: name == "Lazy" ? .lazy : .provider)
      default: return nil
      }
    }
    guard let key = key(of: type, in: scope, qualifier: qualifier) else { return nil }
    return Dependency(key: key, kind: .required)
  }

  private func optionalDependency(_ inner: TypeSyntax, _ scope: String, _ qualifier: Qualifier)
    -> Dependency?
  {
    guard let wrapped = dependency(of: inner, in: scope, qualifier: qualifier) else { return nil }
    switch wrapped.kind {
    case .required: return Dependency(key: wrapped.key, kind: .optional)
    case .lazy, .provider: return wrapped
    case .optional, .many, .argument: return nil
    }
  }

  /// The key a plain type is looked up by; nil for what is not a plain named type.
  func key(of type: TypeSyntax, in scope: String, qualifier: Qualifier = .none) -> Key? {
    var base = type
    if let some = type.as(SomeOrAnyTypeSyntax.self) {
      guard some.someOrAnySpecifier.text == "any" else { return nil }
      base = some.constraint
    }
    if let tuple = base.as(TupleTypeSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first
    {
      return key(of: only.type, in: scope, qualifier: qualifier)
    }
    guard base.is(IdentifierTypeSyntax.self) || base.is(MemberTypeSyntax.self) else { return nil }
    let text = typeText(base)
    if ["Container", "Squire.Container", "Any", "AnyObject", "Self"].contains(text) { return nil }
    let qualified = canonical(text, in: scope)
    if let declaration = types[qualified],
      declaration.inherited.contains(where: { $0.name == "DerivedDependency" })
    {
      return nil
    }
    return Key(type: qualified, qualifier: qualifier)
  }

  /// The element type of `[E]`, for `many`.
  func elementKey(of type: TypeSyntax, in scope: String, qualifier: Qualifier) -> Key? {
    guard let array = type.as(ArrayTypeSyntax.self) else { return nil }
    return key(of: array.element, in: scope, qualifier: qualifier)
  }

  /// The initializers `register(T.init)` may name, the memberwise and inherited ones included;
  /// nil when the tool cannot list them all.
  func initializers(of qualified: String) -> [Initializer]? {
    guard let declaration = types[qualified], !declaration.isGeneric, declaration.isDeclared,
      !hasMacro(declaration), !declaration.initializers.contains(where: \.isConditional)
    else { return nil }
    var result = declaration.initializers
    switch declaration.kind {
    case .protocol, .enum:
      return result
    case .struct:
      if !declaration.declaresInitializer {
        guard !declaration.memberwiseUnknown else { return nil }
        var labels: [String] = []
        var types: [TypeSyntax] = []
        var allDefaulted = true
        for name in declaration.memberwiseOrder {
          let property = declaration.properties[name]!
          if property.isLet && property.hasInitialValue { continue }
          guard let type = property.type else { return nil }
          if !property.hasInitialValue { allDefaulted = false }
          labels.append(name)
          types.append(type)
        }
        var memberwise = Self.implicitInitializer(of: declaration, labels: labels, types: types)
        memberwise.isPrivate = declaration.hasPrivateStoredProperty
        result.append(memberwise)
        if allDefaulted && !labels.isEmpty {
          result.append(Self.implicitInitializer(of: declaration))
        }
      }
      return result
    case .class, .actor:
      // The first type the declaration inherits: a superclass, or a protocol.
      let superclass = declaration.firstInherited.map { canonical($0.name, in: $0.scope) }
        .flatMap { name in
          Self.standardProtocols.contains(name) && types[name] == nil ? nil : name
        }
      let parent = superclass.flatMap { types[$0] }
      // A superclass the tool cannot read in full: one of another module (its extension in the
      // target tells nothing of its initializers), or under `#if`.
      let unknownSuperclass =
        superclass != nil && (parent == nil || parent?.isDeclared == false)
        || declaration.firstInherited?.isConditional == true
      let designated = declaration.initializers.filter { !$0.isConvenience }
      if declaration.declaresInitializer && !designated.isEmpty {
        // Its own designated initializers: it inherits none but, when it overrides all of its
        // superclass's, the superclass's convenience ones.
        if designated.contains(where: \.isOverride) {
          if unknownSuperclass { return nil }
          if let parent, parent.kind == .class,
            parent.initializers.contains(where: \.isConvenience)
          {
            return nil
          }
        }
        return result
      }
      if declaration.kind == .class || !declaration.declaresInitializer {
        // No designated initializer of its own: `init()`, or its superclass's.
        if let superclass, let parent, parent.kind == .class, parent.isDeclared {
          guard let inherited = initializers(of: superclass) else { return nil }
          result += inherited
        } else if unknownSuperclass {
          // An unknown first inherited type may be a superclass from another module.
          return nil
        } else if !declaration.declaresInitializer {
          result.append(Self.implicitInitializer(of: declaration))
        }
      }
      return result
    }
  }

  /// An initializer Swift writes for `declaration` (`init()`, or the memberwise one): internal,
  /// in the declaration's module.
  private static func implicitInitializer(
    of declaration: TypeDeclaration, labels: [String] = [], types: [TypeSyntax] = []
  ) -> Initializer {
    var initializer = Initializer(
      labels: labels, types: types, isAsync: false, isThrowing: false, isFailable: false,
      isMainActor: declaration.isMainActor, isGeneric: false)
    initializer.module = declaration.module
    initializer.isSiblingModule = declaration.isSiblingModule
    return initializer
  }

  /// The type of a stored property of `qualified` or its superclasses in the target.
  func propertyType(_ name: String, of qualified: String) -> (TypeSyntax, scope: String)? {
    var current: String? = qualified
    var steps = 0
    while let name0 = current, let declaration = types[name0], steps < 20 {
      if let property = declaration.properties[name], let type = property.type {
        return (type, name0)
      }
      current = declaration.firstInherited.map { canonical($0.name, in: $0.scope) }
      steps += 1
    }
    return nil
  }

  /// The parameter type of the one method `name` of one parameter labelled `label` of
  /// `qualified` or its superclasses in the target; nil when there is none or more than one, or
  /// the type may have one the tool cannot see (a superclass of another module).
  func methodParameterType(_ name: String, label: String, of qualified: String)
    -> (TypeSyntax, scope: String)?
  {
    var current: String? = qualified
    var found: [(TypeSyntax, scope: String)] = []
    var steps = 0
    while let name0 = current, steps < 20 {
      guard let declaration = types[name0], declaration.isDeclared, !declaration.isGeneric,
        !hasMacro(declaration)
      else { return nil }
      for method in declaration.methods[name] ?? [] where method.label == label {
        found.append((method.type, name0))
      }
      current = declaration.firstInherited.map { canonical($0.name, in: $0.scope) }
      // A protocol or a type of the standard library is not a superclass with methods.
      if let next = current, types[next]?.kind == .protocol || Self.standardProtocols.contains(next)
      {
        current = nil
      }
      steps += 1
    }
    return found.count == 1 ? found[0] : nil
  }

  /// `@Injected` and `@LazyInjected` properties of `qualified` and its superclasses, and where
  /// each named or tagged one is written.
  func wrappedDependencies(of qualified: String) -> (
    dependencies: [Dependency], qualifiedAt: [Key: Location]
  ) {
    var result: [Dependency] = []
    var locations: [Key: Location] = [:]
    var current: String? = qualified
    var steps = 0
    while let name = current, let declaration = types[name], steps < 20 {
      for property in declaration.wrapped {
        // A name or tag that is not a literal: the tool cannot tell what it asks for.
        guard let qualifier = property.qualifier,
          let dependency = dependency(of: property.type, in: name, qualifier: qualifier)
        else { continue }
        if qualifier != .none, let location = property.location {
          locations[dependency.key] = location
        }
        if property.isLazy {
          result.append(Dependency(key: dependency.key, kind: .lazy))
        } else {
          result.append(dependency)
        }
      }
      current = declaration.firstInherited.map { canonical($0.name, in: $0.scope) }
      steps += 1
    }
    return (result, locations)
  }

  /// Whether instances of `qualified` hold no `@Injected` or `@LazyInjected` property, told
  /// for sure: a class declared in code the tool read, with no such property, no attribute on a
  /// stored property or on the class that may add one (a macro), no freestanding macro among
  /// its members, and a superclass that is such a class too (or none). A struct or an enum
  /// holds none the container fills. Generated code says so, and linking the component then
  /// reads no field metadata.
  func wrapsNothing(_ qualified: String) -> Bool {
    var current = qualified
    for _ in 0..<20 {
      guard let declaration = types[current], declaration.isDeclared, !declaration.isConditional
      else { return false }
      switch declaration.kind {
      case .struct, .enum: return true
      case .protocol: return current != qualified
      case .class, .actor: break
      }
      guard declaration.wrapped.isEmpty, !declaration.mayWrapUnread,
        declaration.attributes.isEmpty,
        !declaration.storedTypeTexts.contains(where: { mayNameWrapper($0) })
      else { return false }
      guard let inherited = declaration.firstInherited else { return true }
      let next = canonical(inherited.name, in: inherited.scope)
      if types[next] == nil {
        // Not read: only a protocol of the standard library is known not to be a superclass.
        return Self.standardProtocols.contains(inherited.name)
      }
      current = next
    }
    return false
  }

  /// Whether `text` (a stored property's written type or initial value) may name the type of a
  /// property wrapper of Squire's: `Injected` or `LazyInjected`, or a typealias that does (a
  /// chain of typealiases too long to follow counts as one that does).
  private func mayNameWrapper(_ text: String, depth: Int = 0) -> Bool {
    if text.contains("Injected") { return true }
    guard depth < 8 else { return true }
    let names = Set(text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }))
    return typealiases.contains { name, alias in
      names.contains(name.split(separator: ".").last ?? "")
        && mayNameWrapper(typeText(alias.type), depth: depth + 1)
    }
  }

  /// Whether `component` conforms to or inherits from `target`: true or false when the target
  /// declares everything on the way, nil when it cannot tell.
  func conforms(_ component: String, to target: String) -> Bool? {
    guard let declaration = types[component], !declaration.isGeneric,
      let goal = types[target], !goal.isGeneric
    else { return nil }
    if component == target { return true }
    var seen: Set<String> = []
    var queue = [declaration]
    var unsure = false
    while let next = queue.popLast() {
      guard seen.insert(next.name).inserted else { continue }
      for inherited in next.inherited {
        let name = canonical(inherited.name, in: inherited.scope)
        if inherited.isConditional {
          // Under `#if`: it may not hold in every build.
          unsure = true
          continue
        }
        if name == target { return true }
        if name.contains("&") || name.hasPrefix(localPrefix) {
          // A composition (`typealias Both = A & B`): not followed, so not sure.
          unsure = true
          continue
        }
        if let found = types[name] {
          queue.append(found)
        } else if inherited.name.contains(".") || inherited.name.contains("<") {
          // `Module.Type` may name a type of the target; a generic one is not followed.
          unsure = true
        }
        // Any other name is a type of another module, which cannot lead to one of the target
        // (nor can its superclass or protocols) but through an extension the index has read.
      }
    }
    return unsure ? nil : false
  }
}

// MARK: Types as generated code writes them

extension DeclarationIndex {
  /// Swift's spelling of a type for generated code, the same for every spelling of the same type
  /// (`X?`, `[X]`, `any P`, typealiases expanded, nested types qualified from the module's top
  /// level); nil when the tool is not sure of it.
  func generatedType(_ type: TypeSyntax, in scope: String) -> String? {
    if let optional = type.as(OptionalTypeSyntax.self) {
      return generatedType(optional.wrappedType, in: scope).map(Self.optional)
    }
    if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return generatedType(unwrapped.wrappedType, in: scope).map(Self.optional)
    }
    if let array = type.as(ArrayTypeSyntax.self) {
      return generatedType(array.element, in: scope).map { "[\($0)]" }
    }
    if let some = type.as(SomeOrAnyTypeSyntax.self) {
      guard some.someOrAnySpecifier.text == "any" else { return nil }
      return generatedType(some.constraint, in: scope)
    }
    if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first, only.firstName == nil
    {
      return generatedType(only.type, in: scope)
    }
    if let identifier = type.as(IdentifierTypeSyntax.self),
      let arguments = identifier.genericArgumentClause?.arguments
    {
      guard arguments.count == 1,
        let inner = Syntax(arguments.first!.argument).as(TypeSyntax.self),
        let innerText = generatedType(inner, in: scope)
      else { return nil }
      // The standard library's and Squire's, unless the target declares one of that name.
      guard canonical(identifier.name.text, in: scope) == identifier.name.text,
        types[identifier.name.text] == nil
      else { return nil }
      switch identifier.name.text {
      case "Optional": return Self.optional(innerText)
      case "Array": return "[\(innerText)]"
      case "Lazy", "Provider": return "Squire.\(identifier.name.text)<\(innerText)>"
      default: return nil
      }
    }
    guard type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self) else { return nil }
    return generatedName(typeText(type), in: scope)
  }

  /// A named type: one of the target's (a protocol as `any P`), or a few of the standard
  /// library's.
  func generatedName(_ written: String, in scope: String) -> String? {
    let qualified = canonical(written, in: scope)
    if let declaration = types[qualified] {
      guard !qualified.contains("<"), isNameable(qualified) else { return nil }
      // Another module's type by its module's name, which no type of the target or of the
      // modules read may hide: `Core.Logger` is Core's whatever else `Logger` names.
      var spelled = qualified
      if let module = declaration.module {
        guard types[module] == nil, typealiases[module] == nil else { return nil }
        spelled = module + "." + qualified
      }
      return declaration.kind == .protocol ? "any \(spelled)" : spelled
    }
    let standard: Set<String> = [
      "String", "Int", "Int64", "Int32", "UInt", "UInt64", "Double", "Float", "Bool", "Character",
    ]
    return standard.contains(qualified) ? qualified : nil
  }

  /// Whether generated code may name `qualified` in every build: it and each type it is nested
  /// in are declared by the target or a module it reads, visible to the target (public, or
  /// `package` in its package), not generic, not private, not under `#if`, with no attribute the
  /// tool does not know.
  func isNameable(_ qualified: String) -> Bool {
    enclosingNames(qualified).allSatisfy { name in
      guard let declaration = types[name] else { return false }
      return declaration.isDeclared && declaration.isVisibleToTarget && !declaration.isGeneric
        && !declaration.isPrivate
        && !declaration.isConditional && !hasMacro(declaration)
        && !declaration.attributes.contains("available") && !splitNames.contains(name)
    }
  }

  private static func optional(_ text: String) -> String {
    text.hasPrefix("any ") ? "(\(text))?" : "\(text)?"
  }
}
#endif
