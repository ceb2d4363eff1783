import AnimEngine
import AnimLanguage
import AnimRender
import AnimStage
import Foundation

/// Draws a render's frames on several threads (`--jobs N`, SPEC §22). The
/// script runs once, on a thread of its own, and the workers draw copies of
/// its scene at their frames (``SceneFeed``); when such copies would take too
/// much memory (a scene of very many views), each worker runs its own copy
/// of the script instead, letting the clock pass every frame (exact:
/// stepping in pieces changes nothing) and drawing only its own, every
/// N-th. Either way the frames then go to the encoder in order. A worker
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
  /// The most bytes the scene copies waiting or being drawn take together
  /// (``SceneFeed``): past it each worker runs the script itself.
  static let sceneBudget = 64 << 20

  /// Whether `jobs` workers draw copies of one run's scenes rather than
  /// each running the script: when the copies in flight (those waiting,
  /// one a worker, and one a worker being drawn) of a scene of `views`
  /// views fit in ``sceneBudget``.
  static func sharesOneRun(views: Int, jobs: Int) -> Bool {
    Scene.valueBytes(views: views) * (feedDepth(jobs: jobs) + jobs) <= sceneBudget
  }

  /// How many scene copies wait for `jobs` workers (``SceneFeed``).
  static func feedDepth(jobs: Int) -> Int { jobs + 1 }

  /// Says on stderr how `jobs` threads draw (`ANIM_RENDER_STATS`).
  static func report(jobs: Int, shared: Bool) {
    guard RenderStats.requested else { return }
    let how =
      shared ? "the script run once, its scenes copied" : "each thread running the script"
    FileHandle.standardError.write(Data("render stats: \(jobs) threads drawing, \(how)\n".utf8))
  }

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
  /// Where the workers note their drawing times (`ANIM_RENDER_STATS`).
  private let stats: RenderStats?
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
  /// The one run of the script the workers draw from, when they share one.
  private var feed: SceneFeed?

  /// Stops a worker: the encoder failed or another worker did.
  private struct Stopped: Error {}
  /// A worker passed the last frame it draws.
  private struct Done: Error {}
  /// An error drawing or writing frame `index`, or the script's own met
  /// before it was reached (``SceneFeed``).
  struct AtFrame: Error {
    let index: Int
    let error: any Error
  }

  init(
    runner: FrameRunner, plan: FramePlan, frames: Range<Int>, jobs: Int, layout: StageLayout,
    stats: RenderStats? = nil
  ) {
    self.stats = stats
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
    let shared = Self.sharesOneRun(views: plan.viewCount, jobs: jobs)
    Self.report(jobs: jobs, shared: shared)
    if shared {
      feed = SceneFeed(
        runner: runner, plan: plan, frames: frames, depth: Self.feedDepth(jobs: jobs),
        stackSize: Self.stackSize)
    }
    for w in 0..<jobs { start(worker: w) }
    defer {
      feed?.stop()
      stopWorkers()
    }
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
    Self.startWorker(w) { [self] in
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
  }

  /// Starts drawing thread `w` (numbered from 0) running `body`, with the
  /// stack and the name every drawing thread has.
  static func startWorker(_ w: Int, _ body: @escaping @Sendable () -> Void) {
    let thread = Thread(block: body)
    thread.stackSize = stackSize
    thread.name = "anim render worker \(w + 1)"
    thread.start()
  }

  private func work(_ w: Int) throws {
    let canvas = try FrameCanvas(layout: layout)
    if let feed {
      while let item = try feed.take() {
        var buffer = try room(for: item.index)
        let start = RenderStats.cpuNow()
        let kept: Bool
        do { kept = try FrameWriter.draw(item.scene, on: canvas) } catch {
          throw AtFrame(index: item.index, error: error)
        }
        let drawn = RenderStats.cpuNow()
        canvas.rgba(into: &buffer)
        note(start, drawn, kept: kept)
        lock.lock()
        ready[item.index] = buffer
        lock.broadcast()
        lock.unlock()
      }
      return
    }
    let last = frames.upperBound - 1
    try runner.play(plan) { [self] frame in
      let k = frame.index
      if k > last { throw Done() }
      guard k >= frames.lowerBound, (k - frames.lowerBound) % jobs == w else { return }
      var buffer = try room(for: k)
      let start = RenderStats.cpuNow()
      let kept = try FrameWriter.draw(frame.scene, on: canvas)
      let drawn = RenderStats.cpuNow()
      canvas.rgba(into: &buffer)
      note(start, drawn, kept: kept)
      lock.lock()
      ready[k] = buffer
      lock.broadcast()
      lock.unlock()
      if k + jobs > last { throw Done() }
    }
  }

  /// Notes a frame drawn (or `kept`) from `start` to `drawn` and converted
  /// from then to now, on this thread's clock.
  private func note(_ start: UInt64, _ drawn: UInt64, kept: Bool) {
    guard let stats else { return }
    let now = RenderStats.cpuNow()
    stats.record(
      draw: Double(drawn - start) / 1e9, convert: Double(now - drawn) / 1e9, threads: jobs,
      kept: kept)
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
  /// Draws `frames` on `jobs` threads and hands each frame, drawn on the
  /// thread's own canvas, to `body` on that thread with its index, in no
  /// particular order (a pattern's PNG files): the threads draw copies of
  /// one run's scenes, or each runs its own copy of the script and draws
  /// every `jobs`-th frame (as ``run(into:)``). The first error stops every
  /// worker and is thrown.
  static func each(
    runner: FrameRunner, plan: FramePlan, frames: Range<Int>, jobs: Int, layout: StageLayout,
    _ body: @escaping @Sendable (FrameCanvas, Int) throws -> Void
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
    let shared = sharesOneRun(views: plan.viewCount, jobs: jobs)
    report(jobs: jobs, shared: shared)
    let feed =
      shared
      ? SceneFeed(
        runner: runner, plan: plan, frames: frames, depth: feedDepth(jobs: jobs),
        stackSize: stackSize) : nil
    for w in 0..<jobs {
      startWorker(w) {
        do {
          let canvas = try FrameCanvas(layout: layout)
          if let feed {
            while let item = try feed.take() {
              state.lock()
              let stop = item.index >= failureIndex
              state.unlock()
              if stop { throw Stopped() }
              do {
                try FrameWriter.draw(item.scene, on: canvas)
                try body(canvas, item.index)
              } catch { throw AtFrame(index: item.index, error: error) }
            }
            throw Done()
          }
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
            do { try body(canvas, k) } catch { throw AtFrame(index: k, error: error) }
            if k + jobs > last { throw Done() }
          }
        } catch is Done {
        } catch is Stopped {
        } catch let error as AtFrame {
          fail(error.error, at: error.index)
        } catch {
          fail(error, at: -1)
        }
        if let feed {
          // Another worker's error stops the play too.
          state.lock()
          let failed = failureIndex < Int.max
          state.unlock()
          if failed { feed.stop() }
        }
        state.lock()
        running -= 1
        state.broadcast()
        state.unlock()
      }
    }
    state.lock()
    while running > 0 { state.wait() }
    let error = failure
    state.unlock()
    feed?.stop()
    if let error { throw error }
  }
}
