import AnimConsole
import AnimEngine
import AnimFiles
import AnimLanguage
import AnimRender
import AnimStage
import ArgumentParser
import Foundation

/// `anim render FILE -o OUT`: frames of a script's stage as PNG, SVG, a
/// numbered PNG sequence, GIF, APNG, MP4 or WebM (SPEC §12.3).
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Draw frames of a script: PNG, SVG, a frame pattern, GIF, APNG, MP4, WebM.",
    discussion: """
      The script runs as with `anim run` (its output on stdout, its expectations \
      checked); frames are taken as the clock passes their times. A .png or .svg \
      holds one frame: the script's end, or --at T. The other formats hold the frames \
      A + k/N up to B (--from, --to, --fps). .gif, .apng, .mp4 and .webm are encoded \
      by ffmpeg (exit 69 when it is missing).

      Examples:
        anim render blink.anim -o blink.png --at 0.5
        anim render blink.anim -o blink.gif --size 320x240
        anim render grid.anim -o frames/f%05d.png --fps 30
      """)

  @ArgumentParser.Argument(help: "The .anim script.", completion: .file(extensions: ["anim"]))
  var file: String

  @Option(
    name: [.short, .customLong("output")],
    help: ArgumentHelp("Where to write: \(RenderFormat.list).", valueName: "out"))
  var output: String

  @Option(help: ArgumentHelp("One frame, at this time in seconds.", valueName: "seconds"))
  var at: Double?

  @OptionGroup var range: RangeOptions
  @OptionGroup var loop: LoopOption
  @OptionGroup var stage: StageOptions

  @Flag(help: "No progress bar.")
  var quiet = false

  @Flag(help: "No audio track in .mp4 and .webm (SPEC §22).")
  var mute = false

  @OptionGroup var parallel: ParallelOptions

  @OptionGroup var limits: WorkLimitOption

  func run() throws {
    do {
      try render()
    } catch let error as UsageError {
      Terminal.writeError("anim render: \(error.message)")
      throw ExitCode(ExitStatus.usage)
    }
  }

  /// Which frames the options ask for; a usage error for a bad combination.
  func selection(for format: RenderFormat) throws(UsageError) -> FrameSelection {
    try range.check()
    if let at {
      try RangeOptions.checkTime(at, option: "--at")
      guard range.from == nil, range.to == nil else {
        throw UsageError("--at takes one frame: it cannot go with --from or --to")
      }
      guard format.isSingleImage else {
        throw UsageError(
          "--at takes one frame: write it to a .png or .svg (\(output) holds a range of frames)")
      }
      guard range.fps == nil else {
        throw UsageError("--fps applies to a range of frames, not --at")
      }
      guard !loop.loop else {
        throw UsageError("--loop applies to a range of frames that loops, not --at")
      }
      return .at(at)
    }
    if format == .wav {
      guard !mute else { throw UsageError("--mute leaves nothing to write to \(output)") }
    }
    if !parallel.concat.isEmpty {
      guard format == .mp4 || format == .webm else {
        throw UsageError("--concat joins parts into a .mp4 or .webm, not \(output)")
      }
      guard parallel.chunkText == nil else {
        throw UsageError("--concat joins the chunks that --frames renders: give one or the other")
      }
      for part in parallel.concat where (try? RenderFormat.of(part)) != format {
        throw UsageError("--concat joins parts of the same format as \(output), not \(part)")
      }
    }
    if parallel.chunkText != nil, format.isSingleImage {
      throw UsageError("--frames K/N splits a range of frames: \(output) holds one frame")
    }
    if format.isSingleImage {
      guard !loop.loop else {
        throw UsageError(
          "--loop applies to a range of frames that loops, not to \(output), which holds one frame"
        )
      }
      guard range.isEmpty else {
        throw UsageError(
          "\(output) holds one frame: use --at T, or a pattern such as frames/f%05d.png for a range"
        )
      }
      return .end
    }
    var fps = range.fps
    if format == .gif {
      let n = fps ?? 50
      // GIF delays are whole centiseconds.
      guard n == n.rounded(), n >= 1, n <= 100, 100.0.truncatingRemainder(dividingBy: n) == 0 else {
        throw UsageError(
          "a .gif needs a frame rate that divides 100 (its delays are whole centiseconds), not \(RangeOptions.text(n)): try --fps 50, 25, 20 or 10"
        )
      }
      fps = n
    }
    return .range(from: range.from, to: range.to, fps: fps)
  }

  private func render() throws {
    let format = try RenderFormat.of(output)
    let selection = try selection(for: format)
    let sizing = try stage.sizing()
    let background = try stage.backgroundColor()
    if format.needsFFmpeg, FFmpegEncoder.locate() == nil {
      let failure = FFmpegEncoder.missing(format, output: output)
      Terminal.writeError("anim render: \(failure.message)")
      throw ExitCode(failure.code)
    }
    guard let source = try SourceLoading.load(file) else { throw ExitCode(ExitStatus.noInput) }
    for part in parallel.concat where access(part, R_OK) != 0 {
      Terminal.writeError("anim: \(part): no such file or directory")
      throw ExitCode(ExitStatus.noInput)
    }

    let runner = FrameRunner(source: source, selection: selection)
    runner.workLimit = limits.workLimit
    let surveyStart = Date()
    let result: ScriptResult
    let surveyed: FramePlan
    let onePassStats = RenderStats.requested ? RenderStats(onePass: true) : nil
    if OnePassRender.applies(
      format: format, selection: selection,
      whole: parallel.concat.isEmpty && parallel.chunkText == nil && !loop.loop)
    {
      let pass = OnePassRender(
        format: format, output: output, sizing: sizing, background: background, mute: mute,
        jobs: try parallel.jobCount(), stats: onePassStats,
        progress: quiet ? nil : Progress(total: 1, estimated: true))
      guard
        let outcome = try onePass(
          format: format, stats: onePassStats, pass.run(runner, from: range.from))
      else { return }
      (result, surveyed) = outcome
    } else if OnePassStill.applies(format: format, selection: selection) {
      let still = OnePassStill(
        format: format, output: output, sizing: sizing, background: background,
        stats: onePassStats)
      guard let outcome = try onePass(format: format, stats: onePassStats, still.run(runner))
      else { return }
      (result, surveyed) = outcome
    } else {
      (result, surveyed) = try FrameSurvey.plan(
        runner, command: "render", stops: "the frames stop", nothing: "no frames to render",
        from: range.from)
    }
    let plan = try loop.apply(to: surveyed)
    let surveySeconds = Date().timeIntervalSince(surveyStart)
    let layout = try plan.commandLayout(sizing: sizing, background: background)
    var writer = FrameWriter(
      format: format, output: output, layout: layout, schedule: plan.schedule,
      progress: quiet ? nil : Progress(total: plan.schedule.count))
    if RenderStats.requested {
      writer.stats = RenderStats()
      writer.stats?.surveySeconds = surveySeconds
    }
    writer.mute = mute
    writer.jobs = try parallel.jobCount()
    if let chunk = try parallel.chunk() {
      let frames = ParallelOptions.frames(of: chunk, among: plan.schedule.count)
      guard !frames.isEmpty else {
        throw UsageError(
          "chunk \(chunk.index) of \(chunk.count) has no frames: the range has \(plan.schedule.count)"
        )
      }
      writer.chunk = frames
    }
    noteSounds(plan, format: format, chunked: writer.chunk != nil)
    defer { if let stats = writer.stats { Terminal.writeError(stats.report()) } }
    do {
      if parallel.concat.isEmpty {
        try writer.write(runner: runner, plan: plan)
      } else {
        try ChunkConcat.join(
          parts: parallel.concat, output: output, format: format, mix: mute ? nil : plan.mix)
      }
    } catch let error as FrameWriter.Failure {
      Terminal.writeError("anim render: \(error.message)")
      throw ExitCode(error.code)
    } catch let error as RuntimeError {
      Terminal.report(ScriptResult(errors: [(error.diagnostic, error.file ?? source)]))
      throw ExitCode(ExitStatus.software)
    }
    if result.exitCode != ExitStatus.success { throw ExitCode(result.exitCode) }
  }

  /// Finishes a render that tried one pass (``OnePassRender``,
  /// ``OnePassStill``): its failure said with its exit code; a file
  /// written, its stats, notes and exit code (nil: nothing left to do);
  /// else the survey's result and plan, for the second pass.
  private func onePass(
    format: RenderFormat, stats: RenderStats?,
    _ pass: @autoclosure () throws -> OnePassRender.Outcome
  ) throws -> (ScriptResult, FramePlan)? {
    let outcome: OnePassRender.Outcome
    do { outcome = try pass() } catch let error as FrameWriter.Failure {
      Terminal.writeError("anim render: \(error.message)")
      throw ExitCode(error.code)
    }
    switch outcome {
    case .written(let written, let plan):
      if let stats { Terminal.writeError(stats.report()) }
      noteSounds(plan, format: format, chunked: false)
      if written.exitCode != ExitStatus.success { throw ExitCode(written.exitCode) }
      return nil
    case .planned(let planned, let plan): return (planned, plan)
    }
  }

  /// Says on stderr where the script's sounds are not written: in a chunk
  /// (`--concat` adds them) or in a format without sound.
  private func noteSounds(_ plan: FramePlan, format: RenderFormat, chunked: Bool) {
    guard plan.declaresSounds, !mute else { return }
    if chunked, format == .mp4 || format == .webm {
      Terminal.writeError(
        "anim render: note: a chunk holds no sound: --concat adds the script's whole mix when it joins the chunks"
      )
    }
    if !format.carriesSound {
      Terminal.writeError(
        "anim render: note: \(output) holds no sound: the script's sounds are left out (.mp4, .webm and .wav carry them)"
      )
    }
  }
}
