#if BuildPlugin
import SwiftSyntax

extension Reader {
  /// Reads `container.register(...)` and the modifiers chained on it.
  func readRegistration(
    _ call: FunctionCallExprSyntax, _ graph: ContainerGraph, _ frame: Frame, certain: Bool
  ) {
    let token = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName ?? nil
    let location = token.map { frame.file.location(of: $0) } ?? frame.file.location(of: call)
    let factory = readFactory(call, frame)
    guard let type = factory.type else {
      graph.open("a registration at \(location) makes a type the tool cannot read")
      return
    }
    let registration = Registration(location: location, type: type, isCertain: certain)
    // A container's default lifetime goes to every component with a factory (a `.weak` one to
    // classes only: which are, the tool does not always know).
    if factory.hasFactory && graph.defaultLifetime != .prototype {
      registration.lifetime = graph.defaultLifetime == .weak ? .unknown : graph.defaultLifetime
    }
    if let lifetime = factory.lifetime { registration.lifetime = lifetime }
    registration.dependencies = factory.dependencies
    registration.readsEveryDependency = factory.dependencies != nil && factory.readsAll
    registration.arguments = factory.arguments
    registration.factory = factory.initializer
    registration.isAsync = factory.initializer?.isAsync == true || Self.isAsyncClosure(call)
    if frame.file.lineText(of: call).contains("squire: dynamic") { registration.isSilenced = true }
    registration.isLabelledForm = call.arguments.first?.label != nil
    registration.generated = generatedSite(call, type: type, at: location, frame)
    if let dependencies = registration.dependencies {
      let wrapped = index.wrappedDependencies(of: type)
      registration.dependencies = dependencies + wrapped.dependencies
      registration.qualifiedAt.merge(wrapped.qualifiedAt) { first, _ in first }
    }
    // The modifiers, innermost first.
    var current = Syntax(call)
    while let member = current.parent?.as(MemberAccessExprSyntax.self),
      member.base?.id == current.id,
      let modifier = member.parent?.as(FunctionCallExprSyntax.self),
      modifier.calledExpression.id == member.id
    {
      if !readModifier(member.declName.baseName.text, modifier, registration, graph, frame) {
        graph.open(
          "`.\(member.declName.baseName.text)` at \(frame.file.location(of: member.declName)) "
            + "is a modifier the tool cannot read")
      }
      current = Syntax(modifier)
    }
    if Self.isKept(current) {
      graph.open(
        "the component registered at \(location) is kept, and may get modifiers the tool does "
          + "not see")
    }
    registrationCount += 1
    registration.order = registrationCount
    graph.registrations.append(registration)
  }

  /// Whether a registration's factory is a closure written `async` or that awaits.
  static func isAsyncClosure(_ call: FunctionCallExprSyntax) -> Bool {
    let closure =
      call.trailingClosure
      ?? call.arguments.first.flatMap { $0.expression.as(ClosureExprSyntax.self) }
    guard let closure else { return false }
    if closure.signature?.effectSpecifiers?.asyncSpecifier != nil { return true }
    let finder = AwaitFinder()
    finder.walk(closure.statements)
    return finder.found
  }

  /// Whether `call` is written with `await` in the top-level code of a `main.swift` (no function,
  /// closure, type or accessor around it), where Swift binds it to the synchronous overload.
  func isAwaitedInTopLevelCode(_ call: FunctionCallExprSyntax, _ frame: Frame) -> Bool {
    guard frame.file.path == "main.swift" || frame.file.path.hasSuffix("/main.swift") else {
      return false
    }
    var awaited = false
    var current = call.parent
    while let node = current {
      if node.is(AwaitExprSyntax.self) { awaited = true }
      if node.is(ClosureExprSyntax.self) || node.is(FunctionDeclSyntax.self)
        || node.is(AccessorBlockSyntax.self) || node.is(MemberBlockSyntax.self)
        || node.is(InitializerDeclSyntax.self)
      {
        return false
      }
      current = node.parent
    }
    return awaited
  }

  /// Reads `await container.resolve(T.self)`, `let x: T = await container.resolve()` and
  /// `try await container.tryResolve(T.self)` in the top-level code of a `main.swift`: Swift binds
  /// them to the synchronous overload, which cannot build what is async.
  func readTopLevelResolve(_ call: FunctionCallExprSyntax, _ graph: ContainerGraph, _ frame: Frame)
  {
    guard isAwaitedInTopLevelCode(call, frame) else { return }
    var written: String?
    if let first = call.arguments.first, first.label == nil, call.arguments.count == 1 {
      written = metatypeName(first.expression)
    } else if call.arguments.isEmpty {
      // `let x: T = await container.resolve()`
      var node = call.parent
      while let next = node, !next.is(PatternBindingSyntax.self) { node = next.parent }
      if let binding = node?.as(PatternBindingSyntax.self), let type = binding.typeAnnotation?.type,
        let key = index.key(of: type, in: frame.scope)
      {
        written = key.type
      }
    }
    guard let written else { return }
    let token = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName
    graph.topLevelResolves.append(
      (
        Key(type: index.canonical(written, in: frame.scope)),
        token.map { frame.file.location(of: $0) } ?? frame.file.location(of: call)
      ))
  }

