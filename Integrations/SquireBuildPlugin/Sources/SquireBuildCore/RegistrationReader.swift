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
    registration.generated = generatedSite(call, type: type, at: location, frame)
    if let dependencies = registration.dependencies {
      registration.dependencies = dependencies + index.wrappedDependencies(of: type)
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
  private static func isKept(_ expression: Syntax) -> Bool {
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

  /// What SquireConfiguration's `register(configuration:)` registers.
  static let configurationSource = "ConfigurationSource"

  struct ReadFactory {
    var type: String?
    /// Not `register(T.self)`.
    var hasFactory = true
    var dependencies: [Dependency]?
    /// `dependencies` is every parameter's, none left out because the tool could not read it.
    var readsAll = true
    var arguments: [String] = []
    var initializer: Factory?
    /// The lifetime the registering function gives it.
    var lifetime: Lifetime?
  }

  private func readFactory(_ call: FunctionCallExprSyntax, _ frame: Frame) -> ReadFactory {
    let arguments = Array(call.arguments)
    var modificator = call.trailingClosure
    var factoryExpression: ExprSyntax?
    switch (arguments.count, arguments.first?.label?.text) {
    case (0, _):
      guard let closure = call.trailingClosure else { return ReadFactory() }
      return readClosureFactory(closure, frame)
    // `register(isolated:)` asks for what the unlabeled form with the same factory asks for.
    case (1, nil), (1, "isolated"):
      factoryExpression = arguments[0].expression
    case (1, "configuration") where frame.file.imports.contains("SquireConfiguration"):
      // SquireConfiguration's `register(configuration:)`: a `.single` `ConfigurationSource`.
      index.knownOfOtherModules.insert(Self.configurationSource)
      return ReadFactory(type: Self.configurationSource, dependencies: [], lifetime: .single)
    case (2, nil) where arguments[1].label?.text == "modificator",
      (2, "isolated") where arguments[1].label?.text == "modificator":
      factoryExpression = arguments[0].expression
      modificator = arguments[1].expression.as(ClosureExprSyntax.self)
      if modificator == nil { return ReadFactory() }
    default:
      return ReadFactory()
    }
    guard let factoryExpression else { return ReadFactory() }
    if let closure = factoryExpression.as(ClosureExprSyntax.self), modificator == nil {
      return readClosureFactory(closure, frame)
    }
    // `register(T.self)`: no factory, only injections.
    if let name = metatypeName(factoryExpression), modificator == nil {
      return ReadFactory(
        type: index.canonical(name, in: frame.scope), hasFactory: false, dependencies: [])
    }
    // `register(T.init)`, `register(T.init(a:b:))`
    guard let member = factoryExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "init", let base = member.base
    else { return ReadFactory() }
    let written = typeText(base)
    guard written.first?.isUppercase == true || written.contains(".") else { return ReadFactory() }
    let type = index.canonical(written, in: frame.scope)
    var result = ReadFactory(type: type)
    guard let initializers = index.initializers(of: type) else { return result }
    let labels = member.declName.argumentNames.map { names in
      names.arguments.map { $0.name.text }
    }
    let matching =
      labels.map { labels in initializers.filter { $0.labels == labels } } ?? initializers
    guard matching.count == 1, let initializer = matching.first, !initializer.isGeneric else {
      return result
    }
    if initializer.isFailable { return ReadFactory() }
    var parameters: [Dependency?] = initializer.types.map {
      index.dependency(of: $0, in: type)
    }
    if let modificator {
      guard let first = initializer.types.first else { return result }
      let read = readModifierClosure(modificator, parameterType: first, scope: type, frame)
      switch read {
      case .dependency(let dependency): parameters[0] = dependency
      case .argument(let argument):
        parameters[0] = nil
        result.arguments.append(argument)
      case .optionalArgument: parameters[0] = nil
      case .unknown:
        parameters[0] = nil
        result.readsAll = false
      }
    }
    result.dependencies = parameters.compactMap { $0 }
    if parameters.dropFirst(modificator == nil ? 0 : 1).contains(where: { $0 == nil }) {
      result.readsAll = false
    }
    if parameters.allSatisfy({ $0 != nil }) {
      result.initializer = Factory(
        labels: initializer.labels, parameters: parameters.map { $0! },
        isAsync: initializer.isAsync, isThrowing: initializer.isThrowing,
        isMainActor: initializer.isMainActor)
    }
    return result
  }

  enum ReadParameter {
    case dependency(Dependency)
    case argument(String)
    /// An optional runtime argument: `nil` when not passed, so nothing to check.
    case optionalArgument
    case unknown
  }

  /// `{ arg($0) }`, `{ many($0) }`, `{ by(tag: T.self, $0) }`, `{ $0 as U }` on a parameter of
  /// `parameterType`.
  private func readModifierClosure(
    _ closure: ClosureExprSyntax, parameterType: TypeSyntax, scope: String, _ frame: Frame
  ) -> ReadParameter {
    guard closure.statements.count == 1,
      let expression = closure.statements.first?.item.as(ExprSyntax.self)
    else { return .unknown }
    let parameter = closure.signature.flatMap(Self.closureParameterNames)?.first ?? "$0"
    return readArgument(
      expression, parameters: [parameter: parameterType], scope: scope, frame)
  }

  /// What an argument expression of a factory call asks for, given the closure's parameters and
  /// the type the callee expects there.
  func readArgument(
    _ expression: ExprSyntax, parameters: [String: TypeSyntax], scope: String, _ frame: Frame,
    expected: TypeSyntax? = nil
  ) -> ReadParameter {
    let expression = Self.unwrap(expression)
    // Only a parameter of the closure is resolved: anything else is a value it captured.
    func isParameter(_ expression: ExprSyntax) -> Bool {
      guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else {
        return false
      }
      return parameters[name] != nil || name.hasPrefix("$")
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      guard isParameter(expression), let type = expected ?? parameters[name] else {
        return .unknown
      }
      return index.dependency(of: type, in: scope).map(ReadParameter.dependency) ?? .unknown
    }
    if let (inner, type) = Self.cast(expression) {
      guard isParameter(inner) else { return .unknown }
      return index.dependency(of: type, in: frame.scope).map(ReadParameter.dependency)
        ?? .unknown
    }
    guard let call = expression.as(FunctionCallExprSyntax.self),
      let function = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    else { return .unknown }
    let arguments = Array(call.arguments)
    switch function {
    case "arg" where arguments.count == 1:
      guard isParameter(arguments[0].expression),
        let inner = arguments[0].expression.as(DeclReferenceExprSyntax.self),
        let type = expected ?? parameters[inner.baseName.text]
      else { return .unknown }
      // An optional argument that is not passed is `nil`: nothing to report.
      if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
        return .optionalArgument
      }
      return .argument(displayName(typeText(type)))
    case "many" where arguments.count == 1:
      guard let type = expected ?? parameters.values.first, parameters.count == 1 || expected != nil
      else { return .unknown }
      let inner = Self.unwrap(arguments[0].expression)
      if isParameter(inner) {
        guard let key = index.elementKey(of: type, in: scope, qualifier: .none) else {
          return .unknown
        }
        return .dependency(Dependency(key: key, kind: .many))
      }
      return .unknown
    case "config" where arguments.count == 2 && frame.file.imports.contains("SquireConfiguration"):
      // SquireConfiguration's `config(Key.self, $0)`: `$0` is a `Config<Key>`, which the
      // container derives from the registered `ConfigurationSource`.
      guard isParameter(Self.unwrap(arguments[1].expression)) else { return .unknown }
      index.knownOfOtherModules.insert(Self.configurationSource)
      return .dependency(
        Dependency(key: Key(type: Self.configurationSource, qualifier: .none), kind: .required))
    case "by" where arguments.count == 2 && arguments[0].label?.text == "tag":
      guard let tag = metatypeName(arguments[0].expression),
        isParameter(Self.unwrap(arguments[1].expression)),
        let inner = Self.unwrap(arguments[1].expression).as(DeclReferenceExprSyntax.self),
        let type = expected ?? parameters[inner.baseName.text],
        let dependency = index.dependency(
          of: type, in: scope, qualifier: .tag(index.canonical(tag, in: frame.scope)))
      else { return .unknown }
      return .dependency(dependency)
    default:
      return .unknown
    }
  }

  /// `x as T`, folded or as the parser leaves it (a sequence of `x`, `as`, `T`).
  static func cast(_ expression: ExprSyntax) -> (ExprSyntax, TypeSyntax)? {
    if let cast = expression.as(AsExprSyntax.self), cast.questionOrExclamationMark == nil {
      return (cast.expression, cast.type)
    }
    guard let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3
    else { return nil }
    let elements = Array(sequence.elements)
    guard let operation = elements[1].as(UnresolvedAsExprSyntax.self),
      operation.questionOrExclamationMark == nil,
      let type = elements[2].as(TypeExprSyntax.self)?.type
    else { return nil }
    return (elements[0], type)
  }

  static func closureParameterNames(_ signature: ClosureSignatureSyntax) -> [String]? {
    switch signature.parameterClause {
    case .simpleInput(let names): return names.map { $0.name.text }
    case .parameterClause(let clause): return clause.parameters.map { $0.firstName.text }
    case nil: return nil
    }
  }

  /// `register { T(a: $0, b: many($1)) }`, `register { (a: A) -> T in ... }`, `{ value }`.
  private func readClosureFactory(_ closure: ClosureExprSyntax, _ frame: Frame) -> ReadFactory {
    var result = ReadFactory()
    var declaredTypes: [String: TypeSyntax] = [:]
    var names: [String] = []
    if let signature = closure.signature {
      if let returned = signature.returnClause?.type {
        if let key = index.key(of: returned, in: frame.scope) { result.type = key.type }
      }
      if case .parameterClause(let clause) = signature.parameterClause {
        for parameter in clause.parameters {
          let name = (parameter.secondName ?? parameter.firstName).text
          names.append(name)
          if let type = parameter.type { declaredTypes[name] = type }
        }
      } else if case .simpleInput(let list) = signature.parameterClause {
        names = list.map { $0.name.text }
      }
    }
    // The expression it returns, when it is one.
    var body: ExprSyntax?
    if closure.statements.count == 1, let only = closure.statements.first {
      if let expression = only.item.as(ExprSyntax.self) {
        body = expression
      } else if let returned = only.item.as(ReturnStmtSyntax.self) {
        body = returned.expression
      } else if let statement = only.item.as(ExpressionStmtSyntax.self) {
        body = statement.expression
      }
    }
    // Typed parameters: each is a dependency as written, or a runtime argument (`Arg<T>`).
    if names.count == declaredTypes.count, !names.isEmpty {
      var dependencies: [Dependency] = []
      for type in names.compactMap({ declaredTypes[$0] }) {
        if let argument = Self.argumentType(type) {
          if !argument.is(OptionalTypeSyntax.self) {
            result.arguments.append(displayName(typeText(argument)))
          }
        } else if let dependency = index.dependency(of: type, in: frame.scope) {
          dependencies.append(dependency)
        } else {
          result.readsAll = false
        }
      }
      result.dependencies = dependencies
      if result.type == nil, let body { result.type = constructedType(body, frame) }
      return result
    }
    guard let body else { return result }
    let expression = Self.unwrap(body)
    if result.type == nil {
      if expression.is(StringLiteralExprSyntax.self) {
        result.type = "String"
      } else if expression.is(IntegerLiteralExprSyntax.self) {
        result.type = "Int"
      } else if expression.is(BooleanLiteralExprSyntax.self) {
        result.type = "Bool"
      } else if let reference = expression.as(DeclReferenceExprSyntax.self) {
        result.type = frame.values[reference.baseName.text]
      } else {
        result.type = constructedType(expression, frame)
      }
    }
    guard let type = result.type else { return result }
    if !closureUsesParameters(closure) {
      result.dependencies = []
      return result
    }
    // `T(a: $0, b: many($1))`: each parameter's type is the initializer's, by its label.
    guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
      let initializers = index.initializers(of: type)
    else { return result }
    let labels = call.arguments.map { $0.label?.text ?? "_" }
    let matching = initializers.filter { $0.labels == labels }
    guard matching.count == 1, let initializer = matching.first, !initializer.isGeneric else {
      return result
    }
    var dependencies: [Dependency] = []
    for (argument, parameterType) in zip(call.arguments, initializer.types) {
      let uses = ParameterUseFinder()
      uses.walk(argument.expression)
      guard uses.found else { continue }
      switch readArgument(
        argument.expression, parameters: [:], scope: type, frame, expected: parameterType)
      {
      case .dependency(let dependency): dependencies.append(dependency)
      case .argument(let argument): result.arguments.append(argument)
      case .optionalArgument: continue
      case .unknown: result.readsAll = false
      }
    }
    result.dependencies = dependencies
    return result
  }

  /// `T` of a closure parameter typed `Arg<T>`.
  private static func argumentType(_ type: TypeSyntax) -> TypeSyntax? {
    guard let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Arg",
      let arguments = identifier.genericArgumentClause?.arguments, arguments.count == 1
    else { return nil }
    return Syntax(arguments.first!.argument).as(TypeSyntax.self)
  }

  private func closureUsesParameters(_ closure: ClosureExprSyntax) -> Bool {
    if let signature = closure.signature, signature.parameterClause != nil { return true }
    let uses = ParameterUseFinder()
    uses.walk(closure.statements)
    return uses.found
  }

  // MARK: Modifiers

  /// Applies one modifier; false when the tool cannot read it.
  private func readModifier(
    _ name: String, _ call: FunctionCallExprSyntax, _ registration: Registration,
    _ graph: ContainerGraph, _ frame: Frame
  ) -> Bool {
    let arguments = Array(call.arguments)
    switch name {
    case "as":
      guard let first = arguments.first, first.label == nil,
        let type = metatypeName(first.expression)
      else { return false }
      let canonical = index.canonical(type, in: frame.scope)
      var qualifier = Qualifier.none
      if arguments.count == 2 {
        switch arguments[1].label?.text {
        case "name":
          guard let name = stringLiteral(arguments[1].expression) else { return false }
          qualifier = .name(name)
        case "tag":
          guard let tag = metatypeName(arguments[1].expression) else { return false }
          qualifier = .tag(index.canonical(tag, in: frame.scope))
        default: return false
        }
      } else if arguments.count != 1 {
        return false
      }
      registration.forwards.append(
        (
          Key(type: canonical, qualifier: qualifier),
          frame.file.location(of: call.calledExpression.as(MemberAccessExprSyntax.self)!.declName)
        ))
      return true
    case "default":
      registration.isDefault = true
      return true
    case "lifetime":
      registration.lifetime = arguments.first.map { Self.lifetime($0.expression) } ?? .unknown
      return true
    case "when":
      guard let consumer = arguments.first.flatMap({ metatypeName($0.expression) }) else {
        return false
      }
      registration.consumers.append(index.canonical(consumer, in: frame.scope))
      return true
    case "postInit", "postInitOnMainActor", "asyncPostInit", "onClose":
      if name == "asyncPostInit" { registration.isAsync = true }
      return true
    case "injection", "injectionOnMainActor", "asyncInjection":
      if name == "asyncInjection" { registration.isAsync = true }
      let read = registration.dependencies?.count
      readInjection(call, registration, frame)
      // An injection the tool could not read asks for something it does not know.
      if registration.dependencies?.count == read { registration.readsEveryDependency = false }
      return true
    case "passesArguments":
      let location = frame.file.location(
        of: call.calledExpression.as(MemberAccessExprSyntax.self)!.declName)
      var types: [String] = []
      for argument in arguments {
        guard argument.label == nil || argument.label?.text == "to",
          let type = metatypeName(argument.expression)
        else { return false }
        types.append(index.canonical(type, in: frame.scope))
      }
      registration.passesArgumentsTo += types.map { ($0, location) }
      return true
    default:
      return false
    }
  }

  static func lifetime(_ expression: ExprSyntax) -> Lifetime {
    if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil {
      switch member.declName.baseName.text {
      case "prototype": return .prototype
      case "objectGraph": return .objectGraph
      case "perContainer": return .perContainer
      case "single": return .single
      case "weak": return .weak
      default: return .unknown
      }
    }
    if let call = expression.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.base == nil, member.declName.baseName.text == "scoped",
      let scope = call.arguments.first
    {
      return .scoped(scope.expression.trimmedDescription)
    }
    return .unknown
  }

  /// `.injection(\.property)`, `.injection(\T.property) { many($0) }`,
  /// `.injection(cycle: true) { $0.property = $1 }`, `.injection(name: "x") { ... }`.
  private func readInjection(
    _ call: FunctionCallExprSyntax, _ registration: Registration, _ frame: Frame
  ) {
    guard let type = registration.type, registration.dependencies != nil else { return }
    var breaksCycle = false
    var qualifier = Qualifier.none
    var keyPath: KeyPathExprSyntax?
    var closure = call.trailingClosure
    for argument in call.arguments {
      switch argument.label?.text {
      case "cycle":
        guard let literal = argument.expression.as(BooleanLiteralExprSyntax.self) else {
          // Not a literal: it may or may not break a cycle, so nothing through it is certain.
          registration.dependencies = nil
          return
        }
        breaksCycle = literal.literal.text == "true"
      case "name":
        guard let name = stringLiteral(argument.expression) else {
          registration.dependencies = nil
          return
        }
        qualifier = .name(name)
      case nil:
        if let path = argument.expression.as(KeyPathExprSyntax.self) {
          keyPath = path
        } else if let literal = argument.expression.as(ClosureExprSyntax.self) {
          closure = literal
        }
      default:
        break
      }
    }
    var dependency: Dependency?
    if let keyPath {
      // `\.property` or `\T.property`: one component, a property.
      guard keyPath.components.count == 1,
        let component = keyPath.components.first?.component.as(KeyPathPropertyComponentSyntax.self),
        let (propertyType, scope) = index.propertyType(
          component.declName.baseName.text, of: type)
      else { return }
      if let closure {
        switch readModifierClosure(closure, parameterType: propertyType, scope: scope, frame) {
        case .dependency(let read): dependency = read
        case .argument, .optionalArgument, .unknown: return
        }
      } else {
        dependency = index.dependency(of: propertyType, in: scope)
      }
    } else if let closure {
      dependency = readInjectionClosure(closure, type: type, frame)
    }
    guard var dependency else { return }
    if qualifier != .none {
      guard dependency.key.qualifier == .none else { return }
      dependency = Dependency(
        key: Key(type: dependency.key.type, qualifier: qualifier), kind: dependency.kind)
    }
    registration.dependencies?.append(
      Dependency(key: dependency.key, kind: dependency.kind, breaksCycle: breaksCycle))
  }

  /// `{ $0.engine = $1 }`, `{ car, engine in car.engine = engine }`, `{ $0.wheels = many($1) }`,
  /// `{ $0.engine = $1 as OtherEngine }`: the dependency of an assignment to one property.
  private func readInjectionClosure(
    _ closure: ClosureExprSyntax, type: String, _ frame: Frame
  ) -> Dependency? {
    guard closure.statements.count == 1,
      let expression = closure.statements.first?.item.as(ExprSyntax.self)
    else { return nil }
    let names = closure.signature.flatMap(Self.closureParameterNames) ?? ["$0", "$1"]
    guard names.count == 2 else { return nil }
    var left: ExprSyntax?
    var right: ExprSyntax?
    if let infix = expression.as(InfixOperatorExprSyntax.self),
      infix.operator.is(AssignmentExprSyntax.self)
    {
      left = infix.leftOperand
      right = infix.rightOperand
    } else if let sequence = expression.as(SequenceExprSyntax.self),
      sequence.elements.count == 3 || sequence.elements.count == 5,
      sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true
    {
      let elements = Array(sequence.elements)
      left = elements[0]
      if elements.count == 5 {
        // `$0.engine = $1 as OtherEngine`: the type asked for is the cast's.
        guard elements[3].as(UnresolvedAsExprSyntax.self)?.questionOrExclamationMark == nil,
          elements[3].is(UnresolvedAsExprSyntax.self),
          let type = elements[4].as(TypeExprSyntax.self)?.type,
          elements[2].as(DeclReferenceExprSyntax.self)?.baseName.text == names[1],
          left?.as(MemberAccessExprSyntax.self)?.base?.as(DeclReferenceExprSyntax.self)?
            .baseName.text == names[0]
        else { return nil }
        return index.dependency(of: type, in: frame.scope)
      }
      right = elements[2]
    }
    // `$0.install($1)`, `car.install(engine: engine)`: the method's parameter type.
    if left == nil, let call = expression.as(FunctionCallExprSyntax.self),
      call.trailingClosure == nil, call.arguments.count == 1,
      let method = call.calledExpression.as(MemberAccessExprSyntax.self),
      method.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == names[0],
      let argument = call.arguments.first,
      let (parameterType, scope) = index.methodParameterType(
        method.declName.baseName.text, label: argument.label?.text ?? "_", of: type)
    {
      switch readArgument(
        argument.expression, parameters: [names[1]: parameterType], scope: scope, frame,
        expected: parameterType)
      {
      case .dependency(let dependency): return dependency
      case .argument, .optionalArgument, .unknown: return nil
      }
    }
    guard let left = left?.as(MemberAccessExprSyntax.self),
      left.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == names[0], let right
    else { return nil }
    guard
      let (propertyType, scope) = index.propertyType(left.declName.baseName.text, of: type)
    else { return nil }
    switch readArgument(
      right, parameters: [names[1]: propertyType], scope: scope, frame, expected: propertyType)
    {
    case .dependency(let dependency): return dependency
    case .argument, .optionalArgument, .unknown: return nil
    }
  }
}

/// Whether code awaits, outside closures nested in it.
final class AwaitFinder: SyntaxVisitor {
  var found = false

  init() { super.init(viewMode: .sourceAccurate) }

  override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
    found = true
    return .skipChildren
  }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// The names code refers to, outside closures nested in it.
final class NameUseFinder: SyntaxVisitor {
  var names: Set<String> = []

  init() { super.init(viewMode: .sourceAccurate) }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    names.insert(node.baseName.text)
    return .visitChildren
  }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// Whether code uses an anonymous closure parameter (`$0`).
final class ParameterUseFinder: SyntaxVisitor {
  var found = false

  init() { super.init(viewMode: .sourceAccurate) }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    if node.baseName.text.hasPrefix("$") { found = true }
    return .visitChildren
  }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
#endif
