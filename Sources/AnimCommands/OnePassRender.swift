import AnimEngine
import AnimLanguage
import AnimRender
import AnimStage

/// `anim render` to an encoder or a pattern's files, with the script run
/// once: the frames are drawn and piped (or written) as the survey takes
/// them, instead of in a second run of the script after it
/// (``FrameRunner``'s two passes).
///
/// The encoder needs the image's size before the first frame, and the
/// plan (the stage, the rate, the sounds) is known only once the script
/// has run to its end. So the pass guesses: at the first frame, a stage
/// with a size gives the layout, and the rate is the one the survey takes
/// frames at. When the survey ends, the guess is kept only if the plan
/// agrees in every respect — the same layout, the frames handed over
/// exactly the plan's (no `reset`, the same rate), no sound the file would
/// carry. Otherwise the encoder is stopped, its file never written (a
/// pattern's files, staged beside their places, are removed:
/// ``PatternStaging``), and the render goes on as two passes with the plan
/// the survey found: the bytes written are the same either way. A stage
/// fitted to the views (no size) is known only at the end, so such a script
/// never starts the guess.
struct OnePassRender {
  let format: RenderFormat
  let output: String
  let sizing: StageSizing
  let background: Color?
  let mute: Bool
  /// `--jobs N`: with N > 1, the frames are drawn on N threads from copies
  /// of the scene (``OnePassDrawers``) as many as fit in memory
  /// (``ParallelFrames/affordableJobs(_:layout:)``).
  let jobs: Int
  let stats: RenderStats?
  /// The bar (or `frame D/T` lines) of a render that shows its progress,
  /// its total estimated until the script's end is known.
  let progress: Progress?

  /// The most frames drawn while the script's end is not known: 1 800 (30
  /// s at 60 frames a second, longer than most pieces). Past them the
  /// survey goes on without drawing, and once the plan holds the guess a
  /// second run of the script draws the rest into the same file: a script
  /// that ends refused (past ``FrameSchedule/maximumFrames``) has then
  /// drawn these, not 100 000.
  static let framesBeforeTheEnd = 1_800

  /// What the pass did: wrote the file, or left it to the second pass,
  /// with the survey's plan.
  enum Outcome {
    case written(ScriptResult, FramePlan)
    case planned(ScriptResult, FramePlan)
  }

  /// Whether a render may take one pass: frames of a range to an encoder
  /// or a pattern (not a single image or a WAV), whole (no chunk, no
  /// `--concat`, no `--loop`, which changes the plan).
  static func applies(format: RenderFormat, selection: FrameSelection, whole: Bool) -> Bool {
    guard case .range = selection else { return false }
    return (format.needsFFmpeg || format == .pattern) && whole
  }

  /// The frames a range from `from` at `rate` is estimated to hold at
  /// `frame` (at least up to it): up to `to` when given; for a script that
  /// moves the clock, up to where it is heading now (the end of its `step`:
  /// what it does next is not known); otherwise up to when its runs end,
  /// at most the 10 s cap.
  static func estimate(_ frame: Frame, from: Double, to: Double?, rate: Double) -> Int {
    let t = frame.time
    let clock = frame.clock
    let end: Double
    if let to {
      end = to
    } else if frame.scriptMovedClock {
      end = clock.heading ?? t
    } else {
      end = min(
        max(clock.scheduledEnd ?? t, clock.heading ?? t), FrameRunner.defaultEndCap)
    }
    return max(frame.index + 1, FrameSchedule(from: from, to: end, rate: rate).count)
  }

  /// Surveys `runner`'s script, encoding its frames as they come while the
  /// guess holds (``FrameSurvey/plan(_:command:stops:nothing:from:observer:)``'s
  /// errors and reports).
  /// A drawing thread failed while the rest of the frames were drawn.
  private struct Halted: Error {}

