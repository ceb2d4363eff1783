import AnimLanguage

/// An LSP position: a 0-based line and a 0-based character offset in UTF-16
/// code units (the protocol's default encoding, which every client supports).
public struct Position: Sendable, Hashable, Comparable {
  public var line: Int
  public var character: Int

  public init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  public static func < (a: Position, b: Position) -> Bool {
    (a.line, a.character) < (b.line, b.character)
  }

  /// `{"line": L, "character": C}`.
  public var json: JSON { ["line": .int(line), "character": .int(character)] }

  /// The position a JSON object describes, if it is one.
  public init?(_ json: JSON?) {
    guard let line = json?["line"]?.int, let character = json?["character"]?.int,
      line >= 0, character >= 0
    else { return nil }
    self.init(line: line, character: character)
  }
}

/// Converts between byte offsets into a source's UTF-8 and LSP positions.
extension SourceFile {
  /// The byte offset of an LSP position. A character past the end of its
  /// line means the line's end (as the protocol says); a line past the end
  /// means the end of the text. A position inside a UTF-16 surrogate pair
  /// moves to the scalar's start.
  public func offset(of position: Position) -> Int {
    guard position.line < lineStarts.count else { return bytes.count }
    var index = lineStarts[position.line]
    let end = lineEnd(position.line)
    var units = 0
    while index < end, units < position.character {
      let (length, width) = scalar(at: index, end: end)
      if units + width > position.character { break }
      units += width
      index += length
    }
    return index
  }

  /// The LSP position of a byte offset (clamped to the text).
  public func position(ofOffset offset: Int) -> Position {
    let offset = min(max(offset, 0), bytes.count)
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    var index = lineStarts[low]
    var units = 0
    while index < offset {
      let (length, width) = scalar(at: index, end: bytes.count)
      units += width
      index += length
    }
    return Position(line: low, character: units)
  }

  /// `{"start": ..., "end": ...}` for a source range.
  public func lspRange(_ range: SourceRange) -> JSON {
    ["start": position(ofOffset: range.start).json, "end": position(ofOffset: range.end).json]
  }

  /// `{"start": ..., "end": ...}` for byte offsets.
  public func lspRange(from start: Int, to end: Int) -> JSON {
    ["start": position(ofOffset: start).json, "end": position(ofOffset: end).json]
  }

  /// The offset just past the last character of a 0-based line, before its `\n`.
  func lineEnd(_ line: Int) -> Int {
    line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
  }

  /// The byte length of the UTF-8 sequence at `index` and its width in UTF-16
  /// units; an invalid byte counts as one byte, one unit (U+FFFD).
  private func scalar(at index: Int, end: Int) -> (length: Int, width: Int) {
    let byte = bytes[index]
    let length: Int
    switch byte {
    case 0xF0...0xF4: length = 4
    case 0xE0...0xEF: length = 3
    case 0xC2...0xDF: length = 2
    default: return (1, 1)
    }
    guard index + length <= end else { return (1, 1) }
    for k in 1..<length where bytes[index + k] & 0xC0 != 0x80 { return (1, 1) }
    return (length, length == 4 ? 2 : 1)
  }
}
