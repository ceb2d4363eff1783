/// Turns a source file's bytes into tokens, on demand: one at a time, or a
/// batch at a time for the parser.
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
/// The parser reads tokens a batch at a time through `read(into:)`, as plain
/// data without strings (`RawToken`), which keeps parsing fast; `nextToken()`
/// adds the text (names, string values, error messages) for other callers.
///
/// The scanning functions (in `Lexer+Scanning.swift`) read the bytes through
/// an `UnsafeBufferPointer` (`input`) that the entry points take once per call
/// or per batch, and keep their position in local variables: indexing the
/// array and storing the position byte by byte made the lexer half as slow
/// again. Every read checks the position against `input.count` first.
public struct Lexer: Sendable {
  /// The file being read.
  public let source: SourceFile
  let bytes: [UInt8]
  /// The offset of the next byte to read.
  var position = 0
  var line = 1
  var lineStart = 0
  /// UTF-8 continuation bytes between `lineStart` and `position`, so that
  /// columns count Unicode scalars: column = bytes - continuation bytes + 1.
  var continuationBytes = 0
  /// The brackets open at `position`, innermost last: `(`, `[`, `{` (a
  /// block) or `Lexer.recordOpener` (the `{` of a record literal, inside
  /// which newlines continue the statement, as inside `(` and `[`).
  var openers: [UInt8] = []
  /// The kind of the last token read (a newline included): a `{` after one
  /// that expects an operand (`=`, `(`, `,`, `:`, an operator) opens a
  /// record (SPEC §23.1), any other `{` a block.
  var lastKind: TokenKind = .newline
  /// Whether a newline now would continue the statement (true at the start,
  /// after an operator or separator), so no newline token is emitted.
  var newlineContinues = true

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

  /// The next token in its internal, string-free form.
  mutating func nextRawToken() -> RawToken {
    let bytes = self.bytes
    return bytes.withUnsafeBufferPointer { input in scanNextToken(input) }
  }

  /// Fills `tokens` with the next tokens, in one loop (the parser reads its
  /// tokens this way, a batch at a time).
  mutating func read(into tokens: UnsafeMutableBufferPointer<RawToken>) {
    let bytes = self.bytes
    bytes.withUnsafeBufferPointer { input in
      for index in tokens.indices {
        (tokens.baseAddress! + index).initialize(to: scanNextToken(input))
      }
    }
  }

  /// The next token: skips blanks, comments and the newlines that do not end
  /// a statement; after the end, `endOfFile` again and again.
  @inline(__always)
  private mutating func scanNextToken(_ input: UnsafeBufferPointer<UInt8>) -> RawToken {
    var offset = position
    while offset < input.count {
      let byte = input[offset]
      // Every byte that is not part of a token is at most "#": testing that
      // first sends most bytes straight to `scanToken` with one predictable
      // branch (a `switch` here compiles to a jump table that mispredicts).
      if byte <= UInt8(ascii: "#") {
        // Space, tab or carriage return: bits 32, 9 and 13 (tested as bits,
        // because comparisons would become the jump table again).
        if (0x1_0000_2200 as UInt64) >> UInt64(byte) & 1 != 0 {
          offset += 1
          continue
        }
        if byte == UInt8(ascii: "\n") {
          let token = RawToken(kind: .newline, range: range(from: offset, to: offset + 1))
          let emits = !newlineContinues && !isInsideGroup
          offset += 1
          line += 1
          lineStart = offset
          continuationBytes = 0
          if emits {
            position = offset
            newlineContinues = true
            lastKind = .newline
            return token
          }
          continue
        }
        if byte == UInt8(ascii: "#") {
          position = offset
          if let error = skipComment(input) { return error }
          offset = position
          continue
        }
      }
      position = offset
      let token = scanToken(input)
      newlineContinues = token.kind.continuesLine
      lastKind = token.kind
      return token
    }
    position = offset
    return RawToken(kind: .endOfFile, range: range(from: input.count, to: input.count))
  }

  /// The source text of a range, decoded as UTF-8.
  static func text(_ bytes: [UInt8], _ range: SourceRange) -> String {
    bytes.withUnsafeBufferPointer { buffer in
      String(
        decoding: UnsafeBufferPointer(rebasing: buffer[range.start..<range.end]), as: UTF8.self)
    }
  }

  /// A string token's value: its text between the quotes, escapes resolved
  /// (an interpolation `\(…)` kept as written).
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
        // An interpolation is shown as written (the parser reads its
        // expression out of the token: `Parser.interpolation`).
        case UInt8(ascii: "("):
          decoded.append(byte)
          byte = bytes[index]
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
    while let last = openers.last, last != Lexer.blockOpener {
      openers.removeLast()
    }
  }

  // MARK: - Positions

  var isInsideGroup: Bool {
    guard let last = openers.last else { return false }
    return last != Lexer.blockOpener
  }

  /// The opener `openers` records for a block's `{`.
  static let blockOpener = UInt8(ascii: "{")
  /// The opener `openers` records for a record literal's `{`.
  static let recordOpener: UInt8 = 0

  /// The range of the bytes `start..<end` on the current line.
  @inline(__always)
  func range(from start: Int, to end: Int) -> SourceRange {
    SourceRange(
      lexerStart: start, end: end, line: line,
      column: start &- lineStart &- continuationBytes &+ 1)
  }

  func error(_ error: LexicalError, from start: Int, to end: Int) -> RawToken {
    var token = RawToken(kind: .error, range: range(from: start, to: end))
    token.error = error
    return token
  }
}
