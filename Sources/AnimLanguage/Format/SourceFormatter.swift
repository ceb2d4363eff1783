/// `anim fmt`: one canonical layout for a script, as gofmt has for Go.
///
/// The formatter is driven by the lexer's tokens and by the trivia between
/// them (blanks, line breaks, comments), not by the syntax tree, so a new
/// statement or operator is laid out by the same few rules without changes
/// here. The layout:
///
/// - two spaces of indentation for each `{` block, and for each line that
///   opens `(` or `[` without closing it (one level per line, however many it
///   opens); a line that continues a statement after a trailing operator or
///   comma outside brackets is indented one more level;
/// - one space around binary operators, after `,`, `;` and `:`, none inside
///   brackets, before `,`, `;`, `:`, around `.` and the range operators, after
///   a unary minus, or between a name and the `(` or `[` of its call or index;
/// - line breaks where the script has them (one statement per line unless
///   `;` joined them, continuation lines kept), runs of blank lines collapsed
///   to one, none at the start or the end of the file;
/// - every comment kept on its line, with its trailing blanks removed; the
///   trailing comment two spaces after the code;
/// - every line ending like the file's first one (`\n`, `\r\n` or `\r`), and
///   one at the end; a byte-order mark stays.
///
/// It never changes what a script does: it refuses a script with a syntax
/// error, and it checks its own result, which must give the same tokens and
/// statement ends as the original (else `Failure.internalError`).
public enum SourceFormatter {
  /// Why a script could not be formatted.
  public enum Failure: Error, Sendable {
    /// The script does not parse; these are its errors (format after fixing them).
    case syntaxErrors([Diagnostic])
    /// The layout would have changed the script's tokens (a bug in the
    /// formatter, never expected); the script is left as it was.
    case internalError(String)
  }

  /// The script in the canonical layout.
  ///
  /// Only whitespace, line endings and blank lines change; a script already in
  /// the layout comes back unchanged (`format` is idempotent).
  public static func format(_ source: SourceFile) throws(Failure) -> String {
    let parsed = Parser.parse(source)
    let errors = parsed.diagnostics.filter { $0.severity == .error }
    if !errors.isEmpty { throw .syntaxErrors(errors) }
    let tokens = Lexer.tokens(of: source)
    let lines = FormatLine.split(source, tokens: tokens)
    var text = FormatLayout(lines: lines).render()
    let lineBreak =
      source.firstLineEndIsBareCarriageReturn ? "\r" : Self.lineBreak(of: source.bytes)
    if lineBreak != "\n" {
      text = text.split(separator: "\n", omittingEmptySubsequences: false).joined(
        separator: lineBreak)
    }
    if source.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { text = "\u{FEFF}" + text }
    let check = Lexer.tokens(of: SourceFile(path: source.path, text: text))
    guard Self.sameTokens(tokens, check) else {
      throw .internalError("the layout of \(source.path) would change its tokens")
    }
    return text
  }

  /// The file's line break: the first one in it (`\n`, `\r\n` or `\r`), `\n` when it has none.
  static func lineBreak(of bytes: [UInt8]) -> String {
    guard let index = bytes.firstIndex(where: { $0 == 10 || $0 == 13 }) else { return "\n" }
    if bytes[index] == 10 { return "\n" }
    return index + 1 < bytes.count && bytes[index + 1] == 10 ? "\r\n" : "\r"
  }

  /// Whether two token lists are the same tokens, wherever they stand (a
  /// statement end just before the end of the file is the end of the file).
  static func sameTokens(_ first: [Token], _ second: [Token]) -> Bool {
    // A range of the list, not a slice trimmed in place: removing from a
    // slice of a list still held copies the whole list (the tokens of a
    // 3 MB script are 100 MB).
    func trimmed(_ tokens: [Token]) -> ArraySlice<Token> {
      var end = max(tokens.count - 1, 0)  // endOfFile
      while end > 0 && tokens[end - 1].kind == .newline { end -= 1 }
      return tokens[..<end]
    }
    let first = trimmed(first)
    let second = trimmed(second)
    guard first.count == second.count else { return false }
    for (a, b) in zip(first, second) {
      guard a.kind == b.kind, a.text == b.text, a.unit == b.unit,
        a.number.bitPattern == b.number.bitPattern
      else { return false }
    }
    return true
  }
}
