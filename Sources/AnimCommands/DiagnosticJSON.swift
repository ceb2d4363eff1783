import AnimEngine
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

  /// A JSON string literal (`JSONText`, the one escaper).
  static func string(_ text: String) -> String { JSONText.quoted(text) }
}
