/// The one JSON string escaper: the language server, `anim export` and
/// `anim check --json` all write strings through it.
public enum JSONText {
  /// `s` as a JSON string literal: `"` and `\` escaped, newline, return and
  /// tab as `\n`, `\r`, `\t`, every other control character (and DEL) as
  /// `\u00XX`; with `escapingLessThan`, `<` as `\u003c` too, so the text is
  /// safe inside an HTML `<script>` element.
  public static func quoted(_ s: String, escapingLessThan: Bool = false) -> String {
    var out = ""
    appendQuoted(s, to: &out, escapingLessThan: escapingLessThan)
    return out
  }

  /// Appends `s` as a JSON string literal to `out` (see `quoted`).
  public static func appendQuoted(_ s: String, to out: inout String, escapingLessThan: Bool = false)
  {
    out += "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "<" where escapingLessThan: out += "\\u003c"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let digits = Array("0123456789abcdef")
        out += "\\u00"
        out.append(digits[Int(scalar.value >> 4)])
        out.append(digits[Int(scalar.value & 15)])
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
