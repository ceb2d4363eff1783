import AnimConsole
import Dispatch
import Foundation

/// Ctrl-C during a render: runs a cleanup (removing partial output, stopping
/// ffmpeg) and exits 130, as a shell expects of a process killed by SIGINT.
/// The cleanup runs on a dispatch queue while the render's thread is busy, so
/// it is kept behind a lock.
final class Interrupt: @unchecked Sendable {
  private let lock = NSLock()
  private var cleanup: () -> Void
  private var source: DispatchSourceSignal?

  private init(_ cleanup: @escaping () -> Void) { self.cleanup = cleanup }

  /// Starts catching SIGINT (and SIGTERM) until `remove()`.
  static func install(_ cleanup: @escaping () -> Void) -> Interrupt {
    let interrupt = Interrupt(cleanup)
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler { [interrupt] in
      interrupt.lock.lock()
      interrupt.cleanup()
      Terminal.writeError("\nanim render: interrupted; nothing written")
      exit(130)
    }
    source.resume()
    interrupt.source = source
    return interrupt
  }

  /// Replaces the cleanup.
  func update(_ cleanup: @escaping () -> Void) {
    lock.lock()
    self.cleanup = cleanup
    lock.unlock()
  }

  /// Stops catching SIGINT.
  func remove() {
    lock.lock()
    source?.cancel()
    source = nil
    signal(SIGINT, SIG_DFL)
    lock.unlock()
  }
}
