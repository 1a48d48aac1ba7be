/// A name, a tag or a scope's name as a graph's label writes it: names are strings a user
/// chose, and may hold any character. Each line break (`\n`, `\r\n` as one, a lone `\r`,
/// U+2028, U+2029, U+0085) becomes the format's own, every other control character is shown as
/// its escape (`\u{0}`), and the format quotes the rest as it needs.
enum LabelText {
  /// `text` written for a format: `lineBreak` for each line break, `control` for each other
  /// control character (given its scalar value), `quote` for each remaining scalar (`nil`:
  /// the scalar as it is).
  static func written(
    _ text: String, lineBreak: String, control: (UInt32) -> String,
    quote: (Unicode.Scalar) -> String?
  ) -> String {
    var out = ""
    var afterCarriageReturn = false
    for scalar in text.unicodeScalars {
      defer { afterCarriageReturn = scalar == "\r" }
      switch scalar {
      case "\n" where afterCarriageReturn:
        continue
      case "\n", "\r", "\u{2028}", "\u{2029}", "\u{85}":
        out += lineBreak
      case _ where scalar.properties.generalCategory == .control:
        out += control(scalar.value)
      default:
        if let quoted = quote(scalar) { out += quoted } else { out.unicodeScalars.append(scalar) }
      }
    }
    return out
  }

  /// `\u{7}`: a control character as Swift writes it in a string.
  static func escape(_ value: UInt32) -> String {
    "\\u{" + String(value, radix: 16) + "}"
  }
}
