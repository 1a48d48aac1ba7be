/// The warnings of ``Container/validate()`` about decorators and contextual registrations:
/// what is likely a mistake but makes no resolve fail.
struct InterceptionChecks {
  private(set) var warnings: [ValidationWarning] = []

  init(linker: Linker) {
    var provided = Set<ObjectIdentifier>()
    for level in linker.levels {
      for key in level.index.keys { provided.insert(key.type) }
    }
    for level in linker.levels {
      for decorators in level.decorators.values {
        for decorator in decorators
        where !provided.contains(ObjectIdentifier(decorator.decoratedType)) {
          warnings.append(Self.unused(decorator, linker))
        }
      }
    }
    warnings.sort { $0.description < $1.description }
  }

  private static func unused(_ decorator: DecoratorRecord, _ linker: Linker) -> ValidationWarning {
    let type = decorator.typeName
    return ValidationWarning(
      kind: .decoratorWithoutComponent(type: type, location: decorator.location.description),
      path: [type],
      suggestions: linker.nearMatches.suggestions(
        for: decorator.decoratedType, qualifier: .none, askers: []),
      what: "Decorator with nothing to decorate: the decorator of `\(type)` registered at "
        + "\(decorator.location) never runs.",
      why: "a decorator wraps the instances of the type it is given as they are resolved, and "
        + "no component in this container or its parents is resolvable as `\(type)`.",
      fix: "decorate the type the component is resolved as (`decorate(\(type).self)` wraps what "
        + "`resolve(\(type).self)` returns), or forward the component with "
        + "`.as(\(type).self)`; see the close matches.")
  }
}
