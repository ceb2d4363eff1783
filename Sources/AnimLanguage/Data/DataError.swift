/// What is wrong in a data file (`csv()`, `json()`; SPEC §23.1), and where:
/// the byte offset, and the 1-based line and column (counting Unicode
/// scalars, as the script's diagnostics do) of the offending text.
public struct DataError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, lower case: `unterminated quoted field`.
  public var message: String
  /// The offending text's first byte.
  public var offset: Int
  /// Its line, from 1.
  public var line: Int
  /// Its column, from 1, in Unicode scalars.
  public var column: Int

  /// An error at byte `offset` of `bytes`, its line and column counted.
  init(_ message: String, at offset: Int, in bytes: [UInt8]) {
    self.message = message
    self.offset = offset
    (line, column) = Self.location(of: offset, in: bytes)
  }

  /// `line:column: message`.
  public var description: String { "\(line):\(column): \(message)" }

  /// The line and column of byte `offset`: lines end at `\n`, `\r\n` or a
  /// bare `\r`; columns count the bytes that start a UTF-8 sequence.
  static func location(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
    var line = 1
    var column = 1
    var index = 0
    let end = min(offset, bytes.count)
    while index < end {
      let byte = bytes[index]
      if byte == 10 || (byte == 13 && (index + 1 >= bytes.count || bytes[index + 1] != 10)) {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80, byte != 13 {
        column += 1
      }
      index += 1
    }
    return (line, column)
  }
}
