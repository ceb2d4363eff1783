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

  /// A render that failed after the script ran: a message and an exit code.
  struct Failure: Error {
    let message: String
    let code: Int32
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
        canvas.draw(frame.scene)
        bytes = try canvas.png()
      }
      try save(bytes: bytes, to: output)
    case .pattern:
      try writePattern(runner: runner, plan: plan)
    case .wav:
      // The mix alone: the whole range, silent when the script declares no sound.
      let mix = plan.mix ?? MixPlan(start: schedule.start, end: plan.end, placements: [], files: [])
      try MixFile.write(mix, to: output, format: .pcm16)
    case .gif, .apng, .mp4, .webm:
      var audio: TemporaryOutput?
      if format.carriesSound, !mute, let mix = plan.mix {
        audio = try MixFile.temporary(mix, beside: output)
      }
      defer { audio?.remove() }
      try FFmpegEncoder.encode(
        format: format, output: output, layout: layout, schedule: schedule, progress: progress,
        audio: audio?.path
      ) { (sink: @escaping FFmpegEncoder.Sink) in
        let canvas = try makeCanvas()
        try runner.play(plan) { frame in
          stats?.start()
          canvas.draw(frame.scene)
          stats?.drawn()
          try sink { buffer in
            stats?.piped()
            canvas.rgba(into: &buffer)
            stats?.converted()
          }
        }
      }
    }
  }

  private func makeCanvas() throws -> CairoCanvas {
    do { return try CairoCanvas(layout: layout) } catch {
      throw Failure(
        message: error.message,
        code: error.isMissingLibrary ? ExitStatus.unavailable : ExitStatus.ioError)
    }
  }

  private func save(bytes: [UInt8], to path: String) throws {
    do { try AtomicFile.write(bytes: bytes, to: path) } catch {
      throw Failure(message: "cannot write \(error.description)", code: ExitStatus.ioError)
    }
  }

  /// Every frame as its own PNG, in folders made as needed (`mkdir -p`); on
  /// failure (or Ctrl-C) the frames written so far are removed, and so are
  /// the folders made for them.
  private func writePattern(runner: FrameRunner, plan: FramePlan) throws {
    guard let pattern = FramePattern(output) else { return }
    let canvas = try makeCanvas()
    var written: [String] = []
    var folders = PatternFolders()
    let interrupt = Interrupt.install {
      for path in written { unlink(path) }
    }
    defer { interrupt.remove() }
    do {
      try runner.play(plan) { frame in
        canvas.draw(frame.scene)
        let path = pattern.path(frame.index)
        try folders.prepare(for: path)
        // Listed before it is written: a signal right after the rename must
        // find it (unlinking a frame not yet there does nothing).
        written.append(path)
        interrupt.update { [folders] in
          for path in written { unlink(path) }
          folders.removeCreated()
        }
        try save(bytes: try canvas.png(), to: path)
        progress?.advance()
      }
      progress?.finish()
    } catch {
      progress?.finish()
      for path in written { unlink(path) }
      folders.removeCreated()
      throw error
    }
  }
}
