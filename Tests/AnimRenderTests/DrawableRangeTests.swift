import AnimEngine
import AnimLanguage
import AnimStage
import XCTest

/// What is drawn stays within ±1e38 points (issue 32): a view past it stops
/// a render's survey with a runtime error at its declaration that names the
/// view, the time and the property, instead of trapping in the renderer,
/// hanging in arc lengths or writing `inf` and `nan`.
final class DrawableRangeTests: XCTestCase {
  /// The first error of surveying `text` for frames over [0, 1] at 4 fps
  /// (`.end`: the one frame at the script's end), as `anim render` does.
  private func surveyError(_ text: String, _ selection: FrameSelection = .end) -> Diagnostic? {
    let runner = FrameRunner(source: SourceFile(path: "t.anim", text: text), selection: selection)
    let (result, plan) = runner.survey { _ in }
    if result.errors.isEmpty { XCTAssertNotNil(plan) }
    return result.errors.first?.0
  }

  func testAHugeTrimmedEllipseOnAStageIsAnErrorAtItsDeclaration() throws {
    let error = try XCTUnwrap(
      surveyError(
        "stage(width: 200, height: 200)\nview a\nellipse e(x: 100, y: 100, width: 1e308, height: 1e308, stroke: red, trimEnd: 0.5)\n"
      ))
    XCTAssertEqual(
      error.message,
      "e is drawn past the ±1e+38 points anim draws at 0 s: it reaches 1e+308 (e.width is 1e+308)")
    XCTAssertEqual(error.range.line, 3)
    XCTAssertEqual(error.range.column, 9)
    XCTAssertEqual(error.kind, .runtime)
  }

  func testWithoutAStageTheViewIsNamedNotTheStage() throws {
    // "the views reach past the largest number, so no stage can hold them"
    // named neither the view nor its line.
    let error = try XCTUnwrap(surveyError("view a\nrect r(x: 1e308, y: -1e308)\n"))
    XCTAssertEqual(
      error.message,
      "r is drawn past the ±1e+38 points anim draws at 0 s: it reaches 1e+308 (r.x is 1e+308)")
    XCTAssertEqual(error.range.line, 2)
  }

  func testAParentsScaleTakingAChildPastTheRangeIsNamed() throws {
    let error = try XCTUnwrap(
      surveyError(
        "stage(width: 10, height: 10)\nlayer p(scale: 1e31) {\n  rect c(scale: 1e30)\n}\n"))
    XCTAssertEqual(
      error.message,
      "c is drawn past the ±1e+38 points anim draws at 0 s: it reaches 5e+62 (p.scaleX is 1e+31)")
    XCTAssertEqual(error.range.line, 3)
  }

  func testAMotionTakingAViewPastTheRangeStopsAtThatFrame() throws {
    let error = try XCTUnwrap(
      surveyError(
        "stage(width: 10, height: 10)\ntext t(\"Hello\")\nrun tween(tracking: 1e308, 1) on t\nstep 1\n",
        .range(from: nil, to: nil, fps: 4)))
    XCTAssertEqual(
      error.message,
      "t is drawn past the ±1e+38 points anim draws at 0.25 s: it reaches 1e+308 (t.tracking is 2.5e+307)"
    )
    XCTAssertEqual(error.range.line, 2)
  }

  func testATextOfSize1e308AndAPathFromATinyViewBox() throws {
    XCTAssertEqual(
      surveyError("stage(width: 10, height: 10)\ntext t(\"Hi\", size: 1e308)\n")?.message,
      "t is drawn past the ±1e+38 points anim draws at 0 s: it reaches 9.46191e+307 (t.size is 1e+308)"
    )
    // The points inside the viewBox stretch onto the box, however small it is…
    XCTAssertNil(
      surveyError(
        "shape s(d: \"M0 0 L1e-320 0 L1e-320 1e-320 Z\", viewBox: (0, 0, 1e-320, 1e-320))\n"))
    // … and one 1e321 viewBoxes away does not.
    XCTAssertEqual(
      surveyError("shape s(d: \"M0 0 L10 0 L10 10 Z\", viewBox: (0, 0, 1e-320, 1e-320))\n")?
        .message,
      "s is drawn past the ±1e+38 points anim draws at 0 s: it reaches past the largest number (its path data, stretched from its viewBox onto its box)"
    )
  }

