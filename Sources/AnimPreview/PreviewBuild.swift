import AnimEngine
import AnimExport
import AnimLanguage
import AnimStage

/// What one run of a previewed script gave: the player page of a good run,
/// or the error that stopped it, with the script's output either way.
public struct PreviewBuild: Sendable {
  /// The HTML player (SPEC §13) of the script's render range; nil when the
  /// script did not compile or failed at run time.
  public var playerPage: String?
  /// The script's output (`print`, `trace`), line by line.
  public var output: [String] = []
  /// Failed expectations, as `anim run` prints them (a run with failures
  /// still counts as good).
  public var failures: String = ""
  /// The error that stopped the script, as `anim run` prints it (file, line,
  /// column, the source line, a caret, the hint).
  public var error: String?
  /// Notes about the range (the 10 s cap), one per line.
  public var notes: [String] = []
  /// The runs the script started, in the order they started.
  public var lanes: [RunLane] = []
  /// The player's range [start, end] in clock seconds.
  public var start = 0.0
  public var end = 0.0

  /// An empty build (no animation, no output).
  public init() {}

  /// Whether the run was good (a new animation to show).
  public var isGood: Bool { playerPage != nil }
}

/// Runs a script once for the preview: as `anim export FILE -o page.html`
/// would, capturing what `anim run` prints instead of printing it.
public enum PreviewBuilder {
  /// Most output lines kept; a script that prints more is cut (the page
  /// says how many were left out).
  public static let maximumOutputLines = 2_000

  /// Runs `source` and records its stage over [from, to] (the script's
  /// render range when nil) into a player page.
  ///
  /// - Parameters:
  ///   - readFile: reads the script's imports (the host notes each file
  ///     to watch it).
  ///   - noteFileRead: told each other file the script reads (its images),
  ///     for the host to watch.
  ///   - workLimit: the interpreter's work limit (SPEC §6).
  public static func build(
    _ source: SourceFile, readFile: @escaping (String) throws -> [UInt8],
    noteFileRead: ((String) -> Void)? = nil, from: Double? = nil, to: Double? = nil,
    workLimit: Int = Interpreter.defaultWorkLimit
  ) -> PreviewBuild {
    var build = PreviewBuild()
    var dropped = 0
    let runner = FrameRunner(source: source, selection: .range(from: from, to: to, fps: nil))
    runner.readFile = readFile
    runner.noteFileRead = noteFileRead
    runner.workLimit = workLimit
    let (result, found) = runner.survey { line in
      if build.output.count < maximumOutputLines {
        build.output.append(line)
      } else {
        dropped += 1
      }
    }
    if dropped > 0 { build.output.append("… \(dropped) more lines not shown") }
    let renderer = DiagnosticRenderer(useColor: false)
    build.failures = result.failedExpectations.map {
      renderer.render(
        $0.diagnostic, in: $0.file ?? SourceFile(path: "?", bytes: []), showingSeverity: false)
    }.joined()
    guard let plan = found else {
      build.error = result.errors.map { renderer.render($0.0, in: $0.1) }.joined()
      return build
    }
    if plan.capped {
      build.notes.append(
        "runs are still going at \(NumberText.format(FrameRunner.defaultEndCap)) s and the script never moves the clock, so the preview stops there"
      )
    }
    guard plan.schedule.count > 0 else {
      build.error = "anim preview: no frames to show: the range is empty\n"
      return build
    }
    let layout: StageLayout
    do { layout = try plan.layout() } catch {
      build.error = "anim preview: " + error.message + (error.hint.map { " (\($0))" } ?? "") + "\n"
      return build
    }
    let recorder = StageRecorder(frameRate: plan.schedule.rate)
    let lanes = LaneRecorder()
    runner.eventObserver = { lanes.record($0) }
    do {
      try runner.play(plan) { frame in
        recorder.observe(
          frame: frame.index, time: frame.time, scene: frame.scene, clock: frame.clock)
        lanes.observe(frame: frame.time, scene: frame.scene, clock: frame.clock)
      }
    } catch let error as RuntimeError {
      build.error = renderer.render(error.diagnostic, in: error.file ?? source)
      return build
    } catch {
      build.error = "anim preview: \(error)\n"
      return build
    }
    let recording = recorder.recording()
    let stage = ExportStage(layout)
    build.playerPage = HTMLPlayerWriter.page(recording, stage: stage)
    build.lanes = lanes.lanes
    build.start = recording.start
    build.end = recording.end
    return build
  }
}
