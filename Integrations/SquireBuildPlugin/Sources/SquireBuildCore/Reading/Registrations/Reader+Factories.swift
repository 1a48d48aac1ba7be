#if BuildPlugin
import SwiftSyntax

// Factories: what a registration builds, and what each of its parameters asks for.
extension Reader {
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

  func readFactory(_ call: FunctionCallExprSyntax, _ frame: Frame) -> ReadFactory {
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
  func readModifierClosure(
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
}
#endif
