/// Where the server reads bytes from: standard input, or a buffer in tests.
public protocol ByteSource {
  /// Up to `maximum` bytes; an empty array at the end of the input.
  mutating func read(maximum: Int) -> [UInt8]

  /// Whether `read` would return at once (bytes are waiting, or the end).
  func hasPendingInput() -> Bool
}

extension ByteSource {
  public func hasPendingInput() -> Bool { false }
}

/// What the reader found next in the stream.
public enum FramedMessage: Equatable, Sendable {
  /// A message body (the bytes after the headers).
  case message([UInt8])
  /// A header block that cannot be used: no or a bad `Content-Length`, a
  /// header line too long. The reader goes on after it.
  case malformed(String)
  /// The input ended.
  case end
}

/// Reads JSON-RPC messages framed as the base protocol of LSP says: header
/// lines (`Content-Length: N`, optionally `Content-Type`), an empty line,
/// then N bytes of body. Lines end with `\r\n`; a bare `\n` is accepted too.
public struct MessageReader<Source: ByteSource> {
  /// The largest body accepted (a 256 MiB script, as `anim check` reads, in JSON).
  public static var maximumBodySize: Int { 512 << 20 }
  /// The longest header line kept; a longer one is skipped as malformed.
  public static var maximumHeaderLine: Int { 4096 }

  private var source: Source
  private var buffer: [UInt8] = []
  private var position = 0
  private var ended = false

  public init(_ source: Source) { self.source = source }

  /// Whether the next message has begun to arrive (read already, or waiting).
  public var hasPendingInput: Bool { position < buffer.count || source.hasPendingInput() }

  /// The next framed message, or `.end`.
  public mutating func next() -> FramedMessage {
    var length: Int?
    var problem: String?
    var sawHeader = false
    while true {
      guard let line = readLine() else {
        if sawHeader { return .malformed("the input ended inside a message header") }
        return .end
      }
      if line.tooLong {
        problem = "a header line longer than \(Self.maximumHeaderLine) bytes"
        sawHeader = true
        continue
      }
      if line.bytes.isEmpty {
        // Blank lines between messages are tolerated.
        if !sawHeader { continue }
        break
      }
      sawHeader = true
      guard let colon = line.bytes.firstIndex(of: UInt8(ascii: ":")) else {
        problem = problem ?? "a header line without ':'"
        continue
      }
      let name = String(decoding: line.bytes[..<colon], as: UTF8.self)
        .trimmingSpaces().lowercased()
      let value = String(decoding: line.bytes[(colon + 1)...], as: UTF8.self).trimmingSpaces()
      if name == "content-length" {
        guard let n = Int(value), n >= 0 else {
          problem = "Content-Length '\(value.prefix(40))' is not a length"
          continue
        }
        length = n
      }
    }
    guard let length else { return .malformed(problem ?? "no Content-Length header") }
    guard length <= Self.maximumBodySize else {
      return .malformed("Content-Length \(length) is more than \(Self.maximumBodySize) bytes")
    }
    guard let body = readBytes(length) else {
      return .malformed("the input ended inside a message body")
    }
    return .message(body)
  }

  private mutating func fill() -> Bool {
    if ended { return false }
    if position > 0, position == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      position = 0
    } else if position > 1 << 20 {
      buffer.removeFirst(position)
      position = 0
    }
    let chunk = source.read(maximum: 1 << 16)
    if chunk.isEmpty {
      ended = true
      return false
    }
    buffer.append(contentsOf: chunk)
    return true
  }

  /// A line without its terminator; `tooLong` when it passed the limit (its
  /// bytes are dropped). Nil at the end of the input with nothing read.
  private mutating func readLine() -> (bytes: [UInt8], tooLong: Bool)? {
    var line: [UInt8] = []
    var tooLong = false
    while true {
      if position == buffer.count, !fill() {
        return line.isEmpty && !tooLong ? nil : (line, tooLong)
      }
      let end = buffer.count
      var index = position
      while index < end, buffer[index] != UInt8(ascii: "\n") { index += 1 }
      if !tooLong {
        line.append(contentsOf: buffer[position..<index])
        if line.count > Self.maximumHeaderLine {
          tooLong = true
          line = []
        }
      }
      if index < end {
        position = index + 1
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return (line, tooLong)
      }
      position = end
    }
  }

  private mutating func readBytes(_ count: Int) -> [UInt8]? {
    var body: [UInt8] = []
    body.reserveCapacity(count)
    while body.count < count {
      if position == buffer.count, !fill() { return nil }
      let take = min(count - body.count, buffer.count - position)
      body.append(contentsOf: buffer[position..<(position + take)])
      position += take
    }
    return body
  }
}

/// Frames a message body with its `Content-Length` header.
public enum MessageWriter {
  /// The header and the body, ready to write.
  public static func frame(_ body: [UInt8]) -> [UInt8] {
    Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
  }
}

extension String {
  func trimmingSpaces() -> String {
    var s = Substring(self)
    while let first = s.first, first == " " || first == "\t" { s = s.dropFirst() }
    while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
    return String(s)
  }
}