  /// Reads `container.decorate(T.self) { inner, clock in Timed(inner: inner, clock: clock) }`:
  /// the decorator's own dependencies, from its typed parameters or from the initializer its
  /// body calls (its first parameter is the instance it decorates).
  func readDecorator(
    _ call: FunctionCallExprSyntax, _ graph: ContainerGraph, _ frame: Frame, certain: Bool
  ) {
    graph.hasDecorators = true
    let arguments = Array(call.arguments)
    guard let first = arguments.first, first.label == nil,
      let decorated = metatypeName(first.expression),
      let closure = call.trailingClosure
        ?? arguments.dropFirst().first?.expression.as(
          ClosureExprSyntax.self),
      arguments.count == (call.trailingClosure == nil ? 2 : 1)
    else { return }
    let token = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName
    let location = token.map { frame.file.location(of: $0) } ?? frame.file.location(of: call)
    let decorator = Registration(
      location: location, type: index.canonical(decorated, in: frame.scope), isCertain: certain)
    decorator.isDecorator = true
    var names: [String] = []
    var declared: [String: TypeSyntax] = [:]
    switch closure.signature?.parameterClause {
    case .parameterClause(let clause):
      for parameter in clause.parameters {
        let name = (parameter.secondName ?? parameter.firstName).text
        names.append(name)
        if let type = parameter.type { declared[name] = type }
      }
    case .simpleInput(let list): names = list.map { $0.name.text }
    case nil: break
    }
    var dependencies: [Dependency] = []
    if !names.isEmpty, names.count == declared.count {
      // `{ (inner: Catalog, clock: Clock) in ... }`
      for name in names.dropFirst() {
        if let dependency = index.dependency(of: declared[name]!, in: frame.scope) {
          dependencies.append(dependency)
        }
      }
    } else if closure.statements.count == 1,
      let body = closure.statements.first?.item.as(ExprSyntax.self),
      let made = Self.unwrap(body).as(FunctionCallExprSyntax.self), made.trailingClosure == nil,
      let type = constructedType(ExprSyntax(made), frame),
      let initializers = index.initializers(of: type)
    {
      // `{ Timed(inner: $0, clock: $1) }`, `{ inner, clock in Timed(inner: inner, clock: clock) }`
      let labels = made.arguments.map { $0.label.map(labelText) ?? "_" }
      let matching = initializers.filter { $0.labels == labels }
      guard matching.count == 1, let initializer = matching.first, !initializer.isGeneric else {
        graph.decorators.append(decorator)
        return
      }
      let inner = names.first ?? "$0"
      let others = names.isEmpty ? nil : Set(names.dropFirst())
      for (argument, parameterType) in zip(made.arguments, initializer.types) {
        let uses = NameUseFinder()
        uses.walk(argument.expression)
        guard !uses.names.contains(inner),
          uses.names.contains(where: { others?.contains($0) ?? $0.hasPrefix("$") })
        else { continue }
        let parameters = Dictionary(
          (others.map(Array.init) ?? []).map { ($0, parameterType) },
          uniquingKeysWith: { a, _ in a })
        if case .dependency(let dependency) = readArgument(
          argument.expression, parameters: parameters, scope: type, frame, expected: parameterType)
        {
          dependencies.append(dependency)
        }
      }
    }
    decorator.dependencies = dependencies
    graph.decorators.append(decorator)
  }

  /// Whether the component a registration returns, with its modifiers, is used past its
  /// statement (kept in a variable, returned, passed on): something may modify it later.
  static func isKept(_ expression: Syntax) -> Bool {
    guard let parent = expression.parent else { return false }
    // `_ = container.register(...)`
    if let list = parent.as(ExprListSyntax.self), list.count == 3,
      list.first?.is(DiscardAssignmentExprSyntax.self) == true, list.last?.id == expression.id
    {
      return false
    }
    guard let item = parent.as(CodeBlockItemSyntax.self) else { return true }
    // The only statement of a function that returns something returns it.
    guard let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1,
      let function = list.parent?.parent?.as(FunctionDeclSyntax.self)
    else { return false }
    return function.signature.returnClause != nil
  }
}
#endif
