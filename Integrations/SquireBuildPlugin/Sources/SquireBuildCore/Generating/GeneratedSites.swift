#if BuildPlugin
import SwiftSyntax

extension Reader {
  /// What generated code needs of `register(...)`, when the tool knows the factory's type
  /// exactly: `register(T.init)`, `register(T.init(a:b:))`, or a closure whose whole body is one
  /// initializer call that passes each of its parameters once, as it is. Nil for everything
  /// else (isolated or async factories, the modifier forms, what the tool cannot type).
  ///
  /// When it returns nil, why is kept for the list of generated factories (`--list-generated`).
  func generatedSite(
    _ call: FunctionCallExprSyntax, type: String, at location: Location, _ frame: Frame
  ) -> GeneratedSite? {
    // A registration of another module the check reads (a part the target appends) gets its
    // factory in its own module's build.
    guard frame.file.isOwn else { return nil }
    switch site(call, type: type, at: location, frame) {
    case .success(var site):
      noFactoryReasons[location] = nil
      site.wrapsNothing = index.wrapsNothing(type)
      return site
    case .failure(let reason):
      noFactoryReasons[location] = reason.text
      return nil
    }
  }

  /// Why a registration has no generated factory.
  struct NoFactory: Error {
    let text: String
    init(_ text: String) { self.text = text }
  }

  private func site(
    _ call: FunctionCallExprSyntax, type: String, at location: Location, _ frame: Frame
  ) -> Result<GeneratedSite, NoFactory> {
    let closureForm = "the closure does more than call one initializer with its parameters in order"
    guard let declaration = index.types[type], declaration.isDeclared else {
      return .failure(
        NoFactory(
          "the tool does not read the module that declares it (a package fetched by URL, the "
            + "toolchain's, or a module this target does not depend on)"))
    }
    if let module = declaration.module, !declaration.isVisibleToTarget {
      return .failure(
        NoFactory("the type is not public in \(module), so generated code here cannot name it"))
    }
    guard !declaration.isPrivate else { return .failure(NoFactory("the type is private")) }
    guard !declaration.isGeneric else { return .failure(NoFactory("the type is generic")) }
    guard declaration.kind != .protocol else {
      return .failure(NoFactory("it is a protocol"))
    }
    // Not a type whose initializers may be isolated (`@MainActor` by inference too): generated
    // code calls them from a nonisolated context.
    guard !declaration.isMainActor else {
      return .failure(NoFactory("its initializer is `@MainActor`"))
    }
    guard !index.mayBeIsolated(type) else {
      // A protocol or superclass of a module the tool does not read may isolate it.
      if let unread = declaration.inherited.first(where: { inherited in
        !inherited.inExtension
          && index.types[index.canonical(inherited.name, in: inherited.scope)] == nil
          && !DeclarationIndex.standardProtocols.contains(inherited.name)
      }) {
        return .failure(
          NoFactory(
            "it inherits `\(unread.name)`, declared in a module the tool does not read (a "
              + "package fetched by URL, or the toolchain's), which may isolate it to a global "
              + "actor"))
      }
      return .failure(
        NoFactory(
          "the type may be isolated to a global actor (`@MainActor` written or inferred from a "
            + "protocol or superclass, or a macro)"))
    }
    guard let implType = index.generatedName(type, in: "") else {
      return .failure(
        NoFactory(
          "generated code cannot name the type in every build (under `#if`, `@available`, a "
            + "macro, nested in a generic or private type, or its module declares a type of the "
            + "module's name)"))
    }
    guard let initializers = index.initializers(of: type) else {
      if let first = declaration.firstInherited,
        index.types[index.canonical(first.name, in: first.scope)]?.isDeclared != true
      {
        return .failure(
          NoFactory(
            "the tool cannot tell its initializers: `\(first.name)` may be a superclass of "
              + "another module"))
      }
      return .failure(NoFactory("the tool cannot tell its initializers"))
    }
    if call.arguments.first?.label?.text == "isolated" {
      return .failure(NoFactory("`register(isolated:)` keeps Squire's isolated path"))
    }
    let arguments = Array(call.arguments)
    let file = location.file.split(separator: "/").last.map(String.init) ?? location.file
    // `register(T.init)`, `register(T.init(a:b:))`
    if call.trailingClosure == nil, arguments.count == 1, arguments[0].label == nil,
      let member = arguments[0].expression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "init"
    {
      let labels = member.declName.argumentNames.map { names in
        names.arguments.map { labelText($0.name) }
      }
      let matching = labels.map { labels in initializers.filter { $0.labels == labels } }
      let initializer: Initializer
      switch usable(matching ?? initializers) {
      case .success(let found): initializer = found
      case .failure(let reason): return .failure(reason)
      }
      let types = initializer.types.compactMap { index.generatedType($0, in: type) }
      guard types.count == initializer.types.count else {
        return .failure(unnameable(initializer.types, in: type))
      }
      guard types.count <= 8 else {
        return .failure(NoFactory("it has more than 8 parameters"))
      }
      return .success(
        GeneratedSite(
          implType: implType, parameterTypes: types,
          direct: initializer.labels.enumerated().map { ($1 == "_" ? nil : $1, $0) },
          throwing: initializer.isThrowing, file: file, line: location.line))
    }
    // `register { T(a: $0, b: $1) }`, `register { () throws -> T in try T() }`
    let closure =
      arguments.isEmpty
      ? call.trailingClosure : arguments.first?.expression.as(ClosureExprSyntax.self)
    guard let closure, arguments.count <= 1, arguments.first?.label == nil || arguments.isEmpty,
      closure.statements.count == 1
    else {
      return .failure(
        NoFactory(
          closure == nil
            ? "its factory is not an initializer (a function, a static method or a modifier form)"
            : closureForm))
    }
    if let signature = closure.signature {
      // No attributes (`@MainActor`), no `async`, no named parameters.
      guard signature.attributes.isEmpty, signature.effectSpecifiers?.asyncSpecifier == nil
      else { return .failure(NoFactory("the closure is isolated or `async`")) }
      switch signature.parameterClause {
      case .parameterClause(let clause) where clause.parameters.isEmpty: break
      case nil: break
      default: return .failure(NoFactory("the closure names its parameters"))
      }
    }
    guard let item = closure.statements.first?.item else {
      return .failure(NoFactory(closureForm))
    }
    var body: ExprSyntax?
    if let expression = item.as(ExprSyntax.self) {
      body = expression
    } else if let returned = item.as(ReturnStmtSyntax.self) {
      body = returned.expression
    }
    guard let body, let made = Self.unwrap(body).as(FunctionCallExprSyntax.self),
      made.trailingClosure == nil, constructedType(ExprSyntax(made), frame) == type
    else { return .failure(NoFactory(closureForm)) }
    let labels = made.arguments.map { $0.label.map(labelText) ?? "_" }
    let initializer: Initializer
    switch usable(initializers.filter { $0.labels == labels }) {
    case .success(let found): initializer = found
    case .failure(let reason): return .failure(reason)
    }
    // Each argument is `$i`, and the `$i` are 0 up to their count, once each.
    var taken: [Int] = []
    for argument in made.arguments {
      guard let name = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
        name.hasPrefix("$"), let number = Int(name.dropFirst())
      else { return .failure(NoFactory(closureForm)) }
      taken.append(number)
    }
    // In order: the factory's parameters are the initializer's.
    guard taken == Array(0..<taken.count) else { return .failure(NoFactory(closureForm)) }
    guard taken.count <= 8 else { return .failure(NoFactory("it has more than 8 parameters")) }
    var types = Array(repeating: "", count: taken.count)
    for (position, number) in taken.enumerated() {
      guard let text = index.generatedType(initializer.types[position], in: type) else {
        return .failure(unnameable([initializer.types[position]], in: type))
      }
      types[number] = text
    }
    return .success(
      GeneratedSite(
        implType: implType, parameterTypes: types,
        direct: zip(made.arguments, taken).map { ($0.label.map(labelText), $1) },
        throwing: initializer.isThrowing, file: file, line: location.line))
  }

