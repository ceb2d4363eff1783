import AnimEngine
import AnimLanguage
import AnimStage
import XCTest

@testable import AnimRender

/// A linear gradient whose colour keeps along rows or columns of pixels is
/// computed once a line (`GradientPaint.lines`): every frame must be the
/// bytes that computing it at every pixel draws.
final class GradientLinesTests: XCTestCase {
  /// Draws every frame of `text` over [0, `end`] on two canvases, one
  /// computing a gradient once a line and one at every pixel.
  private func assertLinesDrawTheSame(
    _ text: String, to end: Double, sizing: StageSizing = .scale(1),
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let script = try SurveyedScript(text, to: end, fps: 10, sizing: sizing, file: file, line: line)
    let lines = try CairoCanvas(layout: script.layout)
    let pixels = try CairoCanvas(layout: script.layout)
    pixels.reusesGradientLines = false
    var differing: [Int] = []
    var a: [UInt8] = []
    var b: [UInt8] = []
    var drawn = false
    try script.runner.play(script.plan) { frame in
      lines.draw(frame.scene)
      lines.rgba(into: &a)
      pixels.draw(frame.scene)
      pixels.rgba(into: &b)
      if a != b { differing.append(frame.index) }
      if a.contains(where: { $0 != 0 }) { drawn = true }
    }
    XCTAssertEqual(differing, [], "frames drawn differently once a line", file: file, line: line)
    XCTAssertTrue(drawn, "nothing was drawn", file: file, line: line)
  }

  private let stops =
    "[(0, \"#bd8e00\"), (0.125, \"#ffce3c80\"), (0.125, \"#0000ff\"), (0.49, \"#00000000\"), "
    + "(0.67, \"#bd8e00\"), (1, \"#ffce3c\")]"

  func testDownTheBoxAcrossItAndAtASlantTheyDrawTheSame() throws {
    try assertLinesDrawTheSame(
      """
      stage(width: 160, height: 120, background: "#203040")
      rect down(x: 40.3, y: 40.7, width: 50, height: 60, color: linear(from: (0.04, 0), to: (0.04, 1.01), stops: \(stops)), stroke: linear(from: (0, 1), to: (0, 0), stops: \(stops)), strokeWidth: 5)
      ellipse across(x: 110.6, y: 70.2, width: 70, height: 40, alpha: 0.6, color: linear(from: (0, 0.5), to: (1, 0.5), stops: \(stops)))
      shape slant(x: 80, y: 90, width: 60, height: 40, d: "M0 0 L60 10 L40 40 Z", color: linear(from: (0, 0), to: (1, 1), stops: \(stops)))
      run tween(scaleX: -0.4, x: 60.25, 1) on down
      run tween(scaleY: 2.3, alpha: 1, 1) on across
      run tween(rotation: 30, 1) on slant
      """, to: 1)
  }

  func testScaledStagesParentsAndFarRunsDrawTheSame() throws {
    try assertLinesDrawTheSame(
      """
      stage(width: 120, height: 90, background: white)
      layer group(x: 60, y: 45, width: 120, height: 90, scale: 0.7, clip: true)
      rect far(parent: group, x: 0, y: 0, width: 100, height: 70, color: linear(from: (0, 1e200), to: (0, -1e200), stops: \(stops)))
      rect wide(parent: group, x: 10, y: 5, width: 1e-3, height: 40, color: linear(from: (-1e6, 0), to: (1e6, 0), stops: \(stops)))
      rect flat(x: 30, y: 30, width: 40, height: 30, color: linear(from: (0.5, 0), to: (0.5, 0), stops: \(stops)))
      run tween(scale: 1.6, 1) on group
      run tween(scaleY: 1e-300, 1) on flat
      """, to: 1, sizing: .scale(0.73))
  }

  /// Which lines each kind of paint keeps its colour along.
  func testTheLinesAreFoundOnlyWhereTheColourKeeps() throws {
    let gradient: (OutlinePoint, OutlinePoint) throws -> Gradient = { from, to in
      try Gradient(
        .linear(from: from, to: to),
        stops: [
          GradientStop(offset: 0, color: .black), GradientStop(offset: 1, color: .white),
        ])
    }
    func lines(_ g: Gradient, _ m: Affine) throws -> CairoCanvas.GradientPaint.Lines {
      try XCTUnwrap(CairoCanvas.GradientPaint(g, placed: m, width: 10, height: 20, alpha: 1))
        .lines(width: 100, height: 100)
    }
    let down = try gradient(OutlinePoint(0.3, 0), OutlinePoint(0.3, 1))
    let across = try gradient(OutlinePoint(0, 0.3), OutlinePoint(1, 0.3))
    let slant = try gradient(OutlinePoint(0, 0), OutlinePoint(1, 1))
    let scaled = Affine(a: -2, b: 0, c: 0, d: 3, tx: 40, ty: 50)
    let turned = Affine(a: 0.8, b: 0.6, c: -0.6, d: 0.8, tx: 40, ty: 50)
    XCTAssertEqual(try lines(down, scaled), .rows)
    XCTAssertEqual(try lines(across, scaled), .columns)
    XCTAssertEqual(try lines(slant, scaled), .neither)
    XCTAssertEqual(try lines(down, turned), .neither)
    XCTAssertEqual(try lines(across, turned), .neither)
    // A box squashed to almost nothing maps pixels past 1e300: per pixel.
    XCTAssertEqual(try lines(down, Affine(a: 1, b: 0, c: 0, d: 1e-305, tx: 0, ty: 0)), .neither)
    let radial = try Gradient(
      .radial(center: OutlinePoint(0.5, 0.5), radius: 0.5),
      stops: [GradientStop(offset: 0, color: .black), GradientStop(offset: 1, color: .white)])
    XCTAssertEqual(try lines(radial, scaled), .neither)
  }
}
