import FlyingSocks

/// One request's head as the preview's gate reads it: the bytes up to and
/// including the blank line that ends the header lines, what the gate needs
/// to know of them, and whether they are a request at all.
///
/// The gate is strict where HTTP/1.1 (RFC 9112) lets a server be, so that
/// it and the server library behind it can never read one head two ways:
/// a request it cannot read exactly one way is refused before FlyingFox
/// sees it (`refusal`).
struct RequestHead {
  /// Why a head could not be read.
  enum Failure: Error {
    /// More than the limit arrived without a blank line, or one line is
    /// longer than its limit.
    case tooLarge
  }

  /// A status and a short reason, for a head the gate answers itself.
  struct Refusal: Equatable, Sendable {
    /// `400 Bad Request`, `505 HTTP Version Not Supported`, …
    let status: String
    /// One line saying why.
    let reason: String
  }

  /// Header fields a request may carry once only: two of them could be read
  /// differently by the gate and by the server (two `Content-Length`s are
  /// how a request smuggles a body; two `Host`s how it passes the `Host`
  /// check with one name and is answered for another). RFC 9112 (sections 3.2 and
  /// 6.3) make two `Host`s or differing `Content-Length`s a 400; the
  /// preview refuses every repeat of these.
  static let singleFields: Set<String> = [
    "host", "content-length", "transfer-encoding", "origin", "upgrade", "sec-websocket-key",
    "sec-websocket-version", PreviewToken.header,
  ]

  /// The header fields the server reads: the only ones forwarded to it.
  /// FlyingFox's time to read a line grows with the square of its length;
  /// a head the gate has bounded still holds lines of 8 KiB, which the
  /// server is never given unless it needs them.
  static let forwardedFields: Set<String> = [
    "host", "origin", "upgrade", "connection", "sec-websocket-key", "sec-websocket-version",
    "content-length", "transfer-encoding", PreviewToken.header,
  ]
  /// Most bytes of a forwarded header line (a host, an origin, a key and a
  /// token are short); longer is 431.
  static let maximumForwardedLine = 1024
  /// Most bytes of a request's target (the preview's paths are short);
  /// longer is 414.
  static let maximumTarget = 2048

  /// The head, then any bytes the client sent after it in the same reads.
  let bytes: [UInt8]
  /// How many of `bytes` are the head (up to and with its blank line).
  let headLength: Int
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
    self.headLength = headLength
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

  // MARK: The request line

  /// The request line's three parts, split at single spaces; nil when it
  /// has another number of parts.
  private var parts: (method: [UInt8], target: [UInt8], version: [UInt8])? {
    let pieces = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
    guard pieces.count == 3 else { return nil }
    return (Array(pieces[0]), Array(pieces[1]), Array(pieces[2]))
  }

  /// The method (`GET`), or "" when the request line is malformed.
  var method: String { parts.map { String(decoding: $0.method, as: UTF8.self) } ?? "" }

  /// The target's path (before any `?`), or "" when the request line is
  /// malformed.
  var path: String {
    guard let target = parts?.target else { return "" }
    let path = target.split(separator: 0x3F, maxSplits: 1, omittingEmptySubsequences: false)[0]
    return String(decoding: path, as: UTF8.self)
  }

  // MARK: Header fields

  /// The header fields as (lowercased name, value without surrounding
  /// spaces and tabs), in order; a line without a colon is left out.
  var fields: [(name: String, value: String)] {
    headerLines.compactMap { line in
      guard let colon = line.firstIndex(of: 0x3A) else { return nil }
      let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
      return (name, String(decoding: line[(colon + 1)...], as: UTF8.self).trimmed)
    }
  }

  /// The value of the first header named `name` (ASCII, any case), trimmed.
  func value(of name: String) -> String? {
    let name = name.lowercased()
    return fields.first { $0.name == name }?.value
  }

  /// Whether the request says a body follows (a `Content-Length` other
  /// than 0, or any `Transfer-Encoding`).
  var hasBody: Bool {
    if value(of: "transfer-encoding") != nil { return true }
    if let length = value(of: "content-length") { return length.contains { $0 != "0" } }
    return false
  }

  /// Whether the request asks to become a WebSocket.
  var isUpgrade: Bool {
    value(of: "upgrade")?.lowercased().split(separator: ",").contains {
      $0.trimmingSpaces == "websocket"
    } ?? false
  }

  /// Whether the request is a handshake to the update stream: the only
  /// request that may leave the gate's bounds (once the server accepts it).
  var isStreamHandshake: Bool {
    method == "GET" && path == "/stream" && isUpgrade
  }

  // MARK: What the gate refuses

