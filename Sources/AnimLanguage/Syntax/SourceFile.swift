/// A script's text as the lexer sees it: a path for diagnostics and the raw
/// UTF-8 bytes, with a table of where each line starts.
///
/// The bytes are kept as read, without validation: the lexer reports invalid
/// UTF-8 where it finds it, so a bad byte gets a precise line and column
/// instead of the whole file being refused.
public struct SourceFile: Sendable {
  /// The path shown in diagnostics (`blink.anim`, `<repl>`, `<stdin>`).
  public let path: String
  /// The file's bytes, expected to be UTF-8.
  public let bytes: [UInt8]
  /// The byte offset at which each line starts; `lineStarts[0] == 0`.
  public let lineStarts: [Int]
  /// Whether the file's first line ends in a bare `\r` (stored as `\n` in
  /// `bytes`): `anim fmt` keeps such a file's line ends.
  public let firstLineEndIsBareCarriageReturn: Bool

  /// Creates a source file from raw bytes.
  ///
  /// A bare carriage return (one not followed by `\n`, the line end of old
  /// Mac files) ends a line: it is stored as `\n`, which keeps every offset.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    let first = bytes.firstIndex { $0 == 10 || $0 == 13 }
    firstLineEndIsBareCarriageReturn =
      first.map { bytes[$0] == 13 && ($0 + 1 == bytes.count || bytes[$0 + 1] != 10) } ?? false
    let bytes = SourceFile.bareCarriageReturnsAsNewlines(bytes)
    self.bytes = bytes
    self.lineStarts = SourceFile.findLineStarts(in: bytes)
  }

  /// `bytes` with each `\r` that no `\n` follows replaced by `\n` (the same
  /// array when there is none, which is the common case: no copy).
  private static func bareCarriageReturnsAsNewlines(_ bytes: [UInt8]) -> [UInt8] {
    guard let first = firstCarriageReturn(in: bytes) else { return bytes }
    var result = bytes
    var index = first
    while index < result.count {
      if result[index] == 13 && (index + 1 == result.count || result[index + 1] != 10) {
        result[index] = 10
      }
      index += 1
    }
    return result
  }

  /// The offset of the first `\r` (most files have none, and every file
  /// is searched once).
  private static func firstCarriageReturn(in bytes: [UInt8]) -> Int? {
    var found: Int?
    forEachOffset(of: 13, in: bytes) { offset in
      found = offset
      return false
    }
    return found
  }

  /// Creates a source file from a string (always valid UTF-8).
  public init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  /// The number of lines; a final line without a newline counts, an empty file has one line.
  public var lineCount: Int { lineStarts.count }

  /// The line and column (1-based, columns in Unicode scalars) of a byte offset.
  ///
  /// Offsets past the end give the position just after the last byte. A column
  /// counts every byte that does not continue a UTF-8 sequence (`10xxxxxx`),
  /// which is the number of scalars for valid UTF-8; the lexer counts the same way.
  public func location(ofOffset offset: Int) -> SourceLocation {
    let offset = min(max(offset, 0), bytes.count)
    // The last line start that is <= offset.
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    var column = 1
    var index = lineStarts[low]
    while index < offset {
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return SourceLocation(line: low + 1, column: column)
  }

  /// A range for the bytes `start..<end`, with its start's line and column.
  public func range(from start: Int, to end: Int) -> SourceRange {
    let location = location(ofOffset: start)
    return SourceRange(start: start, end: end, line: location.line, column: location.column)
  }

  /// The text of a 1-based line, without its line terminator (`\n` or `\r\n`).
  /// Invalid UTF-8 is shown as U+FFFD. Lines out of range are empty.
  public func lineText(_ line: Int) -> String {
    guard line >= 1, line <= lineStarts.count else { return "" }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
  }

  /// The source text a range covers (clamped to the file).
  public func text(in range: SourceRange) -> String {
    let start = min(max(range.start, 0), bytes.count)
    let end = min(max(range.end, start), bytes.count)
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The offsets just past each `\n`, after 0.
  private static func findLineStarts(in bytes: [UInt8]) -> [Int] {
    var starts = [0]
    forEachOffset(of: UInt8(ascii: "\n"), in: bytes) { offset in
      starts.append(offset + 1)
      return true
    }
    return starts
  }

  /// Calls `body` with the offset of each byte equal to `byte`, in order,
  /// until it returns false. The bytes are searched eight at a time (a word
  /// without `byte` is skipped at once: lines are tens of bytes long), which
  /// matters for a file of 10 MB.
  @inline(__always)
  private static func forEachOffset(
    of byte: UInt8, in bytes: [UInt8], _ body: (Int) -> Bool
  ) {
    bytes.withUnsafeBufferPointer { buffer in
      let count = buffer.count
      let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
      var index = 0
      if let base = buffer.baseAddress {
        let raw = UnsafeRawPointer(base)
        while index + 8 <= count {
          // Bytes equal to `byte` become 0 in `word`; the expression is
          // nonzero exactly when one of the eight bytes is 0.
          let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ pattern
          if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 {
            for offset in index..<(index + 8) where buffer[offset] == byte {
              if !body(offset) { return }
            }
          }
          index += 8
        }
      }
      while index < count {
        if buffer[index] == byte, !body(index) { return }
        index += 1
      }
    }
  }

}
