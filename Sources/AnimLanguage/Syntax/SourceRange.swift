/// A position in a source file as a person reads it: a 1-based line and a
/// 1-based column that counts Unicode scalars (not bytes), so `é` is one column.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The 1-based line number.
  public var line: Int
  /// The 1-based column, counted in Unicode scalars from the start of the line.
  public var column: Int

  /// Creates a location from a 1-based line and column.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  /// `line:column`, the form used in diagnostics.
  public var description: String { "\(line):\(column)" }
}

/// A span of source text: the byte offsets `start..<end` into the file's UTF-8
/// bytes, plus the line and column of `start`, which every diagnostic needs.
///
/// Every token and every syntax node carries one. The end's line and column are
/// not stored (most ranges never need them); ask `SourceFile.location(ofOffset:)`.
/// The fields are stored as 32-bit integers to keep syntax trees small (and so
/// fast to build): sources are limited to 4 GiB, far beyond any script.
public struct SourceRange: Sendable, Hashable, CustomStringConvertible {
  private var storedStart: UInt32
  private var storedEnd: UInt32
  private var storedLine: UInt32
  private var storedColumn: UInt32

  /// Creates a range from byte offsets and the line and column of `start`.
  public init(start: Int, end: Int, line: Int, column: Int) {
    storedStart = SourceRange.clamp(start)
    storedEnd = SourceRange.clamp(max(start, end))
    storedLine = SourceRange.clamp(line)
    storedColumn = SourceRange.clamp(column)
  }

  /// The lexer's fast path: the values are known to fit (sources are < 4 GiB).
  init(lexerStart start: Int, end: Int, line: Int, column: Int) {
    storedStart = UInt32(truncatingIfNeeded: start)
    storedEnd = UInt32(truncatingIfNeeded: end)
    storedLine = UInt32(truncatingIfNeeded: line)
    storedColumn = UInt32(truncatingIfNeeded: column)
  }

  private static func clamp(_ value: Int) -> UInt32 {
    UInt32(clamping: value)
  }

  /// The byte offset of the first byte of the span.
  public var start: Int {
    get { Int(storedStart) }
    set { storedStart = SourceRange.clamp(newValue) }
  }

  /// The byte offset just past the last byte of the span (`end == start` for an empty span).
  public var end: Int {
    get { Int(storedEnd) }
    set { storedEnd = SourceRange.clamp(newValue) }
  }

  /// The 1-based line of `start`.
  public var line: Int {
    get { Int(storedLine) }
    set { storedLine = SourceRange.clamp(newValue) }
  }

  /// The 1-based column of `start`, in Unicode scalars.
  public var column: Int {
    get { Int(storedColumn) }
    set { storedColumn = SourceRange.clamp(newValue) }
  }

  /// The line and column of `start`.
  public var location: SourceLocation { SourceLocation(line: line, column: column) }

  /// The number of bytes the range covers.
  public var length: Int { end - start }

  /// The range from the start of `self` to the end of `other`: the span of a
  /// node whose first part is `self` and whose last part is `other`.
  public func through(_ other: SourceRange) -> SourceRange {
    var range = self
    range.storedEnd = max(storedEnd, other.storedEnd)
    return range
  }

  /// An empty range at the start of `self`.
  public var startOnly: SourceRange {
    var range = self
    range.storedEnd = storedStart
    return range
  }

  /// `line:column`.
  public var description: String { "\(line):\(column)" }
}
