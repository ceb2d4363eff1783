import AnimCommands
import AnimConsole
import AnimPreview
import AnimRender
import AnimStage
import Foundation

/// The builds of `anim preview` (SPEC §24): one at a time, on a thread of
/// their own, so that the command keeps watching the files while one runs;
/// a newer save cancels the build still running (it stops at its next
/// frame), and only the build of the latest save is ever published.
final class PreviewBuilds: @unchecked Sendable {
  private let file: String
  private let server: PreviewServer
  private let workLimit: Int
  private let lock = NSLock()
  private let wake = DispatchSemaphore(value: 0)
  /// The number of the latest save seen (1 for the first build).
  private var generation = 0
  /// The files the latest build reads: the script and, as it reads them,
  /// its imports (those of the build before stay until it reads them).
  private var reads = FileReads()

  init(file: String, server: PreviewServer, workLimit: Int) {
    self.file = file
    self.server = server
    self.workLimit = workLimit
    let thread = Thread { [unowned self] in self.work() }
    thread.name = "anim preview build"
    thread.stackSize = 16 << 20
    thread.start()
  }

  /// Asks for a build of the files as they are now, cancelling the one
  /// running; the files are watched from now on.
  func rebuild() {
    lock.withLock {
      generation += 1
      let fresh = FileReads()
      for (path, _) in reads.stamps { fresh.record(path) }
      fresh.record(file)
      reads = fresh
    }
    wake.signal()
  }

  /// The first watched file that differs from its stamp, if any.
  func changedFile() -> String? {
    let stamps = lock.withLock { reads }.stamps
    return stamps.first { Watcher.stamp($0.path) != $0.stamp }?.path
  }

  private var latest: Int { lock.withLock { generation } }

  /// Builds that took longer than this send the page a still first (the
  /// frame at its time, SPEC §24); shorter ones arrive about as soon.
  static let stillAfter = Duration.milliseconds(250)

  private func work() {
    var built = 0
    // The last good build's stage and how long the last build took: a
    // still is drawn on that stage when builds are slow.
    var lastLayout: StageLayout?
    var lastTook = Duration.zero
    while true {
      wake.wait()
      let (mine, reads) = lock.withLock { (generation, self.reads) }
      if mine == built { continue }
      built = mine
      let started = ContinuousClock.now
      var still: PreviewStill?
      if let layout = lastLayout, lastTook > Self.stillAfter {
        still = PreviewStill(
          time: { [server] in server.playhead },
          send: { [unowned self] time, scene in
            let svg = SVGDocument.text(scene, layout: layout)
            self.lock.withLock {
              if self.generation == mine { self.server.publishStill(svg, at: time) }
            }
          })
      }
      let build = PreviewCommand.build(
        file, reads: reads, workLimit: workLimit,
        isCancelled: { [unowned self] in self.latest != mine }, still: still)
      if let build {
        lastTook = ContinuousClock.now - started
        if let layout = build.layout { lastLayout = layout }
      }
      // Published under the lock: no newer save can be seen between the
      // check and the publish.
      let published: PreviewBuild? = lock.withLock {
        guard generation == mine, let build else { return nil }
        server.publish(build)
        return build
      }
      if let published {
        PreviewCommand.log(published, file: file, took: ContinuousClock.now - started)
      } else {
        PreviewCommand.logCancelled(file: file, took: ContinuousClock.now - started)
      }
    }
  }
}
