import AnimEngine
import AnimLanguage
import AnimStage
import XCTest

@testable import AnimRender

/// A frame drawn in bands of rows (`FrameCanvas`, to bound memory) must be
/// the frame drawn whole, byte for byte: shapes, strokes, gradients, text,
/// clips, group opacity, and blurs and shadows that cross the bands' seams,
/// letterboxed or not, at every frame.
final class FrameBandTests: XCTestCase {
  /// Draws every frame of `text` over [0, `end`] whole and in bands of
  /// `rows` rows; fails where a channel differs by more than `levels`
  /// (0: byte for byte); returns the bands a frame took.
  @discardableResult
  private func assertBandsDrawTheSame(
    _ text: String, to end: Double, fps: Double = 5, sizing: StageSizing = .scale(1),
    rows: Int, levels: Int = 0, file: StaticString = #filePath, line: UInt = #line
  ) throws -> Int {
    let script = try SurveyedScript(text, to: end, fps: fps, sizing: sizing, file: file, line: line)
    let layout = script.layout
    let whole = try CairoCanvas(layout: layout)
    let banded = try FrameCanvas(layout: layout, bandPixels: rows * layout.pixelWidth)
    var most = 0
    var a: [UInt8] = []
    var b: [UInt8] = []
    try script.runner.play(script.plan) { frame in
      whole.draw(frame.scene)
      whole.rgba(into: &a)
      try banded.draw(frame.scene)
      banded.rgba(into: &b)
      XCTAssertEqual(a.count, b.count, file: file, line: line)
      for i in 0..<min(a.count, b.count) { most = max(most, abs(Int(a[i]) - Int(b[i]))) }
      if levels == 0, frame.index == 0 {
        // The PNG is the banded image's.
        XCTAssertTrue(try banded.png() == whole.png(), "PNG differs", file: file, line: line)
      }
    }
    XCTAssertLessThanOrEqual(most, levels, "levels apart in bands", file: file, line: line)
    return banded.bandCount
  }

  func testShapesStrokesAndGradientsAcrossSeams() throws {
    let bands = try assertBandsDrawTheSame(
      """
      stage(width: 120, height: 97, background: "#1b1b2f")
      sunset = linear(from: (0, 0), to: (1, 1), stops: [(0, "#ff6a00"), (1, "#ee0979")])
      rect card(x: 60, y: 48.3, width: 70, height: 51, cornerRadius: 9, color: sunset, rotation: 12)
      ellipse ring(x: 80, y: 40, width: 40, height: 40, color: transparent, stroke: radial((0.5, 0.5), 0.5, [(0.8, "#00d2ff"), (1, "#3a47d5")]), strokeWidth: 5, trimEnd: 0)
      star s(x: 30.4, y: 70.7, points: 5, width: 30, height: 30, color: "#ffd54f80", stroke: "#222", strokeWidth: 2)
      rect a(x: 20, y: 20, width: 13, height: 11, color: "#4caf50")
      rect b(x: 40, y: 20, width: 13, height: 11, color: "#4caf50", rotation: 30)
      run move(by: (0, 30), 1) | spin(90, 1) on card
      run tween(trimEnd: 1, 1) on ring
      run move(by: (7.3, -40), 1) on s
      """, to: 1, rows: 10)
    XCTAssertEqual(bands, 10)
  }

  /// A turned rectangle taller than one pass of its exact area
  /// (`AreaCoverage` works 64 Ki cells at a time) across many bands.
  func testALargeTurnedRectangleAcrossManyBands() throws {
    let bands = try assertBandsDrawTheSame(
      """
      stage(width: 420, height: 330, background: "#f4f1ea")
      rect big(x: 210, y: 165.3, width: 330, height: 220, color: "#1e88e5c0", rotation: 17)
      run spin(40, 1) | move(by: (3.7, -9.1), 1) on big
      """, to: 1, rows: 23)
    XCTAssertEqual(bands, 15)
  }

