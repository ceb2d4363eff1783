import AnimConsole
import AnimEngine
import AnimExport
import AnimFiles
import AnimLanguage
import AnimPreview
import AnimStage
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
      .json is Lottie 1.0; .html plays it in a browser (open it as page.html#t=T to \
      pause at T).

      Examples:
        anim export blink.anim -o blink.json
        anim export grid.anim -o grid.html --to 3 --scale 2
      """)

  /// The formats, for messages.
  static let formats = ".json (Lottie) or .html (a player)"

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

  enum Format { case lottie, html }

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
    case "html", "htm": return .html
    default:
      let what = ext.isEmpty ? "it has no extension" : "unknown format '.\(ext)'"
      throw UsageError("cannot write '\(path)': \(what); use \(formats)")
    }
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
    let layout: StageLayout
    do { layout = try plan.layout(sizing: sizing, background: background) } catch {
      throw UsageError(error.message + (error.hint.map { " (\($0))" } ?? ""))
    }
    let recorder = StageRecorder(frameRate: plan.schedule.rate)
    runner.instantObserver = { time, scene, clock in
      recorder.observe(instant: time, scene: scene, clock: clock)
    }
    do {
      try runner.play(plan) { frame in
        recorder.observe(
          frame: frame.index, time: frame.time, scene: frame.scene, clock: frame.clock)
      }
    } catch let error as RuntimeError {
      Terminal.report(ScriptResult(errors: [(error.diagnostic, error.file ?? source)]))
      throw ExitCode(ExitStatus.software)
    }
    let recording = recorder.recording()
    let exportStage = ExportStage(layout)
    if format == .lottie {
      for warning in LottieWriter.warnings(recording) {
        Terminal.writeError("anim export: warning: \(warning)")
      }
    }
    // Written as it is made: the whole text of a big export is never held.
    do {
      try AtomicFile.write(to: output) { file in
        switch format {
        case .lottie: LottieWriter.write(recording, stage: exportStage, to: file.write)
        case .html:
          HTMLPlayerWriter.write(
            recording, stage: exportStage, loop: loop.loop, to: file.write)
        }
      }
    } catch {
      Terminal.writeError("anim export: cannot write \(error.description)")
      throw ExitCode(ExitStatus.ioError)
    }
    if result.exitCode != ExitStatus.success { throw ExitCode(result.exitCode) }
  }
}
