import AnimLanguage

/// What is written around a byte offset: the identifier under it, and
/// whether it is inside a comment or a string.
struct TextAtCursor {
  let source: SourceFile
  let offset: Int

  private static func isIdentifierByte(_ b: UInt8) -> Bool {
    (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
  }

  private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

  /// The identifier touching the offset (under it, or just before it), as
  /// byte offsets; nil over a number and its unit (`300ms`, `.5s`: the scan
  /// back takes the digits in and finds a digit first), a comment or a string.
  var identifier: (name: String, start: Int, end: Int)? {
    let bytes = source.bytes
    var start = min(offset, bytes.count)
    while start > 0, Self.isIdentifierByte(bytes[start - 1]) { start -= 1 }
    var end = min(offset, bytes.count)
    while end < bytes.count, Self.isIdentifierByte(bytes[end]) { end += 1 }
    guard start < end, !Self.isDigit(bytes[start]) else { return nil }
    guard case .code = lexicalPlace(at: start) else { return nil }
    return (String(decoding: bytes[start..<end], as: UTF8.self), start, end)
  }

  /// Where an offset is: in code, in a comment, or in a string (whose
  /// contents start at the given offset).
  enum Place: Equatable {
    case code
    case comment
    case string(start: Int)
  }

  /// Scans the offset's line up to it: strings cannot span lines, so the
  /// line alone decides.
  func lexicalPlace(at offset: Int) -> Place {
    let location = source.location(ofOffset: offset)
    var index = source.lineStarts[location.line - 1]
    let bytes = source.bytes
    var inString: Int?
    while index < offset {
      let b = bytes[index]
      if inString != nil {
        if b == UInt8(ascii: "\\") {
          index += 2
          continue
        }
        if b == UInt8(ascii: "\"") { inString = nil }
      } else if b == UInt8(ascii: "\"") {
        inString = index + 1
      } else if b == UInt8(ascii: "#") {
        return .comment
      }
      index += 1
    }
    if let open = inString { return .string(start: open) }
    return .code
  }
}