  /// Why the gate answers this head itself instead of passing it on, or nil
  /// when it is a well-formed HTTP/1.x request (RFC 9112): a request line
  /// of a method, an origin-form target and `HTTP/1.0` or `HTTP/1.1`,
  /// separated by single spaces; header lines `name: value` with a token
  /// for a name, no space before the colon, no folded line, no control
  /// character (a carriage return not ending its line included) in a
  /// value, which must be UTF-8; `Host` present (HTTP/1.1) and no field of `singleFields`
  /// twice; a `Content-Length` of digits only.
  var refusal: Refusal? {
    guard let parts else {
      return Self.bad("the request line must be METHOD /path HTTP/1.1, one space apart")
    }
    guard !parts.method.isEmpty, parts.method.allSatisfy(Self.isTokenByte) else {
      return Self.bad("the method must be a token such as GET")
    }
    guard parts.target.first == 0x2F, parts.target.allSatisfy({ (0x21...0x7E).contains($0) })
    else {
      return Self.bad("the target must be a path starting with /, in visible ASCII")
    }
    guard parts.target.count <= Self.maximumTarget else {
      return Refusal(
        status: "414 URI Too Long",
        reason: "a request's target may have \(Self.maximumTarget) bytes")
    }
    let version = parts.version
    guard version.count == 8, version.starts(with: Array("HTTP/".utf8)),
      Self.isDigit(version[5]), version[6] == 0x2E, Self.isDigit(version[7])
    else {
      return Self.bad("the version must be HTTP/1.1 or HTTP/1.0")
    }
    guard version[5] == 0x31 && (version[7] == 0x30 || version[7] == 0x31) else {
      return Refusal(
        status: "505 HTTP Version Not Supported", reason: "the preview speaks HTTP/1.1 and 1.0")
    }
    var seen: Set<String> = []
    for line in headerLines {
      if line.first == 0x20 || line.first == 0x09 {
        return Self.bad("a header line may not be folded onto the line before it")
      }
      guard let colon = line.firstIndex(of: 0x3A), colon > 0 else {
        return Self.bad("a header line must be name: value")
      }
      guard line[..<colon].allSatisfy(Self.isTokenByte) else {
        return Self.bad("a header's name must be a token, with no space before its colon")
      }
      guard line[(colon + 1)...].allSatisfy(Self.isValueByte) else {
        return Self.bad("a header's value may not hold control characters or a bare CR")
      }
      // RFC 9110 lets a value hold any byte from 0x80 (obs-text), but the
      // server reads heads as UTF-8 and drops a connection whose head is
      // not: say why instead.
      guard String(validating: line[(colon + 1)...], as: UTF8.self) != nil else {
        return Self.bad("a header's value must be UTF-8")
      }
      let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
      if Self.singleFields.contains(name) && !seen.insert(name).inserted {
        return Self.bad("the header \(name) may be given once only")
      }
      if Self.forwardedFields.contains(name) && line.count > Self.maximumForwardedLine {
        return Refusal(
          status: "431 Request Header Fields Too Large",
          reason: "the header \(name) may have \(Self.maximumForwardedLine) bytes")
      }
    }
    if version[7] == 0x31 && !seen.contains("host") {
      return Self.bad("an HTTP/1.1 request must have a Host header")
    }
    if let length = value(of: "content-length"),
      length.isEmpty || !length.utf8.allSatisfy(Self.isDigit)
    {
      return Self.bad("Content-Length must be a number of bytes")
    }
    return nil
  }

  private static func bad(_ reason: String) -> Refusal {
    Refusal(status: "400 Bad Request", reason: reason)
  }

  /// RFC 9110's `tchar`: what a method or a field name is made of.
  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
    default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
  }

  /// A byte a field's value may hold: a tab, visible ASCII, a space, or
  /// obs-text (0x80–0xFF); never NUL, CR, LF, another control or DEL.
  static func isValueByte(_ byte: UInt8) -> Bool {
    byte == 0x09 || (0x20...0x7E).contains(byte) || byte >= 0x80
  }

  private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

  // MARK: What the gate forwards

  /// The head as the server gets it: the request line and the header lines
  /// the server reads (`forwardedFields`), its `Connection` and (unless
  /// `upgrade`) `Upgrade` lines replaced by `Connection: close`
  /// (`Connection: Upgrade, close` for a stream handshake), so the server
  /// answers this one request and closes, and never upgrades a connection
  /// the gate did not mean to pass through. Bytes after the head are not
  /// forwarded.
  func forwarded(upgrade: Bool) -> [UInt8] {
    var out = requestLine + [0x0D, 0x0A]
    for line in headerLines {
      guard let colon = line.firstIndex(of: 0x3A) else { continue }
      let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
      guard Self.forwardedFields.contains(name), name != "connection" else { continue }
      if name == "upgrade" && !upgrade { continue }
      out += line + [0x0D, 0x0A]
    }
    out += Array(
      (upgrade ? "Connection: Upgrade, close\r\n\r\n" : "Connection: close\r\n\r\n").utf8)
    return out
  }

  /// `forwarded(upgrade: false)`.
  var closingBytes: [UInt8] { forwarded(upgrade: false) }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  fileprivate var trimmed: String { trimmingSpaces }
}
