import AnimLanguage
import AnimStage
import XCTest

/// A script surveyed for frames over [0, `end`] at `fps`, as `anim render`
/// surveys it: its runner, its plan and the stage laid out by `sizing`;
/// the survey's errors fail the calling test.
struct SurveyedScript {
  let runner: FrameRunner
  let plan: FramePlan
  let layout: StageLayout

  init(
    _ text: String, to end: Double, fps: Double, sizing: StageSizing,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    runner = FrameRunner(
      source: SourceFile(path: "t.anim", text: text), selection: .range(from: 0, to: end, fps: fps))
    let (result, found) = runner.survey { _ in }
    XCTAssertTrue(
      result.errors.isEmpty, "\(result.errors.map(\.0.message))", file: file, line: line)
    plan = try XCTUnwrap(found, file: file, line: line)
    layout = try plan.layout(sizing: sizing, background: nil)
  }
}
