import AnimLanguage

/// `anim check --json`: a diagnostic as one line of JSON, `{"file", "line",
/// "column", "endLine", "endColumn", "severity", "message", "hint"}`, lines and
/// columns 1-based, columns counted in characters (grapheme clusters, so `é`
/// written with a combining accent and `👍🏽` are one column each); `endColumn`
/// is the column just after the range; `hint` is `null` when there is none.
enum DiagnosticJSON {
  static func line(_ diagnostic: Diagnostic, in file: SourceFile) -> String {
    let start = position(of: diagnostic.range.start, in: file)
    let end = position(of: max(diagnostic.range.end, diagnostic.range.start), in: file)
    let fields: [(String, String)] = [
      ("file", string(file.path)),
      ("line", String(start.line)),
      ("column", String(start.column)),
      ("endLine", String(end.line)),
      ("endColumn", String(end.column)),
      ("severity", string(diagnostic.severity.rawValue)),
      ("message", string(diagnostic.message)),
      ("hint", diagnostic.hint.map(string) ?? "null"),
    ]
    return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
  }

  /// The line and character column of a byte offset.
  static func position(of offset: Int, in file: SourceFile) -> (line: Int, column: Int) {
    let offset = min(max(offset, 0), file.bytes.count)
    let line = file.location(ofOffset: offset).line
    let lineStart = file.lineStarts[line - 1]
    let prefix = String(decoding: file.bytes[lineStart..<offset], as: UTF8.self)
    return (line, prefix.count + 1)
  }

  /// A JSON string literal.
  static func string(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
