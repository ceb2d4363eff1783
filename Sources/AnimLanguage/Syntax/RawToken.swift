/// The lexer's internal form of a token: plain data, no strings, so that the
/// parser can copy tokens for free (parsing must run at 30 MB/s and more).
/// Text is taken from the source bytes only when it is needed; the public
/// `Token` is the same information with its text filled in.
struct RawToken: Sendable {
  var kind: TokenKind
  /// A number's unit.
  var unit: NumberUnit?
  /// What went wrong, for an `error` token.
  var error: LexicalError?
  /// Whether a string token contains escapes (its value differs from its bytes).
  var hasEscapes = false
  /// Whether a string token holds an interpolation `\(…)` (SPEC §23.1).
  var hasInterpolation = false
  var range: SourceRange
  /// `number`'s bits or `word`: no token has both, and sharing the storage
  /// keeps a token at 32 bytes.
  private var payload: UInt64 = 0

  init(kind: TokenKind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }

  /// A number's converted value; 0 for other kinds.
  var number: Double {
    get { kind == .number ? Double(bitPattern: payload) : 0 }
    set { payload = newValue.bitPattern }
  }

  /// An identifier of up to 8 bytes packed into an integer (`Word.pack`),
  /// 0 for longer identifiers and other kinds: keywords compare as integers.
  var word: UInt64 {
    get { kind == .identifier ? payload : 0 }
    set { payload = newValue }
  }

  /// Whether the token is the identifier packed in `word`.
  func isWord(_ packed: UInt64) -> Bool {
    kind == .identifier && word == packed
  }
}

/// The lexical errors. Their messages are built from the error's range in the
/// source, which covers the offending text (the unit, the escape, the character).
enum LexicalError: UInt8, Sendable {
  case unknownUnit
  case numberTooLarge
  case unterminatedString
  case unknownEscape
  case invalidUTF8
  case unexpectedCharacter
  case unexpectedBang
  case unexpectedTilde
  case unexpectedDots

  /// The message, given the source text the error's range covers.
  func message(offending text: String) -> String {
    switch self {
    case .unknownUnit: return "unknown unit '\(text)' after number; expected ms, s, deg or rad"
    case .numberTooLarge: return "number is too large"
    case .unterminatedString: return "unterminated string"
    case .unknownEscape:
      return
        "unknown escape sequence '\(text)' in string; valid escapes are \\n, \\t, \\\", \\\\ and \\(…)"
    case .invalidUTF8: return "invalid UTF-8 in source"
    case .unexpectedCharacter:
      guard let scalar = text.unicodeScalars.first, scalar.value >= 0x20, scalar.value != 0x7F
      else {
        let value = text.unicodeScalars.first?.value ?? 0
        let digits = String(value, radix: 16, uppercase: true)
        return
          "unexpected character U+\(String(repeating: "0", count: max(0, 4 - digits.count)))\(digits)"
      }
      return "unexpected character '\(text)'"
    case .unexpectedBang: return "unexpected character '!'; did you mean '!='?"
    case .unexpectedTilde: return "unexpected character '~'; did you mean '~='?"
    case .unexpectedDots: return "unexpected '..'; did you mean '..<' or '...'?"
    }
  }
}

/// The contextual keywords (`on`, `in`, `every`, `for`, `within`, `to`, …):
/// words that are ordinary names except where the grammar gives them a
/// meaning. Each is packed into one integer (see `RawToken.word`), so the
/// parser compares a token against a keyword without building a string.
enum Word {
  /// Packs an ASCII word of up to 8 bytes, first byte lowest; 0 for longer words.
  static func pack(_ word: String) -> UInt64 {
    guard word.utf8.count <= 8 else { return 0 }
    var packed: UInt64 = 0
    for (index, byte) in word.utf8.enumerated() {
      packed |= UInt64(byte) << (8 * UInt64(index))
    }
    return packed
  }

  // The words packed by hand (`pack` gives the same values): a constant
  // needs no lazy initialisation, and the parser tests words on every token.
  static let on: UInt64 = 0x6E6F  // "on"
  static let `in`: UInt64 = 0x6E69  // "in"
  static let every: UInt64 = 0x79_7265_7665  // "every"
  static let `for`: UInt64 = 0x72_6F66  // "for"
  static let within: UInt64 = 0x6E69_6874_6977  // "within"
  static let to: UInt64 = 0x6F74  // "to"
  static let until: UInt64 = 0x6C_6974_6E75  // "until"
  static let frames: UInt64 = 0x7365_6D61_7266  // "frames"
  static let frame: UInt64 = 0x65_6D61_7266  // "frame"
  static let all: UInt64 = 0x6C_6C61  // "all"
  static let run: UInt64 = 0x6E_7572  // "run"
  static let sound: UInt64 = 0x64_6E75_6F73  // "sound"
  static let `as`: UInt64 = 0x7361  // "as"
  static let `true`: UInt64 = 0x6575_7274  // "true"
  static let `false`: UInt64 = 0x65_736C_6166  // "false"
  static let done: UInt64 = 0x656E_6F64  // "done"
  static let start: UInt64 = 0x74_7261_7473  // "start"
  static let `repeat`: UInt64 = 0x7461_6570_6572  // "repeat"
  static let mark: UInt64 = 0x6B72_616D  // "mark"
  static let and: UInt64 = 0x64_6E61  // "and"
  static let or: UInt64 = 0x726F  // "or"
  static let not: UInt64 = 0x74_6F6E  // "not"
  static let `if`: UInt64 = 0x6669  // "if"
  static let `else`: UInt64 = 0x6573_6C65  // "else"
}
