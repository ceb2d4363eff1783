import AnimEngine
import AnimLanguage
import AnimRender
import AnimStage
import XCTest

/// A canvas reused frame after frame clears and converts only what changed
/// (`PixelChanges`); every frame must still be byte for byte the frame a
/// fresh canvas draws.
final class PixelChangesTests: XCTestCase {
  /// Each frame of `text` at `fps` over [0, `to`], drawn on one reused
  /// canvas and on a fresh canvas per frame; the two must be equal.
  private func assertReuseMatchesFresh(
    _ text: String, to end: Double, fps: Double = 10, sizing: StageSizing = .scale(1),
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let script = try SurveyedScript(text, to: end, fps: fps, sizing: sizing, file: file, line: line)
    let (runner, plan, layout) = (script.runner, script.plan, script.layout)
    let reused = try CairoCanvas(layout: layout)
    var frames = 0
    var differing: [Int] = []
    var kept: [UInt8] = []
    var fresh: [UInt8] = []
    var again: [UInt8] = []
    try runner.play(plan) { frame in
      reused.draw(frame.scene)
      reused.rgba(into: &kept)
      // Asked again before the next frame (the whole image may have been
      // cleared for it as it was converted): the same bytes.
      reused.rgba(into: &again)
      if again != kept { differing.append(-frame.index - 1) }
      let canvas = try CairoCanvas(layout: layout)
      canvas.draw(frame.scene)
      canvas.rgba(into: &fresh)
      if kept != fresh { differing.append(frame.index) }
      frames += 1
    }
    XCTAssertGreaterThan(frames, 2, file: file, line: line)
    XCTAssertEqual(
      differing, [], "frames drawn differently on a reused canvas", file: file, line: line)
  }

  func testMovingFadingSpinningAndScaledAwayViewsOnATransparentStage() throws {
    try assertReuseMatchesFresh(
      """
      stage(width: 120, height: 80, background: transparent)
      view a(x: 20, y: 20, width: 24, height: 16, color: red, alpha: 0.5)
      view b(x: 100, y: 60, width: 20, height: 20, color: blue, cornerRadius: 4)
      view c(x: 60, y: 40, width: 12, height: 30, color: green, alpha: 0.7)
      run move(to: (100, 60), 2) on a
      run move(to: (20, 20), 2) | spin(360, 2) on b
      run fade(out, 1) + fade(in, 1) on c

      """, to: 2)
  }

  func testViewsThatLeaveAndReturnOnAnOpaqueLetterboxedStage() throws {
    try assertReuseMatchesFresh(
      """
      stage(width: 100, height: 50)
      view a(x: 10, y: 10, width: 20, height: 10, color: red)
      view b(x: 50, y: 25, width: 10, height: 10, color: white, alpha: 0.4)
      run move(by: (200, 0), 1) + move(by: (-200, 0), 1) on a
      run scale(3, 1) + scale(0.001, 0.5) + fade(out, 0.5) on b

      """, to: 2, sizing: .size(width: 90, height: 90))
  }

  func testAGridWhoseLooksChangeBatchByBatch() throws {
    try assertReuseMatchesFresh(
      """
      grid tiles(cols: 6, rows: 4, size: 8, gap: 3)
      blink = fade(out, 0.5) + fade(in, 0.5)
      run stagger(tiles, blink, each: 0.1)

      """, to: 2, fps: 20)
  }

  /// Views that cover more than the image between them: each frame clears
  /// the whole image, which the last conversion already did as it read it.
  func testOverlappingViewsThatCoverMoreThanTheImageOnBothBackgrounds() throws {
    for background in ["transparent", "\"#20304080\""] {
      try assertReuseMatchesFresh(
        """
        stage(width: 60, height: 40, background: \(background))
        view back(x: 30, y: 20, width: 60, height: 40, color: navy, alpha: 0.9)
        view a(x: 30, y: 20, width: 50, height: 36, color: red, alpha: 0.5)
        view b(x: 20, y: 20, width: 40, height: 40, color: white, cornerRadius: 8)
        run move(by: (40, 0), 1) + fade(out, 0.5) + fade(in, 0.5) on b
        run spin(90, 2) on a
        run fade(out, 1) + wait(0.5) + fade(in, 0.5) on back

        """, to: 2)
    }
  }
}
