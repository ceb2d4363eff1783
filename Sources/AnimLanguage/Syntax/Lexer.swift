/// Turns a source file's bytes into tokens, one at a time, on demand.
///
/// The lexer works on UTF-8 bytes rather than Characters, for speed: everything
/// outside strings and comments is ASCII. Strings and comments may hold any
/// valid UTF-8; an invalid byte anywhere is an error "invalid UTF-8 in source"
/// pointing at that byte.
///
/// Newlines end statements, so the lexer emits a `newline` token for them,
/// except where a statement obviously goes on:
/// - inside `(...)` and `[...]` (but not `{...}`, whose lines are statements);
/// - right after an operator, `,`, `=`, `.`, `:`, `;`, or an opening bracket;
/// - for the second and later of several blank lines (one token per run).
///
/// The keyword operator `on` is an identifier to the lexer; the parser skips a
/// newline after it. Errors become `error` tokens that the parser reports; the
/// lexer always goes on after one, so every error in a file can be found.
///
/// The parser reads tokens through `nextRawToken()` as plain data without
/// strings (`RawToken`), which keeps parsing fast; `nextToken()` adds the text
/// (names, string values, error messages) for other callers.
public struct Lexer: Sendable {
  /// The file being read.
  public let source: SourceFile
  private let bytes: [UInt8]
  private var position = 0
  private var line = 1
  private var lineStart = 0
  /// UTF-8 continuation bytes between `lineStart` and `position`, so that
  /// columns count Unicode scalars: column = bytes - continuation bytes + 1.
  private var continuationBytes = 0
  /// The brackets open at `position`, innermost last: `(`, `[` or `{`.
  private var openers: [UInt8] = []
  /// Whether a newline now would continue the statement (true at the start,
  /// after an operator or separator), so no newline token is emitted.
  private var newlineContinues = true

