import AnimConsole
import AnimEngine
import AnimLanguage
import AnimStage
import ArgumentParser

/// The first pass `anim render`, `anim plot` and `anim export` share: the
/// script runs once as `anim run` would (its output printed, its errors and
/// failed expectations reported) and the frames and the stage are found.
enum FrameSurvey {
  /// Surveys `runner`'s script for `anim command`. `stops` says what the
  /// 10 s cap cuts short ("the frames stop"), `nothing` what there is none of
  /// when `from` lies past the end ("no frames to render"). Throws the
  /// script's exit code when it did not run to its end, and a usage error
  /// when no frame is left.
  static func plan(
    _ runner: FrameRunner, command: String, stops: String, nothing: String, from: Double?
  ) throws -> (ScriptResult, FramePlan) {
    let (result, plan, _) = try plan(
      runner, command: command, stops: stops, nothing: nothing, from: from, observer: nil)
    return (result, plan)
  }

  /// ``plan(_:command:stops:nothing:from:)``, handing `observer` each frame
  /// the survey takes (``FrameRunner/survey(output:observer:)``); `played`
  /// says whether those were exactly the plan's frames.
  static func plan(
    _ runner: FrameRunner, command: String, stops: String, nothing: String, from: Double?,
    observer: ((Frame) throws -> Void)?
  ) throws -> (ScriptResult, FramePlan, played: Bool) {
    let (result, found, played) = runner.survey(output: Terminal.writeLine, observer: observer)
    if let (start, rate) = runner.tooManyFrames {
      throw UsageError(FrameSchedule.tooManyFramesMessage(start: start, rate: rate))
    }
    Terminal.report(result)
    guard let plan = found else { throw ExitCode(result.exitCode) }
    if plan.capped {
      Terminal.writeError(
        "anim \(command): runs are still going at \(RangeOptions.text(FrameRunner.defaultEndCap)) s and the script never moves the clock, so \(stops) there (--to sets the end)"
      )
    }
    guard plan.schedule.count > 0 else {
      throw UsageError(
        "\(nothing): --from \(RangeOptions.text(from ?? 0)) is after the end (\(RangeOptions.text(plan.end)) s)"
      )
    }
    return (result, plan, played)
  }
}

extension FramePlan {
  /// ``layout(sizing:background:)`` for a command that writes the frames
  /// (`render`, `export`): a stage it cannot lay out (past 8192 pixels, a
  /// size that fits no pixel) is a usage error, exit 64, with its hint.
  func commandLayout(sizing: StageSizing, background: Color?) throws(UsageError) -> StageLayout {
    do { return try layout(sizing: sizing, background: background) } catch {
      throw UsageError(error.message + (error.hint.map { " (\($0))" } ?? ""))
    }
  }
}
