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
  var range: SourceRange
  /// A number's converted value.
  var number: Double = 0
  /// An identifier of up to 8 bytes packed into an integer (`Word.pack`),
  /// 0 for longer identifiers and other kinds: keywords compare as integers.
  var word: UInt64 = 0

  init(kind: TokenKind, range: SourceRange) {
    self.kind = kind
    self.range = range
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
        "unknown escape sequence '\(text)' in string; valid escapes are \\n, \\t, \\\" and \\\\"
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

/// Contextual keywords as packed integers (see `RawToken.word`).
enum Word {
  /// Packs an ASCII word of up to 8 bytes, first byte lowest; 0 for longer words.
  static func pack(_ word: StaticString) -> UInt64 {
    guard word.utf8CodeUnitCount <= 8 else { return 0 }
    var packed: UInt64 = 0
    for index in 0..<word.utf8CodeUnitCount {
      packed |= UInt64(word.utf8Start[index]) << (8 * UInt64(index))
    }
    return packed
  }

  /// Packs a word given as a `String` (0 if longer than 8 bytes).
  static func pack(_ word: String) -> UInt64 {
    guard word.utf8.count <= 8 else { return 0 }
    var packed: UInt64 = 0
    for (index, byte) in word.utf8.enumerated() {
      packed |= UInt64(byte) << (8 * UInt64(index))
    }
    return packed
  }

  static let on = pack("on")
  static let `in` = pack("in")
  static let every = pack("every")
  static let `for` = pack("for")
  static let within = pack("within")
  static let to = pack("to")
  static let until = pack("until")
  static let frames = pack("frames")
  static let frame = pack("frame")
  static let all = pack("all")
  static let run = pack("run")
  static let `as` = pack("as")
  static let `true` = pack("true")
  static let `false` = pack("false")
  static let done = pack("done")
  static let start = pack("start")
  static let `repeat` = pack("repeat")
  static let mark = pack("mark")
}
