import AnimConsole
import AnimEngine
import AnimFiles
import AnimLanguage
import AnimRender
import AnimSound
import AnimStage
import Foundation

/// Writes the frames of a render's plan to OUT in its format: never half a
/// file (single images go through `AtomicFile`; a pattern's frames are
/// removed again when the render fails).
struct FrameWriter {
  let format: RenderFormat
  let output: String
  let layout: StageLayout
  let schedule: FrameSchedule
  let progress: Progress?
  /// Times drawing and conversion when set (`ANIM_RENDER_STATS`, for
  /// BENCHMARKS.md).
  var stats: RenderStats?
  /// `--mute`: no audio track (SPEC §22).
  var mute = false
  /// `--jobs N`: threads drawing frames (SPEC §22).
  var jobs = 1
  /// `--frames K/N`: only these frames of the plan (a chunk); nil for all.
  var chunk: Range<Int>?

  /// The frames written: the chunk's, or all of them.
  var frames: Range<Int> { chunk ?? 0..<schedule.count }

  /// The threads that draw: `jobs`, at most one a frame, fewer when their
  /// frames would not fit in memory (``ParallelFrames/affordableJobs(_:layout:)``).
  var threads: Int { ParallelFrames.affordableJobs(min(jobs, frames.count), layout: layout) }

  /// A worker, or the one thread, passed the last frame of its chunk.
  private struct ChunkDone: Error {}

  /// A render that failed after the script ran: a message and an exit code.
  struct Failure: Error {
    let message: String
    let code: Int32

    init(message: String, code: Int32) {
      self.message = message
      self.code = code
    }

    /// A canvas that could not be made or draw: Cairo missing (69), or no
    /// memory for the image (74).
    init(_ error: RenderError) {
      self.init(
        message: error.message,
        code: error.isMissingLibrary ? ExitStatus.unavailable : ExitStatus.ioError)
    }
  }

  /// Draws `scene` on `canvas`, its error a ``Failure``: true when the
  /// canvas kept the frame it had (``FrameCanvas/draw(_:)``).
  @discardableResult
  static func draw(_ scene: Scene, on canvas: FrameCanvas) throws(Failure) -> Bool {
    do { return try canvas.draw(scene) } catch { throw Failure(error) }
  }

  /// Draws `scene` on `canvas` and hands the frame to `sink` (ffmpeg's),
  /// noting the times in `stats`.
  static func draw(
    _ scene: Scene, on canvas: FrameCanvas, to sink: FFmpegEncoder.Sink, stats: RenderStats?
  ) throws {
    stats?.start()
    let kept = try draw(scene, on: canvas)
    stats?.drawn(kept: kept)
    try sink { buffer in
      stats?.piped()
      canvas.rgba(into: &buffer)
      stats?.converted()
    }
  }

  func write(runner: FrameRunner, plan: FramePlan) throws {
    switch format {
    case .svg:
      var text = ""
      try runner.play(plan) { frame in text = SVGDocument.text(frame.scene, layout: layout) }
      try save(bytes: Array(text.utf8), to: output)
    case .png:
      let canvas = try makeCanvas()
      var bytes: [UInt8] = []
      try runner.play(plan) { frame in
        try Self.draw(frame.scene, on: canvas)
        bytes = try canvas.png()
      }
      try save(bytes: bytes, to: output)
    case .pattern:
      try writePattern(runner: runner, plan: plan)
    case .wav:
      // The mix alone: the whole range, silent when the script declares no sound.
      let mix = plan.mix ?? MixPlan(start: schedule.start, end: plan.end, placements: [], files: [])
      try MixFile.write(mix, to: output, format: .pcm16, frames: mixFrames(mix))
    case .gif, .apng, .mp4, .webm:
      var audio: TemporaryOutput?
      // A chunk holds no sound: `--concat` adds the whole mix once.
      if format.carriesSound, !mute, chunk == nil, let mix = plan.mix {
        audio = try MixFile.temporary(mix, beside: output)
      }
      defer { audio?.remove() }
      try FFmpegEncoder.encode(
        format: format, output: output, layout: layout, schedule: schedule, progress: progress,
        audio: audio?.path
      ) { (sink: @escaping FFmpegEncoder.Sink) in
        if threads > 1 {
          _ = try makeCanvas()  // a missing Cairo is reported before any thread starts
          try ParallelFrames(
            runner: runner, plan: plan, frames: frames, jobs: threads,
            layout: layout, stats: stats
          ).run(into: sink)
          return
        }
        let canvas = try makeCanvas()
        let frames = self.frames
        do {
          try runner.play(plan) { frame in
            guard frames.contains(frame.index) else {
              if frame.index >= frames.upperBound { throw ChunkDone() }
              return
            }
            try Self.draw(frame.scene, on: canvas, to: sink, stats: stats)
          }
        } catch is ChunkDone {}
      }
    }
  }

