import AnimEngine
import AnimLanguage
import AnimRender
import AnimStage
import Foundation
import XCTest

/// Interior pixels of rendered PNGs are exact (SPEC §12.1): each test draws a
/// script's last frame, writes it as PNG, reads the file back and checks
/// pixels well inside shapes against values worked out by hand.
final class PixelTests: XCTestCase {
  struct Image {
    var width: Int
    var height: Int
    var rgba: [UInt8]
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
      let o = (y * width + x) * 4
      return Array(rgba[o..<o + 4])
    }
  }

  /// The PNG of `text`'s last frame, read back from disk.
  private func render(
    _ text: String, sizing: StageSizing = .scale(1), background: Color? = nil
  ) throws -> Image {
    let runner = FrameRunner(source: SourceFile(path: "t.anim", text: text), selection: .end)
    let (result, found) = runner.survey { _ in }
    XCTAssertTrue(result.errors.isEmpty, "\(result.errors.map(\.0.message))")
    let plan = try XCTUnwrap(found)
    let canvas = try CairoCanvas(layout: plan.layout(sizing: sizing, background: background))
    var bytes: [UInt8] = []
    try runner.play(plan) { frame in
      canvas.draw(frame.scene)
      bytes = try canvas.png()
    }
    let read = try PNGFileTests.readBack(bytes)
    return Image(width: read.width, height: read.height, rgba: read.rgba)
  }

  private let stage = "stage(width: 100, height: 100, background: black)\n"

  func testAViewFillsItsFrameAtItsPosition() throws {
    let image = try render(stage + "view a(x: 30, y: 60, width: 20, height: 10, color: red)\n")
    XCTAssertEqual(image.width, 100)
    XCTAssertEqual(image.pixel(30, 60), [255, 0, 0, 255])
    XCTAssertEqual(image.pixel(21, 56), [255, 0, 0, 255])
    XCTAssertEqual(image.pixel(38, 64), [255, 0, 0, 255])
    XCTAssertEqual(image.pixel(18, 60), [0, 0, 0, 255])
    XCTAssertEqual(image.pixel(30, 53), [0, 0, 0, 255])
  }

  func testTheBackgroundIsTheStagesAndViewsAreWhiteByDefault() throws {
    let image = try render(
      "stage(width: 50, height: 40)\nview a(x: 10, y: 10, width: 10, height: 10)\n")
    XCTAssertEqual(image.pixel(40, 30), [30, 30, 30, 255])
    XCTAssertEqual(image.pixel(10, 10), [255, 255, 255, 255])
  }

  func testRotationIsClockwiseOnScreen() throws {
    // A 60 × 10 bar rotated 90° stands upright; at 45° it runs from the top
    // left to the bottom right (y grows downwards).
    let upright = try render(stage + "view a(x: 50, y: 50, width: 60, height: 10, rotation: 90)\n")
    XCTAssertEqual(upright.pixel(50, 25), [255, 255, 255, 255])
    XCTAssertEqual(upright.pixel(25, 50), [0, 0, 0, 255])
    let diagonal = try render(stage + "view a(x: 50, y: 50, width: 60, height: 10, rotation: 45)\n")
    XCTAssertEqual(diagonal.pixel(35, 35), [255, 255, 255, 255])
    XCTAssertEqual(diagonal.pixel(65, 65), [255, 255, 255, 255])
    XCTAssertEqual(diagonal.pixel(65, 35), [0, 0, 0, 255])
  }

  func testScaleIsAboutTheCentre() throws {
    let image = try render(
      stage + "view a(x: 50, y: 50, width: 20, height: 20, scaleX: 2, scaleY: 0.5)\n")
    XCTAssertEqual(image.pixel(31, 50), [255, 255, 255, 255])
    XCTAssertEqual(image.pixel(69, 54), [255, 255, 255, 255])
    XCTAssertEqual(image.pixel(50, 57), [0, 0, 0, 255])
    XCTAssertEqual(image.pixel(28, 50), [0, 0, 0, 255])
  }

  func testOpacityIsAlphaTimesTheColoursAlphaBlendedOverTheBackground() throws {
    // 0.5 × (128/255) of white over black: 255 · 0.25098 = 64.0.
    let image = try render(
      stage + "view a(x: 50, y: 50, width: 40, height: 40, alpha: 0.5, color: \"#ffffff80\")\n")
    XCTAssertEqual(image.pixel(50, 50), [64, 64, 64, 255])
  }

  func testATransparentBackgroundKeepsTheAlphaChannel() throws {
    let image = try render(
      "stage(width: 40, height: 40, background: transparent)\nview a(x: 20, y: 20, width: 20, height: 20, color: blue, alpha: 0.6)\n"
    )
    XCTAssertEqual(image.pixel(2, 2), [0, 0, 0, 0])
    XCTAssertEqual(image.pixel(20, 20), [0, 0, 255, 153])
  }

  func testCornerRadiusRoundsTheCornersAndClampsToACircle() throws {
    let rounded = try render(
      stage + "view a(x: 50, y: 50, width: 60, height: 40, cornerRadius: 15)\n")
    XCTAssertEqual(rounded.pixel(22, 32), [0, 0, 0, 255])  // cut off by the corner
    XCTAssertEqual(rounded.pixel(50, 32), [255, 255, 255, 255])  // top edge, inside
    XCTAssertEqual(rounded.pixel(36, 45), [255, 255, 255, 255])
    let circle = try render(
      stage + "view a(x: 50, y: 50, width: 60, height: 60, cornerRadius: 1000)\n")
    XCTAssertEqual(circle.pixel(25, 25), [0, 0, 0, 255])  // inside the square, outside the circle
    XCTAssertEqual(circle.pixel(50, 23), [255, 255, 255, 255])
    XCTAssertEqual(circle.pixel(70, 70), [255, 255, 255, 255])  // 28 from the centre
  }

  func testLaterViewsArePaintedOverEarlierOnes() throws {
    let text =
      stage
      + "view a(x: 40, y: 50, width: 40, height: 40, color: red)\nview b(x: 60, y: 50, width: 40, height: 40, color: \"#0000ff80\")\n"
    let image = try render(text)
    XCTAssertEqual(image.pixel(30, 50), [255, 0, 0, 255])
    // 50.2 % blue over red: red 255 · (1 − 128/255) = 127, blue 128.
    XCTAssertEqual(image.pixel(50, 50), [127, 0, 128, 255])
    XCTAssertEqual(image.pixel(75, 50), [0, 0, 128, 255])
  }

  func testGridMembersArePaintedInIndexOrder() throws {
    let text =
      stage
      + "grid g(cols: 2, rows: 1, size: 40)\ng[0].color = red\ng[1].color = blue\ng[1].x = 30\n"
    let image = try render(text)
    XCTAssertEqual(image.pixel(5, 20), [255, 0, 0, 255])
    XCTAssertEqual(image.pixel(30, 20), [0, 0, 255, 255])
  }

  func testTheStageOriginMovesTheWorld() throws {
    let image = try render(
      "stage(width: 100, height: 100, origin: (-50, -50), background: black)\nview a(width: 20, height: 20, color: lime)\n"
    )
    XCTAssertEqual(image.pixel(50, 50), [0, 255, 0, 255])
    XCTAssertEqual(image.pixel(41, 41), [0, 255, 0, 255])
    XCTAssertEqual(image.pixel(38, 50), [0, 0, 0, 255])
  }

  func testScaleDoublesEveryPixelDimension() throws {
    let image = try render(
      stage + "view a(x: 30, y: 60, width: 20, height: 10, color: red)\n", sizing: .scale(2))
    XCTAssertEqual(image.width, 200)
    XCTAssertEqual(image.height, 200)
    XCTAssertEqual(image.pixel(42, 110), [255, 0, 0, 255])
    XCTAssertEqual(image.pixel(78, 129), [255, 0, 0, 255])
    XCTAssertEqual(image.pixel(38, 120), [0, 0, 0, 255])
  }

  func testSizeLetterboxesTheStageCentred() throws {
    // A 100 × 50 stage into 200 × 200: scale 2, centred with 50 px bands
    // above and below, filled with the background; views are clipped to the stage.
    let text =
      "stage(width: 100, height: 50, background: \"#102030\")\nview a(x: 50, y: 25, width: 20, height: 200, color: red)\n"
    let image = try render(text, sizing: .size(width: 200, height: 200))
    XCTAssertEqual(image.width, 200)
    XCTAssertEqual(image.pixel(100, 100), [255, 0, 0, 255])
    XCTAssertEqual(image.pixel(100, 52), [255, 0, 0, 255])
    XCTAssertEqual(image.pixel(100, 20), [16, 32, 48, 255])  // the band: background, clipped
    XCTAssertEqual(image.pixel(10, 100), [16, 32, 48, 255])
  }

  func testCommandLineBackgroundOverridesTheStages() throws {
    let image = try render(
      stage + "view a(x: 90, y: 90, width: 2, height: 2)\n", background: Color(r: 0, g: 1, b: 0))
    XCTAssertEqual(image.pixel(10, 10), [0, 255, 0, 255])
  }

  func testAnAnimatedFrameShowsTheValuesAtItsTime() throws {
    let text =
      stage
      + "view a(x: 10, y: 50, width: 10, height: 10, color: red)\nrun move(to: (80, 50), 1) on a\nstep 0.5\n"
    let image = try render(text)
    XCTAssertEqual(image.pixel(45, 50), [255, 0, 0, 255])
    XCTAssertEqual(image.pixel(10, 50), [0, 0, 0, 255])
  }
}
