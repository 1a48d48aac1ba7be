#if BuildPlugin
import SwiftSyntax

// Modifiers: lifetimes, `.as`, injections and the rest chained on a registration.
extension Reader {
  /// Applies one modifier; false when the tool cannot read it.
  func readModifier(
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
      if name != "onClose" { registration.steps += 1 }
      return true
    case "injection", "injectionOnMainActor", "asyncInjection":
      if name == "asyncInjection" { registration.isAsync = true }
      registration.steps += 1
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
    var qualifierLocation: Location?
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
        qualifierLocation = frame.file.location(of: argument.expression)
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
      if let qualifierLocation, registration.qualifiedAt[dependency.key] == nil {
        registration.qualifiedAt[dependency.key] = qualifierLocation
      }
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
