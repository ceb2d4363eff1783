// The literals of data (SPEC §23.1): interpolated strings, records and list
// comprehensions.

extension Parser {
  /// interpolation -> '"' { character | escape | "\(" expression ")" } '"'
  ///
  /// The lexer keeps an interpolated string one token; its expressions are
  /// read here by a parser of their own, positioned in the same file right
  /// after each `\(`, so their ranges (and errors) point into the string.
  mutating func interpolation(_ token: RawToken) throws(ParseError) -> Expr {
    let bytes = source.bytes
    let end = token.range.end - 1
    // Where the token's line starts, and the continuation bytes between it
    // and the token's start, as the lexer counts them (a byte-order mark
    // included): columns after an interpolation's `\(` follow from them.
    let lineStart = source.lineStarts[token.range.line - 1]
    var continuation = (token.range.start - lineStart) - (token.range.column - 1)
    var parts: [InterpolationPart] = []
    var text: [UInt8] = []
    var index = token.range.start + 1
    while index < end {
      let byte = bytes[index]
      if byte & 0xC0 == 0x80 { continuation += 1 }
      guard byte == UInt8(ascii: "\\"), index + 1 < end else {
        text.append(byte)
        index += 1
        continue
      }
      let escaped = bytes[index + 1]
      switch escaped {
      case UInt8(ascii: "n"): text.append(10)
      case UInt8(ascii: "t"): text.append(9)
      case UInt8(ascii: "("):
        if !text.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
        text.removeAll()
        let (value, closer) = try interpolated(
          at: index + 2, line: token.range.line, lineStart: lineStart,
          continuation: continuation)
        parts.append(.value(value))
        // Continuation bytes inside the expression (in a string there).
        for offset in (index + 2)..<closer where bytes[offset] & 0xC0 == 0x80 {
          continuation += 1
        }
        index = closer
        continue
      default: text.append(escaped)  // \" and \\ (the lexer refused others)
      }
      index += 2
    }
    if !text.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
    return Expr(.interpolation(parts), range: token.range)
  }

  /// The expression of an interpolation starting at byte `offset`, and the
  /// offset just past its closing `)`. Its errors are this parser's.
  private mutating func interpolated(
    at offset: Int, line: Int, lineStart: Int, continuation: Int
  ) throws(ParseError) -> (Expr, Int) {
    var lexer = Lexer(source: source)
    lexer.position = offset
    lexer.line = line
    lexer.lineStart = lineStart
    lexer.continuationBytes = continuation
    lexer.openers = [UInt8(ascii: "(")]
    lexer.lastKind = .leftParen
    var inner = Parser(source: source, lexer: lexer, depth: depth)
    inner.errorCount = errorCount
    inner.isPanicking = isPanicking
    defer {
      errorCount = inner.errorCount
      diagnostics += inner.diagnostics
      if inner.mustStop { mustStop = true }
      if firstErrorIsAtEnd == nil { firstErrorIsAtEnd = inner.firstErrorIsAtEnd }
    }
    do throws(ParseError) {
      try inner.nest()
      if inner.check(.rightParen) {
        throw inner.error(
          "expected an expression in '\\(…)'", at: inner.current.range,
          hint: "write the value to show, as in \"total: \\(n)\"")
      }
      let value = try inner.expression()
      guard inner.check(.rightParen) else {
        throw inner.expected("expected ')' to end the interpolation '\\(…)'")
      }
      return (value, inner.current.range.end)
    } catch {
      isPanicking = true
      throw error == .fatal || inner.mustStop ? .fatal : .recoverable
    }
  }

  /// record -> "{" [ field { "," field } [ "," ] ] "}"
  /// field  -> ( IDENT | STRING ) ":" expression
  ///
  /// Newlines may separate the fields (the lexer continues lines inside a
  /// record that follows `=`, `(`, `,`, `:` or an operator; here they are
  /// skipped wherever they are left).
  mutating func record() throws(ParseError) -> Expr {
    let open = current
    advance()
    let saved = depth
    defer { depth = saved }
    try nest()
    var fields: [RecordField] = []
    skipNewlines()
    while !check(.rightBrace) {
      let name: Identifier
      if check(.identifier) {
        name = Identifier(self.name(current), range: current.range)
      } else if check(.string), !current.hasInterpolation {
        name = Identifier(stringValue(current), range: current.range)
      } else {
        throw expected(
          "expected a field name in a record", hint: "records read {month: \"Jan\", sales: 120}")
      }
      advance()
      try consume(.colon, "expected ':' after the field name '\(name.name)'")
      if let first = fields.first(where: { $0.name.name == name.name }) {
        throw error(
          "field '\(name.name)' is given twice", at: name.range,
          hint: "it is first given at \(first.name.range.location)")
      }
      skipNewlines()
      fields.append(RecordField(name: name, value: try expression()))
      skipNewlines()
      if !match(.comma) { break }
      skipNewlines()
    }
    try close(.rightBrace, "expected '}' after record fields", opening: open, items: "fields")
    return Expr(.record(fields), range: range(from: open.range))
  }

  /// comprehension -> "[" "for" IDENT "in" expression [ "if" expression ] ":" expression "]"
  ///
  /// `[` is already consumed; `open` is its token.
  mutating func comprehension(opening open: RawToken) throws(ParseError) -> Expr {
    advance()  // for
    let variable = try consumeIdentifier("expected loop variable name after 'for'")
    guard matchWord(Word.in) else { throw expected("expected 'in' after the loop variable") }
    let sequence = try expression()
    let condition = matchWord(Word.if) ? try expression() : nil
    try consume(
      .colon, "expected ':' before the item of the list",
      hint: "a comprehension reads [for x in xs: x * 2] or [for x in xs if x > 0: x]")
    let body = try expression()
    try close(.rightBracket, "expected ']' after the comprehension", opening: open, items: nil)
    return Expr(
      .comprehension(variable: variable, sequence: sequence, condition: condition, body: body),
      range: range(from: open.range))
  }
}
