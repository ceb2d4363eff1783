import AnimConsole
import AnimFiles
import Dispatch
import Foundation

/// What anim does when it is asked to stop: Ctrl-C (SIGINT), SIGTERM (what
/// `timeout`, CI runners and service managers send) and SIGHUP (a closed
/// terminal) all stop it the same way. The cleanups of the outputs being
/// written run (stopping ffmpeg, removing a render's partial frames), every
/// temporary file still being written is removed (`TemporaryFiles`), and anim
/// exits with 128 + the signal's number, as a shell reports a process killed
/// by it: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP.
///
/// `catchSignals(command:)` starts this once for the process (`Anim.main`
/// does it for every command); a command that writes an output then pushes a
/// cleanup with `install(_:)` and pops it with `remove()`. The signals are
/// delivered to a dispatch queue while the command's thread is busy, so the
/// cleanups are kept behind a lock.
final class Interrupt: @unchecked Sendable {
  /// The signals handled, with the name a message gives them.
  static let signals: [(number: Int32, name: String)] = [
    (SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP"),
  ]

  private static let lock = NSLock()
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
  nonisolated(unsafe) private static var cleanups: [Interrupt] = []
  nonisolated(unsafe) private static var command = "anim"
  /// Whether a signal is the command's ordinary end (`anim preview`: Ctrl-C
  /// stops it, exit 0, SPEC §19) rather than an interruption.
  nonisolated(unsafe) private static var stopsCleanly = false
  /// Whether the command writes an output file (`render`, `export`,
  /// `plot`): a signal then always says that nothing was written, also while
  /// the script still runs, before any output exists (issue 32).
  nonisolated(unsafe) private static var writesOutput = false

  private var cleanup: () -> Void

  private init(_ cleanup: @escaping () -> Void) { self.cleanup = cleanup }

  /// The exit code for a process stopped by `signal`: 128 + its number.
  static func exitCode(for signal: Int32) -> Int32 { 128 + signal }

  /// Starts handling the signals for the rest of the process, naming
  /// `command` in the message. The REPL passes `keepingInterrupt`: Ctrl-C
  /// there cancels a line (libedit's handler), only SIGTERM and SIGHUP stop it.
  /// A command that `stopsCleanly` (a server) ends with exit 0 on a signal,
  /// its output flushed; one that `writesOutput` always says nothing was
  /// written.
  static func catchSignals(
    command: String, keepingInterrupt: Bool = false, stopsCleanly: Bool = false,
    writesOutput: Bool = false
  ) {
    lock.lock()
    defer { lock.unlock() }
    Self.command = command
    Self.stopsCleanly = stopsCleanly
    Self.writesOutput = writesOutput
    guard sources.isEmpty else { return }
    let handled = signals.filter { !(keepingInterrupt && $0.number == SIGINT) }
    for (number, name) in handled {
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { stop(number, name: name) }
      source.resume()
      sources.append(source)
    }
    // libdispatch installs its handlers from its own thread, a moment later.
    // Wait for them (a few hundred microseconds), so that a signal sent just
    // after start is handled, not lost (with SIG_IGN set first, as Darwin
    // asks) or fatal (the default action) before any output exists.
    // (A `for … where` would go on asking, 2 000 times, after they are all
    // in: 6 000 system calls at every start.)
    var waits = 0
    while waits < 2000 && !handled.allSatisfy({ hasHandler($0.number) }) {
      usleep(100)
      waits += 1
    }
  }

  /// Whether a handler (not the default action, not ignored) is installed.
  private static func hasHandler(_ number: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(number, nil, &current) == 0 else { return false }
    let handler = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
    return handler != 0 && handler != 1  // SIG_DFL is 0, SIG_IGN is 1
  }

  /// Runs the cleanups, removes the temporary files and exits.
  private static func stop(_ number: Int32, name: String) {
    lock.lock()
    // No file is renamed into place from here on, so the cleanups that
    // remove what was written (a frame pattern's files) find every one.
    TemporaryFiles.close()
    let active = cleanups
    for interrupt in active.reversed() { interrupt.cleanup() }
    let removed = TemporaryFiles.removeAll()
    if writesOutput || !active.isEmpty || removed > 0 {
      let how = number == SIGINT ? "interrupted" : "stopped by \(name)"
      let message = Array("\n\(command): \(how); nothing written\n".utf8)
      _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
    if stopsCleanly {
      Terminal.flush()
      _exit(ExitStatus.success)
    }
    // `_exit`, not `exit`: the command's thread goes on meanwhile, and must
    // not see the process's buffers and handlers torn down under it (nor
    // race its own exit code in first). Standard output is not flushed for
    // the same reason: that thread may be writing it.
    _exit(exitCode(for: number))
  }

  /// Pushes a cleanup to run if a signal stops anim before `remove()`.
  static func install(_ cleanup: @escaping () -> Void) -> Interrupt {
    let interrupt = Interrupt(cleanup)
    lock.lock()
    cleanups.append(interrupt)
    lock.unlock()
    return interrupt
  }

  /// Replaces the cleanup.
  func update(_ cleanup: @escaping () -> Void) {
    Self.lock.lock()
    self.cleanup = cleanup
    Self.lock.unlock()
  }

  /// Pops the cleanup: its output is complete (or removed by its writer).
  func remove() {
    Self.lock.lock()
    Self.cleanups.removeAll { $0 === self }
    Self.lock.unlock()
  }
}
