/// The kinds of token the lexer produces.
///
/// Keywords are not token kinds: the lexer emits them as identifiers and the
/// parser recognises them only where the grammar needs one, so `fade(in, 1)`
/// works although `in` is the keyword of `for x in ...`.
public enum TokenKind: Sendable, Hashable {
  /// `[A-Za-z_][A-Za-z0-9_]*`; the name is in `Token.text`.
  case identifier
  /// A number, converted to seconds or degrees in `Token.number`, with its unit in `Token.unit`.
  case number
  /// A string literal; its decoded value (escapes resolved) is in `Token.text`.
  case string

  case plus, minus, star, slash, percent, pipe
  case equalEqual, bangEqual, less, lessEqual, greater, greaterEqual, tildeEqual
  case equal
  case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
  case comma, dot, colon, semicolon
  /// `..<`
  case halfOpenRange
  /// `...`
  case closedRange

  /// A newline that ends a statement (newlines inside `()`/`[]`, after an
  /// operator or comma, and runs of blank lines produce no token).
  case newline
  /// The end of the input; always the last token.
  case endOfFile
  /// A lexical error; the message is in `Token.text`, the range points at the
  /// offending bytes. The parser reports it and skips the token.
  case error

  /// The fixed spelling of punctuation and operators, `nil` for the other kinds.
  public var spelling: String? {
    switch self {
    case .plus: "+"
    case .minus: "-"
    case .star: "*"
    case .slash: "/"
    case .percent: "%"
    case .pipe: "|"
    case .equalEqual: "=="
    case .bangEqual: "!="
    case .less: "<"
    case .lessEqual: "<="
    case .greater: ">"
    case .greaterEqual: ">="
    case .tildeEqual: "~="
    case .equal: "="
    case .leftParen: "("
    case .rightParen: ")"
    case .leftBracket: "["
    case .rightBracket: "]"
    case .leftBrace: "{"
    case .rightBrace: "}"
    case .comma: ","
    case .dot: "."
    case .colon: ":"
    case .semicolon: ";"
    case .halfOpenRange: "..<"
    case .closedRange: "..."
    case .identifier, .number, .string, .newline, .endOfFile, .error: nil
    }
  }

  /// Whether a newline right after this token continues the statement: true
  /// for every operator and for `,`, `=`, `.`, `:`, and for the openers and
  /// separators after which a newline would only be a blank line.
  var continuesLine: Bool {
    switch self {
    case .identifier, .number, .string, .rightParen, .rightBracket, .rightBrace, .error:
      false
    case .endOfFile: false
    default: true
    }
  }

  /// Whether an operand must follow this token: after it, a `{` starts a
  /// record literal (SPEC §23.1), not a block.
  var expectsOperand: Bool {
    switch self {
    case .equal, .leftParen, .leftBracket, .comma, .colon, .plus, .minus, .star, .slash,
      .percent, .pipe, .equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual,
      .tildeEqual, .halfOpenRange, .closedRange:
      true
    default: false
    }
  }
}

/// The unit written after a number without a space.
public enum NumberUnit: String, Sendable, Hashable {
  /// `ms`: the value is divided by 1000 to give seconds.
  case milliseconds = "ms"
  /// `s`: seconds, the value as written.
  case seconds = "s"
  /// `deg`: degrees, the value as written.
  case degrees = "deg"
  /// `rad`: radians, converted to degrees (`value * 180 / π`).
  case radians = "rad"
}

/// One token: its kind, where it is, and its value.
public struct Token: Sendable, Hashable, CustomStringConvertible {
  /// What kind of token it is.
  public var kind: TokenKind
  /// The bytes it covers, with the line and column of its first character.
  public var range: SourceRange
  /// The identifier's name, the string's decoded value, or the error's message; empty otherwise.
  public var text: String
  /// A number's value converted to seconds (for `ms`, `s`) or degrees (for
  /// `deg`, `rad`); a bare number as written. Zero for other kinds.
  public var number: Double
  /// A number's unit, `nil` for a bare number and for other kinds.
  public var unit: NumberUnit?

  /// Creates a token.
  public init(
    kind: TokenKind, range: SourceRange, text: String = "", number: Double = 0,
    unit: NumberUnit? = nil
  ) {
    self.kind = kind
    self.range = range
    self.text = text
    self.number = number
    self.unit = unit
  }

  /// Whether the token is the identifier `word` (how the parser tests for contextual keywords).
  public func isWord(_ word: String) -> Bool {
    kind == .identifier && text == word
  }

  /// A readable form for the REPL's `:tokens`, e.g. `identifier fade`,
  /// `number 0.3 ms`, `string "hi"`, `'('`, `newline`, `end of input`.
  public var description: String {
    switch kind {
    case .identifier: return "identifier \(text)"
    case .number:
      let value = SyntaxFormat.number(number)
      return unit.map { "number \(value) \($0.rawValue)" } ?? "number \(value)"
    case .string: return "string \(SyntaxFormat.quoted(text))"
    case .newline: return "newline"
    case .endOfFile: return "end of input"
    case .error: return "error: \(text)"
    default: return "'\(kind.spelling ?? "")'"
    }
  }
}
