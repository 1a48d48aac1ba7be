/// The warnings of ``Container/validate()`` about decorators and contextual registrations:
/// what is likely a mistake but makes no resolve fail.
struct InterceptionChecks {
  private(set) var warnings: [ValidationWarning] = []

  init(linker: Linker) {
    // Each check builds a set of every type provided or known, so it runs only when there is
    // something to check: most graphs have no decorator and no contextual registration, and
    // validating them should not pay for two sets of every type.
    if linker.hasDecorators {
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
    }
    if linker.hasContextual {
      var known = Set<ObjectIdentifier>()
      for record in linker.records { known.formUnion(Linker.consumerTypes(of: record)) }
      for record in linker.records {
        for consumer in record.consumers where !known.contains(ObjectIdentifier(consumer)) {
          warnings.append(Self.unknownConsumer(record, consumer, linker))
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

  private static func unknownConsumer(
    _ record: ComponentRecord, _ consumer: Any.Type, _ linker: Linker
  ) -> ValidationWarning {
    let name = String(describing: consumer)
    return ValidationWarning(
      kind: .contextWithoutConsumer(component: record.typeName, consumer: name),
      path: [record.typeName, name],
      suggestions: linker.nearMatches.suggestions(for: consumer, qualifier: .none, askers: []),
      what: "Contextual registration with no consumer: `\(record.typeName)` (at "
        + "\(record.location)) is registered `.when(injectedInto: \(name).self)`, and no component "
        + "is a `\(name)`.",
      why: "a contextual registration is given only to the components of its consumer type (or "
        + "forwarded as it); nothing registered in this container or its parents is one, so "
        + "nothing receives `\(record.typeName)`.",
      fix: "register `\(name)`, or name the component that should receive it in "
        + "`.when(injectedInto:)` (its implementation type or a type it is forwarded as).")
  }
}
