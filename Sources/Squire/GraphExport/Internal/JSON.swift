/// A JSON value, written as text that is safe inside an HTML `<script>` element: the page of
/// ``Container/graph(_:)`` embeds the graph as JSON, and a type name, a name given to `.as` or a
/// problem's message is arbitrary text.
enum JSON {
  case string(String)
  case int(Int)
  case bool(Bool)
  case null
  case array([JSON])
  /// Members in the order given: the page is the same text for the same graph.
  case object([(String, JSON)])

  /// The value as compact JSON text.
  var text: String {
    var out = ""
    write(to: &out)
    return out
  }

  func write(to out: inout String) {
    switch self {
    case .string(let value): JSON.quote(value, into: &out)
    case .int(let value): out += String(value)
    case .bool(let value): out += value ? "true" : "false"
    case .null: out += "null"
    case .array(let values):
      out += "["
      for (index, value) in values.enumerated() {
        if index > 0 { out += "," }
        value.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out += "," }
        JSON.quote(key, into: &out)
        out += ":"
        value.write(to: &out)
      }
      out += "}"
    }
  }

  /// A JSON string literal of `text`. Besides what JSON requires (quotes, backslashes, control
  /// characters), `<`, `>` and `&` are written as `\u003c`, `\u003e` and `\u0026`, so that no
  /// `</script>` or `<!--` can end or change the element that holds the JSON, U+2028 and
  /// U+2029 as escapes, which older JavaScript reads as line ends, and DEL and the C1 controls
  /// (U+007F to U+009F), which JSON allows raw but HTML reads as parse errors.
  static func quote(_ text: String, into out: inout String) {
    out += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "<", ">", "&", "\u{2028}", "\u{2029}", "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}":
        out += "\\u" + hex4(scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }

  private static func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 4 - digits.count) + digits
  }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral
{
  init(stringLiteral value: String) { self = .string(value) }
  init(integerLiteral value: Int) { self = .int(value) }
  init(booleanLiteral value: Bool) { self = .bool(value) }
}
