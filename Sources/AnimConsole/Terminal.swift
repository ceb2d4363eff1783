import AnimLanguage
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Writing to the process's standard streams (both executables: `anim`
/// running scripts, `anim-commands` everything else).
///
/// Output is buffered (scripts may print a great deal) and flushed before
/// anything goes to standard error, so the two stay in order on a terminal.
public enum Terminal {
  /// Whether the file descriptor `fd` is a terminal.
  public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// Colour for diagnostics: only on a terminal, never with `NO_COLOR`.
  /// (Only the variables that decide it are read: Foundation's whole
  /// environment dictionary took a twentieth of a one-line script's start-up.)
  public static var diagnosticColor: Bool {
    guard isTerminal(STDERR_FILENO) else { return false }
    var environment: [String: String] = [:]
    for name in ["NO_COLOR", "TERM"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return DiagnosticRenderer.shouldUseColor(isTerminal: true, environment: environment)
  }

  private static let standardOutput = BufferedStream(fd: STDOUT_FILENO)

  /// Writes one line to standard output.
  public static func writeLine(_ line: String) {
    standardOutput.write(line + "\n")
  }

  /// Writes text to standard output as it is.
  public static func write(_ text: String) {
    standardOutput.write(text)
  }

  /// Writes buffered output now.
  public static func flush() { standardOutput.flush() }

  /// Writes text to standard error, after flushing standard output.
  public static func writeError(_ text: String) {
    standardOutput.flush()
    BufferedStream.writeAll(STDERR_FILENO, text.hasSuffix("\n") ? text : text + "\n")
  }

  /// Prints diagnostics about `source`.
  public static func report(_ diagnostics: [Diagnostic], in source: SourceFile) {
    let renderer = DiagnosticRenderer(useColor: diagnosticColor)
    for diagnostic in diagnostics { writeError(renderer.render(diagnostic, in: source)) }
    flush()
  }

  /// Prints the diagnostics of a script's result.
  public static func report(_ result: ScriptResult) {
    guard !result.failedExpectations.isEmpty || !result.errors.isEmpty || !result.warnings.isEmpty
    else {
      flush()
      return
    }
    let renderer = DiagnosticRenderer(useColor: diagnosticColor)
    for (diagnostic, file) in result.warnings {
      writeError(renderer.render(diagnostic, in: file))
    }
    for failure in result.failedExpectations {
      writeError(
        renderer.render(
          failure.diagnostic, in: failure.file ?? SourceFile(path: "?", bytes: []),
          showingSeverity: false))
    }
    for (diagnostic, file) in result.errors {
      writeError(renderer.render(diagnostic, in: file))
    }
    flush()
  }
}

/// A file descriptor with a write buffer, safe to use from several threads.
public final class BufferedStream: Sendable {
  private let fd: Int32
  private let buffer: Mutex<[UInt8]>
  /// Bytes kept before writing; small enough that a REPL user never waits.
  private static let capacity = 1 << 16

  init(fd: Int32) {
    self.fd = fd
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Self.capacity)
    buffer = Mutex(bytes)
  }

  func write(_ text: String) {
    buffer.withLock { buffer in
      buffer.append(contentsOf: text.utf8)
      if buffer.count >= Self.capacity || Terminal.isTerminal(fd) { flush(&buffer) }
    }
  }

  func flush() {
    buffer.withLock { flush(&$0) }
  }

  private func flush(_ buffer: inout [UInt8]) {
    guard !buffer.isEmpty else { return }
    let failure = Self.writeAll(fd, buffer)
    buffer.removeAll(keepingCapacity: true)
    if let failure { Self.outputFailed(failure) }
  }

  /// Output that cannot be written ends anim with exit code 74 (SPEC §15):
  /// a closed pipe (`anim run x | head -1`) quietly, as other Unix tools
  /// end, anything else (`> /dev/full`, a full disk) with a message.
  public static func outputFailed(_ code: Int32) -> Never {
    if code != EPIPE {
      let reason = String(cString: strerror(code))
      _ = writeAll(STDERR_FILENO, Array("anim: cannot write standard output: \(reason)\n".utf8))
    }
    exit(ExitStatus.ioError)
  }

  /// Writes to a stream whose failure is not reported (standard error).
  public static func writeAll(_ fd: Int32, _ text: String) { _ = writeAll(fd, Array(text.utf8)) }

  /// Writes every byte; returns the `errno` of a write that failed, nil when all went.
  @discardableResult
  public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n < 0 { return errno }
      if n == 0 { return EIO }
      offset += n
    }
    return nil
  }
}
