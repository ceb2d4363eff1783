/// Parses JSON text (RFC 8259) from UTF-8 bytes.
///
/// Nesting deeper than `maximumDepth` is refused (a message of a million
/// `[` must not exhaust the stack); invalid UTF-8 inside strings is replaced
/// by U+FFFD, as `String(decoding:)` does.
public struct JSONParser {
  /// The deepest nesting of arrays and objects accepted. LSP messages nest a
  /// few levels; 512 leaves room for anything a client sends.
  public static let maximumDepth = 512

  /// Why a text is not JSON.
  public struct SyntaxError: Error, CustomStringConvertible, Sendable {
    /// What is wrong and at which byte.
    public var description: String
  }

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0

  private init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The value `bytes` hold, or a `SyntaxError`.
  public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSON {
    var parser = JSONParser(bytes)
    parser.skipSpace()
    let value = try parser.value()
    parser.skipSpace()
    guard parser.index == bytes.count else {
      throw parser.failure("unexpected text after the value")
    }
    return value
  }

  private func failure(_ message: String) -> SyntaxError {
    SyntaxError(description: "\(message) at byte \(index)")
  }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func value() throws(SyntaxError) -> JSON {
    guard index < bytes.count else { throw failure("unexpected end of input") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw failure("unexpected character")
    }
  }

  private mutating func literal(_ word: StaticString, _ value: JSON) throws(SyntaxError) -> JSON {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw failure("unexpected end of input") }
    let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
    for offset in 0..<count where bytes[index + offset] != expected[offset] {
      throw failure("invalid literal")
    }
    index += count
    return value
  }

  private mutating func nest() throws(SyntaxError) {
    depth += 1
    if depth > JSONParser.maximumDepth {
      throw failure("nesting deeper than \(JSONParser.maximumDepth)")
    }
  }

  private mutating func object() throws(SyntaxError) -> JSON {
    try nest()
    defer { depth -= 1 }
    index += 1
    var members: [String: JSON] = [:]
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw failure("expected a member name")
      }
      let key = try string()
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw failure("expected ':'")
      }
      index += 1
      skipSpace()
      members[key] = try value()
      skipSpace()
      guard index < bytes.count else { throw failure("unexpected end of input") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "}") else { throw failure("expected ',' or '}'") }
      index += 1
      return .object(members)
    }
  }

  private mutating func array() throws(SyntaxError) -> JSON {
    try nest()
    defer { depth -= 1 }
    index += 1
    var elements: [JSON] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipSpace()
      elements.append(try value())
      skipSpace()
      guard index < bytes.count else { throw failure("unexpected end of input") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "]") else { throw failure("expected ',' or ']'") }
      index += 1
      return .array(elements)
    }
  }

  private mutating func number() throws(SyntaxError) -> JSON {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    func digits(_ parser: inout JSONParser) -> Int {
      let from = parser.index
      while parser.index < parser.bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index])
      {
        parser.index += 1
      }
      return parser.index - from
    }
    guard digits(&self) > 0 else { throw failure("expected a digit") }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits(&self) > 0 else { throw failure("expected a digit after '.'") }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits(&self) > 0 else { throw failure("expected a digit in the exponent") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text) else { throw failure("invalid number") }
    return .number(value)
  }

  private mutating func string() throws(SyntaxError) -> String {
    index += 1
    var result: [UInt8] = []
    var runStart = index
    while true {
      guard index < bytes.count else { throw failure("unterminated string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        result.append(contentsOf: bytes[runStart..<index])
        index += 1
        return String(decoding: result, as: UTF8.self)
      }
      if byte < 0x20 { throw failure("control character in string") }
      if byte != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      result.append(contentsOf: bytes[runStart..<index])
      index += 1
      guard index < bytes.count else { throw failure("unterminated string") }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""): result.append(0x22)
      case UInt8(ascii: "\\"): result.append(0x5C)
      case UInt8(ascii: "/"): result.append(0x2F)
      case UInt8(ascii: "b"): result.append(0x08)
      case UInt8(ascii: "f"): result.append(0x0C)
      case UInt8(ascii: "n"): result.append(0x0A)
      case UInt8(ascii: "r"): result.append(0x0D)
      case UInt8(ascii: "t"): result.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try hex4()
        if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count,
          bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        {
          let saved = index
          index += 2
          let low = try hex4()
          if (0xDC00..<0xE000).contains(low) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else {
            index = saved
          }
        }
        let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        result.append(contentsOf: Array(String(Character(character)).utf8))
      default: throw failure("invalid escape")
      }
      runStart = index
    }
  }

  private mutating func hex4() throws(SyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw failure("unterminated \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw failure("invalid \\u escape")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }
}
