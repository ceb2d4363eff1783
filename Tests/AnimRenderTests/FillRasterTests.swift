import AnimEngine
import AnimLanguage
import AnimStage
import XCTest

@testable import AnimRender

/// Fills rasterised by anim (`CairoCanvas+Fills`, SPEC §12.1's decision)
/// against the same canvas with Cairo filling: inside every shape the
/// pixels are the same to the bit (the blend does not depend on who
/// measured the coverage), along the edges within a few levels (two
/// measures of the same area: Cairo samples 15 sub-rows a pixel row), under
/// the letterbox, rectangular and turned clips, and across frames.
final class FillRasterTests: XCTestCase {
  /// Every frame of `text` drawn with anim's fills and with Cairo's; the
  /// most levels a channel differs by, and how many channels differ where
  /// both pixels are flat (each of their four neighbours the same).
  private func compare(
    _ text: String, to end: Double, sizing: StageSizing = .scale(1),
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> (most: Int, flatDiffering: Int, differing: Int) {
    let script = try SurveyedScript(text, to: end, fps: 4, sizing: sizing, file: file, line: line)
    let layout = script.layout
    let ours = try CairoCanvas(layout: layout)
    let cairos = try CairoCanvas(layout: layout)
    cairos.rasterisesFills = false
    var a: [UInt8] = []
    var b: [UInt8] = []
    var most = 0
    var flatDiffering = 0
    var differing = 0
    let w = layout.pixelWidth
    let h = layout.pixelHeight
    try script.runner.play(script.plan) { frame in
      ours.draw(frame.scene)
      ours.rgba(into: &a)
      cairos.draw(frame.scene)
      cairos.rgba(into: &b)
      func flat(_ p: [UInt8], _ x: Int, _ y: Int) -> Bool {
        let i = (y * w + x) * 4
        return [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)].allSatisfy { nx, ny in
          let j = (ny * w + nx) * 4
          return p[j..<j + 4] == p[i..<i + 4]
        }
      }
      for y in 1..<h - 1 {
        for x in 1..<w - 1 {
          let i = (y * w + x) * 4
          let d = (0..<4).map { abs(Int(a[i + $0]) - Int(b[i + $0])) }.max()!
          guard d > 0 else { continue }
          differing += 1
          most = max(most, d)
          if flat(a, x, y) && flat(b, x, y) { flatDiffering += 1 }
        }
      }
    }
    return (most, flatDiffering, differing)
  }

  func testShapesTextAndPathsDifferOnlyAlongTheirEdges() throws {
    let r = try compare(
      """
      stage(width: 160, height: 120, background: "#102030")
      ellipse e(x: 40.3, y: 35.7, width: 47.1, height: 31.3, color: "#ffcc00")
      star s(x: 110.2, y: 40.4, points: 7, width: 50, height: 50, color: "#e0406080", rotation: 13)
      polygon p(x: 45.5, y: 90.1, sides: 5, width: 40, height: 36, color: white, rotation: 7)
      shape h(d: "M 0 0 C 30 -20 60 40 90 10 L 70 40 Q 40 60 0 30 Z", x: 115, y: 92, width: 70, height: 40, color: linear(from: (0, 0), to: (1, 1), stops: [(0, "#ff6a00"), (1, "#ee0979")]))
      text t("Qa", x: 80, y: 70, size: 28, color: "#80ff80")
      run spin(90, 1) on s
      run move(by: (7.25, 3.5), 1) on e
      """, to: 1)
    XCTAssertGreaterThan(r.differing, 50)
    XCTAssertEqual(r.flatDiffering, 0, "pixels inside a shape differ")
    XCTAssertLessThanOrEqual(r.most, 40)
  }

  func testClipsAndTheLetterboxCutBothAlike() throws {
    let r = try compare(
      FillFixtures.clipsAndLetterbox(), to: 1, sizing: .size(width: 200, height: 90))
    XCTAssertGreaterThan(r.differing, 20)
    XCTAssertEqual(r.flatDiffering, 0, "pixels inside a shape differ")
    XCTAssertLessThanOrEqual(r.most, 40)
  }
}
