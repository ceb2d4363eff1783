import AnimEngine
import AnimLanguage
import AnimStage
import XCTest

@testable import AnimRender

/// A drop shadow's blurred alpha kept and given again (`ShadowAlphaCache`)
/// must draw exactly what blurring it again draws: every frame byte for
/// byte, with the cache on and off.
final class ShadowCacheTests: XCTestCase {
  /// Draws every frame of `text` over [0, `to`] at `fps` on two canvases,
  /// one keeping shadows' alphas and one not; returns how many shadows were
  /// given a kept alpha.
  @discardableResult
  private func assertCacheDrawsTheSame(
    _ text: String, to end: Double, fps: Double = 10, sizing: StageSizing = .scale(1),
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> Int {
    let script = try SurveyedScript(text, to: end, fps: fps, sizing: sizing, file: file, line: line)
    let (runner, plan, layout) = (script.runner, script.plan, script.layout)
    let caching = try CairoCanvas(layout: layout)
    let blurring = try CairoCanvas(layout: layout)
    blurring.cachesShadows = false
    var differing: [Int] = []
    var a: [UInt8] = []
    var b: [UInt8] = []
    try runner.play(plan) { frame in
      caching.draw(frame.scene)
      caching.rgba(into: &a)
      blurring.draw(frame.scene)
      blurring.rgba(into: &b)
      if a != b { differing.append(frame.index) }
    }
    XCTAssertEqual(differing, [], "frames drawn differently with the cache", file: file, line: line)
    XCTAssertEqual(blurring.shadowAlphas?.hits ?? 0, 0, file: file, line: line)
    return caching.shadowAlphas?.hits ?? 0
  }

  /// `count` cards in rows of 6 at (`x0` + 30c, `y0` + 22r), each with
  /// `settings`, all running `motion`.
  private func cards(
    _ count: Int, x0: Double = 12, y0: Double = 10, _ settings: String, motion: String
  ) -> String {
    var lines = ["stage(width: 200, height: 150, background: \"#e8ecf4\")"]
    for i in 0..<count {
      lines.append(
        "rect c\(i)(x: \(x0 + Double(i % 6) * 30), y: \(y0 + Double(i / 6) * 22), width: 20, "
          + "height: 12, color: white, cornerRadius: 3, \(settings))")
      lines.append("run \(motion) on c\(i)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func testCardsAlikeBlurTheirShadowOnceAFrameAndDrawTheSame() throws {
    // 24 cards at one sub-pixel phase a frame: the first card's shadow is
    // blurred, the others (whole pixels apart) reuse it; those by the
    // frame's edge blur a region of their own.
    let hits = try assertCacheDrawsTheSame(
      cards(
        24, "shadowColor: \"#00000055\", shadowY: 3, shadowBlur: 2",
        motion: "tween(y: 7.3, 1, ease: inOutSine)"), to: 1)
    XCTAssertGreaterThanOrEqual(hits, 11 * 10)
  }

  func testShadowsAtFractionalOffsetsTurnedAndBlurredDrawTheSame() throws {
    // Offsets between pixels, different σ along x and y (a scaled view),
    // a blurred picture casting the shadow, a turned card, and cards past
    // every edge of the frame.
    try assertCacheDrawsTheSame(
      cards(
        24, x0: -8.4, y0: -6.7,
        "shadowColor: \"#3050a0cc\", shadowX: -2.25, shadowY: 4.5, shadowBlur: 3, scaleX: 1.7",
        motion: "tween(x: 31.5, 1, ease: linear)"), to: 1)
    try assertCacheDrawsTheSame(
      cards(
        12, "shadowColor: black, shadowY: 2, shadowBlur: 1.5, blur: 0.8",
        motion: "spin(40, 1)"), to: 1)
  }

  func testANegligibleOrHugeShadowBlurDrawsTheSame() throws {
    // σ below what is drawn (none) and far past the frame (a region too
    // large to keep), and an alpha that changes each frame (a fade).
    try assertCacheDrawsTheSame(
      cards(
        8, "shadowColor: black, shadowY: 2, shadowBlur: 1e-320", motion: "tween(alpha: 0.2, 1)"),
      to: 1)
    try assertCacheDrawsTheSame(
      cards(
        8, "shadowColor: black, shadowY: 2, shadowBlur: 250, scaleX: 3, scaleY: 3",
        motion: "tween(alpha: 0.2, 1)"), to: 0.5)
  }
}
