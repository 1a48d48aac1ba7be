#if Configuration
/// A configuration value declared once: its key, its type, and whether it is secret. Declare
/// each value as a ``Setting`` (it has a fallback) or a ``RequiredSetting`` (it has none), and
/// ask for it with ``Config``:
///
/// ```swift
/// enum HTTPPort: Setting {
///   static let key = "http.port"
///   static let fallback = 8080
/// }
/// enum DatabasePassword: RequiredSetting {
///   typealias Value = String
///   static let key = "database.password"
///   static let isSecret = true
/// }
/// container.register { HTTPServer(port: config(HTTPPort.self, $0)) }
/// ```
public protocol SettingKey {
  /// The type of the value: `String`, `Int`, `Double`, `Bool`, arrays of them, or a type of
  /// yours that is a ``ConfigurationValue``.
  associatedtype Value: ConfigurationValue
  /// The key, its parts separated by dots: `"http.port"` (`HTTP_PORT` in the environment,
  /// `--http-port` on the command line, `{"http": {"port": ...}}` in a JSON file).
  static var key: String { get }
  /// Whether the value is secret: it is read as secret (access logs redact it), and Squire's
  /// diagnostics never show it. `false` unless given.
  static var isSecret: Bool { get }
}

extension SettingKey {
  /// Not secret.
  public static var isSecret: Bool { false }

  /// The value used when the configuration has none: a ``Setting``'s fallback; `nil` for a
  /// ``RequiredSetting``.
  static var fallbackValue: Value? {
    func fallback<Declared: Setting>(_ type: Declared.Type) -> Any { Declared.fallback }
    guard let declared = Self.self as? any Setting.Type else { return nil }
    return fallback(declared) as? Value
  }
}

/// A configuration value with a fallback, used when the configuration has none. Its type is the
/// fallback's:
///
/// ```swift
/// enum HTTPPort: Setting {
///   static let key = "http.port"
///   static let fallback = 8080
/// }
/// ```
public protocol Setting: SettingKey {
  /// The type of the value: the fallback's.
  associatedtype Value
  /// The value used when the configuration has none.
  static var fallback: Value { get }
}

/// A configuration value the configuration must have: `Container.validate()` reports
/// it when it is missing.
///
/// ```swift
/// enum DatabaseURL: RequiredSetting {
///   typealias Value = String
///   static let key = "database.url"
/// }
/// ```
public protocol RequiredSetting: SettingKey {}
#endif
