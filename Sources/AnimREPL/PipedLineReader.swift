import Foundation

/// Reads lines from standard input when it is not a terminal: no prompts, no
/// editing, so a session can be piped in and its output compared as text.
public final class PipedLineReader: LineReader {
  private let handle: FileHandle
  private var buffer: [UInt8] = []
  private var atEnd = false

  /// Reads from `handle` (standard input by default).
  public init(handle: FileHandle = .standardInput) {
    self.handle = handle
  }

  /// The next line (a final line without a newline counts); `prompt` is not shown.
  public func readLine(prompt: String) -> LineInput {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        var bytes = Array(buffer[..<newline])
        buffer.removeSubrange(...newline)
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return .line(String(decoding: bytes, as: UTF8.self))
      }
      if atEnd {
        if buffer.isEmpty { return .endOfInput }
        let rest = buffer
        buffer = []
        return .line(String(decoding: rest, as: UTF8.self))
      }
      let chunk = handle.availableData
      if chunk.isEmpty { atEnd = true } else { buffer.append(contentsOf: chunk) }
    }
  }
}
