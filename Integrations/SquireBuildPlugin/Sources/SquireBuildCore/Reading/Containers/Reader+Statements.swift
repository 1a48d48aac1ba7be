#if BuildPlugin
import SwiftSyntax

// Statements: what a body does with containers, one statement at a time.
extension Reader {
  func walk(_ items: CodeBlockItemListSyntax, _ frame: Frame, certain: Bool) {
    for item in items {
      switch item.item {
      case .decl(let decl):
        if let variable = decl.as(VariableDeclSyntax.self) {
          bind(variable, frame, certain: certain)
        } else if !decl.is(FunctionDeclSyntax.self) && !decl.isTypeDeclaration {
          scan(Syntax(decl), frame, certain: false)
        }
      case .stmt(let statement):
        self.statement(statement, frame, certain: certain)
      case .expr(let expression):
        self.expression(expression, frame, certain: certain)
      }
    }
  }

  func statement(_ statement: StmtSyntax, _ frame: Frame, certain: Bool) {
    if let expression = statement.as(ExpressionStmtSyntax.self) {
      self.expression(expression.expression, frame, certain: certain)
    } else if let returned = statement.as(ReturnStmtSyntax.self) {
      if let value = returned.expression {
        if let graph = evaluate(value, frame, certain: certain) {
          self.returned(graph, frame, certain: certain)
        } else {
          scan(Syntax(value), frame, certain: certain)
        }
      }
    } else if let block = statement.as(DoStmtSyntax.self), block.catchClauses.isEmpty {
      walk(block.body.statements, frame, certain: certain)
    } else {
      // Branches, loops, `defer`, `#if`: what is registered there may or may not be.
      scan(Syntax(statement), frame, certain: false)
    }
  }

  /// A container a function returns: the result its caller reads, when the function certainly
  /// returns it; any other goes where the tool does not follow.
  func returned(_ graph: ContainerGraph, _ frame: Frame, certain: Bool) {
    if certain && !frame.isNested && (frame.returned == nil || frame.returned === graph) {
      frame.returned = graph
    } else if frame.returned !== graph {
      graph.open(
        "it is returned from a branch, a loop or a closure, or beside another container, and "
          + "the tool does not follow it to a caller; return one container, made unconditionally")
    }
  }

  func bind(_ variable: VariableDeclSyntax, _ frame: Frame, certain: Bool) {
    for binding in variable.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
        scan(Syntax(binding), frame, certain: certain)
        continue
      }
      // A local name hides a container of the same name from outside.
      frame.containers[name] = nil
      frame.uncertain.remove(name)
      frame.sharedNames.remove(name)
      if let value = binding.initializer?.value {
        if let graph = evaluate(value, frame, certain: certain) {
          frame.containers[name] = graph
          continue
        }
        scan(Syntax(value), frame, certain: certain)
        if let type = binding.typeAnnotation?.type,
          let key = index.key(of: type, in: frame.scope)
        {
          frame.values[name] = key.type
        } else if let type = constructedType(value, frame) {
          frame.values[name] = type
        }
      } else if let type = binding.typeAnnotation?.type,
        let key = index.key(of: type, in: frame.scope)
      {
        frame.values[name] = key.type
      }
    }
  }

  func expression(_ expression: ExprSyntax, _ frame: Frame, certain: Bool) {
    let unwrapped = Self.unwrap(expression)
    // `if` and `switch`, which parse as expressions: what is registered in a branch may or may
    // not be.
    if unwrapped.is(IfExprSyntax.self) || unwrapped.is(SwitchExprSyntax.self) {
      scan(Syntax(unwrapped), frame, certain: false)
      return
    }
    // `_ = makeContainer()`, `x = Container()`, `self.container = Container()`
    if let sequence = unwrapped.as(SequenceExprSyntax.self), sequence.elements.count == 3,
      Array(sequence.elements)[1].is(AssignmentExprSyntax.self)
    {
      let left = sequence.elements.first!
      if let graph = evaluate(sequence.elements.last!, frame, certain: certain) {
        if left.is(DiscardAssignmentExprSyntax.self) { return }
        let target = left.trimmedDescription
        if left.is(DeclReferenceExprSyntax.self) || target.hasPrefix("self.") {
          let name = target.hasPrefix("self.") ? String(target.dropFirst(5)) : target
          frame.containers[name] = graph
          frame.containers["self." + name] = graph
          shared.assign(graph, toProperty: name, of: frame.scope)
          return
        }
        graph.open("it is stored in `\(target)`, which the tool does not follow")
        return
      }
    }
    scan(Syntax(unwrapped), frame, certain: certain)
  }

  static func unwrap(_ expression: ExprSyntax) -> ExprSyntax {
    var current = expression
    while true {
      if let tried = current.as(TryExprSyntax.self) {
        current = tried.expression
      } else if let awaited = current.as(AwaitExprSyntax.self) {
        current = awaited.expression
      } else if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1,
        tuple.elements.first!.label == nil
      {
        current = tuple.elements.first!.expression
      } else {
        return current
      }
    }
  }
}
#endif
