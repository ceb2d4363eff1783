import AnimEngine
import AnimLanguage
import AnimStage
import XCTest

/// What `anim plot` charts (SPEC §12.4, §20): the properties a script
/// animates when none is named, and views declared after the first frame.
final class PropertySamplerTests: XCTestCase {
  private func plan(_ text: String, fps: Double = 4) throws -> (FrameRunner, FramePlan) {
    let runner = FrameRunner(
      source: SourceFile(path: "t.anim", text: text),
      selection: .range(from: nil, to: nil, fps: fps))
    let (result, found) = runner.survey { _ in }
    XCTAssertTrue(result.errors.isEmpty, "\(result.errors.map(\.0.message))")
    return (runner, try XCTUnwrap(found))
  }

  func testAnimatedTargetsInTheOrderRunsStartAndMotionsAreWritten() throws {
    let (runner, found) = try plan(
      """
      view box
      grid g(cols: 2, rows: 1)
      run fade(out, 1) | move(to: (10, 0), 1)
      step 0.5
      run (color(to: red, 1) + rotate(by: 90, 1)) on box
      run scale(to: 2, 1) on [g[1], g[0]]
      run tween(alpha: 0.5, 1) on g[1]
      run fade(in, 1)
      settle
      """)
    XCTAssertEqual(
      try PropertySampler.animatedTargets(runner, plan: found),
      [
        "view.alpha", "view.x", "view.y", "box.color", "box.rotation", "g[1].scaleX",
        "g[1].scaleY", "g[0].scaleX", "g[0].scaleY", "g[1].alpha",
      ])
  }

  func testAnInnerBindingWinsAndUnboundPrimitivesAnimateView() throws {
    let (runner, found) = try plan(
      "view a\nview b\nrun ((fade(out, 1) on a) | move(by: (1, 0), 1)) on b\nsettle\n")
    XCTAssertEqual(
      try PropertySampler.animatedTargets(runner, plan: found), ["a.alpha", "b.x", "b.y"])
  }

  func testAScriptThatAnimatesNothingHasNoTargets() throws {
    let (runner, found) = try plan("view a\na.x = 5\nstep 1\n")
    XCTAssertEqual(try PropertySampler.animatedTargets(runner, plan: found), [])
  }

  func testAViewDeclaredAfterTheFirstFrameHoldsItsDeclaredValueBefore() throws {
    // The frame at 0.5 is taken as the clock reaches it, before `late` exists.
    let (runner, found) = try plan(
      "step 0.5\nview late(x: 7, color: green)\nrun move(to: (15, 0), 1) on late\nsettle\n")
    let data = try PropertySampler.sample(runner, plan: found, targets: ["late.x"])
    XCTAssertEqual(data.series[0].times, [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5])
    XCTAssertEqual(data.series[0].numbers, [7, 7, 7, 9, 11, 13, 15])
    let colors = try PropertySampler.sample(runner, plan: found, targets: ["late.color"])
    XCTAssertEqual(colors.series[0].colors?.first, Color.named("green"))
  }

  func testAViewDeclaredAfterTheLastFrameIsAnUnknownTarget() throws {
    let runner = FrameRunner(
      source: SourceFile(path: "t.anim", text: "step 1\nview late\nstep 1\n"),
      selection: .range(from: nil, to: 0.5, fps: 4))
    let plan = try XCTUnwrap(runner.survey { _ in }.1)
    XCTAssertThrowsError(try PropertySampler.sample(runner, plan: plan, targets: ["late.x"])) {
      XCTAssertEqual(
        ($0 as? PropertySampler.UnknownTarget)?.description,
        "view 'late' is declared after the chart's last frame (--to sets the end)")
    }
    XCTAssertThrowsError(try PropertySampler.sample(runner, plan: plan, targets: ["lat.x"])) {
      XCTAssertEqual(
        ($0 as? PropertySampler.UnknownTarget)?.description,
        "no view 'lat' in the script; did you mean 'late'?")
    }
  }
}
