/// Reads the few expressions (`x`) the importer evaluates, token by token,
/// the spaces between tokens skipped: a loop (``KeyframeLoop``) and a link
/// (``PropertyLink``), each given to the result as bodymovin writes it
/// (`var $bm_rt;\n$bm_rt = …;`).
struct ExpressionReader {
  private var text: Substring

  init(_ expression: String) { text = Substring(expression) }

  /// Whether nothing but spaces is left.
  var atEnd: Bool {
    mutating get {
      skipSpace()
      return text.isEmpty
    }
  }

  private mutating func skipSpace() { text = text.drop(while: \.isWhitespace) }

  /// Whether `token` comes next (taken if so).
  mutating func take(_ token: String) -> Bool {
    skipSpace()
    guard text.hasPrefix(token) else { return false }
    text = text.dropFirst(token.count)
    return true
  }

  /// Whether the result is set next: `$bm_rt =`, after a `var $bm_rt;`
  /// declaring it or not (taken if so). An expression that does not set
  /// `$bm_rt` gives the players no value.
  mutating func takeResult() -> Bool {
    var declared = self
    if declared.take("var"), declared.take("$bm_rt"), declared.take(";") { self = declared }
    return take("$bm_rt") && take("=")
  }

  /// Whether the expression ends next: an optional `;`, then nothing.
  mutating func takeEnd() -> Bool {
    _ = take(";")
    return atEnd
  }

  /// A name made of letters, digits and `_`, `$`.
  mutating func word() -> String? {
    skipSpace()
    let name = text.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" })
    guard !name.isEmpty else { return nil }
    text = text.dropFirst(name.count)
    return String(name)
  }

  /// A whole number of at most nine ASCII digits.
  mutating func count() -> Int? {
    skipSpace()
    let digits = text.prefix(while: { $0.isASCII && $0.isNumber })
    guard !digits.isEmpty, digits.count <= 9, let n = Int(digits) else { return nil }
    text = text.dropFirst(digits.count)
    return n
  }

  /// A string in single or double quotes, without escapes.
  mutating func quoted() -> String? {
    skipSpace()
    guard let quote = text.first, quote == "'" || quote == "\"" else { return nil }
    let body = text.dropFirst()
    guard let end = body.firstIndex(of: quote) else { return nil }
    let value = body[..<end]
    guard !value.contains("\\") else { return nil }
    text = body[body.index(after: end)...]
    return String(value)
  }
}
