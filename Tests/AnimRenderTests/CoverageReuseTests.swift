import AnimEngine
import AnimLanguage
import AnimStage
import XCTest

@testable import AnimRender

/// A shape rasterised once and copied at other whole-pixel positions
/// (`CoverageCache`) must draw exactly what rasterising it again draws:
/// every frame byte for byte, with reuse on and off.
final class CoverageReuseTests: XCTestCase {
  /// Draws every frame of `text` over [0, `to`] at `fps` on two canvases,
  /// one reusing coverage and one not; returns how many shapes were reused.
  @discardableResult
  private func assertReuseDrawsTheSame(
    _ text: String, to end: Double, fps: Double = 10, sizing: StageSizing = .scale(1),
    turnedRectanglesByArea: Bool = true, file: StaticString = #filePath, line: UInt = #line
  ) throws -> Int {
    let script = try SurveyedScript(text, to: end, fps: fps, sizing: sizing, file: file, line: line)
    let (runner, plan, layout) = (script.runner, script.plan, script.layout)
    let reusing = try CairoCanvas(layout: layout)
    let rasterising = try CairoCanvas(layout: layout)
    rasterising.reusesCoverage = false
    reusing.coversTurnedRectanglesByArea = turnedRectanglesByArea
    rasterising.coversTurnedRectanglesByArea = turnedRectanglesByArea
    var differing: [Int] = []
    var a: [UInt8] = []
    var b: [UInt8] = []
    try runner.play(plan) { frame in
      reusing.draw(frame.scene)
      reusing.rgba(into: &a)
      rasterising.draw(frame.scene)
      rasterising.rgba(into: &b)
      if a != b { differing.append(frame.index) }
    }
    XCTAssertEqual(differing, [], "frames drawn differently with reuse", file: file, line: line)
    XCTAssertEqual(rasterising.coverageReuses, 0, file: file, line: line)
    return reusing.coverageReuses
  }

  /// A grid of `kind` views at fractional positions, all running `motion`.
  private func grid(_ kind: String, _ settings: String, motion: String) -> String {
    var lines = ["stage(width: 160, height: 120, background: \"#101418\")"]
    var names: [String] = []
    for r in 0..<5 {
      for c in 0..<7 {
        names.append("v\(r)_\(c)")
        lines.append(
          "\(kind) v\(r)_\(c)(x: \(Double(c) * 21 + 12.3), y: \(Double(r) * 22 + 11.7), "
            + "width: 15, height: 13, \(settings))")
      }
    }
    lines.append("group all = [\(names.joined(separator: ", "))]")
    lines.append("run \(motion) on all")
    return lines.joined(separator: "\n") + "\n"
  }

  func testStarsTrimmedAlikeAreRasterisedOnceAFrameAndDrawTheSame() throws {
    let reused = try assertReuseDrawsTheSame(
      grid(
        "star",
        "points: 5, innerRadius: 0.45, color: \"#2a3a4a\", stroke: \"#ffd54f\", "
          + "strokeWidth: 2, lineJoin: round, trimEnd: 0",
        motion: "draw(1, ease: linear) + undraw(1, ease: linear)"), to: 2)
    // 35 stars, 21 frames: each frame's fill and stroke are rasterised for
    // the first star only (fills once in all), the rest are copies; the
    // strokes of trimmed pieces (their last edge cut) are reused too.
    XCTAssertGreaterThanOrEqual(reused, 21 * 34 + 18 * 34)
  }

  func testTurnedRoundedAndBevelledShapesDrawTheSame() throws {
    try assertReuseDrawsTheSame(
      grid(
        "polygon",
        "sides: 6, color: \"#2a3a4a\", stroke: \"#ffd54f\", strokeWidth: 1.5, lineJoin: bevel, "
          + "lineCap: square, trimEnd: 0.3",
        motion: "spin(90, 2) | draw(2)"), to: 2)
    try assertReuseDrawsTheSame(
      grid("rect", "cornerRadius: 4, color: \"#2a3a4a\"", motion: "spin(180, 2)"), to: 2)
  }

  func testMiterJoinsAndCurvedStrokesAreNeverReusedAndDrawTheSame() throws {
    // Their coverage can differ by a level at another whole-pixel offset:
    // only the fills are reused.
    let miters = try assertReuseDrawsTheSame(
      grid(
        "star",
        "points: 5, innerRadius: 0.45, color: transparent, stroke: \"#ffd54f\", "
          + "strokeWidth: 2, lineJoin: miter, trimEnd: 0",
        motion: "draw(1)"), to: 1)
    XCTAssertEqual(miters, 0)
    let curves = try assertReuseDrawsTheSame(
      grid(
        "ellipse", "color: transparent, stroke: \"#ffd54f\", strokeWidth: 2, trimEnd: 0",
        motion: "draw(1)"), to: 1)
    XCTAssertEqual(curves, 0)
  }

  func testLetterboxedStageDrawsTheSame() throws {
    try assertReuseDrawsTheSame(
      grid(
        "star",
        "points: 6, innerRadius: 0.5, color: \"#2a3a4a\", stroke: \"#ffd54f\", "
          + "strokeWidth: 1, lineJoin: round, trimEnd: 0",
        motion: "draw(1) | spin(45, 1)"), to: 1, sizing: .size(width: 230, height: 120))
  }

  func testTurningRowsOfATreeDrawTheSame() throws {
    var lines = [
      "stage(width: 200, height: 200)",
      "grid rows(cols: 1, rows: 10, size: 10, width: 0, height: 0)",
    ]
    for r in 0..<10 { lines.append("grid r\(r)(cols: 10, rows: 1, size: 10, parent: rows[\(r)])") }
    lines.append("run rotate(by: 90, 2) on rows")
    let text = lines.joined(separator: "\n") + "\n"
    // Turned tiles are covered by exact area (AreaCoverage), never cached;
    // through Cairo (as under a clip) they are cached and reused.
    XCTAssertEqual(try assertReuseDrawsTheSame(text, to: 2), 0)
    let reused = try assertReuseDrawsTheSame(text, to: 2, turnedRectanglesByArea: false)
    XCTAssertGreaterThan(reused, 0)
  }
}
