import AnimEngine
import AnimLanguage
import AnimRender
import AnimStage
import Foundation

/// Draws a render's frames on several threads (`--jobs N`, SPEC §22): each
/// worker runs its own copy of the script, letting the clock pass every
/// frame (exact: stepping in pieces changes nothing) and drawing only its
/// own, every N-th; the frames then go to the encoder in order. A worker
/// draws at most `window` frames ahead of the one the encoder waits for, so
/// memory stays a few frames per worker whatever the length, and the frames
/// are the pixels one worker would have drawn: the file is byte for byte
/// the same whatever N.
final class ParallelFrames: @unchecked Sendable {
  /// Frames a worker may draw ahead of the encoder, per worker.
  static let aheadPerWorker = 2
  /// The stack each worker thread gets, as `anim test`'s.
  static let stackSize = 16 << 20
  /// The most bytes the workers' canvases and frames in flight take
  /// together: fewer threads draw large frames (SPEC §22).
  static let memoryBudget = 512 << 20

  /// How many of `jobs` threads draw frames of `layout`: as many as keep
  /// their canvases (``FrameCanvas/bytes(for:bandPixels:)``) and the frames
  /// each holds ahead within ``memoryBudget``, at least one.
  static func affordableJobs(_ jobs: Int, layout: StageLayout) -> Int {
    let frame = layout.pixelWidth * layout.pixelHeight * 4
    let perWorker = FrameCanvas.bytes(for: layout) + frame * (aheadPerWorker + 1)
    return max(1, min(jobs, memoryBudget / max(1, perWorker)))
  }

  private let runner: FrameRunner
  private let plan: FramePlan
  private let frames: Range<Int>
  private let jobs: Int
  private let layout: StageLayout
  private let lock = NSCondition()
  private var ready: [Int: [UInt8]] = [:]
  private var spare: [[UInt8]] = []
  private var next: Int
  private var failure: (any Error)?
  /// The frame the failure came at (−1 for one at no frame): frames before
  /// it are still drawn, so the error reported is the first frame's, as
  /// with one thread, whichever thread met its own first.
  private var failureIndex = Int.max
  private var running = 0

  /// Stops a worker: the encoder failed or another worker did.
  private struct Stopped: Error {}
  /// A worker passed the last frame it draws.
  private struct Done: Error {}
  /// An error drawing or writing frame `index`.
  private struct AtFrame: Error {
    let index: Int
    let error: any Error
  }

  init(runner: FrameRunner, plan: FramePlan, frames: Range<Int>, jobs: Int, layout: StageLayout) {
    self.runner = runner
    self.plan = plan
    self.frames = frames
    self.jobs = jobs
    self.layout = layout
    next = frames.lowerBound
  }

  /// Draws the frames and hands each, in order, to `sink` (which swaps the
  /// RGBA buffer it is given into the pipe's).
  func run(into sink: FFmpegEncoder.Sink) throws {
    for w in 0..<jobs { start(worker: w) }
    defer { stopWorkers() }
    for k in frames {
      var buffer = try wait(for: k)
      try sink { pipeBuffer in swap(&pipeBuffer, &buffer) }
      lock.lock()
      spare.append(buffer)
      next = k + 1
      lock.broadcast()
      lock.unlock()
    }
  }

  private func start(worker w: Int) {
    lock.lock()
    running += 1
    lock.unlock()
    let thread = Thread { [self] in
      do {
        try work(w)
      } catch is Done {
      } catch is Stopped {
      } catch let error as AtFrame {
        fail(error.error, at: error.index)
      } catch {
        fail(error, at: -1)
      }
      lock.lock()
      running -= 1
      lock.broadcast()
      lock.unlock()
    }
    thread.stackSize = Self.stackSize
    thread.name = "anim render worker \(w + 1)"
    thread.start()
  }

