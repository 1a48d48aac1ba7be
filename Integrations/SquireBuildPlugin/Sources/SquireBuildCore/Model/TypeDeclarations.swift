#if BuildPlugin
import SwiftSyntax

/// A type the target declares, with what gives its registrations meaning.
final class TypeDeclaration {
  enum Kind { case `class`, `struct`, `enum`, actor, `protocol` }

  let name: String
  var kind: Kind
  /// Superclass and protocols, as written, with the scope to look their names up in.
  var inherited: [Inherited] = []
  /// The target declares the type itself, not only an extension of it.
  var isDeclared = false
  /// A declaration of it is under `#if`: it may not exist in every build.
  var isConditional = false
  /// The attributes of its declaration and its extensions, but the plain ones
  /// (`TypeDeclaration.plain`): `MainActor`, a global actor, `available`, a macro (`#if` for an
  /// attribute under `#if`).
  var attributes: [String] = []
  var initializers: [Initializer] = []
  /// The primary declaration declares an initializer (no memberwise one is made).
  var declaresInitializer = false
  var isGeneric = false
  var isMainActor = false
  /// Stored properties, for key-path and closure injections and the memberwise initializer.
  var properties: [String: Property] = [:]
  var memberwiseOrder: [String] = []
  /// A memberwise initializer cannot be told exactly (a `lazy` or wrapped property).
  var memberwiseUnknown = false
  /// `@Injected` and `@LazyInjected` properties.
  var wrapped: [WrappedProperty] = []
  /// A stored property carries an attribute the tool cannot tell from a property wrapper of
  /// Squire's (`@Squire.Injected`, a typealias of `Injected`, an attribute under `#if`), or a
  /// macro among the members may declare some: `wrapped` may not be all.
  var mayWrapUnread = false
  /// Each stored property's written type, or its initial value where the type is inferred: the
  /// type of a property wrapper of Squire's written as a property's type (`var clock:
  /// Injected<Clock>`) is filled as the wrapped property is.
  var storedTypeTexts: [String] = []
  /// Instance methods of one parameter, by name: a method injection's dependency is its
  /// parameter's type (`.injection { $0.install($1) }`).
  var methods: [String: [(label: String, type: TypeSyntax)]] = [:]
  /// Declared `private` or `fileprivate`, or nested in such a type.
  var isPrivate = false
  /// A stored property is private: the memberwise initializer is too.
  var hasPrivateStoredProperty = false
  /// The module of another target that declares it (one the target depends on); nil when the
  /// target declares it.
  var module: String?
  /// Declared in a module of the target's own package (`package` is visible).
  var isSiblingModule = false
  /// Its declared access, or its enclosing type's when that is narrower.
  var access = Access.internal

  /// Code of the target being checked may name it: it is the target's own, or public (or
  /// `package` in a module of the same package).
  var isVisibleToTarget: Bool {
    access.isVisibleToTarget(from: module, isSibling: isSiblingModule)
  }

  init(name: String, kind: Kind) {
    self.name = name
    self.kind = kind
  }

  /// A superclass or protocol, as written in the type's declaration or an extension of it.
  struct Inherited {
    let name: String
    let scope: String
    /// Written in an extension: not a superclass, and no isolation is inferred from it.
    var inExtension = false
    /// Under `#if`: it may not hold in every build.
    var isConditional = false
  }

  /// The superclass candidate: the first type the declaration itself inherits.
  var firstInherited: Inherited? { inherited.first { !$0.inExtension } }

  /// Attributes of a declaration that change neither its initializers nor its isolation, nor
  /// where it may be named.
  static let plain: Set<String> = [
    "objc", "objcMembers", "nonobjc", "frozen", "dynamicMemberLookup", "dynamicCallable",
    "preconcurrency", "usableFromInline", "inlinable", "Observable", "propertyWrapper",
    "resultBuilder", "main", "unchecked", "discardableResult", "_disfavoredOverload",
    "globalActor",
  ]

  /// Attributes of a stored property that are not property wrappers.
  static let notWrappers: Set<String> = [
    "MainActor", "IBOutlet", "IBInspectable", "NSManaged", "NSCopying", "available",
    "ObservationIgnored", "objc", "nonobjc",
  ]

  struct Property {
    let type: TypeSyntax?
    let hasInitialValue: Bool
    let isLet: Bool
  }

  struct WrappedProperty {
    let type: TypeSyntax
    let isLazy: Bool
    let qualifier: Qualifier?
    /// The wrapper's attribute (`@Injected(name: "audit")`).
    var location: Location?
  }
}

/// An initializer: its labels and parameter types.
struct Initializer {
  let labels: [String]
  let types: [TypeSyntax]
  let isAsync: Bool
  let isThrowing: Bool
  let isFailable: Bool
  let isMainActor: Bool
  /// Declared in a generic context, or generic itself: its types cannot be read alone.
  let isGeneric: Bool
  /// `private` or `fileprivate`, or in such a type: generated code cannot call it.
  var isPrivate = false
  /// Under `#if`: it may not exist in every build.
  var isConditional = false
  /// `convenience`: a subclass that declares no designated initializer inherits it.
  var isConvenience = false
  /// `override` or `required`: the class may inherit its superclass's convenience initializers.
  var isOverride = false
  /// An attribute other than `@MainActor` that generated code cannot vouch for (a global
  /// actor, `@available`), on it or on the extension that declares it.
  var isLimited = false
  /// Its access as written (an implicit initializer's is `internal`), and whether it is
  /// declared in another module of the same package: generated code in the target calls it
  /// only when it is visible there.
  var access = Access.internal
  var module: String?
  var isSiblingModule = false

  var isVisibleToTarget: Bool {
    access.isVisibleToTarget(from: module, isSibling: isSiblingModule)
  }
}

/// A function of the target that is given a container: `registerStorage(in: container)`,
/// `Part.load(container:)`, an extension method of `Container`.
struct ContainerFunction {
  let name: String
  let labels: [String]
  /// The index of the `Container` parameter, or nil for an extension method of `Container`
  /// (the container is `self`).
  let containerParameter: Int?
  let parameterNames: [String]
  /// Which parameters have a default value: a call may leave them out.
  let defaulted: [Bool]
  let body: CodeBlockSyntax
  let file: SourceFileInfo
  let isStaticInType: String?

  /// The parameter each argument of a call with `labels` is given to; nil when such a call
  /// cannot be this function's.
  func parameters(forLabels labels: [String]) -> [Int]? {
    var positions: [Int] = []
    var parameter = 0
    for label in labels {
      while parameter < self.labels.count, self.labels[parameter] != label {
        guard defaulted[parameter] else { return nil }
        parameter += 1
      }
      guard parameter < self.labels.count else { return nil }
      positions.append(parameter)
      parameter += 1
    }
    return defaulted[parameter...].allSatisfy { $0 } ? positions : nil
  }
}

/// A function of the target whose result is a `Container` it makes.
struct ContainerMaker {
  let name: String
  let scope: String
  let labels: [String]
  /// Its parameters' names and types: a factory may return one (`register { logger }`).
  let parameters: [(name: String, type: TypeSyntax)]
  let body: CodeBlockSyntax
  let file: SourceFileInfo
}
#endif