  /// Why generated code cannot name one of `types`: a type of a module the tool does not read is
  /// named as such.
  private func unnameable(_ types: [TypeSyntax], in scope: String) -> NoFactory {
    for type in types where index.generatedType(type, in: scope) == nil {
      guard let key = index.key(of: type, in: scope), !key.type.hasPrefix(localPrefix),
        index.types[key.type] == nil
      else { continue }
      return NoFactory(
        "the tool cannot name `\(typeText(type))`, a parameter's type: it is declared in a module "
          + "the tool does not read (a package fetched by URL, or the toolchain's)")
    }
    return NoFactory("the tool cannot name a parameter's type in generated code")
  }

  /// The one initializer among `candidates` that generated code may call.
  private func usable(_ candidates: [Initializer]) -> Result<Initializer, NoFactory> {
    guard let initializer = candidates.first else {
      return .failure(NoFactory("the tool finds no initializer of it with these labels"))
    }
    guard candidates.count == 1 else {
      return .failure(NoFactory("several initializers match; name one (`T.init(a:b:)`)"))
    }
    let why =
      initializer.isMainActor
      ? "its initializer is `@MainActor`"
      : initializer.isAsync
        ? "its initializer is `async`"
        : initializer.isGeneric
          ? "its initializer is generic"
          : initializer.isFailable
            ? "its initializer is failable"
            : initializer.isPrivate
              ? "its initializer is private"
              : !initializer.isVisibleToTarget
                ? "its initializer is not public in \(initializer.module ?? ""), so generated "
                  + "code here cannot call it"
                : initializer.isConditional
                  ? "its initializer is under `#if`"
                  : initializer.isLimited
                    ? "its initializer has an attribute (`@available`, a global actor) generated "
                      + "code cannot vouch for" : nil
    if let why { return .failure(NoFactory(why)) }
    return .success(initializer)
  }
}
#endif
