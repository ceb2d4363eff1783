import AnimConsole
import AnimEngine
import AnimExport
import AnimFiles
import AnimLanguage
import AnimStage
import AnimStageExport
import ArgumentParser
import Foundation

/// `anim export FILE -o OUT.json|OUT.html`: the stage over [A, B] as Lottie
/// or as a self-contained HTML player (SPEC §13).
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Export a script's stage as Lottie JSON or a self-contained HTML player.",
    discussion: """
      The script runs as with `anim render` (its output on stdout, its expectations \
      checked) and the stage is recorded over the frames A + k/N up to B (--from, \
      --to, --fps): every property of every drawn view becomes a track of keyframes, \
      exact curves where the easing allows, one keyframe per frame otherwise. \
      .json is Lottie 1.0; .lottie the same animation as a dotLottie file (a ZIP \
      archive, deflated); .html plays it in a browser (open it as page.html#t=T to \
      pause at T).

      Examples:
        anim export blink.anim -o blink.json
        anim export blink.anim -o blink.lottie
        anim export grid.anim -o grid.html --to 3 --scale 2
      """)

  /// The formats, for messages.
  static let formats = ".json (Lottie), .lottie (dotLottie) or .html (a player)"

  @ArgumentParser.Argument(help: "The .anim script.", completion: .file(extensions: ["anim"]))
  var file: String

  @Option(
    name: [.short, .customLong("output")],
    help: ArgumentHelp("Where to write: \(formats).", valueName: "out"))
  var output: String

  @OptionGroup var range: RangeOptions
  @OptionGroup var loop: LoopOption
  @OptionGroup var stage: StageOptions
  @OptionGroup var limits: WorkLimitOption

  enum Format { case lottie, dotLottie, html }

  func run() throws {
    do {
      try export()
    } catch let error as UsageError {
      Terminal.writeError("anim export: \(error.message)")
      throw ExitCode(ExitStatus.usage)
    }
  }

  static func format(of path: String) throws(UsageError) -> Format {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let ext = name.lastIndex(of: ".").map { name[name.index(after: $0)...].lowercased() } ?? ""
    switch ext {
    case "json": return .lottie
    case "lottie": return .dotLottie
    case "html", "htm": return .html
    default:
      let what = ext.isEmpty ? "it has no extension" : "unknown format '.\(ext)'"
      throw UsageError("cannot write '\(path)': \(what); use \(formats)")
    }
  }

  /// The script's name without its folder and `.anim`: a dotLottie's
  /// animation id.
  static func animationName(of path: String) -> String {
    let base = path.split(separator: "/").last.map(String.init) ?? path
    return base.hasSuffix(".anim") ? String(base.dropLast(5)) : base
  }

  private func export() throws {
    let format = try Self.format(of: output)
    try range.check()
    let sizing = try stage.sizing()
    let background = try stage.backgroundColor()
    guard let source = try SourceLoading.load(file) else { throw ExitCode(ExitStatus.noInput) }

    let runner = FrameRunner(
      source: source, selection: .range(from: range.from, to: range.to, fps: range.fps))
    runner.workLimit = limits.workLimit
    let (result, surveyed) = try FrameSurvey.plan(
      runner, command: "export", stops: "the recording stops", nothing: "no frames to export",
      from: range.from)
    let plan = try loop.apply(to: surveyed)
    let layout = try plan.commandLayout(sizing: sizing, background: background)
    if plan.viewCount > ExportBudget.maximumViews {
      // Known from the survey: refused before the script runs again.
      Terminal.writeError(
        "anim export: \(ExportBudget.TooManyViews(views: plan.viewCount).message)")
      throw ExitCode(ExitStatus.software)
    }
    let recorder = StageRecorder(frameRate: plan.schedule.rate)
    runner.instantObserver = { time, scene, clock in
      recorder.observe(instant: time, scene: scene, clock: clock)
    }
    do {
      try runner.play(plan) { frame in
        recorder.observe(
          frame: frame.index, time: frame.time, scene: frame.scene, clock: frame.clock)
        if recorder.views.count > ExportBudget.maximumViews {
          throw ExportBudget.TooManyViews(views: recorder.views.count)
        }
      }
    } catch let error as ExportBudget.TooManyViews {
      Terminal.writeError("anim export: \(error.message)")
      throw ExitCode(ExitStatus.software)
    } catch let error as RuntimeError {
      Terminal.report(ScriptResult(errors: [(error.diagnostic, error.file ?? source)]))
      throw ExitCode(ExitStatus.software)
    }
    var recording = recorder.recording()
    if let excess = ExportBudget.excess(recording) {
      let view = recording.views.first { $0.name == excess.view }
      let site = view.flatMap { runner.declarationSite(of: $0.id) }
      let error = RuntimeError(
        excess.message, at: site?.range ?? SourceRange(start: 0, end: 0, line: 1, column: 1),
        hint: ExportBudget.Excess.hint, file: site?.file ?? source)
      Terminal.report(ScriptResult(errors: [(error.diagnostic, error.file ?? source)]))
      throw ExitCode(ExitStatus.software)
    }
    let exportStage = ExportStage(layout)
    if format != .html {
      // What players draw otherwise or not at all (SPEC §21.6).
      for warning in LottieWriter.warnings(recording) + LottieWriter.effectWarnings(recording)
        + LottieWriter.dashWarnings(recording)
      {
        Terminal.writeError("anim export: warning: \(warning)")
      }
    } else {
      for warning in HTMLPlayerWriter.dashWarnings(recording) {
        Terminal.writeError("anim export: warning: \(warning)")
      }
    }
    // The plays heard (SPEC §22): Lottie's markers, the player's sound.
    var soundFile: TemporaryOutput?
    if let mix = plan.mix {
      recording.sounds = mix.placements.sorted { $0.start < $1.start }.map {
        SoundMarker(start: $0.start - mix.start, duration: $0.end - $0.start, name: $0.cue.name)
      }
      if format == .html {
        do {
          let file = try TemporaryOutput(for: output + ".mix.wav")
          soundFile = file
          try MixFile.write(mix, into: file.path, format: .pcm16)
        } catch let error as FrameWriter.Failure {
          soundFile?.remove()
          Terminal.writeError("anim export: \(error.message)")
          throw ExitCode(error.code)
        }
      }
    }
    defer { soundFile?.remove() }
    let sound = soundFile.map { Base64Pieces(path: $0.path) }
    // A dotLottie is deflated whole; the others are written as they are
    // made: the whole text of a big export is never held.
    var archive: [UInt8] = []
    if format == .dotLottie {
      var json: [UInt8] = []
      LottieWriter.write(recording, stage: exportStage, to: { json += $0.utf8 })
      do {
        archive = try DotLottieWriter.archive(json: json, id: Self.animationName(of: file))
      } catch {
        Terminal.writeError("anim export: cannot write \(output): \(error.description)")
        throw ExitCode(ExitStatus.ioError)
      }
    }
    do {
      if format == .dotLottie {
        try AtomicFile.write(bytes: archive, to: output)
      } else {
        try AtomicFile.write(to: output) { file in
          switch format {
          case .lottie, .dotLottie:
            LottieWriter.write(recording, stage: exportStage, to: file.write)
          case .html:
            HTMLPlayerWriter.write(
              recording, stage: exportStage, loop: loop.loop,
              sound: sound.map { s in { s.next() } },
              to: file.write)
          }
        }
      }
    } catch {
      Terminal.writeError("anim export: cannot write \(error.description)")
      throw ExitCode(ExitStatus.ioError)
    }
    if let failure = sound?.failure {
      unlink(output)
      Terminal.writeError("anim export: cannot read the mix back: \(failure)")
      throw ExitCode(ExitStatus.ioError)
    }
    if result.exitCode != ExitStatus.success { throw ExitCode(result.exitCode) }
  }
}
