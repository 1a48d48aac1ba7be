import Configuration

/// A type a configuration value can be read as: `String`, `Int`, `Double`, `Bool`, arrays of
/// them, and enums whose raw value is one of these (declare the conformance:
/// `enum LogLevel: String, ConfigurationValue { case debug, info }`).
public protocol ConfigurationValue: Sendable {
  /// The value under `key`, or `nil` when there is none or it is not of this type.
  static func read(from reader: ConfigReader, key: ConfigKey, isSecret: Bool) -> Self?
}

extension String: ConfigurationValue {
  /// The value as a string.
  public static func read(from reader: ConfigReader, key: ConfigKey, isSecret: Bool) -> String? {
    reader.string(forKey: key, isSecret: isSecret)
  }
}

extension Int: ConfigurationValue {
  /// The value as an integer.
  public static func read(from reader: ConfigReader, key: ConfigKey, isSecret: Bool) -> Int? {
    reader.int(forKey: key, isSecret: isSecret)
  }
}

extension Double: ConfigurationValue {
  /// The value as a floating-point number.
  public static func read(from reader: ConfigReader, key: ConfigKey, isSecret: Bool) -> Double? {
    reader.double(forKey: key, isSecret: isSecret)
  }
}

extension Bool: ConfigurationValue {
  /// The value as a Boolean.
  public static func read(from reader: ConfigReader, key: ConfigKey, isSecret: Bool) -> Bool? {
    reader.bool(forKey: key, isSecret: isSecret)
  }
}

extension Array: ConfigurationValue where Element: ConfigurationArrayElement {
  /// The value as an array.
  public static func read(from reader: ConfigReader, key: ConfigKey, isSecret: Bool) -> [Element]? {
    Element.readArray(from: reader, key: key, isSecret: isSecret)
  }
}

/// An element of an array a configuration value can be read as.
public protocol ConfigurationArrayElement: Sendable {
  /// The array under `key`, or `nil`.
  static func readArray(from reader: ConfigReader, key: ConfigKey, isSecret: Bool) -> [Self]?
}

extension String: ConfigurationArrayElement {
  /// The value as an array of strings.
  public static func readArray(
    from reader: ConfigReader, key: ConfigKey, isSecret: Bool
  ) -> [String]? {
    reader.stringArray(forKey: key, isSecret: isSecret)
  }
}

extension Int: ConfigurationArrayElement {
  /// The value as an array of integers.
  public static func readArray(from reader: ConfigReader, key: ConfigKey, isSecret: Bool) -> [Int]?
  {
    reader.intArray(forKey: key, isSecret: isSecret)
  }
}

extension Double: ConfigurationArrayElement {
  /// The value as an array of floating-point numbers.
  public static func readArray(
    from reader: ConfigReader, key: ConfigKey, isSecret: Bool
  ) -> [Double]? {
    reader.doubleArray(forKey: key, isSecret: isSecret)
  }
}

extension Bool: ConfigurationArrayElement {
  /// The value as an array of Booleans.
  public static func readArray(from reader: ConfigReader, key: ConfigKey, isSecret: Bool) -> [Bool]?
  {
    reader.boolArray(forKey: key, isSecret: isSecret)
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
