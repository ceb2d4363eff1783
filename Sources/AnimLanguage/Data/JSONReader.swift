/// What a JSON text is read into: the reader calls these as it meets each
/// value, innermost first, so a script's values (`json()`, SPEC §23.1) and
/// the language server's messages (`AnimLSP.JSON`) are built in one pass.
public protocol JSONBuilder {
  /// The values built.
  associatedtype Value
  mutating func null() -> Value
  mutating func bool(_ value: Bool) -> Value
  /// A finite number.
  mutating func number(_ value: Double) -> Value
  mutating func string(_ value: String) -> Value
  /// An array's items, in order.
  mutating func array(_ items: [Value]) throws(DataError) -> Value
  /// An object's members in the order written; `keyOffsets` are where each
  /// key's opening quote is (for an error about one, as `DataError` wants).
  mutating func object(_ keys: [String], _ values: [Value], keyOffsets: [Int], in bytes: [UInt8])
    throws(DataError) -> Value
}

/// Reads JSON text (RFC 8259) from UTF-8 bytes, for the language server's
/// messages and a script's `json()` (SPEC §23.1).
///
/// Errors name their line and column (`DataError`). Nesting deeper than
/// `maximumDepth` is refused (a text of a million `[` must not exhaust the
/// stack); a number too large for a double is an error, not infinity; a
/// string's invalid UTF-8 is replaced by U+FFFD, as `String(decoding:)` does.
public struct JSONReader<Builder: JSONBuilder> {
  /// The deepest nesting of arrays and objects accepted: a script's lists
  /// nest at most 256 deep (`ValueList.maximumDepth`), and LSP messages a
  /// few levels.
  public static var maximumDepth: Int { 256 }

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0
  private var builder: Builder

  private init(_ bytes: [UInt8], builder: Builder) {
    self.bytes = bytes
    self.builder = builder
  }

  /// The value `bytes` hold, built by `builder`.
  public static func read(_ bytes: [UInt8], into builder: Builder) throws(DataError)
    -> Builder.Value
  {
    var reader = JSONReader(bytes, builder: builder)
    // A byte-order mark is not JSON, but editors write one.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
    reader.skipSpace()
    let value = try reader.value()
    reader.skipSpace()
    guard reader.index == bytes.count else {
      throw reader.failure("unexpected text after the value")
    }
    return value
  }

  private func failure(_ message: String, at offset: Int? = nil) -> DataError {
    DataError(message, at: offset ?? index, in: bytes)
  }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func value() throws(DataError) -> Builder.Value {
    guard index < bytes.count else { throw failure("unexpected end of the data") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return builder.string(try string())
    case UInt8(ascii: "t"):
      try literal("true")
      return builder.bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return builder.bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return builder.null()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw failure("unexpected character \(Self.shown(bytes, at: index))")
    }
  }

  /// A byte as a message names it: `'x'`, or `U+0001` for a control.
  static func shown(_ bytes: [UInt8], at index: Int) -> String {
    let byte = bytes[index]
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    if byte >= 0x80 {
      let end = min(bytes.count, index + 4)
      if let scalar = String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars.first {
        return "'\(scalar)'"
      }
    }
    let digits = String(byte, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: 4 - digits.count) + digits
  }

  private mutating func literal(_ word: StaticString) throws(DataError) {
    let count = word.utf8CodeUnitCount
    let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
    for offset in 0..<count {
      guard index + offset < bytes.count, bytes[index + offset] == expected[offset] else {
        throw failure("invalid literal: expected \(word)")
      }
    }
    index += count
  }

  private mutating func nest() throws(DataError) {
    depth += 1
    if depth > Self.maximumDepth { throw failure("nesting deeper than \(Self.maximumDepth)") }
  }

  private mutating func object() throws(DataError) -> Builder.Value {
    try nest()
    defer { depth -= 1 }
    index += 1
    var keys: [String] = []
    var values: [Builder.Value] = []
    var keyOffsets: [Int] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return try builder.object(keys, values, keyOffsets: keyOffsets, in: bytes)
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw failure(index < bytes.count ? "expected a key in quotes" : "unterminated object")
      }
      keyOffsets.append(index)
      keys.append(try string())
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw failure("expected ':' after the key")
      }
      index += 1
      skipSpace()
      values.append(try value())
      skipSpace()
      guard index < bytes.count else { throw failure("unterminated object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "}") else { throw failure("expected ',' or '}'") }
      index += 1
      return try builder.object(keys, values, keyOffsets: keyOffsets, in: bytes)
    }
  }

  private mutating func array() throws(DataError) -> Builder.Value {
    try nest()
    defer { depth -= 1 }
    index += 1
    var items: [Builder.Value] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return try builder.array(items)
    }
    while true {
      skipSpace()
      items.append(try value())
      skipSpace()
      guard index < bytes.count else { throw failure("unterminated array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "]") else { throw failure("expected ',' or ']'") }
      index += 1
      return try builder.array(items)
    }
  }

  private mutating func number() throws(DataError) -> Builder.Value {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    func digits(_ reader: inout JSONReader) -> Int {
      let from = reader.index
      while reader.index < reader.bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(reader.bytes[reader.index])
      {
        reader.index += 1
      }
      return reader.index - from
    }
    let whole = index
    let count = digits(&self)
    guard count > 0 else { throw failure("expected a digit") }
    if count > 1, bytes[whole] == UInt8(ascii: "0") {
      throw failure("a number cannot start with 0", at: whole)
    }
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
    guard let value = NumberParsing.double(bytes, start..<index), value.isFinite else {
      throw failure("number too large", at: start)
    }
    return builder.number(value)
  }

  private mutating func string() throws(DataError) -> String {
    let opening = index
    index += 1
    var result: [UInt8] = []
    var runStart = index
    while true {
      guard index < bytes.count else { throw failure("unterminated string", at: opening) }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        if result.isEmpty {
          return String(decoding: bytes[runStart..<(index - 1)], as: UTF8.self)
        }
        result.append(contentsOf: bytes[runStart..<(index - 1)])
        return String(decoding: result, as: UTF8.self)
      }
      if byte < 0x20 {
        throw failure(
          byte == 10 || byte == 13
            ? "unterminated string" : "control character \(Self.shown(bytes, at: index)) in string",
          at: byte == 10 || byte == 13 ? opening : index)
      }
      if byte != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      result.append(contentsOf: bytes[runStart..<index])
      let escapeStart = index
      index += 1
      guard index < bytes.count else { throw failure("unterminated string", at: opening) }
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
        var scalar = try hex4(escapeStart)
        if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count,
          bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        {
          let saved = index
          index += 2
          let low = try hex4(saved)
          if (0xDC00..<0xE000).contains(low) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else {
            index = saved
          }
        }
        let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        result.append(contentsOf: Array(String(Character(character)).utf8))
      default:
        throw failure("invalid escape '\\\(Character(Unicode.Scalar(escape)))'", at: escapeStart)
      }
      runStart = index
    }
  }

  private mutating func hex4(_ escapeStart: Int) throws(DataError) -> UInt32 {
    guard index + 4 <= bytes.count else {
      throw failure("unterminated \\u escape", at: escapeStart)
    }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw failure("invalid \\u escape", at: escapeStart)
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }
}
