#if Configuration
import Configuration
import Squire

/// A configuration value as a dependency: ask for `Config<Key>` where a component needs the
/// value of `Key`, and the container reads it from the configuration registered with
/// ``Squire/Container/register(configuration:file:line:)``.
///
/// ```swift
/// enum HTTPPort: Setting {
///   static let key = "http.port"
///   static let fallback = 8080
/// }
/// container.register(configuration: ConfigReader(provider: EnvironmentVariablesProvider()))
/// container.register { HTTPServer(port: config(HTTPPort.self, $0)) }   // a parameter
/// container.register(Router.init)
///   .injection(\.port) { config(HTTPPort.self, $0) }                   // a property
/// ```
///
/// The value is read each time a component that needs it is built (a `.single` reads it once).
/// `Container.validate()` reads every value a component needs before anything is
/// built, and reports a required value that is missing and a value that does not convert, with
/// the key, the component and the path; the value of a secret key is never shown.
public struct Config<Key: SettingKey>: Sendable {
  /// The value.
  public let value: Key.Value

  init(_ value: Key.Value) {
    self.value = value
  }
}

/// The value of `key`, for a factory parameter or an injection: the parameter it is given is
/// inferred as ``Config``, which the container provides.
///
/// ```swift
/// container.register { HTTPServer(port: config(HTTPPort.self, $0), host: config(HTTPHost.self, $1)) }
/// ```
public func config<Key: SettingKey>(_ key: Key.Type, _ value: Config<Key>) -> Key.Value {
  value.value
}

extension Config: DerivedDependency {
  /// Reads the value from the registered configuration.
  public static func derive(from source: ConfigurationSource) throws -> Config<Key> {
    switch source.look(Key.self) {
    case .found(let value): return Config(value)
    case .failed(let error): throw error
    }
  }

  /// What stops the value from being read from the configuration registered in `container`:
  /// a required value that is missing, or one that does not convert.
  public static func validationIssue(in container: Container) -> String? {
    // A missing configuration is reported as a missing dependency.
    guard let source = try? container.tryResolve(ConfigurationSource.self) else { return nil }
    if case .failed(let error) = source.look(Key.self) { return error.reason }
    return nil
  }

  /// The key type and its key: `HTTPPort (http.port)`.
  public static var dependencyDescription: String { "\(Key.self) (\(Key.key))" }
}
#endif
