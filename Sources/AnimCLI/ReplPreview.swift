import AnimLanguage
import AnimPreview
import AnimREPL
import Foundation

/// `:preview` in the REPL: the server of `anim preview`, showing the session
/// (what `:save` would write) exported over [0, the clock], paused at the
/// clock. Builds run on a thread of their own, newest first: the REPL never
/// waits for one, and a statement typed while one runs replaces the next.
final class ReplPreview: SessionPreview, @unchecked Sendable {
  let address: String
  private let server: PreviewServer
  private let workLimit: Int
  private let lock = NSLock()
  private let wake = DispatchSemaphore(value: 0)
  private var next: (script: String, clock: Double)?
  private var stopped = false

  /// Starts a server on a free loopback port.
  init(workLimit: Int) throws(SessionPreviewError) {
    let listening: PreviewCommand.Listening
    do {
      listening = try PreviewCommand.serve(host: "127.0.0.1", port: 0, command: ":preview")
    } catch {
      throw SessionPreviewError(error.message)
    }
    server = listening.server
    address = listening.url
    self.workLimit = workLimit
    let thread = Thread { [unowned self] in self.work() }
    thread.name = "anim :preview"
    thread.start()
  }

  func show(script: String, clock: Double) {
    lock.withLock { next = (script, clock) }
    wake.signal()
  }

  func stop() {
    lock.withLock { stopped = true }
    wake.signal()
    server.stop()
  }

  private func work() {
    while true {
      wake.wait()
      let (job, done) = lock.withLock { () -> ((script: String, clock: Double)?, Bool) in
        defer { next = nil }
        return (next, stopped)
      }
      if done { return }
      guard let job else { continue }
      let source = SourceFile(path: "<repl>", text: job.script)
      let build = PreviewBuilder.build(
        source, readFile: ScriptRunner.readFile, from: 0, to: job.clock, workLimit: workLimit)
      server.publish(build, pausedAt: job.clock)
    }
  }
}
