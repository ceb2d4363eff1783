import FlyingSocks

/// One request's head as the preview's gate reads it: the bytes up to and
/// including the blank line that ends the header lines, and the three facts
/// the gate needs from them. Parsing the request itself is FlyingFox's.
struct RequestHead {
  /// Why a head could not be read.
  enum Failure: Error {
    /// More than the limit arrived without a blank line, or one line is
    /// longer than its limit.
    case tooLarge
  }

  /// The head, then any bytes the client sent after it in the same reads.
  let bytes: [UInt8]
  /// The header lines (not the request line), without their line ends.
  let headerLines: [[UInt8]]
  /// The request line, without its line end.
  let requestLine: [UInt8]

  /// Reads from `socket` until a blank line (CRLF CRLF, or bare LFs as
  /// FlyingFox also accepts), keeping at most `limit` bytes of head, none
  /// of whose lines (with its line end) is longer than `lineLimit`.
  static func read(from socket: AsyncSocket, limit: Int, lineLimit: Int) async throws
    -> RequestHead
  {
    var bytes: [UInt8] = []
    var lineStart = 0
    while true {
      let searchFrom = max(0, bytes.count - 3)
      let scanFrom = bytes.count
      bytes += try await socket.read(atMost: 4096)
      let end = blankLineEnd(in: bytes, from: searchFrom)
      let scanned = min(end ?? bytes.count, bytes.count)
      for index in scanFrom..<max(scanFrom, scanned) where bytes[index] == 0x0A {
        guard index + 1 - lineStart <= lineLimit else { throw Failure.tooLarge }
        lineStart = index + 1
      }
      if let end {
        guard end <= limit else { throw Failure.tooLarge }
        return RequestHead(bytes: bytes, headLength: end)
      }
      if bytes.count > limit || bytes.count - lineStart > lineLimit { throw Failure.tooLarge }
    }
  }

  init(bytes: [UInt8], headLength: Int) {
    self.bytes = bytes
    var lines = bytes[..<headLength].split(separator: 0x0A, omittingEmptySubsequences: false)
      .map { line in Array(line.last == 0x0D ? line.dropLast() : line[...]) }
    while lines.last?.isEmpty == true { lines.removeLast() }
    requestLine = lines.first ?? []
    headerLines = Array(lines.dropFirst())
  }

  /// The index just past the first blank line at or after `start`: a line
  /// feed followed by a line feed, or by a carriage return and a line feed.
  static func blankLineEnd(in bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    while index < bytes.count {
      if bytes[index] == 0x0A {
        if index + 1 < bytes.count && bytes[index + 1] == 0x0A { return index + 2 }
        if index + 2 < bytes.count && bytes[index + 1] == 0x0D && bytes[index + 2] == 0x0A {
          return index + 3
        }
      }
      index += 1
    }
    return nil
  }

  /// The value of the first header named `name` (ASCII, any case), trimmed.
  func value(of name: String) -> String? {
    for line in headerLines {
      guard let colon = line.firstIndex(of: 0x3A) else { continue }
      let field = String(decoding: line[..<colon], as: UTF8.self)
      if field.trimmed.lowercased() == name {
        return String(decoding: line[(colon + 1)...], as: UTF8.self).trimmed
      }
    }
    return nil
  }

  /// Whether the request says a body follows (`Content-Length` other than 0,
  /// or any `Transfer-Encoding`).
  var hasBody: Bool {
    if value(of: "transfer-encoding") != nil { return true }
    if let length = value(of: "content-length") { return length != "0" }
    return false
  }

  /// Whether the request asks to become a WebSocket.
  var isUpgrade: Bool {
    value(of: "upgrade")?.lowercased().contains("websocket") ?? false
  }

  /// The head with its `Connection` lines replaced by `Connection: close`,
  /// so the server answers this one request and closes.
  var closingBytes: [UInt8] {
    var out = requestLine + [0x0D, 0x0A]
    for line in headerLines {
      let name = line.firstIndex(of: 0x3A).map { String(decoding: line[..<$0], as: UTF8.self) }
      if name?.trimmed.lowercased() == "connection" { continue }
      out += line + [0x0D, 0x0A]
    }
    out += Array("Connection: close\r\n\r\n".utf8)
    return out
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  fileprivate var trimmed: String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