  func testViewsJustInsideTheRangeAndViewsNotDrawnAreFine() {
    XCTAssertNil(surveyError("stage(width: 10, height: 10)\nrect r(x: 1e37, width: 1e37)\n"))
    XCTAssertNil(
      surveyError("stage(width: 10, height: 10)\nellipse e(width: 1e-320, height: 1e-320)\n"))
    // A plot draws no views: its survey never asks.
    let runner = FrameRunner(
      source: SourceFile(path: "t.anim", text: "rect r(x: 1e300)\nrun fade(out, 1) on r\n"),
      selection: .range(from: nil, to: nil, fps: 4))
    runner.checksDrawing = false
    XCTAssertTrue(runner.survey { _ in }.0.errors.isEmpty)
  }

  func testAShapesBoxCoordinatesAreCheckedHoweverSmallItIsDrawn() throws {
    // Its path's bounds, found once, place it well inside the range (a
    // parent scales it by 1e-10), but its box's own coordinates, which the
    // exports write, reach 1e40.
    let error = try XCTUnwrap(
      surveyError(
        "stage(width: 10, height: 10)\nlayer p(scale: 1e-10) {\n  shape s(d: \"M0 0 L1 0 L1 1 Z\", viewBox: (0, 0, 1, 1), width: 1e40, height: 1e40)\n}\n"
      ))
    XCTAssertEqual(
      error.message,
      "s is drawn past the ±1e+38 points anim draws at 0 s: it reaches 1e+40 (s.width is 1e+40)")
    XCTAssertEqual(error.range.line, 3)
  }

  func testAMorphOvershootingItsEndsPastTheRangeStopsAtThatFrame() throws {
    // Neither end reaches 1e38; the ellipse overshooting into the rectangle
    // (outBack) pushes the corners past it at 0.4 s. Between its ends a
    // morph is bounded by them; past them the bound grows with the
    // overshoot, and the outline itself decides.
    let script =
      "stage(width: 10, height: 10)\nellipse a(width: 9.9e37, height: 9.9e37)\nrect b(width: 9.9e37, height: 9.9e37)\nrun morph(to: b, 1, ease: EASE) on a\nstep 1\n"
    let error = try XCTUnwrap(
      surveyError(
        script.replacingOccurrences(of: "EASE", with: "outBack"),
        .range(from: nil, to: nil, fps: 10)))
    XCTAssertEqual(
      error.message,
      "a is drawn past the ±1e+38 points anim draws at 0.4 s: it reaches 1.00437e+38 (a.width is 9.9e+37)"
    )
    XCTAssertNil(
      surveyError(
        script.replacingOccurrences(of: "EASE", with: "inOutSine"),
        .range(from: nil, to: nil, fps: 10)))
  }

  func testTheViolationOfAScene() throws {
    let interpreter = Interpreter(
      file: SourceFile(path: "t.anim", text: ""), output: { _ in })
    let source = SourceFile(
      path: "t.anim", text: "rect a\nrect b(strokeWidth: 1e38, stroke: red)\n")
    try interpreter.execute(Program(source: source, readFile: { _ in [] }).statements, in: source)
    let violation = try XCTUnwrap(DrawableRange.violation(in: interpreter.scene, at: 2))
    XCTAssertEqual(violation.view, interpreter.scene.view(named: "b"))
    XCTAssertEqual(
      violation.message,
      "b is drawn past the ±1e+38 points anim draws at 2 s: it reaches 2e+38 (b.strokeWidth is 1e+38)"
    )
  }
}
