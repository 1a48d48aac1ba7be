#if BuildPlugin
import SwiftSyntax

/// Everything the target declares that the reader needs, by qualified name.
final class DeclarationIndex {
  /// The target's module name: `App.Service` names the target's `Service`.
  var module = ""
  /// The other modules whose files the tool reads (first-party modules the target depends
  /// on): `Core.Logger` names Core's `Logger`.
  var readModules: Set<String> = []
  /// The module of each file of another module the tool reads, by path.
  var fileModules: [String: String] = [:]
  var types: [String: TypeDeclaration] = [:]
  var typealiases: [String: (type: TypeSyntax, scope: String)] = [:]
  var containerFunctions: [String: [ContainerFunction]] = [:]
  var containerMakers: [String: [ContainerMaker]] = [:]
  /// Static `load(container:)` bodies by the qualified name of their type.
  var partLoads: [String: ContainerFunction] = [:]
  /// Part names that two modules the tool reads both declare (and the target does not).
  var ambiguousParts: Set<String> = []
  /// Types of other modules the tool knows all of: SquireConfiguration's `ConfigurationSource`
  /// in a target that uses it (a final class, provided only by registrations of it).
  var knownOfOtherModules: Set<String> = []
  /// The target declares a type named `Container` of its own: the tool cannot tell them apart.
  var shadowsContainer = false
  /// Types and typealiases declared inside the function being read: they hide the target's
  /// types of the same name, and the tool does not read them.
  var localNames: Set<String> = []
  /// Names declared in more than one file, one of them `private` or `fileprivate` (each file
  /// has its own `Helper`), or as typealiases under `#if`: the tool cannot tell which one a
  /// name means, so it reads them as local names (never missing, never ambiguous).
  var splitNames: Set<String> = []
  /// The target's global actors (`@globalActor actor Ledger`): an attribute that isolates.
  var globalActors: Set<String> = []
  /// Where each type is declared, and whether privately there.
  var declarationSites: [String: [(file: String, isPrivate: Bool)]] = [:]

  func add(_ file: SourceFileInfo) {
    if let module = file.module { fileModules[file.path] = module }
    let visitor = DeclarationVisitor(index: self, file: file)
    visitor.walk(file.tree)
  }

  /// `Config` in a subclass of `Base`: `Base.Config`, a type (or typealias) nested in a
  /// superclass of the target, or in one of its superclasses.
  private func superclassMember(_ name: String, of type: String, depth: Int = 0) -> String? {
    guard depth < 8, let declaration = types[type], declaration.kind == .class,
      let first = declaration.firstInherited
    else { return nil }
    var written = first.name
    if let angle = written.firstIndex(of: "<") { written = String(written[..<angle]) }
    guard let superclass = qualify(written, in: first.scope, inherited: false),
      superclass != type, types[superclass]?.kind == .class
    else { return nil }
    let candidate = superclass + "." + name
    if types[candidate] != nil || typealiases[candidate] != nil { return candidate }
    return superclassMember(name, of: superclass, depth: depth + 1)
  }

  /// The qualified name `name` stands for, looked up from `scope` outwards: in each type, its
  /// own members, then its superclasses' (with `inherited`).
  func qualify(_ name: String, in scope: String, inherited: Bool = true) -> String? {
    // `App.Service`: the module's name before a type of the target (unless a type has its name).
    if let dot = name.firstIndex(of: ".") {
      let first = String(name[..<dot])
      if first == module || readModules.contains(first), types[first] == nil,
        typealiases[first] == nil
      {
        return qualify(String(name[name.index(after: dot)...]), in: "", inherited: inherited)
      }
    }
    var scope = scope
    while true {
      let candidate = scope.isEmpty ? name : scope + "." + name
      if types[candidate] != nil || typealiases[candidate] != nil { return candidate }
      if inherited, !scope.isEmpty, let found = superclassMember(name, of: scope) { return found }
      if scope.isEmpty { return nil }
      if let dot = scope.lastIndex(of: ".") {
        scope = String(scope[..<dot])
      } else {
        scope = ""
      }
    }
  }
}
#endif
