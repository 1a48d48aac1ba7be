/// A parameter type the container makes from another component instead of looking it up
/// itself: how a package adds a modifier of its own. SquireConfiguration's `Config<Key>` is
/// one: a typed configuration value derived from the registered configuration.
///
/// ```swift
/// struct Greeting: DerivedDependency {
///   let text: String
///   static func derive(from settings: Settings) throws -> Greeting {
///     Greeting(text: settings.greeting)
///   }
/// }
/// container.register(Settings.init)
/// container.register { Banner(text: ($0 as Greeting).text) }   // Greeting is derived from Settings
/// ```
///
/// The source is a dependency of the component that asks for the derived value, as if it were
/// its parameter: validation, cycles and the graph see it. An error `derive(from:)` throws
/// fails the resolve as a factory's does.
public protocol DerivedDependency {
  /// The component the value is derived from.
  associatedtype Source
  /// Makes the value from the source, or throws why it cannot.
  static func derive(from source: Source) throws -> Self
  /// What would stop the value from being derived in `container`, written for a person; `nil`
  /// when nothing would. ``Container/validate()`` calls it once for each derived type a
  /// component asks for, after it has checked the graph, with no lock held; it should build
  /// nothing but its source. The default finds nothing.
  static func validationIssue(in container: Container) -> String?
  /// How the dependency reads in validation's paths and messages; the type's name by default.
  static var dependencyDescription: String { get }
}

extension DerivedDependency {
  /// Finds nothing: a derived type that can check itself before anything is built says so.
  public static func validationIssue(in container: Container) -> String? { nil }

  /// The type's name.
  public static var dependencyDescription: String { String(describing: Self.self) }
}

/// A derived dependency as the linker's modifiers see it.
struct Derived<Value: DerivedDependency>: SpecialParameter {
  static func makeProducer(_ linker: Linker, qualifier: Qualifier) -> AnyProducer {
    linker.noteDerived(Value.self)
    let step = PathStep(id: ObjectIdentifier(Value.self), type: Value.self)
    return linker.producer(for: Value.Source.self, qualifier: qualifier).map {
      source throws(ResolutionError) -> Value in
      do {
        return try Value.derive(from: source)
      } catch {
        throw ResolutionError.thrown(error, by: step).entering(step)
      }
    }
  }

}

/// `Derived<type>` for a type that is a ``DerivedDependency``; `nil` for any other.
func derivedParameter(_ type: Any.Type) -> (any SpecialParameter.Type)? {
  func opened<D: DerivedDependency>(_ type: D.Type) -> any SpecialParameter.Type {
    Derived<D>.self
  }
  guard let derived = type as? any DerivedDependency.Type else { return nil }
  return opened(derived)
}
