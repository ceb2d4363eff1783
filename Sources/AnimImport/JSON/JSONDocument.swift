import Synchronization

/// A JSON text (RFC 8259) parsed into a flat tape: one 8-byte entry per
/// value, in document order, pointing back into the text for numbers and
/// strings, which are read only when asked for.
///
/// Why not a tree of enums, as the language server's `JSONParser` makes: a
/// Lottie file may be 100 MB of numbers, and a tree of Swift values costs
/// 24 bytes and more per number (600 MB for a 50 MB array of zeros), where
/// the tape costs 8 (and the text itself). Parsing is a loop with an
/// explicit stack, so no nesting depth can exhaust the call stack; the
/// readers above it bound their own recursion.
public final class JSONDocument: @unchecked Sendable {
  /// The text.
  let bytes: [UInt8]
  /// One entry per value: the kind in the top 4 bits; for a number or a
  /// string, the byte offset of its first character below; for an array or
  /// an object, the index of the entry after its last value (bits 0–31) and
  /// its count of elements or members (bits 32–59). An object's members are
  /// a key string followed by its value.
  private(set) var tape: [UInt64] = []
  /// The first entry of each member (an object's key) of the long arrays
  /// and objects ``pointer(to:)`` has looked into, by the container's
  /// entry: made once, so that naming each of 60 000 layers does not scan
  /// the layers before it every time.
  let memberStarts = Mutex<[Int: [Int]]>([:])
  /// How many of each kind of thing its readers have read so far, by the
  /// kind's name (``JSONRef/tally(_:of:limit:)``).
  let tallies = Mutex<[String: Int]>([:])
  /// The layer whose properties are being read now: a `loopOut` repeats
  /// its keyframes up to its out point, a link names one of its
  /// composition's layers (``AnimatedReader/within(_:of:_:)``).
  let layerScope = Mutex<LayerScope?>(nil)
  /// How many links are being followed now, one inside another
  /// (``PropertyLink/maximumDepth``).
  let linksFollowed = Mutex(0)
  /// Where a Lottie property naming a slot (`sid`) takes its value from
  /// (``LottieSlots``): set before anything is read, and let go of once the
  /// import ends (its references into this document would keep it alive).
  var slots: LottieSlots?
  /// What every pointer into this document starts with: nothing for the
  /// file imported; a dotLottie theme's slots name the theme.
  var origin = ""

  /// What a tape entry holds.
  enum Kind: UInt64 {
    case null = 0
    case `false` = 1
    case `true` = 2
    case number = 3
    case string = 4
    case array = 5
    case object = 6
  }

  /// The most values a document may hold (the tape indexes them in 32 bits).
  static let maximumValues = Int(UInt32.max)

  /// Why a text is not JSON: what is wrong and at which line and column.
  public struct SyntaxError: Error, Sendable, CustomStringConvertible {
    /// The message, with the line and column (1-based, in bytes).
    public let description: String
  }

  /// Parses `bytes` as one JSON value, surrounded by white space only.
  public init(_ bytes: [UInt8]) throws(SyntaxError) {
    self.bytes = bytes
    tape.reserveCapacity(bytes.count / 6 + 16)
    try parse()
  }

  /// The top-level value.
  public var root: JSONRef { JSONRef(document: self, index: 0) }

  // MARK: - Parsing

  private func failure(_ message: String, at offset: Int) -> SyntaxError {
    var line = 1
    var lineStart = 0
    var i = 0
    let end = min(offset, bytes.count)
    while i < end {
      if bytes[i] == 0x0A {
        line += 1
        lineStart = i + 1
      }
      i += 1
    }
    return SyntaxError(
      description: "invalid JSON at line \(line), column \(end - lineStart + 1): \(message)")
  }

