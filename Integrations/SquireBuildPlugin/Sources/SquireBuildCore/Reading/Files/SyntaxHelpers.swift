#if BuildPlugin
import SwiftSyntax

// Reading syntax: small questions about a node that every stage asks.

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

/// How far a declaration is visible, as its modifiers write it (`internal` when none does).
enum Access: Int, Comparable {
  case `private`, `fileprivate`, `internal`, `package`, `public`, open

  init(_ modifiers: DeclModifierListSyntax) {
    self = .internal
    for modifier in modifiers {
      // `private(set)` limits the setter only.
      if modifier.detail != nil { continue }
      switch modifier.name.text {
      case "private": self = .private
      case "fileprivate": self = .fileprivate
      case "package": self = .package
      case "public": self = .public
      case "open": self = .open
      default: continue
      }
    }
  }

  static func < (left: Access, right: Access) -> Bool { left.rawValue < right.rawValue }

  /// Whether code of the target being checked may name a declaration of this access, declared
  /// in `module` (nil: the target itself), of the target's package or not.
  func isVisibleToTarget(from module: String?, isSibling: Bool) -> Bool {
    module == nil || self >= .public || (self == .package && isSibling)
  }
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
