import AnimEngine
import AnimRender
import AnimStage
import Foundation

/// The drawing threads of a render's one pass on several threads
/// (``OnePassRender``, `--jobs N`): the script's thread hands each frame's
/// scene as a copy (``Scene/drawingCopy()``), the workers draw the copies
/// on canvases of their own and give each to the output (a pattern's
/// thread writes its file), and the script's thread sends the drawn frames
/// on in frame order between its frames (to the encoder's pipe). At most
/// ``window`` frames are handed over and not yet piped, so memory stays a
/// few scenes and frames whatever the length; the script's thread waits
/// there. The frames are those one thread draws: the file is the same.
final class OnePassDrawers: @unchecked Sendable {
  private let lock = NSCondition()
  private var queue: [(index: Int, scene: Scene)] = []
  private var ready: [Int: [UInt8]] = [:]
  private var spare: [[UInt8]] = []
  /// Scenes the workers have drawn, kept for the next copies
  /// (``copy(of:)``): a copy made in one takes no memory, where a new one
  /// is zeroed and faulted in again at every frame.
  private var spareScenes: [Scene] = []
  /// The next frame to pipe.
  private var next = 0
  /// Frames handed over so far.
  private var handed = 0
  private var stopped = false
  private var running = 0
  /// A worker's error (drawing, a canvas that could not be made).
  private(set) var failure: (any Error)?
  private let window: Int
  private let stats: RenderStats?
  private let jobs: Int
  private let output: any OnePassOutput

  /// Starts `jobs` workers drawing frames of `layout` for `output`.
  init(layout: StageLayout, jobs: Int, stats: RenderStats?, output: any OnePassOutput) {
    self.jobs = jobs
    self.stats = stats
    self.output = output
    window = ParallelFrames.aheadPerWorker * jobs + 1
    running = jobs
    for w in 0..<jobs {
      ParallelFrames.startWorker(w) { [self] in
        work(layout)
        lock.lock()
        running -= 1
        lock.broadcast()
        lock.unlock()
      }
    }
  }

  private func work(_ layout: StageLayout) {
    let canvas: FrameCanvas
    do { canvas = try FrameCanvas(layout: layout) } catch { return fail(error) }
    while true {
      lock.lock()
      while queue.isEmpty && !stopped { lock.wait() }
      if stopped {
        lock.unlock()
        return
      }
      let item = queue.removeFirst()
      var buffer = spare.popLast() ?? []
      lock.unlock()
      let start = RenderStats.cpuNow()
      let kept: Bool
      do { kept = try canvas.draw(item.scene) } catch { return fail(error) }
      let drawn = RenderStats.cpuNow()
      do { try output.take(canvas, index: item.index, into: &buffer) } catch { return fail(error) }
      if let stats {
        let now = RenderStats.cpuNow()
        stats.record(
          draw: Double(drawn - start) / 1e9, convert: Double(now - drawn) / 1e9, threads: jobs,
          kept: kept)
      }
      lock.lock()
      ready[item.index] = buffer
      if spareScenes.count < window { spareScenes.append(item.scene) }
      lock.broadcast()
      lock.unlock()
    }
  }

  private func fail(_ error: any Error) {
    lock.lock()
    if failure == nil { failure = error }
    stopped = true
    lock.broadcast()
    lock.unlock()
  }

  /// A drawing copy of `scene` for ``hand(_:_:)``, made in a scene the
  /// workers have drawn and no longer hold when there is one.
  func copy(of scene: Scene) -> Scene {
    lock.lock()
    let old = spareScenes.popLast()
    lock.unlock()
    return scene.drawingCopy(reusing: old)
  }

  /// Hands over frame `index` (the next in order) as `scene`, a copy the
  /// workers own, first sending on the frames drawn: all that are ready,
  /// and while ``window`` frames wait, the oldest as soon as it is. False
  /// once a worker has failed (nothing more is handed over).
  func hand(_ index: Int, _ scene: Scene) throws -> Bool {
    precondition(index == handed, "frames are handed over in order")
    guard try pipe(waiting: handed - window + 1) else { return false }
    lock.lock()
    queue.append((index, scene))
    handed += 1
    lock.broadcast()
    lock.unlock()
    return try pipe(waiting: -1)
  }

  /// Sends on every frame handed over, in order, waiting for each; false if
  /// a worker failed.
  func finish() throws -> Bool {
    try pipe(waiting: handed - 1)
  }

  /// Sends on the ready frames in order, waiting for those up to
  /// `through`; false once a worker has failed.
  private func pipe(waiting through: Int) throws -> Bool {
    while true {
      lock.lock()
      while ready[next] == nil && next <= through && failure == nil { lock.wait() }
      if failure != nil {
        lock.unlock()
        return false
      }
      guard var buffer = ready.removeValue(forKey: next) else {
        lock.unlock()
        return true
      }
      next += 1
      lock.unlock()
      try output.send(&buffer)
      lock.lock()
      spare.append(buffer)
      lock.unlock()
    }
  }

  /// Stops the workers and waits for them.
  func stop() {
    lock.lock()
    stopped = true
    queue.removeAll()
    lock.broadcast()
    while running > 0 { lock.wait() }
    lock.unlock()
  }
}
