import AnimCommands
import AnimEngine
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

  /// The latest session and clock shown, which the render buttons render.
  private let latest = Latest()

  /// Starts a server on a free loopback port.
  init(workLimit: Int) throws(SessionPreviewError) {
    let listening: PreviewCommand.Listening
    do {
      listening = try PreviewCommand.serve(
        host: "127.0.0.1", port: 0, command: ":preview", title: "REPL session",
        renderer: SessionRenderer(latest: latest))
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
    latest.set(script, clock)
    server.noteBuilding()
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
      // A newer statement makes this build useless: it stops at its next
      // frame, and the newer one is built instead (SPEC §24).
      guard
        let build = PreviewBuilder.build(
          source, readFile: ScriptRunner.readFile, from: 0, to: job.clock, workLimit: workLimit,
          isCancelled: { [unowned self] in self.lock.withLock { self.next != nil || self.stopped } }
        )
      else { continue }
      server.publish(build, pausedAt: job.clock)
    }
  }
}

/// The session the page shows, for its render buttons.
final class Latest: @unchecked Sendable {
  private let lock = NSLock()
  private var script = ""
  private var clock = 0.0

  func set(_ script: String, _ clock: Double) {
    lock.withLock {
      self.script = script
      self.clock = clock
    }
  }

  var value: (script: String, clock: Double) { lock.withLock { (script, clock) } }
}

/// The render buttons of `:preview` (SPEC §24): the session as `:save` would
/// write it, rendered or exported over [0, the clock] as `anim render -
/// --to CLOCK` writes it (the session on standard input, so its imports are
/// found from the REPL's folder).
struct SessionRenderer: PreviewRendering {
  let latest: Latest
  var baseName: String { "session" }

  func render(
    _ format: AnimPreview.RenderFormat, to output: String,
    progress: @escaping @Sendable (Double) -> Void
  ) -> String? {
    let (script, clock) = latest.value
    let renderer = PreviewRenderer(
      baseName: baseName, path: "-", script: script,
      options: ["--to", NumberText.exact(clock)])
    return renderer.render(format, to: output, progress: progress)
  }
}