  private func work(_ w: Int) throws {
    let canvas = try FrameCanvas(layout: layout)
    let last = frames.upperBound - 1
    try runner.play(plan) { [self] frame in
      let k = frame.index
      if k > last { throw Done() }
      guard k >= frames.lowerBound, (k - frames.lowerBound) % jobs == w else { return }
      var buffer = try room(for: k)
      try FrameWriter.draw(frame.scene, on: canvas)
      canvas.rgba(into: &buffer)
      lock.lock()
      ready[k] = buffer
      lock.broadcast()
      lock.unlock()
      if k + jobs > last { throw Done() }
    }
  }

  /// Waits until frame `k` may be drawn; a spare buffer for it.
  private func room(for k: Int) throws -> [UInt8] {
    lock.lock()
    defer { lock.unlock() }
    while k >= next + Self.aheadPerWorker * jobs && k < failureIndex { lock.wait() }
    if k >= failureIndex { throw Stopped() }
    return spare.popLast() ?? []
  }

  /// Records a worker's failure at frame `index` (the earliest one wins).
  private func fail(_ error: any Error, at index: Int) {
    lock.lock()
    if index < failureIndex {
      failureIndex = index
      failure = error
    }
    lock.broadcast()
    lock.unlock()
  }

  /// Waits for frame `k`; the first failure of a worker.
  private func wait(for k: Int) throws -> [UInt8] {
    lock.lock()
    defer { lock.unlock() }
    while ready[k] == nil {
      if k >= failureIndex, let failure { throw failure }
      if running == 0 {
        throw RuntimeError(
          "the script's frames stopped before frame \(k)",
          at: SourceRange(start: 0, end: 0, line: 1, column: 1))
      }
      lock.wait()
    }
    return ready.removeValue(forKey: k)!
  }

  /// Tells the workers to stop (after an error) and waits for them.
  private func stopWorkers() {
    lock.lock()
    if running > 0 && failureIndex > -1 {
      failureIndex = -1
      failure = failure ?? Stopped()
    }
    lock.broadcast()
    while running > 0 { lock.wait() }
    lock.unlock()
  }
}

extension ParallelFrames {
  /// Draws `frames` on `jobs` threads, each running its own copy of the
  /// script and handing each of its frames (every `jobs`-th), drawn on its
  /// own canvas, to `body` on its thread, in no particular order (a
  /// pattern's PNG files). The first error stops every worker and is thrown.
  static func each(
    runner: FrameRunner, plan: FramePlan, frames: Range<Int>, jobs: Int, layout: StageLayout,
    _ body: @escaping @Sendable (FrameCanvas, Frame) throws -> Void
  ) throws {
    let state = NSCondition()
    // Each worker runs the script in an interpreter of its own; the runner
    // and the plan are only read.
    nonisolated(unsafe) let runner = runner
    nonisolated(unsafe) var failure: (any Error)?
    nonisolated(unsafe) var failureIndex = Int.max
    nonisolated(unsafe) var running = jobs
    @Sendable func fail(_ error: any Error, at index: Int) {
      state.lock()
      if index < failureIndex {
        failureIndex = index
        failure = error
      }
      state.unlock()
    }
    for w in 0..<jobs {
      let thread = Thread {
        do {
          let canvas = try FrameCanvas(layout: layout)
          let last = frames.upperBound - 1
          try runner.play(plan) { frame in
            let k = frame.index
            if k > last { throw Done() }
            guard k >= frames.lowerBound, (k - frames.lowerBound) % jobs == w else { return }
            state.lock()
            let stop = k >= failureIndex
            state.unlock()
            if stop { throw Stopped() }
            try FrameWriter.draw(frame.scene, on: canvas)
            do { try body(canvas, frame) } catch { throw AtFrame(index: k, error: error) }
            if k + jobs > last { throw Done() }
          }
        } catch is Done {
        } catch is Stopped {
        } catch let error as AtFrame {
          fail(error.error, at: error.index)
        } catch {
          fail(error, at: -1)
        }
        state.lock()
        running -= 1
        state.broadcast()
        state.unlock()
      }
      thread.stackSize = stackSize
      thread.name = "anim render worker \(w + 1)"
      thread.start()
    }
    state.lock()
    while running > 0 { state.wait() }
    let error = failure
    state.unlock()
    if let error { throw error }
  }
}
