#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input as a `ByteSource`.
public struct StandardInput: ByteSource {
  public init() {}

  public mutating func read(maximum: Int) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: maximum)
    while true {
      let n = buffer.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, maximum) }
      if n > 0 { return Array(buffer[0..<n]) }
      if n < 0, errno == EINTR { continue }
      return []
    }
  }

  public func hasPendingInput() -> Bool {
    var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 0) > 0
  }
}

extension LanguageServer {
  /// Serves until `exit` or the end of the input; returns the exit code: 0
  /// after `shutdown` then `exit`, 1 for `exit` without `shutdown` or input
  /// that ended first (as the protocol says), 74 when the output cannot be
  /// written.
  public func serve<Source: ByteSource>(
    _ input: Source, write: ([UInt8]) -> Bool
  ) -> Int32 {
    var reader = MessageReader(input)
    while true {
      let answers: [JSON]
      switch reader.next() {
      case .end: return exitCode ?? 1
      case .malformed(let reason): answers = handleMalformed(reason)
      case .message(let body): answers = handle(body: body)
      }
      for answer in answers {
        if !write(MessageWriter.frame(JSONWriter.bytes(answer))) { return 74 }
      }
      if let exitCode { return exitCode }
      // Idle work only when no message is waiting: a change typed next
      // should not wait for it.
      if !reader.hasPendingInput { prepare { !reader.hasPendingInput } }
    }
  }

  /// Writes all of `bytes` to standard output; false when it cannot (a closed pipe).
  public static func writeStandardOutput(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes {
        Glibc.write(1, $0.baseAddress! + offset, bytes.count - offset)
      }
      if n < 0, errno == EINTR { continue }
      if n <= 0 { return false }
      offset += n
    }
    return true
  }
}
