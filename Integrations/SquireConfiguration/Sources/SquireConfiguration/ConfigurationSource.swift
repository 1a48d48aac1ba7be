#if Configuration
import Configuration
import Squire

/// The configuration a container reads ``Config`` values from: registered with
/// ``Squire/Container/register(configuration:file:line:)``.
public final class ConfigurationSource: Sendable {
  /// The reader the values are read through.
  public let reader: ConfigReader

  /// A source reading through `reader`.
  public init(reader: ConfigReader) {
    self.reader = reader
  }

  enum Lookup<Value> {
    case found(Value)
    case failed(SettingError)
  }

  /// The value of `Key`: the configuration's, or the fallback when it has none.
  func look<Key: SettingKey>(_ key: Key.Type) -> Lookup<Key.Value> {
    let configKey = ConfigKey(Key.key)
    if let value = Key.Value.read(from: reader, key: configKey, isSecret: Key.isSecret) {
      return .found(value)
    }
    if hasValue(reader, configKey, isSecret: Key.isSecret) {
      let shown =
        Key.isSecret
        ? "" : reader.string(forKey: configKey).map { ": `\($0)`" } ?? ""
      return .failed(
        SettingError(
          key: Key.key, setting: "\(Key.self)",
          reason: "the value of `\(Key.key)` does not convert to `\(Key.Value.self)`"
            + (Key.isSecret ? " (the key is secret: its value is not shown)" : shown)
            + "; correct it where it is set"))
    }
    if let fallback = Key.fallbackValue { return .found(fallback) }
    return .failed(
      SettingError(
        key: Key.key, setting: "\(Key.self)",
        reason: "the configuration has no value for `\(Key.key)`, and `\(Key.self)` has no "
          + "fallback: set it (`\(environmentName(Key.key))` in the environment), or declare "
          + "`\(Key.self)` a `Setting` with a fallback"))
  }
}

/// The environment variable `EnvironmentVariablesProvider` reads `key` from: `http.port` is
/// `HTTP_PORT`.
func environmentName(_ key: String) -> String {
  key.uppercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
}

/// Why a configuration value could not be read: thrown when a component is built, reported by
/// `Container.validate()` before that.
public struct SettingError: Error, Sendable, CustomStringConvertible {
  /// The key: `http.port`.
  public let key: String
  /// The type that declares it: `HTTPPort`.
  public let setting: String
  /// What is wrong, written for a person; never the value of a secret key.
  public let reason: String

  /// The reason.
  public var description: String { reason }
}

extension Container {
  /// Makes the values of `reader` available to every component of the container (and its
  /// children) through ``Config``.
  ///
  /// ```swift
  /// let reader = ConfigReader(providers: [
  ///   CommandLineArgumentsProvider(),
  ///   EnvironmentVariablesProvider(),
  ///   try await JSONProvider(filePath: "/etc/app/config.json"),
  /// ])
  /// container.register(configuration: reader)
  /// ```
  ///
  /// In a test, register an in-memory configuration in a child container:
  ///
  /// ```swift
  /// let test = Container(parent: container)
  /// test.register(configuration: ConfigReader(provider: InMemoryProvider(values: ["http.port": 9000])))
  /// ```
  ///
  /// - Parameters:
  ///   - reader: Where the values are read from.
  ///   - file: where the registration is written, for diagnostics; leave the default.
  ///   - line: where the registration is written, for diagnostics; leave the default.
  /// - Returns: The component holding the configuration.
  @discardableResult
  public func register(
    configuration reader: ConfigReader, file: StaticString = #fileID, line: UInt = #line
  ) -> Component<ConfigurationSource> {
    let source = ConfigurationSource(reader: reader)
    return register({ source }, file: file, line: line).lifetime(.single)
  }
}
#endif
