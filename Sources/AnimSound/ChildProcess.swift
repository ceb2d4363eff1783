#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program started with `posix_spawn` (no Foundation: `anim run` links
/// none, W6), its standard output read through a pipe and the last bytes of
/// its standard error kept for a message. Standard input is `/dev/null`.
/// Reading polls both pipes, so a program that writes much to stderr never
/// blocks on it while anim waits for its output.
final class ChildProcess {
  private(set) var pid: pid_t = 0
  private var output: Int32 = -1
  private var errors: Int32 = -1
  private var errorTail: [UInt8] = []
  private var exited: Int32?
  /// Most bytes of stderr kept.
  static let errorKeep = 4000

  /// Starts `program` (a path) with `arguments` (not counting argv[0]).
  init(program: String, arguments: [String]) throws(SoundError) {
    var outPipe: [Int32] = [-1, -1]
    var errPipe: [Int32] = [-1, -1]
    // Close-on-exec from the start (pipe2, not pipe then fcntl): another
    // thread spawning a program in between (`anim test` runs scripts on
    // several) would otherwise hand it these ends, and this pipe would not
    // end until that program did. Only the ends dup'ed into the child
    // survive its exec.
    guard Self.closingPipe(&outPipe) == 0 else { throw Self.failure("pipe", program) }
    guard Self.closingPipe(&errPipe) == 0 else {
      close(outPipe[0])
      close(outPipe[1])
      throw Self.failure("pipe", program)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    let argv = ([program] + arguments).map { strdup($0) }
    defer { argv.forEach { free($0) } }
    var cArguments = argv + [nil]
    var child: pid_t = 0
    let status = posix_spawn(&child, program, &actions, nil, &cArguments, environ)
    close(outPipe[1])
    close(errPipe[1])
    guard status == 0 else {
      close(outPipe[0])
      close(errPipe[0])
      throw SoundError("cannot start \(program): \(String(cString: strerror(status)))")
    }
    pid = child
    output = outPipe[0]
    errors = errPipe[0]
  }

  deinit { stop() }

  /// glibc's pipe2 (declared only for _GNU_SOURCE, which Swift's Glibc
  /// module does not set; it is always there to look up).
  private static let pipe2: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32)? =
    dlsym(nil, "pipe2").map {
      unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
    }

  /// A pipe whose two ends close on exec.
  private static func closingPipe(_ fds: inout [Int32]) -> Int32 {
    if let pipe2 { return fds.withUnsafeMutableBufferPointer { pipe2($0.baseAddress!, O_CLOEXEC) } }
    // Without pipe2 (not glibc): as close to it as can be.
    guard pipe(&fds) == 0 else { return -1 }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return 0
  }

  private static func failure(_ what: String, _ program: String) -> SoundError {
    SoundError("cannot start \(program): \(what) failed: \(String(cString: strerror(errno)))")
  }

  /// Reads up to `count` bytes of standard output into `buffer` at
  /// `offset`; 0 at the end of it. Standard error is drained meanwhile.
  func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(SoundError) -> Int {
    while output >= 0 {
      var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
      if errors >= 0 { fds.append(pollfd(fd: errors, events: Int16(POLLIN), revents: 0)) }
      let ready = poll(&fds, nfds_t(fds.count), -1)
      if ready < 0 {
        if errno == EINTR { continue }
        throw SoundError("cannot read from ffmpeg: \(String(cString: strerror(errno)))")
      }
      if fds.count > 1, fds[1].revents != 0 { drainErrors() }
      if fds[0].revents != 0 {
        let n = Glibc.read(output, buffer, count)
        if n < 0 {
          if errno == EINTR { continue }
          throw SoundError("cannot read from ffmpeg: \(String(cString: strerror(errno)))")
        }
        if n == 0 {
          close(output)
          output = -1
        }
        return n
      }
    }
    return 0
  }

  /// Reads standard output to its end, calling `body` with each piece.
  func readAll(_ body: (UnsafeRawBufferPointer) -> Void) throws(SoundError) {
    let size = 1 << 16
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    defer { buffer.deallocate() }
    while true {
      let n = try read(into: buffer, count: size)
      if n == 0 { return }
      body(UnsafeRawBufferPointer(start: buffer, count: n))
    }
  }

  private func drainErrors() {
    var chunk = [UInt8](repeating: 0, count: 4096)
    let n = chunk.withUnsafeMutableBytes { Glibc.read(errors, $0.baseAddress, 4096) }
    if n <= 0 {
      close(errors)
      errors = -1
      return
    }
    errorTail += chunk[0..<n]
    if errorTail.count > 2 * Self.errorKeep {
      errorTail.removeFirst(errorTail.count - Self.errorKeep)
    }
  }

  /// Waits for the program to end (reading what is left of stderr); its
  /// exit status, or 128 + the signal that stopped it.
  @discardableResult
  func wait() -> Int32 {
    if let exited { return exited }
    if output >= 0 {
      close(output)
      output = -1
    }
    while errors >= 0 { drainErrors() }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // WIFEXITED / WEXITSTATUS, which Swift does not import as macros.
    let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    exited = code
    return code
  }

  /// Stops the program if it still runs (a decoder no longer needed).
  func stop() {
    guard exited == nil, pid > 0 else { return }
    kill(pid, SIGKILL)
    if output >= 0 { close(output) }
    if errors >= 0 { close(errors) }
    output = -1
    errors = -1
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    exited = 128 + SIGKILL
  }

  /// The last lines the program wrote to standard error, trimmed.
  var errorText: String {
    let text = String(decoding: errorTail.suffix(Self.errorKeep), as: UTF8.self)
    let lines = text.split(separator: "\n").map { $0.trimmingCharacters() }.filter { !$0.isEmpty }
    return lines.suffix(4).joined(separator: "; ")
  }
}

extension Substring {
  fileprivate func trimmingCharacters() -> String {
    var s = self[...]
    while let c = s.first, c == " " || c == "\r" || c == "\t" { s = s.dropFirst() }
    while let c = s.last, c == " " || c == "\r" || c == "\t" { s = s.dropLast() }
    return String(s)
  }
}
