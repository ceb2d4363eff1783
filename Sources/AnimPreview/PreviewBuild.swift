import AnimEngine
import AnimExport
import AnimLanguage
import AnimSound
import AnimStage
import AnimStageExport
import Foundation

/// What one run of a previewed script gave: the player's parts of a good
/// run, or the error that stopped it, with the script's output either way.
public struct PreviewBuild: Sendable {
  /// The HTML player (SPEC §13) of the script's render range, in parts;
  /// nil when the script did not compile or failed at run time.
  public var player: HTMLPlayerParts?
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
  /// What the inspector shows of each drawn view (SPEC §24), by its index
  /// in painting order; nil for a failed run.
  public var views: ViewBook?
  /// The mix (SPEC §22) as the player embeds it: a 48 kHz stereo 16-bit
  /// WAV in base64; nil when the script declares no sound (or its mix
  /// could not be made: a note then says why).
  public var sound: String?

  /// The stage the player was recorded on; nil for a failed run. The next
  /// build draws its still on it (SPEC §24).
  public var layout: StageLayout?

  /// An empty build (no animation, no output).
  public init() {}

  /// Whether the run was good (a new animation to show).
  public var isGood: Bool { player != nil }

  /// The player's whole page (as `anim export -o page.html` writes it).
  public var playerPage: String? {
    guard let player else { return nil }
    var page =
      "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      + "<title>anim export</title>\n<style>\n\(HTMLPlayerParts.style)</style>\n</head>\n<body>\n"
      + player.stageOpening + player.elements.joined() + player.stageClosing
      + HTMLPlayerParts.controls + "<script id=\"anim-data\" type=\"application/json\">"
      + player.data + "</script>\n"
    var code = HTMLPlayerParts.script
    if let sound {
      page += "<script id=\"anim-sound\" type=\"application/octet-stream\">\(sound)</script>\n"
      code += HTMLPlayerParts.soundScript
    }
    return page + "<script>\n\(code)</script>\n</body>\n</html>\n"
  }

  /// The mix of `plan` as the player embeds it: a 16-bit WAV in base64;
  /// nil when `isCancelled` says so between two blocks of the mix (a long
  /// song takes a while to mix, and a newer save makes it useless).
  static func embeddedMix(_ plan: MixPlan, isCancelled: (() -> Bool)? = nil) throws -> String? {
    var bytes = WAVFile.header(frames: plan.frameCount, format: .pcm16)
    do {
      try Mixer(plan: plan).render {
        if isCancelled?() == true { throw MixCancelled() }
        WAVFile.encode($0, .pcm16, into: &bytes)
      }
    } catch is MixCancelled {
      return nil
    }
    return Data(bytes).base64EncodedString()
  }

  private struct MixCancelled: Error {}
}

/// A frame a long build sends ahead of itself (SPEC §24): the scene at the
/// time the page shows, as soon as the build's run reaches it, for the page
/// to draw while the rest is recorded.
public struct PreviewStill {
  /// The clock time to draw, asked once, when the run takes its first
  /// frame (the page says its time while the script starts); nil: none.
  public var time: () -> Double?
  /// Told the time and the scene of the first frame at or after it.
  public var send: (Double, Scene) -> Void

  public init(time: @escaping () -> Double?, send: @escaping (Double, Scene) -> Void) {
    self.time = time
    self.send = send
  }
}

/// Runs a script once for the preview: as `anim export FILE -o page.html`
/// would, capturing what `anim run` prints instead of printing it.
public enum PreviewBuilder {
  /// Most output lines kept; a script that prints more is cut (the page
  /// says how many were left out).
  public static let maximumOutputLines = 2_000

