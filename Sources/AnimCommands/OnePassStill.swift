import AnimEngine
import AnimLanguage
import AnimRender
import AnimStage

/// `anim render --at T` to a PNG or SVG with the script run once: the
/// survey keeps a drawing copy of the scene as the clock passes T, and once
/// the script has run to its end (its output printed, its errors and
/// expectations known) the copy is drawn with the plan's layout and
/// written. Two runs did the same before: the survey, then `play` to T
/// (for a script of 441 KB imported from Lottie, 9 ms of a still's 92).
///
/// The copy is the frame `play` would take only when the survey took it
/// exactly once (``FrameRunner/survey(output:observer:)``'s `played`: no
/// `reset` took the clock back, no stage refitted); otherwise the
/// render goes on as two passes with the survey's plan, and the bytes are
/// the same either way.
struct OnePassStill {
  let format: RenderFormat
  let output: String
  let sizing: StageSizing
  let background: Color?
  /// Times the drawing when set (`ANIM_RENDER_STATS`); its report names
  /// the one pass.
  let stats: RenderStats?

  /// What the pass did: wrote the file, or left it to the second pass,
  /// with the survey's plan (``OnePassRender/Outcome``).
  typealias Outcome = OnePassRender.Outcome

  /// Whether a render may take one pass: one frame at a time T, to an
  /// image anim writes itself.
  static func applies(format: RenderFormat, selection: FrameSelection) -> Bool {
    guard case .at = selection else { return false }
    return format == .png || format == .svg
  }

  /// Surveys `runner`'s script, keeping the frame at T, and writes it when
  /// the survey took it once (``FrameSurvey/plan(_:command:stops:nothing:from:observer:)``'s
  /// errors and reports).
  func run(_ runner: FrameRunner) throws -> Outcome {
    var kept: Scene?
    let (result, plan, played) = try FrameSurvey.plan(
      runner, command: "render", stops: "the frames stop", nothing: "no frames to render",
      from: nil, observer: { frame in kept = frame.scene.drawingCopy() })
    guard played, let scene = kept, plan.schedule.count == 1 else {
      return .planned(result, plan)
    }
    let layout = try plan.commandLayout(sizing: sizing, background: background)
    let bytes: [UInt8]
    switch format {
    case .svg:
      bytes = Array(SVGDocument.text(scene, layout: layout).utf8)
    default:
      let canvas: FrameCanvas
      do { canvas = try FrameCanvas(layout: layout) } catch {
        throw FrameWriter.Failure(error)
      }
      stats?.start()
      let unchanged = try FrameWriter.draw(scene, on: canvas)
      stats?.drawn(kept: unchanged)
      do { bytes = try canvas.png() } catch { throw FrameWriter.Failure(error) }
    }
    try FrameWriter.save(bytes: bytes, to: output)
    return .written(result, plan)
  }
}
