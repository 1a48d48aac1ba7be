#if Configuration
import Configuration

/// A type a configuration value can be read as: `String`, `Int`, `Double`, `Bool`, arrays of
/// them, enums whose raw value is one of these (declare the conformance:
/// `enum LogLevel: String, ConfigurationValue { case debug, info }`), and any other
/// `LosslessStringConvertible` type that declares it (`extension Port: ConfigurationValue {}`
/// reads the string value, converted with `Port.init(_:)`). Another type conforms by
/// implementing ``read(from:key:isSecret:)``.
///
/// ```swift
/// enum LogLevel: String, ConfigurationValue { case debug, info }
///
/// struct Port: ConfigurationValue {
///   let number: Int
///   static func read(from reader: ConfigReader, key: ConfigKey, isSecret: Bool) -> Port? {
///     guard let number = reader.int(forKey: key, isSecret: isSecret) else { return nil }
///     return 1...65535 ~= number ? Port(number: number) : nil   // nil: validate() reports it
///   }
/// }
///
/// enum Verbosity: Setting {
///   static let key = "log.level"
///   static let fallback = LogLevel.info   // "debug" or "info": another is a problem
/// }
/// enum HTTPPort: RequiredSetting {
///   typealias Value = Port
///   static let key = "http.port"
/// }
/// container.register {
///   Server(port: config(HTTPPort.self, $0), level: config(Verbosity.self, $1))
/// }
/// ```
public protocol ConfigurationValue: Sendable {
  /// The value under `key`, or `nil` when there is none or it is not of this type.
  static func read(from reader: ConfigReader, key: ConfigKey, isSecret: Bool) -> Self?
}

extension String: ConfigurationValue {}
extension Int: ConfigurationValue {}
extension Double: ConfigurationValue {}
extension Bool: ConfigurationValue {}

extension ConfigurationValue where Self: LosslessStringConvertible {
  /// The value read with the `ConfigReader` method for the type (`int`, `double`, `bool`); for
  /// any other type the `string` value, converted with `init(_:)`.
  public static func read(from reader: ConfigReader, key: ConfigKey, isSecret: Bool) -> Self? {
    switch Self.self {
    case is Int.Type: reader.int(forKey: key, isSecret: isSecret) as? Self
    case is Double.Type: reader.double(forKey: key, isSecret: isSecret) as? Self
    case is Bool.Type: reader.bool(forKey: key, isSecret: isSecret) as? Self
    default: reader.string(forKey: key, isSecret: isSecret).flatMap(Self.init)
    }
  }
}

extension Array: ConfigurationValue where Element: ConfigurationArrayElement {
  /// The value as an array.
  public static func read(from reader: ConfigReader, key: ConfigKey, isSecret: Bool) -> [Element]? {
    Element.readArray(from: reader, key: key, isSecret: isSecret)
  }
}

/// An element of an array a configuration value can be read as: `String`, `Int`, `Double`,
/// `Bool`, and any other `LosslessStringConvertible` type that declares the conformance
/// (`extension Port: ConfigurationArrayElement {}` reads an array of strings, each converted
/// with `Port.init(_:)`). Another type conforms by implementing ``readArray(from:key:isSecret:)``.
public protocol ConfigurationArrayElement: Sendable {
  /// The array under `key`, or `nil` when there is none or an element does not convert.
  static func readArray(from reader: ConfigReader, key: ConfigKey, isSecret: Bool) -> [Self]?
}

extension String: ConfigurationArrayElement {}
extension Int: ConfigurationArrayElement {}
extension Double: ConfigurationArrayElement {}
extension Bool: ConfigurationArrayElement {}

extension ConfigurationArrayElement where Self: LosslessStringConvertible {
  /// The array read with the `ConfigReader` method for the element type (`intArray`,
  /// `doubleArray`, `boolArray`); for any other type the strings of `stringArray`, each converted
  /// with `init(_:)`: `nil` if one does not convert.
  public static func readArray(from reader: ConfigReader, key: ConfigKey, isSecret: Bool) -> [Self]?
  {
    switch Self.self {
    case is Int.Type: return reader.intArray(forKey: key, isSecret: isSecret) as? [Self]
    case is Double.Type: return reader.doubleArray(forKey: key, isSecret: isSecret) as? [Self]
    case is Bool.Type: return reader.boolArray(forKey: key, isSecret: isSecret) as? [Self]
    default:
      guard let strings = reader.stringArray(forKey: key, isSecret: isSecret) else { return nil }
      var array: [Self] = []
      for string in strings {
        guard let element = Self(string) else { return nil }
        array.append(element)
      }
      return array
    }
  }
}

extension ConfigurationValue where Self: RawRepresentable, RawValue: ConfigurationValue {
  /// The value read as its raw value, then converted.
  public static func read(from reader: ConfigReader, key: ConfigKey, isSecret: Bool) -> Self? {
    RawValue.read(from: reader, key: key, isSecret: isSecret).flatMap(Self.init(rawValue:))
  }
}

/// Whether the configuration has any value under `key`, of whatever type: tells a missing value
/// from one that does not convert.
func hasValue(_ reader: ConfigReader, _ key: ConfigKey, isSecret: Bool) -> Bool {
  reader.string(forKey: key, isSecret: isSecret) != nil
    || reader.int(forKey: key, isSecret: isSecret) != nil
    || reader.double(forKey: key, isSecret: isSecret) != nil
    || reader.bool(forKey: key, isSecret: isSecret) != nil
    || reader.stringArray(forKey: key, isSecret: isSecret) != nil
    || reader.intArray(forKey: key, isSecret: isSecret) != nil
    || reader.doubleArray(forKey: key, isSecret: isSecret) != nil
    || reader.boolArray(forKey: key, isSecret: isSecret) != nil
    || reader.bytes(forKey: key, isSecret: isSecret) != nil
}
#endif
