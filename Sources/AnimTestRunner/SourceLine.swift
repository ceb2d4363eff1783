/// One line of a test file: its text and the line break that ended it.
///
/// Keeping the break lets `--update` write a file back byte for byte where it
/// changes nothing, whether it uses `"\n"` or `"\r\n"`.
struct SourceLine: Equatable {
  /// The line without its line break.
  var text: Substring
  /// `"\n"`, `"\r\n"`, `"\r"` (a bare carriage return ends a line, as the
  /// lexer reads it), or `""` for a last line with no break.
  var terminator: String

  /// Splits `source` into lines; a final line break does not start another line.
  static func split(_ source: String) -> [SourceLine] {
    var lines: [SourceLine] = []
    var start = source.startIndex
    var index = source.startIndex
    while index < source.endIndex {
      let character = source[index]
      // "\r\n" is a single Character in Swift.
      if character == "\n" || character == "\r\n" || character == "\r" {
        lines.append(SourceLine(text: source[start..<index], terminator: String(character)))
        start = source.index(after: index)
      }
      index = source.index(after: index)
    }
    if start < source.endIndex {
      lines.append(SourceLine(text: source[start...], terminator: ""))
    }
    return lines
  }
}