  /// The frames of the mix a chunk holds (SPEC §22): from its first frame's
  /// time to the next chunk's (B for the last), rounded as every play's
  /// start is, so the chunks' mixes put end to end are the whole mix.
  func mixFrames(_ mix: MixPlan) -> Range<Int>? {
    guard let chunk else { return nil }
    let rate = Double(AnimSound.Mixer.sampleRate)
    func sample(_ frame: Int) -> Int {
      frame >= schedule.count
        ? mix.frameCount
        : min(Int(((schedule.time(frame) - mix.start) * rate).rounded()), mix.frameCount)
    }
    return sample(chunk.lowerBound)..<sample(chunk.upperBound)
  }

  private func makeCanvas() throws -> FrameCanvas {
    do { return try FrameCanvas(layout: layout) } catch { throw Failure(error) }
  }

  private func save(bytes: [UInt8], to path: String) throws {
    try Self.save(bytes: bytes, to: path)
  }

  static func save(bytes: [UInt8], to path: String) throws {
    do { try AtomicFile.write(bytes: bytes, to: path) } catch {
      throw Failure(message: "cannot write \(error.description)", code: ExitStatus.ioError)
    }
  }

  /// Every frame as its own PNG, in folders made as needed (`mkdir -p`); on
  /// failure (or Ctrl-C) the frames written so far are removed, and so are
  /// the folders made for them. With `--jobs N` the frames are drawn and
  /// written on N threads. Each is compressed with libpng's fast setting
  /// (a sequence is read back by an editor or an encoder, not sent as it
  /// is: written four to six times faster, larger).
  private func writePattern(runner: FrameRunner, plan: FramePlan) throws {
    guard let pattern = FramePattern(output) else { return }
    let files = PatternFiles()
    let interrupt = Interrupt.install { files.removeAll() }
    defer { interrupt.remove() }
    let frames = self.frames
    do {
      if threads > 1 {
        _ = try makeCanvas()  // a missing Cairo is reported before any thread starts
        nonisolated(unsafe) let progress = self.progress
        try ParallelFrames.each(
          runner: runner, plan: plan, frames: frames, jobs: threads,
          layout: layout
        ) { canvas, index in
          let path = pattern.path(index)
          try files.write(path) { try Self.save(bytes: try canvas.png(fast: true), to: path) }
          files.locked { progress?.advance() }
        }
      } else {
        let canvas = try makeCanvas()
        try runner.play(plan) { frame in
          guard frames.contains(frame.index) else {
            if frame.index >= frames.upperBound { throw ChunkDone() }
            return
          }
          try Self.draw(frame.scene, on: canvas)
          let path = pattern.path(frame.index)
          try files.write(path) { try Self.save(bytes: try canvas.png(fast: true), to: path) }
          progress?.advance()
        }
      }
      progress?.finish()
    } catch is ChunkDone {
      progress?.finish()
    } catch {
      progress?.finish()
      files.removeAll()
      throw error
    }
  }
}

/// The files a pattern render has written and the folders it made, shared
/// by its threads and by a signal's cleanup (under a lock).
final class PatternFiles: @unchecked Sendable {
  private let lock = NSLock()
  private var written: [String] = []
  private var folders = PatternFolders()
  private var removed = false

  /// Makes the folders `path` needs and lists it, before it is written: a
  /// signal right after its rename must find it (unlinking a frame not yet
  /// there does nothing). Once everything was removed (a signal's cleanup,
  /// a failure), no folder is made again: the frame is refused.
  func prepare(_ path: String) throws {
    try locked {
      try makeFoldersLocked(for: path)
      written.append(path)
    }
  }

  /// Lists `path` (its folders made) and writes it with `body`; when
  /// `body` fails, `path` was not replaced, so it is no longer listed: a
  /// cleanup then leaves what was there (a file of the user's, a FIFO).
  func write(_ path: String, with body: () throws -> Void) throws {
    try prepare(path)
    do { try body() } catch {
      locked { if let i = written.lastIndex(of: path) { written.remove(at: i) } }
      throw error
    }
  }

  /// Makes the folders `path` needs, without listing it: a file staged
  /// beside it (``PatternStaging``) is not there yet.
  func makeFolders(for path: String) throws {
    try locked { try makeFoldersLocked(for: path) }
  }

  private func makeFoldersLocked(for path: String) throws {
    guard !removed else {
      throw FrameWriter.Failure(message: "\(path): interrupted", code: ExitStatus.ioError)
    }
    try folders.prepare(for: path)
  }

  func locked<R>(_ body: () throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// Removes every file written and the folders made for them.
  func removeAll() {
    locked {
      removed = true
      for path in written { unlink(path) }
      folders.removeCreated()
    }
  }
}
