// Scanning one token, from the byte at `position` (never a blank, a newline or
// a `#`: `scanNextToken` skips those). Every function here reads the source
// through `input` and leaves `position` just past what it read.

extension Lexer {
  /// The byte at `offset`, or 0 past the end (0 starts no token and
  /// continues none, so it ends every scanning loop).
  @inline(__always)
  static func byte(_ input: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt8 {
    offset < input.count ? input[offset] : 0
  }

  @inline(__always)
  mutating func scanToken(_ input: UnsafeBufferPointer<UInt8>) -> RawToken {
    let start = position
    let first = input[start]
    if Lexer.isIdentifierStart(first) { return scanIdentifier(input) }
    if Lexer.isDigit(first)
      || (first == UInt8(ascii: ".") && Lexer.isDigit(Lexer.byte(input, at: start + 1)))
    {
      return scanNumber(input)
    }
    if first == UInt8(ascii: "\"") { return scanString(input) }
    if first >= 0x80 { return unexpectedNonASCII(input) }

    let next = Lexer.byte(input, at: start + 1)
    var end = start + 1
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
    case UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "!"),
      UInt8(ascii: "~"):
      let withEqual = next == UInt8(ascii: "=")
      if withEqual { end += 1 }
      switch first {
      case UInt8(ascii: "="): kind = withEqual ? .equalEqual : .equal
      case UInt8(ascii: "<"): kind = withEqual ? .lessEqual : .less
      case UInt8(ascii: ">"): kind = withEqual ? .greaterEqual : .greater
      case UInt8(ascii: "!"):
        position = end
        guard withEqual else { return error(.unexpectedBang, from: start, to: end) }
        kind = .bangEqual
      default:
        position = end
        guard withEqual else { return error(.unexpectedTilde, from: start, to: end) }
        kind = .tildeEqual
      }
    case UInt8(ascii: "."):
      if next == UInt8(ascii: ".") {
        let third = Lexer.byte(input, at: start + 2)
        if third == UInt8(ascii: "<") {
          end += 2
          kind = .halfOpenRange
        } else if third == UInt8(ascii: ".") {
          end += 2
          kind = .closedRange
        } else {
          position = start + 2
          return error(.unexpectedDots, from: start, to: start + 2)
        }
      } else {
        kind = .dot
      }
    case UInt8(ascii: "("):
      openers.append(first)
      kind = .leftParen
    case UInt8(ascii: "["):
      openers.append(first)
      kind = .leftBracket
    case UInt8(ascii: "{"):
      let record =
        lastKind.expectsOperand
        || (lastKind == .identifier
          && Lexer.wordBefore(start, in: input).map(Lexer.opensRecord)
            ?? false)
      openers.append(record ? Lexer.recordOpener : Lexer.blockOpener)
      kind = .leftBrace
    case UInt8(ascii: ")"):
      close(UInt8(ascii: "("))
      kind = .rightParen
    case UInt8(ascii: "]"):
      close(UInt8(ascii: "["))
      kind = .rightBracket
    case UInt8(ascii: "}"):
      close(openers.last == Lexer.recordOpener ? Lexer.recordOpener : Lexer.blockOpener)
      kind = .rightBrace
    default:
      position = end
      return error(.unexpectedCharacter, from: start, to: end)
    }
    position = end
    return RawToken(kind: kind, range: range(from: start, to: end))
  }

  /// The identifier that ends right before `offset` (blanks between), read
  /// backwards; nil when none does.
  static func wordBefore(_ offset: Int, in input: UnsafeBufferPointer<UInt8>) -> String? {
    var end = offset
    while end > 0, input[end - 1] == 0x20 || input[end - 1] == 0x09 { end -= 1 }
    var start = end
    while start > 0, isIdentifierContinue(input[start - 1]), end - start < 8 { start -= 1 }
    guard start < end, isIdentifierStart(input[start]) else { return nil }
    return String(decoding: UnsafeBufferPointer(rebasing: input[start..<end]), as: UTF8.self)
  }

  /// Whether a `{` right after the word `word` opens a record (SPEC §23.1):
  /// after a word that takes an expression (`print {…}`), not after a name
  /// or a keyword a block follows (`for v in g {`, `else {`, `on h done {`).
  static func opensRecord(after word: String) -> Bool {
    ["print", "expect", "and", "or", "not"].contains(word)
  }

  /// Pops the innermost bracket if it is `opener`; a closer that does not match
  /// the innermost bracket closes everything up to its own opener, and a closer
  /// with no opener at all changes nothing (the parser reports it).
  private mutating func close(_ opener: UInt8) {
    if openers.last == opener {
      openers.removeLast()
    } else if let index = openers.lastIndex(of: opener) {
      openers.removeLast(openers.count - index)
    }
  }

  /// identifier -> [A-Za-z_] [A-Za-z0-9_]*
  @inline(__always)
  private mutating func scanIdentifier(_ input: UnsafeBufferPointer<UInt8>) -> RawToken {
    let start = position
    var end = start + 1
    while end < input.count, Lexer.isIdentifierContinue(input[end]) { end += 1 }
    position = end
    var token = RawToken(kind: .identifier, range: range(from: start, to: end))
    token.word = Lexer.pack(input, from: start, count: end - start)
    return token
  }

  /// The bytes `start..<start + count` packed into an integer, first byte
  /// lowest (as `Word.pack`); 0 when there are more than 8.
  @inline(__always)
  static func pack(_ input: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) -> UInt64 {
    guard count <= 8 else { return 0 }
    if start + 8 <= input.count {
      // One load of 8 bytes, and the ones past the word masked off.
      let loaded = UInt64(
        littleEndian: UnsafeRawPointer(input.baseAddress! + start).loadUnaligned(as: UInt64.self))
      return count == 8 ? loaded : loaded & ((1 << (UInt64(count) &* 8)) &- 1)
    }
    var packed: UInt64 = 0
    for index in 0..<count {
      packed |= UInt64(input[start + index]) << (UInt64(index) &* 8)
    }
    return packed
  }

  /// number -> ( digits [ "." digits ] | "." digits ) [ ("e"|"E") ["+"|"-"] digits ] [ unit ]
  private mutating func scanNumber(_ input: UnsafeBufferPointer<UInt8>) -> RawToken {
    let start = position
    var end = start
    // The digits as an integer mantissa and a power of ten, for the fast path.
    var mantissa: UInt64 = 0
    var digitCount = 0
    var exponent = 0
    while Lexer.isDigit(Lexer.byte(input, at: end)) {
      mantissa = mantissa &* 10 &+ UInt64(input[end] &- 48)
      digitCount += 1
      end += 1
    }
    if Lexer.byte(input, at: end) == UInt8(ascii: "."),
      Lexer.isDigit(Lexer.byte(input, at: end + 1))
    {
      end += 1
      while Lexer.isDigit(Lexer.byte(input, at: end)) {
        mantissa = mantissa &* 10 &+ UInt64(input[end] &- 48)
        digitCount += 1
        exponent -= 1
        end += 1
      }
    }
    let marker = Lexer.byte(input, at: end)
    if marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
      let sign = Lexer.byte(input, at: end + 1)
      let hasSign = sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-")
      if Lexer.isDigit(Lexer.byte(input, at: end + (hasSign ? 2 : 1))) {
        end += hasSign ? 2 : 1
        var written = 0
        while Lexer.isDigit(Lexer.byte(input, at: end)) {
          written = min(written * 10 + Int(input[end] &- 48), 100_000)
          end += 1
        }
        exponent += sign == UInt8(ascii: "-") ? -written : written
      }
    }
    let numberEnd = end

    var unit: NumberUnit?
    if Lexer.isIdentifierStart(Lexer.byte(input, at: end)) {
      let suffixStart = end
      while Lexer.isIdentifierContinue(Lexer.byte(input, at: end)) { end += 1 }
      position = end
      unit = Lexer.unit(Lexer.pack(input, from: suffixStart, count: end - suffixStart))
      guard unit != nil else { return error(.unknownUnit, from: suffixStart, to: end) }
    }
    position = end

    var value: Double
    if digitCount <= 15, exponent >= -22, exponent <= 22 {
      // Clinger's fast path: the mantissa and the power of ten are exact
      // doubles, so one multiplication or division rounds correctly.
      let power = Lexer.powerOfTen(abs(exponent))
      value = exponent < 0 ? Double(mantissa) / power : Double(mantissa) * power
    } else {
      let text = String(
        decoding: UnsafeBufferPointer(rebasing: input[start..<numberEnd]), as: UTF8.self)
      value = Double(text) ?? .infinity
    }
    switch unit {
    case .milliseconds: value /= 1000
    case .radians: value = value * 180 / Double.pi
    case .seconds, .degrees, nil: break
    }
    guard value.isFinite else { return error(.numberTooLarge, from: start, to: end) }
    var token = RawToken(kind: .number, range: range(from: start, to: end))
    token.number = value
    token.unit = unit
    return token
  }

  /// The unit a packed suffix spells (`ms`, `s`, `deg`, `rad`), if any.
  private static func unit(_ packed: UInt64) -> NumberUnit? {
    switch packed {
    case 0x736D: .milliseconds  // "ms"
    case 0x73: .seconds  // "s"
    case 0x67_6564: .degrees  // "deg"
    case 0x64_6172: .radians  // "rad"
    default: nil
    }
  }

  /// 10^exponent for 0 ... 22, exactly (every such power is a double).
  private static func powerOfTen(_ exponent: Int) -> Double {
    var power = 1.0
    for _ in 0..<exponent { power *= 10 }
    return power
  }

  /// string -> '"' { character | "\n" | "\t" | '\"' | "\\" | "\(" expression ")" } '"'   (on one line)
  ///
  /// A string cannot span lines: a newline before the closing quote makes it
  /// "unterminated", reported at the opening quote, so that a missing quote
  /// costs one error instead of turning the rest of the file inside out.
  ///
  /// An interpolation `\(…)` (SPEC §23.1) is read to its matching `)`,
  /// across the brackets and strings (themselves interpolated, maybe) inside
  /// it, and stays part of the one string token: the parser reads the
  /// expressions out of it (`Parser.interpolation`). `modes` holds, for each
  /// interpolation open, the brackets open in it (`0` marks a string inside
  /// an interpolation): an explicit stack, so a line of nested strings
  /// cannot exhaust the native one.
  private mutating func scanString(_ input: UnsafeBufferPointer<UInt8>) -> RawToken {
    let start = position
    let startRange = range(from: start, to: start + 1)
    position += 1
    var hasEscapes = false
    var hasInterpolation = false
    var firstError: RawToken?
    // Empty: in the string itself. Last > 0: in an interpolation, with that
    // many `(` open (its own included); last == 0: in a string inside one.
    var modes: [Int] = []
    while true {
      guard position < input.count, input[position] != UInt8(ascii: "\n") else {
        if let firstError { return firstError }
        var unterminated = RawToken(kind: .error, range: startRange)
        unterminated.range.end = position
        unterminated.error = .unterminatedString
        return unterminated
      }
      let current = input[position]
      if let open = modes.last, open > 0 {
        // Inside an interpolation's expression: brackets and strings nest.
        switch current {
        case UInt8(ascii: "("): modes[modes.count - 1] += 1
        case UInt8(ascii: ")"):
          modes[modes.count - 1] -= 1
          if open == 1 { modes.removeLast() }
        case UInt8(ascii: "\""): modes.append(0)
        default: break
        }
        if current >= 0x80 {
          let length = Lexer.validUTF8Length(input, at: position) ?? 1
          position += length
          continuationBytes += length - 1
        } else {
          position += 1
        }
        continue
      }
      if current == UInt8(ascii: "\"") {
        position += 1
        if modes.isEmpty { break }
        modes.removeLast()  // a string inside an interpolation ends
        continue
      }
      if current == UInt8(ascii: "\\") {
        hasEscapes = true
        let escaped = Lexer.byte(input, at: position + 1)
        if position + 1 >= input.count || escaped == UInt8(ascii: "\n") {
          position += 1  // the loop reports the unterminated string
          continue
        }
        switch escaped {
        case UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "\""), UInt8(ascii: "\\"):
          position += 2
        case UInt8(ascii: "("):
          hasInterpolation = true
          modes.append(1)
          position += 2
        default:
          if firstError == nil {
            let length = escaped < 0x80 ? 1 : Lexer.validUTF8Length(input, at: position + 1) ?? 1
            firstError = error(.unknownEscape, from: position, to: position + 1 + length)
          }
          position += 1  // the escaped character is read as ordinary content
        }
        continue
      }
      if current >= 0x80 {
        if let length = Lexer.validUTF8Length(input, at: position) {
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
    token.hasInterpolation = hasInterpolation
    return token
  }

  /// Skips a `#` comment up to (not including) the newline. Returns an error
  /// token for the first invalid UTF-8 byte in it, if any.
  mutating func skipComment(_ input: UnsafeBufferPointer<UInt8>) -> RawToken? {
    var firstError: RawToken?
    while position < input.count {
      let current = input[position]
      if current == UInt8(ascii: "\n") { break }
      if current < 0x80 {
        position += 1
      } else if let length = Lexer.validUTF8Length(input, at: position) {
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
  private mutating func unexpectedNonASCII(_ input: UnsafeBufferPointer<UInt8>) -> RawToken {
    let start = position
    guard let length = Lexer.validUTF8Length(input, at: position) else {
      let token = error(.invalidUTF8, from: start, to: start + 1)
      if input[position] & 0xC0 == 0x80 { continuationBytes += 1 }
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
    byte &- UInt8(ascii: "0") < 10
  }

  static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_")
  }

  /// `[A-Za-z0-9_]`, tested with one shift of a 64-bit mask for each half of ASCII.
  @inline(__always)
  static func isIdentifierContinue(_ byte: UInt8) -> Bool {
    let digits: UInt64 = 0x03FF_0000_0000_0000  // bits 48 ... 57
    let letters: UInt64 = 0x07FF_FFFE_87FF_FFFE  // bits 1 ... 26, 31, 33 ... 58 (of 64 + bit)
    let mask = byte < 64 ? digits : letters
    return byte < 128 && (mask >> UInt64(byte & 63)) & 1 != 0
  }

  /// The length of the well-formed UTF-8 sequence starting at `offset` (which
  /// holds a byte >= 0x80), or `nil` if it is not well formed: a stray
  /// continuation byte, a truncated sequence, an overlong form, a surrogate, or
  /// a scalar above U+10FFFF (Unicode table 3-7).
  static func validUTF8Length(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
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
