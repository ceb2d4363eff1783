/// Why SVG path data could not be read: the 0-based offset (in characters) of
/// the first character that does not fit SVG 1.1's path grammar, and what was
/// expected there.
public struct PathDataError: Error, Sendable, Equatable, CustomStringConvertible {
  /// 0-based offset, in Unicode characters, of the first bad character (the
  /// length of the text when it ended too early).
  public let offset: Int
  /// What the grammar expected there, for example "a number".
  public let expected: String
  /// The character found there, or nil at the end of the text.
  public let found: Character?

  /// An error at `offset`.
  public init(offset: Int, expected: String, found: Character?) {
    self.offset = offset
    self.expected = expected
    self.found = found
  }

  /// "bad path data at offset 7: expected a number, found 'x'".
  public var description: String {
    let what: String
    if let found {
      what = found == " " ? "found a space" : "found '\(found)'"
    } else {
      what = "the path data ended"
    }
    return "bad path data at offset \(offset): expected \(expected), \(what)"
  }

  /// The same as an engine error (its description as the message).
  public var engineError: EngineError { EngineError(description) }
}
