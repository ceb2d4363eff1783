import AnimEngine
import AnimLanguage
import AnimRender
import AnimStage
import Foundation
import XCTest

/// Blur and drop shadow at the frame's edges (SPEC §21.2): a view just
/// outside the frame blurs into it and the shadow of a view above it falls
/// into it, as on an unbounded canvas. The pixels are the Gaussian's: a
/// blurred edge at distance d is Φ(−d/σ) of the colour, to within a level
/// (the recursive blur is within 0.04 of a level of the true one).
final class EffectEdgeTests: XCTestCase {
  /// The first frame of `text` as RGBA on a 100 × 100 stage over `bg`.
  private func render(_ text: String, background bg: String = "black") throws -> (Int, Int) ->
    [Int]
  {
    let source = "stage(width: 100, height: 100, background: \(bg))\n" + text
    let runner = FrameRunner(source: SourceFile(path: "t.anim", text: source), selection: .end)
    let (result, found) = runner.survey { _ in }
    XCTAssertTrue(result.errors.isEmpty, "\(result.errors.map(\.0.message))")
    let plan = try XCTUnwrap(found)
    let canvas = try CairoCanvas(layout: plan.layout(sizing: .scale(1), background: nil))
    var rgba: [UInt8] = []
    try runner.play(plan) { frame in
      canvas.draw(frame.scene)
      canvas.rgba(into: &rgba)
    }
    return { x, y in rgba[(y * 100 + x) * 4..<(y * 100 + x) * 4 + 4].map { Int($0) } }
  }

  /// Φ, the standard normal's distribution function.
  private func phi(_ z: Double) -> Double { erfc(-z / 2.squareRoot()) / 2 }

  /// `v` in 0…1 as the 8-bit level it rounds to.
  private func level(_ v: Double) -> Int { Int((v * 255).rounded()) }

  private func assertLevel(
    _ got: Int, _ want: Double, _ message: String, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertLessThanOrEqual(
      abs(got - level(want)), 1, "\(message): \(got), want \(level(want))", file: file, line: line)
  }

  /// A white bar wholly left of the frame (x −40…0, taller than it),
  /// blurred at σ 10: its light reaches into the frame's left columns,
  /// Φ(−(x + ½)/σ) − Φ(−(x + 40½)/σ) at column x; far columns stay black.
  func testABlurJustLeftOfTheFrameBleedsIntoIt() throws {
    let pixel = try render(
      "rect bar(x: -20, y: 50, width: 40, height: 300, color: white, blur: 10)")
    for x in [0, 1, 5, 10, 20] {
      let c = Double(x) + 0.5
      let want = phi(-c / 10) - phi(-(c + 40) / 10)
      assertLevel(pixel(x, 50)[0], want, "column \(x)")
      XCTAssertEqual(pixel(x, 50)[0], pixel(x, 50)[2], "grey")
      XCTAssertEqual(pixel(x, 50)[3], 255)
    }
    XCTAssertGreaterThan(pixel(0, 50)[0], 100)
    XCTAssertEqual(pixel(60, 50), [0, 0, 0, 255])
  }

  /// A black bar wholly above the frame (y −60…−10, wider than it) casts a
  /// shadow 20 down with σ 5 over white: at row y the white is darkened by
  /// the shadow's alpha, Φ((10 − (y + ½))/5) − Φ((−40 − (y + ½))/5); the bar
  /// itself is not in the frame.
  func testTheShadowOfAViewAboveTheFrameFallsIntoIt() throws {
    let pixel = try render(
      """
      rect bar(x: 50, y: -35, width: 300, height: 50, color: black, shadowColor: black, shadowY: 20, shadowBlur: 5)
      """, background: "white")
    for y in [0, 3, 9, 10, 14, 20] {
      let c = Double(y) + 0.5
      let shade = phi((10 - c) / 5) - phi((-40 - c) / 5)
      assertLevel(pixel(50, y)[1], 1 - shade, "row \(y)")
    }
    XCTAssertLessThan(pixel(50, 0)[1], 20)
    XCTAssertEqual(pixel(50, 60), [255, 255, 255, 255])
  }

  /// A blurred, shadowed view past the bottom-right corner (102…182 on
  /// both axes): its blur and its shadow, moved up and left into the frame,
  /// both reach in. The shadow's alpha is the blurred picture's, blurred
  /// again (σ² adds: a Gaussian of √(4² + 3²) = 5), moved by (−30, −30):
  /// its corner at (72, 72).
  func testABlurredShadowedViewPastTheCornerReachesIn() throws {
    let pixel = try render(
      """
      rect c(x: 142, y: 142, width: 80, height: 80, color: "#ff0000", blur: 4, shadowColor: "#0000ff", shadowX: -30, shadowY: -30, shadowBlur: 3)
      """)
    // Pixel (99, 99): 2.5 from the picture's corner on both axes at σ 4
    // (its far sides are too far to count), over the shadow's blue.
    let red = phi(-2.5 / 4) * phi(-2.5 / 4)
    assertLevel(pixel(99, 99)[0], red, "red at the corner")
    assertLevel(pixel(99, 99)[2], 1 - red, "blue under it")
    // Pixel (75, 75): 3.5 inside the shadow's corner at σ 5; the picture's
    // blur does not reach it.
    let blue = phi(3.5 / 5) * phi(3.5 / 5)
    assertLevel(pixel(75, 75)[2], blue, "blue of the shadow")
    XCTAssertEqual(pixel(75, 75)[0], 0)
    XCTAssertEqual(pixel(40, 40), [0, 0, 0, 255])
  }

  /// A visible shadow moved 1e308 points (it trapped converting pixels to
  /// integers) is out of the frame: the view is drawn, no shadow; a view
  /// scaled 1e30 times and blurred is drawn evenly and finite.
  func testAHugeOffsetOrScaleDrawsWithoutTrapping() throws {
    let pixel = try render(
      """
      rect a(x: 50, y: 50, width: 40, height: 40, color: red, shadowColor: white, shadowX: 1e308, shadowY: -1e308, shadowBlur: 250)
      rect b(x: 20, y: 20, width: 10, height: 10, color: "#00ff00", shadowColor: white, shadowX: 1e308)
      """)
    XCTAssertEqual(pixel(50, 50), [255, 0, 0, 255])
    XCTAssertEqual(pixel(20, 20), [0, 255, 0, 255])
    XCTAssertEqual(pixel(90, 10), [0, 0, 0, 255])
    XCTAssertEqual(pixel(5, 95), [0, 0, 0, 255])
    let huge = try render(
      "rect c(x: 50, y: 50, width: 100, height: 100, scaleX: 1e30, color: white, blur: 3)")
    // σ along x is 3e30 pixels, drawn at the most, 100 000 (docs/spec.md
    // §21.2): what is drawn (the frame and its margin) is spread thin,
    // evenly across the frame, and nothing is NaN (which would be 0 alpha).
    XCTAssertEqual(huge(0, 50), huge(99, 50))
    XCTAssertEqual(huge(50, 50)[3], 255)
    XCTAssertLessThanOrEqual(huge(50, 50)[0], 3)
  }
}
