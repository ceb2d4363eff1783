import AnimLanguage
import AnimStage
import ArgumentParser

/// `--loop` (SPEC §20), shared by `render` (animated formats and frame
/// patterns) and `export`: the range becomes half-open, [A, B), so that a
/// file played in a loop does not show the frame at the seam twice (B's
/// frame is A's again when the motion loops). GIF and APNG loop for ever
/// with or without it.
struct LoopOption: ParsableArguments {
  @Flag(
    help: "Make the range half-open, [A, B), for a file that loops: no frame at B, the seam.")
  var loop = false

  /// `plan` without a frame at its end B (within `FrameSchedule.tolerance`),
  /// when `--loop` is given; a usage error when no frame is left.
  func apply(to plan: FramePlan) throws(UsageError) -> FramePlan {
    guard loop else { return plan }
    var plan = plan
    var count = plan.schedule.count
    while count > 0 && plan.schedule.time(count - 1) >= plan.end - FrameSchedule.tolerance {
      count -= 1
    }
    guard count > 0 else {
      throw UsageError(
        "--loop leaves no frame: [A, B) is empty when A is B (\(RangeOptions.text(plan.end)) s)")
    }
    plan.schedule.count = count
    return plan
  }
}
