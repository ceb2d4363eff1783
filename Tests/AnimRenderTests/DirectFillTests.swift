import AnimEngine
import AnimLanguage
import AnimStage
import XCTest

@testable import AnimRender

/// Fills taken to anim's raster straight from the outline
/// (`CairoCanvas+DirectFills`) against the same canvas taking them through
/// Cairo's path and `cairo_copy_path`: every pixel of every frame the same
/// to the bit, for shapes, paths with lines and curves, text, gradients,
/// rectangular, turned and letterbox clips, even-odd rules (still Cairo's),
/// outlines past the safe range (still cut by Cairo's path), shapes alike
/// whose coverage is looked up for reuse, and a batch waiting before a fill.
final class DirectFillTests: XCTestCase {
  /// Every frame of `text` drawn both ways; how many pixels differ, and
  /// how many were drawn at all (not the background) in the direct one.
  private func compare(
    _ text: String, to end: Double, sizing: StageSizing = .scale(1),
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> (differing: Int, drawn: Int, direct: Int, reuses: Int) {
    let script = try SurveyedScript(text, to: end, fps: 8, sizing: sizing, file: file, line: line)
    let direct = try CairoCanvas(layout: script.layout)
    let throughCairo = try CairoCanvas(layout: script.layout)
    throughCairo.fillsWithoutCairoPath = false
    var a: [UInt8] = []
    var b: [UInt8] = []
    var differing = 0
    var drawn = 0
    try script.runner.play(script.plan) { frame in
      direct.draw(frame.scene)
      direct.rgba(into: &a)
      throughCairo.draw(frame.scene)
      throughCairo.rgba(into: &b)
      for i in stride(from: 0, to: a.count, by: 4) {
        if a[i..<i + 4] != b[i..<i + 4] { differing += 1 }
        if a[i..<i + 4] != a[0..<4] { drawn += 1 }
      }
    }
    XCTAssertEqual(throughCairo.directFills, 0, file: file, line: line)
    return (differing, drawn, direct.directFills, direct.coverageReuses)
  }

  func testShapesPathsTextAndGradientsAreTheSameToTheBit() throws {
    let r = try compare(
      """
      stage(width: 160, height: 120, background: "#102030")
      ellipse e(x: 40.3, y: 35.7, width: 47.1, height: 31.3, color: "#ffcc00")
      star s(x: 110.2, y: 40.4, points: 7, width: 50, height: 50, color: "#e0406080", rotation: 13)
      polygon p(x: 45.5, y: 90.1, sides: 5, width: 40, height: 36, color: white, rotation: 7)
      shape h(d: "M 0 0 C 30 -20 60 40 90 10 L 70 40 Q 40 60 0 30 Z M 10 10 L 20 10 L 20 20 Z", x: 115, y: 92, width: 70, height: 40, color: linear(from: (0, 0), to: (1, 1), stops: [(0, "#ff6a00"), (1, "#ee0979")]))
      shape o(d: "M 0 0 L 40 0 L 40 40 L 0 40 Z M 10 10 L 30 10 L 30 30 L 10 30 Z", fillRule: evenodd, x: 20, y: 20, width: 30, height: 30, color: "#80c0ff")
      rect r(x: 130, y: 100, width: 20, height: 12, color: radial(center: (0.5, 0.5), radius: 0.7, stops: [(0, white), (1, "#0000ff")]), cornerRadius: 4)
      text t("Qa", x: 80, y: 70, size: 28, color: "#80ff80")
      run spin(90, 1) on s
      run move(by: (7.25, 3.5), 1) on e
      run tween(scaleX: 1.7, 1) on h
      """, to: 1)
    XCTAssertGreaterThan(r.drawn, 4000)
    XCTAssertGreaterThan(r.direct, 12)
    XCTAssertEqual(r.differing, 0)
  }

  func testClipsTheLetterboxAndFarOutlinesAreTheSameToTheBit() throws {
    // And an outline past the safe range, which Cairo's path cuts first.
    let r = try compare(
      FillFixtures.clipsAndLetterbox(
        "ellipse far(x: 60, y: 45, width: 400000, height: 30, color: \"#66bb6a80\")"),
      to: 1, sizing: .size(width: 200, height: 90))
    XCTAssertGreaterThan(r.drawn, 3000)
    XCTAssertGreaterThan(r.direct, 8)
    XCTAssertEqual(r.differing, 0)
  }

  func testShapesAlikeLookedUpForReuseAreTheSameToTheBit() throws {
    // A grid of stars alike at whole-pixel steps: lookups find them; and
    // at fractional steps: they miss, the lane rests, and fills go direct.
    let r = try compare(
      """
      stage(width: 200, height: 160, background: "#101010")
      for i in 0..<80 {
        star g[i](x: 10 + 20 * (i % 10), y: 10 + 20 * (i / 10 - (i % 10) / 10), points: 5, width: 14, height: 14, color: "#ffd54f")
      }
      for i in 0..<54 {
        ellipse h[i](x: 11.3 + 19.37 * (i % 9), y: 7.7 + 21.13 * ((i - i % 9) / 9), width: 9, height: 6, color: "#4dd0e180")
      }
      for i in 0..<80 {
        run move(by: (3, 2), 1) on g[i]
      }
      for i in 0..<54 {
        run move(by: (0.37, 1.61), 1) on h[i]
      }
      """, to: 1)
    XCTAssertGreaterThan(r.drawn, 5000)
    XCTAssertGreaterThan(r.direct, 100)
    XCTAssertGreaterThan(r.reuses, 60)
    XCTAssertEqual(r.differing, 0)
  }
}