  /// A blur is cut 3σ past what is wanted of it (SPEC §21.2's margin): a
  /// band wants its own rows, so a blur across a seam may differ by a
  /// level where the frame drawn whole took what lies further away.
  func testBlurShadowGroupOpacityAndClipsCrossTheSeams() throws {
    try assertBandsDrawTheSame(
      """
      stage(width: 160, height: 90, background: "#c9d2e3")
      ellipse glow(x: 80, y: 45, width: 120, height: 60, color: "#8fa8d8", blend: screen, blur: 10)
      layer card(x: 80, y: 50, width: 100, height: 50, shadowColor: "#1c223377", shadowY: 4, shadowBlur: 6, opacity: 0.8) {
        rect back(x: 50, y: 25, width: 100, height: 50, color: "#f6f7fb", cornerRadius: 8)
        text title("Focus", x: 50, y: 22, size: 20, weight: bold, color: "#1c2233", blur: 3)
        ellipse dot(x: 95, y: 45, width: 30, height: 30, color: "#e91e63")
      }
      run tween(y: 40, 1, ease: outCubic) | tween(shadowY: 14, 1) | tween(shadowBlur: 12, 1) on card
      run tween(blur: 0, 1) on title
      """, to: 1, rows: 7, levels: 1)
  }

  func testALetterboxedFrameInBandsOfOneRow() throws {
    let script = """
      stage(width: 40, height: 30, background: "#202020")
      ellipse e(x: 20, y: 15, width: 50, height: 20, color: "#ff5722", opacity: 0.7)
      rect r(x: 5, y: 25, width: 12, height: 12, color: linear((0, 0), (0, 1), [(0, "#fff"), (1, "#000")]))
      rect q(x: 30, y: 5, width: 12, height: 7, color: "#03a9f4")
      run spin(45, 1) on r
      run spin(-30, 1) | move(by: (0, 20), 1) on q
      run move(by: (10, -20), 1) on e
      """
    XCTAssertEqual(
      try assertBandsDrawTheSame(script, to: 1, sizing: .size(width: 33, height: 41), rows: 1), 41)
    try assertBandsDrawTheSame(
      script.replacingOccurrences(of: "opacity: 0.7", with: "blur: 2"), to: 1,
      sizing: .size(width: 33, height: 41), rows: 1, levels: 1)
  }

  func testAFrameWithinTheBandIsDrawnWhole() throws {
    let script = try SurveyedScript(
      "stage(width: 64, height: 32)\nrect r(x: 32, y: 16, width: 10, height: 10)\n", to: 0, fps: 1,
      sizing: .scale(1))
    XCTAssertEqual(try FrameCanvas(layout: script.layout, bandPixels: 64 * 32).bandCount, 1)
    XCTAssertEqual(try FrameCanvas(layout: script.layout, bandPixels: 64 * 31).bandCount, 2)
    // A band holds at least one row, however narrow the budget.
    XCTAssertEqual(try FrameCanvas(layout: script.layout, bandPixels: 0).bandCount, 32)
  }

  func testTheBytesAFrameHoldsAreBounded() throws {
    let huge = StageLayout(
      world: StageRect(x: 0, y: 0, width: 5800, height: 6075), pixelWidth: 5800,
      pixelHeight: 6075, scale: 1, offsetX: 0, offsetY: 0, background: .clear)
    // 361 rows of 5800 pixels at 49 bytes (doubles, image, mask, the
    // fills' raster and its runs at their bounds), the frame's 8-bit
    // image, and the kept copy of the last scene at its bound (4 MiB).
    XCTAssertEqual(
      FrameCanvas.bytes(for: huge), 361 * 5800 * 49 + 5800 * 6075 * 4 + (4 << 20))
    let small = StageLayout(
      world: StageRect(x: 0, y: 0, width: 512, height: 512), pixelWidth: 512, pixelHeight: 512,
      scale: 1, offsetX: 0, offsetY: 0, background: .clear)
    XCTAssertEqual(FrameCanvas.bytes(for: small), 512 * 512 * 49 + (4 << 20))
  }
}