  func run(_ runner: FrameRunner, from: Double?) throws -> Outcome {
    let rate = runner.surveyRate
    var to: Double? = nil
    if case .range(_, let end, _) = runner.selection { to = end }
    let progress = self.progress
    var session: (any OnePassOutput)?
    var canvas: FrameCanvas?
    var drawers: OnePassDrawers?
    var layout: StageLayout?
    var streaming = true
    var sent = 0
    let limit = Self.framesBeforeTheEnd
    let stats = self.stats
    // Anything that goes wrong while guessing stops the guess; the second
    // pass meets the same and reports it as a two-pass render does.
    func stop() {
      streaming = false
      drawers?.stop()
      drawers = nil
      session?.abandon()
      session = nil
    }
    // The first frame: the layout guessed, ffmpeg started (or the
    // pattern's staging), the threads that draw; false when no guess can be
    // made.
    func begin(_ frame: Frame) -> Bool {
      guard frame.index == 0, frame.scene.stage.size != nil,
        let made = try? StageLayout.make(
          frame.scene.stage, fitted: nil, sizing: sizing, background: background)
      else { return false }
      let threads = ParallelFrames.affordableJobs(jobs, layout: made)
      // Past the copies' budget each thread would run the script: two
      // passes, as before.
      guard threads == 1 || ParallelFrames.sharesOneRun(views: frame.scene.count, jobs: threads)
      else { return false }
      if threads == 1 {
        guard let one = try? FrameCanvas(layout: made) else { return false }
        canvas = one
      }
      let started: any OnePassOutput
      if format == .pattern {
        guard let pattern = FramePattern(output) else { return false }
        started = PatternStaging(pattern: pattern)
      } else {
        guard
          let encoder = try? FFmpegEncoder.Session(
            format: format, output: output, layout: made, rate: rate, progress: nil)
        else { return false }
        started = encoder
      }
      if threads > 1 {
        ParallelFrames.report(jobs: threads, shared: true)
        drawers = OnePassDrawers(layout: made, jobs: threads, stats: stats, output: started)
      }
      (layout, session) = (made, started)
      return true
    }
    // Draws `frame` and hands it to the output; false when a drawing
    // thread failed.
    func draw(_ frame: Frame, to session: any OnePassOutput) throws -> Bool {
      if let drawers {
        return try drawers.hand(frame.index, drawers.copy(of: frame.scene))
      }
      guard let canvas else { return false }
      stats?.start()
      let kept = try FrameWriter.draw(frame.scene, on: canvas)
      stats?.drawn(kept: kept)
      try session.deliver(canvas, index: frame.index, stats: stats)
      return true
    }
    let observer: (Frame) throws -> Void = { frame in
      guard streaming, sent < limit else { return }
      if session == nil, !begin(frame) { return stop() }
      // A `reset` takes frames from 0 again: the frames piped are not the
      // plan's.
      guard let session, frame.index == sent else { return stop() }
      do {
        guard try draw(frame, to: session) else { return stop() }
        sent += 1
        progress?.advance { Self.estimate(frame, from: from ?? 0, to: to, rate: rate) }
        // The last frame drawn before the end is known: the frames the
        // threads hold are piped now.
        if sent == limit, let drawers, try !drawers.finish() { stop() }
      } catch {
        stop()
      }
    }
    let surveyed: (ScriptResult, FramePlan, played: Bool)
    do {
      surveyed = try FrameSurvey.plan(
        runner, command: "render", stops: "the frames stop", nothing: "no frames to render",
        from: from, observer: observer)
    } catch {
      stop()
      progress?.finish()
      throw error
    }
    let (result, plan, played) = surveyed
    let carriesSound = format.carriesSound && !mute && plan.mix != nil
    if streaming, played, let session, sent == min(plan.schedule.count, limit),
      plan.schedule.rate == rate, !carriesSound, let guessed = layout,
      (try? plan.layout(sizing: sizing, background: background)) == guessed
    {
      progress?.settle(total: plan.schedule.count)
      do {
        if sent < plan.schedule.count {
          // The rest, from a second run of the script (silent: its output
          // was the survey's), into the same file.
          try runner.play(plan) { frame in
            guard frame.index >= sent else { return }
            guard try draw(frame, to: session) else { throw Halted() }
            progress?.advance()
          }
        }
        if let drawers {
          guard try drawers.finish() else { throw Halted() }
          drawers.stop()
        }
      } catch {
        // A frame that could not be drawn or piped: two passes meet the
        // error again and say it as they do.
        stop()
        progress?.finish()
        return .planned(result, plan)
      }
      try session.finish()
      progress?.finish()
      return .written(result, plan)
    }
    stop()
    progress?.finish()
    return .planned(result, plan)
  }
}