  private func skipSpace(_ index: inout Int) {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private func entry(_ kind: Kind, _ payload: UInt64) -> UInt64 { kind.rawValue << 60 | payload }

  /// An open array or object: its tape entry and the count of values so far.
  private struct Open {
    var entry: Int
    var count: UInt64
    var isObject: Bool
  }

  private func parse() throws(SyntaxError) {
    var index = 0
    var stack: [Open] = []
    skipSpace(&index)
    // After a value: close containers or expect the next member or element.
    while true {
      // A value starts at `index`.
      guard index < bytes.count else { throw failure("unexpected end of input", at: index) }
      guard tape.count < Self.maximumValues else {
        throw failure("more than \(Self.maximumValues) values", at: index)
      }
      let byte = bytes[index]
      var opened = false
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = byte == UInt8(ascii: "{")
        stack.append(Open(entry: tape.count, count: 0, isObject: isObject))
        tape.append(0)
        index += 1
        skipSpace(&index)
        opened = true
        let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if index < bytes.count, bytes[index] == closer {
          index += 1
          close(stack.removeLast())
          opened = false
        } else if isObject {
          try key(&index)
        }
      case UInt8(ascii: "\""):
        tape.append(entry(.string, UInt64(index)))
        try skipString(&index)
      case UInt8(ascii: "t"):
        try literal("true", &index)
        tape.append(entry(.true, 0))
      case UInt8(ascii: "f"):
        try literal("false", &index)
        tape.append(entry(.false, 0))
      case UInt8(ascii: "n"):
        try literal("null", &index)
        tape.append(entry(.null, 0))
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        tape.append(entry(.number, UInt64(index)))
        try skipNumber(&index)
      default:
        throw failure("unexpected character '\(Self.printable(byte))'", at: index)
      }
      if opened { continue }
      // A value ended: count it in its container, then see what follows.
      while true {
        skipSpace(&index)
        guard var open = stack.last else {
          guard index == bytes.count else {
            throw failure("unexpected text after the value", at: index)
          }
          return
        }
        open.count += 1
        stack[stack.count - 1] = open
        guard index < bytes.count else { throw failure("unexpected end of input", at: index) }
        let closer = open.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          skipSpace(&index)
          if open.isObject { try key(&index) }
          break
        }
        guard bytes[index] == closer else {
          throw failure(open.isObject ? "expected ',' or '}'" : "expected ',' or ']'", at: index)
        }
        index += 1
        close(stack.removeLast())
      }
    }
  }

  /// Writes a closed container's entry: its end and its count.
  private func close(_ open: Open) {
    let count = min(open.count, (1 << 28) - 1)
    tape[open.entry] = entry(
      open.isObject ? .object : .array, count << 32 | UInt64(tape.count))
  }

  /// A member's name and its colon; leaves `index` at the value.
  private func key(_ index: inout Int) throws(SyntaxError) {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
      throw failure("expected a member name in quotes", at: index)
    }
    tape.append(entry(.string, UInt64(index)))
    try skipString(&index)
    skipSpace(&index)
    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
      throw failure("expected ':' after a member name", at: index)
    }
    index += 1
    skipSpace(&index)
  }

  private func literal(_ word: StaticString, _ index: inout Int) throws(SyntaxError) {
    let count = word.utf8CodeUnitCount
    let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
    for offset in 0..<count {
      guard index + offset < bytes.count, bytes[index + offset] == expected[offset] else {
        throw failure("invalid literal", at: index)
      }
    }
    index += count
  }

  private func skipNumber(_ index: inout Int) throws(SyntaxError) {
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    let digitsStart = index
    guard digits(&index) > 0 else { throw failure("expected a digit", at: index) }
    if bytes[digitsStart] == UInt8(ascii: "0"), index - digitsStart > 1 {
      throw failure("a number may not start with 0", at: digitsStart)
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits(&index) > 0 else { throw failure("expected a digit after '.'", at: index) }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits(&index) > 0 else {
        throw failure("expected a digit in the exponent", at: index)
      }
    }
  }

  private func digits(_ index: inout Int) -> Int {
    let from = index
    while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
    return index - from
  }

  /// Skips a string from its opening quote to past its closing one,
  /// checking its escapes.
  private func skipString(_ index: inout Int) throws(SyntaxError) {
    let start = index
    index += 1
    while true {
      guard index < bytes.count else { throw failure("unterminated string", at: start) }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return
      }
      if byte < 0x20 { throw failure("control character in a string", at: index) }
      index += 1
      if byte == UInt8(ascii: "\\") {
        guard index < bytes.count else { throw failure("unterminated string", at: start) }
        switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          index += 1
        case UInt8(ascii: "u"):
          guard index + 4 < bytes.count,
            (1...4).allSatisfy({ Self.hexDigit(bytes[index + $0]) != nil })
          else { throw failure("invalid \\u escape", at: index - 1) }
          index += 5
        default: throw failure("invalid escape", at: index - 1)
        }
      }
    }
  }

  static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  static func printable(_ byte: UInt8) -> String {
    (0x21..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
  }

  // MARK: - Reading entries

  func kind(at index: Int) -> Kind { Kind(rawValue: tape[index] >> 60)! }

  /// The index of the entry after the value at `index` and everything in it.
  func next(after index: Int) -> Int {
    let value = tape[index]
    switch Kind(rawValue: value >> 60)! {
    case .array, .object: return Int(value & 0xFFFF_FFFF)
    default: return index + 1
    }
  }

  /// An array's element count or an object's member count.
  func count(at index: Int) -> Int { Int((tape[index] >> 32) & 0x0FFF_FFFF) }

  /// The byte offset a number or a string starts at.
  func offset(at index: Int) -> Int { Int(tape[index] & 0x0FFF_FFFF_FFFF_FFFF) }
}