  /// Runs `source` and records its stage over [from, to] (the script's
  /// render range when nil) into the player's parts.
  ///
  /// - Parameters:
  ///   - readFile: reads the script's imports (the host notes each file
  ///     to watch it).
  ///   - noteFileRead: told each other file the script reads (its images),
  ///     for the host to watch.
  ///   - workLimit: the interpreter's work limit (SPEC §6).
  ///   - isCancelled: asked at every frame; true stops the run, and the
  ///     build is nil (a newer save made it useless, SPEC §24).
  ///   - still: where to send the frame at the page's time ahead of the
  ///     build (nil: none).
  ///   - singlePass: record while surveying when the survey's frames are
  ///     the plan's (false: always run the script a second time, as
  ///     `anim export` does; the tests compare the two).
  public static func build(
    _ source: SourceFile, readFile: @escaping (String) throws -> [UInt8],
    noteFileRead: ((String) -> Void)? = nil,
    from: Double? = nil, to: Double? = nil, workLimit: Int = Interpreter.defaultWorkLimit,
    isCancelled: (() -> Bool)? = nil, still: PreviewStill? = nil, singlePass: Bool = true
  ) -> PreviewBuild? {
    var build = PreviewBuild()
    var dropped = 0
    let runner = FrameRunner(source: source, selection: .range(from: from, to: to, fps: nil))
    runner.readFile = readFile
    runner.noteFileRead = noteFileRead
    runner.workLimit = workLimit
    runner.isCancelled = isCancelled
    // The survey records as it goes: when its frames are the plan's (the
    // usual case), the script runs once instead of twice.
    var recorder = StageRecorder(frameRate: runner.surveyRate)
    var lanes = LaneRecorder()
    var declarations: [ViewID: String] = [:]
    var finalScene: Scene?
    func watch(_ runner: FrameRunner) {
      runner.eventObserver = { lanes.record($0) }
      runner.clockReset = { lanes.reset() }
      runner.viewDeclared = { id, range, file in declarations[id] = "\(file.path):\(range.line)" }
    }
    watch(runner)
    var stillTime: Double??
    let observe: (Frame) throws -> Void = { frame in
      if let still {
        if stillTime == nil { stillTime = .some(still.time()) }
        // Frames are at k / fps: the page's time, a frame's, within rounding.
        if let t = stillTime ?? nil, frame.time >= t - 1e-9 {
          still.send(frame.time, frame.scene)
          stillTime = .some(nil)
        }
      }
      recorder.observe(frame: frame.index, time: frame.time, scene: frame.scene, clock: frame.clock)
      lanes.observe(frame: frame.time, scene: frame.scene, clock: frame.clock)
      finalScene = frame.scene
    }
    let (result, found, played) = runner.survey(
      output: { line in
        if build.output.count < maximumOutputLines {
          build.output.append(line)
        } else {
          dropped += 1
        }
      }, observer: singlePass ? observe : nil)
    if isCancelled?() == true { return nil }
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
    if !played {
      // Another frame rate, a `reset`: the frames are taken again.
      recorder = StageRecorder(frameRate: plan.schedule.rate)
      lanes = LaneRecorder()
      declarations = [:]
      do {
        try runner.play(plan, observer: observe)
      } catch is FrameRunner.Cancelled {
        return nil
      } catch let error as RuntimeError {
        build.error = renderer.render(error.diagnostic, in: error.file ?? source)
        return build
      } catch {
        build.error = "anim preview: \(error)\n"
        return build
      }
    }
    if isCancelled?() == true { return nil }
    let recording = recorder.recording()
    let stage = ExportStage(layout)
    build.layout = layout
    build.player = HTMLPlayerWriter.parts(recording, stage: stage)
    if isCancelled?() == true { return nil }
    if let mix = plan.mix {
      do {
        guard let sound = try PreviewBuild.embeddedMix(mix, isCancelled: isCancelled) else {
          return nil
        }
        build.sound = sound
      } catch let error as SoundError {
        build.notes.append(
          "the sound could not be mixed, so the preview plays without it: " + error.message
            + (error.hint.map { " (\($0))" } ?? ""))
      } catch {
        build.notes.append(
          "the sound could not be mixed, so the preview plays without it: \(error)")
      }
      if isCancelled?() == true { return nil }
    }
    let order = Dictionary(
      recording.views.enumerated().map { ($0.element.id, $0.offset) },
      uniquingKeysWith: { a, _ in a })
    let (runLanes, animated) = lanes.lanes(indexing: order, end: recording.end)
    build.lanes = runLanes
    build.start = recording.start
    build.end = recording.end
    var indexed: [Int: String] = [:]
    for (id, place) in declarations { if let i = order[id] { indexed[i] = place } }
    build.views = ViewBook(
      recording: recording, declarations: indexed,
      runs: ViewBook.runs(of: runLanes, animating: animated, views: recording.views.count),
      scene: finalScene)
    return build
  }
}