  /// Creates a lexer positioned at the start of `source` (after a UTF-8 byte-order mark, if any).
  public init(source: SourceFile) {
    self.source = source
    self.bytes = source.bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      position = 3
      continuationBytes = 2
    }
  }

  /// All the tokens of `source`, ending with `endOfFile`; lexical errors appear
  /// as `error` tokens. Used by the REPL's `:tokens`.
  public static func tokens(of source: SourceFile) -> [Token] {
    var lexer = Lexer(source: source)
    var tokens: [Token] = []
    while true {
      let token = lexer.nextToken()
      tokens.append(token)
      if token.kind == .endOfFile { return tokens }
    }
  }

  /// The next token; after the end, `endOfFile` again and again.
  public mutating func nextToken() -> Token {
    token(from: nextRawToken())
  }

  /// The public form of a raw token: the same data plus its text (the
  /// identifier's name, the string's value, the error's message).
  func token(from raw: RawToken) -> Token {
    let text: String
    switch raw.kind {
    case .identifier: text = Lexer.text(bytes, raw.range)
    case .string: text = Lexer.stringValue(bytes, raw)
    case .error: text = raw.error?.message(offending: Lexer.text(bytes, raw.range)) ?? ""
    default: text = ""
    }
    return Token(kind: raw.kind, range: raw.range, text: text, number: raw.number, unit: raw.unit)
  }

  /// The next token in its internal, string-free form (what the parser reads).
  mutating func nextRawToken() -> RawToken {
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        position += 1
      case UInt8(ascii: "#"):
        if let error = skipComment() { return error }
      case UInt8(ascii: "\n"):
        let token = RawToken(kind: .newline, range: range(from: position, to: position + 1))
        let emits = !newlineContinues && !isInsideGroup
        position += 1
        line += 1
        lineStart = position
        continuationBytes = 0
        if emits {
          newlineContinues = true
          return token
        }
      default:
        let token = scanToken()
        newlineContinues = token.kind.continuesLine
        return token
      }
    }
    return RawToken(kind: .endOfFile, range: range(from: bytes.count, to: bytes.count))
  }

  /// The source text of a range, decoded as UTF-8.
  static func text(_ bytes: [UInt8], _ range: SourceRange) -> String {
    bytes.withUnsafeBufferPointer { buffer in
      String(
        decoding: UnsafeBufferPointer(rebasing: buffer[range.start..<range.end]), as: UTF8.self)
    }
  }

  /// A string token's value: its text between the quotes, escapes resolved.
  static func stringValue(_ bytes: [UInt8], _ token: RawToken) -> String {
    let start = token.range.start + 1
    let end = max(start, token.range.end - 1)
    guard token.hasEscapes else {
      return text(bytes, SourceRange(start: start, end: end, line: 0, column: 0))
    }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(end - start)
    var index = start
    while index < end {
      var byte = bytes[index]
      if byte == UInt8(ascii: "\\"), index + 1 < end {
        index += 1
        switch bytes[index] {
        case UInt8(ascii: "n"): byte = 10
        case UInt8(ascii: "t"): byte = 9
        default: byte = bytes[index]  // \" and \\ (others were errors)
        }
      }
      decoded.append(byte)
      index += 1
    }
    return String(decoding: decoded, as: UTF8.self)
  }

  /// Forgets the `(` and `[` still open inside the innermost `{`, so that
  /// newlines end statements again. The parser calls this when it recovers from
  /// an error, so that an unclosed `(` does not swallow the rest of the file.
  mutating func closeOpenGroupsForRecovery() {
    while let last = openers.last, last != UInt8(ascii: "{") {
      openers.removeLast()
    }
  }

  // MARK: - Tokens

  private var isInsideGroup: Bool {
    guard let last = openers.last else { return false }
    return last == UInt8(ascii: "(") || last == UInt8(ascii: "[")
  }

  private func byte(at offset: Int) -> UInt8 {
    offset < bytes.count ? bytes[offset] : 0
  }

  @inline(__always)
  private func range(from start: Int, to end: Int) -> SourceRange {
    SourceRange(
      lexerStart: start, end: end, line: line,
      column: start &- lineStart &- continuationBytes &+ 1)
  }

  private func error(_ error: LexicalError, from start: Int, to end: Int) -> RawToken {
    var token = RawToken(kind: .error, range: range(from: start, to: end))
    token.error = error
    return token
  }

  @inline(__always)
  private mutating func scanToken() -> RawToken {
    let start = position
    let first = bytes[position]
    if Lexer.isDigit(first)
      || (first == UInt8(ascii: ".") && Lexer.isDigit(byte(at: position + 1)))
    {
      return scanNumber()
    }
    if Lexer.isIdentifierStart(first) { return scanIdentifier() }
    if first == UInt8(ascii: "\"") { return scanString() }
    if first >= 0x80 { return unexpectedNonASCII() }

    position += 1
    let kind: TokenKind
    switch first {
    case UInt8(ascii: "+"): kind = .plus
    case UInt8(ascii: "-"): kind = .minus
    case UInt8(ascii: "*"): kind = .star
    case UInt8(ascii: "/"): kind = .slash
    case UInt8(ascii: "%"): kind = .percent
    case UInt8(ascii: "|"): kind = .pipe
    case UInt8(ascii: ","): kind = .comma
    case UInt8(ascii: ":"): kind = .colon
    case UInt8(ascii: ";"): kind = .semicolon
    case UInt8(ascii: "="): kind = matchByte(UInt8(ascii: "=")) ? .equalEqual : .equal
    case UInt8(ascii: "<"): kind = matchByte(UInt8(ascii: "=")) ? .lessEqual : .less
    case UInt8(ascii: ">"): kind = matchByte(UInt8(ascii: "=")) ? .greaterEqual : .greater
    case UInt8(ascii: "!"):
      guard matchByte(UInt8(ascii: "=")) else {
        return error(.unexpectedBang, from: start, to: position)
      }
      kind = .bangEqual
    case UInt8(ascii: "~"):
      guard matchByte(UInt8(ascii: "=")) else {
        return error(.unexpectedTilde, from: start, to: position)
      }
      kind = .tildeEqual
    case UInt8(ascii: "."):
      if byte(at: position) == UInt8(ascii: ".") {
        if byte(at: position + 1) == UInt8(ascii: "<") {
          position += 2
          kind = .halfOpenRange
        } else if byte(at: position + 1) == UInt8(ascii: ".") {
          position += 2
          kind = .closedRange
        } else {
          position += 1
          return error(.unexpectedDots, from: start, to: position)
        }
      } else {
        kind = .dot
      }
    case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
      openers.append(first)
      kind =
        first == UInt8(ascii: "(")
        ? .leftParen : first == UInt8(ascii: "[") ? .leftBracket : .leftBrace
    case UInt8(ascii: ")"):
      close(UInt8(ascii: "("))
      kind = .rightParen
    case UInt8(ascii: "]"):
      close(UInt8(ascii: "["))
      kind = .rightBracket
    case UInt8(ascii: "}"):
      close(UInt8(ascii: "{"))
      kind = .rightBrace
    default:
      return error(.unexpectedCharacter, from: start, to: position)
    }
    return RawToken(kind: kind, range: range(from: start, to: position))
  }

  /// Pops the innermost bracket if it is `opener`; a closer that does not match
  /// the innermost bracket closes everything up to its own opener, and a closer
  /// with no opener at all changes nothing (the parser reports it).
  private mutating func close(_ opener: UInt8) {
    if let index = openers.lastIndex(of: opener) {
      openers.removeSubrange(index...)
    }
  }

  private mutating func matchByte(_ expected: UInt8) -> Bool {
    guard byte(at: position) == expected else { return false }
    position += 1
    return true
  }

  /// identifier -> [A-Za-z_] [A-Za-z0-9_]*
  @inline(__always)
  private mutating func scanIdentifier() -> RawToken {
    let start = position
    var packed: UInt64 = 0
    var shift: UInt64 = 0
    repeat {
      if shift < 64 { packed |= UInt64(bytes[position]) << shift }
      shift += 8
      position += 1
    } while position < bytes.count && Lexer.isIdentifierContinue(bytes[position])
    var token = RawToken(kind: .identifier, range: range(from: start, to: position))
    token.word = shift <= 64 ? packed : 0
    return token
  }

  /// number -> ( digits [ "." digits ] | "." digits ) [ ("e"|"E") ["+"|"-"] digits ] [ unit ]
  private mutating func scanNumber() -> RawToken {
    let start = position
    // The digits as an integer mantissa and a power of ten, for the fast path.
    var mantissa: UInt64 = 0
    var digitCount = 0
    var exponent = 0
    while Lexer.isDigit(byte(at: position)) {
      mantissa = mantissa &* 10 &+ UInt64(bytes[position] &- 48)
      digitCount += 1
      position += 1
    }
    if byte(at: position) == UInt8(ascii: "."), Lexer.isDigit(byte(at: position + 1)) {
      position += 1
      while Lexer.isDigit(byte(at: position)) {
        mantissa = mantissa &* 10 &+ UInt64(bytes[position] &- 48)
        digitCount += 1
        exponent -= 1
        position += 1
      }
    }
    let marker = byte(at: position)
    if marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
      let sign = byte(at: position + 1)
      let hasSign = sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-")
      if Lexer.isDigit(byte(at: position + (hasSign ? 2 : 1))) {
        position += hasSign ? 2 : 1
        var written = 0
        while Lexer.isDigit(byte(at: position)) {
          written = min(written * 10 + Int(bytes[position] &- 48), 100_000)
          position += 1
        }
        exponent += sign == UInt8(ascii: "-") ? -written : written
      }
    }
    let numberEnd = position

    var unit: NumberUnit?
    if Lexer.isIdentifierStart(byte(at: position)) {
      let suffixStart = position
      while Lexer.isIdentifierContinue(byte(at: position)) { position += 1 }
      let suffix = Lexer.text(
        bytes, SourceRange(start: suffixStart, end: position, line: 0, column: 0))
      unit = NumberUnit(rawValue: suffix)
      guard unit != nil else { return error(.unknownUnit, from: suffixStart, to: position) }
    }

    var value: Double
    if digitCount <= 15, exponent >= -22, exponent <= 22 {
      // Clinger's fast path: the mantissa and the power of ten are exact
      // doubles, so one multiplication or division rounds correctly.
      let power = Lexer.powersOfTen[abs(exponent)]
      value = exponent < 0 ? Double(mantissa) / power : Double(mantissa) * power
    } else {
      value =
        Double(Lexer.text(bytes, SourceRange(start: start, end: numberEnd, line: 0, column: 0)))
        ?? .infinity
    }
    switch unit {
    case .milliseconds: value /= 1000
    case .radians: value = value * 180 / Double.pi
    case .seconds, .degrees, nil: break
    }
    guard value.isFinite else { return error(.numberTooLarge, from: start, to: position) }
    var token = RawToken(kind: .number, range: range(from: start, to: position))
    token.number = value
    token.unit = unit
    return token
  }

  private static let powersOfTen: [Double] = (0...22).map { exponent in
    (0..<exponent).reduce(1.0) { value, _ in value * 10 }
  }

  /// string -> '"' { character | "\n" | "\t" | '\"' | "\\" } '"'   (on one line)
  ///
  /// A string cannot span lines: a newline before the closing quote makes it
  /// "unterminated", reported at the opening quote, so that a missing quote
  /// costs one error instead of turning the rest of the file inside out.
  private mutating func scanString() -> RawToken {
    let start = position
    let startRange = range(from: start, to: start + 1)
    position += 1
    var hasEscapes = false
    var firstError: RawToken?
    while true {
      guard position < bytes.count, bytes[position] != UInt8(ascii: "\n") else {
        if let firstError { return firstError }
        var unterminated = RawToken(kind: .error, range: startRange)
        unterminated.range.end = position
        unterminated.error = .unterminatedString
        return unterminated
      }
      let current = bytes[position]
      if current == UInt8(ascii: "\"") {
        position += 1
        break
      }
      if current == UInt8(ascii: "\\") {
        hasEscapes = true
        let escaped = byte(at: position + 1)
        if position + 1 >= bytes.count || escaped == UInt8(ascii: "\n") {
          position += 1  // the loop reports the unterminated string
          continue
        }
        switch escaped {
        case UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "\""), UInt8(ascii: "\\"):
          position += 2
        default:
          if firstError == nil {
            let length = escaped < 0x80 ? 1 : Lexer.validUTF8Length(bytes, at: position + 1) ?? 1
            firstError = error(.unknownEscape, from: position, to: position + 1 + length)
          }
          position += 1  // the escaped character is read as ordinary content
        }
        continue
      }
      if current >= 0x80 {
        if let length = Lexer.validUTF8Length(bytes, at: position) {
          position += length
          continuationBytes += length - 1
        } else {
          if firstError == nil {
            firstError = error(.invalidUTF8, from: position, to: position + 1)
          }
          if current & 0xC0 == 0x80 { continuationBytes += 1 }
          position += 1
        }
        continue
      }
      position += 1
    }
    if let firstError { return firstError }
    var token = RawToken(kind: .string, range: startRange)
    token.range.end = position
    token.hasEscapes = hasEscapes
    return token
  }

  /// Skips a `#` comment up to (not including) the newline. Returns an error
  /// token for the first invalid UTF-8 byte in it, if any.
  private mutating func skipComment() -> RawToken? {
    var firstError: RawToken?
    while position < bytes.count {
      let current = bytes[position]
      if current == UInt8(ascii: "\n") { break }
      if current < 0x80 {
        position += 1
      } else if let length = Lexer.validUTF8Length(bytes, at: position) {
        position += length
        continuationBytes += length - 1
      } else {
        if firstError == nil { firstError = error(.invalidUTF8, from: position, to: position + 1) }
        if current & 0xC0 == 0x80 { continuationBytes += 1 }
        position += 1
      }
    }
    return firstError
  }

  /// A non-ASCII character outside a string or comment.
  private mutating func unexpectedNonASCII() -> RawToken {
    let start = position
    guard let length = Lexer.validUTF8Length(bytes, at: position) else {
      let token = error(.invalidUTF8, from: start, to: start + 1)
      if bytes[position] & 0xC0 == 0x80 { continuationBytes += 1 }
      position += 1
      return token
    }
    let token = error(.unexpectedCharacter, from: start, to: start + length)
    position += length
    continuationBytes += length - 1
    return token
  }

  // MARK: - Character classes

  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
  }

  static func isIdentifierContinue(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || isDigit(byte)
  }

  /// The length of the well-formed UTF-8 sequence starting at `offset` (which
  /// holds a byte >= 0x80), or `nil` if it is not well formed: a stray
  /// continuation byte, a truncated sequence, an overlong form, a surrogate, or
  /// a scalar above U+10FFFF (Unicode table 3-7).
  static func validUTF8Length(_ bytes: [UInt8], at offset: Int) -> Int? {
    let lead = bytes[offset]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return nil
    }
    guard offset + length <= bytes.count else { return nil }
    let second = bytes[offset + 1]
    guard second >= low, second <= high else { return nil }
    for index in (offset + 2)..<(offset + length) where bytes[index] & 0xC0 != 0x80 {
      return nil
    }
    return length
  }
}
