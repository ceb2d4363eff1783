import Foundation

/// The end of a child `Process`, seen when it happens.
///
/// Foundation's `waitUntilExit` on Linux runs the caller's run loop in
/// 50 ms slices, and the child's end wakes the loop without ending the
/// slice: every render waited up to 50 ms after ffmpeg had already exited
/// (47 ms of a 260 ms render of the 300 KB Lottie, in a `perf` timeline).
/// The termination handler signals a semaphore instead, the moment
/// Foundation has reaped the child.
package final class ProcessEnd: Sendable {
  private let ended = DispatchSemaphore(value: 0)

  /// Watches `process`; made before the process is run (a handler set
  /// afterwards could miss its end).
  package init(of process: Process) {
    let ended = self.ended
    process.terminationHandler = { _ in ended.signal() }
  }

  /// Returns once `process` no longer runs: at once when it never started
  /// or has ended. Foundation clears `isRunning` before it calls the
  /// handler, so the status can be read on return; the timed wait only
  /// guards against a handler that never comes.
  package func wait(for process: Process) {
    while process.isRunning {
      _ = ended.wait(timeout: .now() + .milliseconds(50))
    }
  }
}
