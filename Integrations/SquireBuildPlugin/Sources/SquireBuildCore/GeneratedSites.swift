import SwiftSyntax

extension Reader {
  /// What generated code needs of `register(...)`, when the tool knows the factory's type
  /// exactly: `register(T.init)`, `register(T.init(a:b:))`, or a closure whose whole body is one
  /// initializer call that passes each of its parameters once, as it is. Nil for everything
  /// else (isolated or async factories, the modifier forms, what the tool cannot type).
  func generatedSite(
    _ call: FunctionCallExprSyntax, type: String, at location: Location, _ frame: Frame
  ) -> GeneratedSite? {
    guard let declaration = index.types[type], !declaration.isPrivate, !declaration.isGeneric,
      declaration.kind != .protocol, let initializers = index.initializers(of: type),
      let implType = index.generatedName(type, in: "")
    else { return nil }
    let arguments = Array(call.arguments)
    let file = location.file.split(separator: "/").last.map(String.init) ?? location.file
    // `register(T.init)`, `register(T.init(a:b:))`
    if call.trailingClosure == nil, arguments.count == 1, arguments[0].label == nil,
      let member = arguments[0].expression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "init"
    {
      let labels = member.declName.argumentNames.map { names in names.arguments.map(\.name.text) }
      let matching = labels.map { labels in initializers.filter { $0.labels == labels } }
      guard let initializer = usable(matching ?? initializers) else { return nil }
      let types = initializer.types.compactMap { index.generatedType($0, in: type) }
      guard types.count == initializer.types.count else { return nil }
      return GeneratedSite(
        implType: implType, parameterTypes: types,
        direct: initializer.labels.enumerated().map { ($1 == "_" ? nil : $1, $0) },
        throwing: initializer.isThrowing, file: file, line: location.line)
    }
    // `register { T(a: $0, b: $1) }`, `register { () throws -> T in try T() }`
    let closure =
      arguments.isEmpty
      ? call.trailingClosure : arguments.first?.expression.as(ClosureExprSyntax.self)
    guard let closure, arguments.count <= 1, arguments.first?.label == nil || arguments.isEmpty,
      closure.statements.count == 1
    else { return nil }
    if let signature = closure.signature {
      // No attributes (`@MainActor`), no `async`, no named parameters.
      guard signature.attributes.isEmpty, signature.effectSpecifiers?.asyncSpecifier == nil
      else { return nil }
      switch signature.parameterClause {
      case .parameterClause(let clause) where clause.parameters.isEmpty: break
      case nil: break
      default: return nil
      }
    }
    guard let item = closure.statements.first?.item else { return nil }
    var body: ExprSyntax?
    if let expression = item.as(ExprSyntax.self) {
      body = expression
    } else if let returned = item.as(ReturnStmtSyntax.self) {
      body = returned.expression
    }
    guard let body, let made = Self.unwrap(body).as(FunctionCallExprSyntax.self),
      made.trailingClosure == nil, constructedType(ExprSyntax(made), frame) == type
    else { return nil }
    let labels = made.arguments.map { $0.label?.text ?? "_" }
    guard let initializer = usable(initializers.filter { $0.labels == labels }) else { return nil }
    // Each argument is `$i`, and the `$i` are 0 up to their count, once each.
    var taken: [Int] = []
    for argument in made.arguments {
      guard let name = argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
        name.hasPrefix("$"), let number = Int(name.dropFirst())
      else { return nil }
      taken.append(number)
    }
    // In order: the factory's parameters are the initializer's.
    guard taken == Array(0..<taken.count) else { return nil }
    var types = Array(repeating: "", count: taken.count)
    for (position, number) in taken.enumerated() {
      guard let text = index.generatedType(initializer.types[position], in: type) else {
        return nil
      }
      types[number] = text
    }
    return GeneratedSite(
      implType: implType, parameterTypes: types,
      direct: zip(made.arguments, taken).map { ($0.label?.text, $1) },
      throwing: initializer.isThrowing, file: file, line: location.line)
  }

  /// The one initializer among `candidates` that generated code may call.
  private func usable(_ candidates: [Initializer]) -> Initializer? {
    guard candidates.count == 1, let initializer = candidates.first, !initializer.isGeneric,
      !initializer.isAsync, !initializer.isMainActor, !initializer.isFailable,
      !initializer.isPrivate
    else { return nil }
    return initializer
  }
}
