import AnimEngine
import AnimRender
import XCTest

/// One outline filled and stroked through Cairo (`OutlinePicture`): interior
/// pixels are the exact source-over blend, the stroke is centred on the
/// outline and scaled with it, trimmed pieces are stroked only where they run.
final class OutlinePictureTests: XCTestCase {
  private let red = Color(r: 1, g: 0, b: 0)
  private let blue = Color(r: 0, g: 0, b: 1, a: 0.5)
  private let white = Color(r: 1, g: 1, b: 1)

  private func pixel(_ bytes: [UInt8], _ width: Int, _ x: Int, _ y: Int) -> [UInt8] {
    let o = (y * width + x) * 4
    return Array(bytes[o..<o + 4])
  }

  func testFillThenStrokeOverIt() throws {
    var picture = OutlinePicture(.rectangle(width: 40, height: 20))
    picture.fill = red
    picture.stroke = blue
    picture.strokeWidth = 4
    let bytes = try picture.rgba(
      width: 60, height: 40, scale: 1, offset: OutlinePoint(10, 10), background: white)
    // Inside the fill, away from the stroke.
    XCTAssertEqual(pixel(bytes, 60, 30, 20), [255, 0, 0, 255])
    // The stroke's inner half over the fill: 0.5 blue over red.
    XCTAssertEqual(pixel(bytes, 60, 30, 11), [128, 0, 128, 255])
    // Its outer half over the white background.
    XCTAssertEqual(pixel(bytes, 60, 30, 8), [128, 128, 255, 255])
    // Past the stroke (half of 4 = 2 points out), the background.
    XCTAssertEqual(pixel(bytes, 60, 30, 5), [255, 255, 255, 255])
  }

  func testStrokeWidthScalesWithTheOutline() throws {
    var picture = OutlinePicture(.rectangle(width: 20, height: 10))
    picture.stroke = Color(r: 0, g: 0, b: 0)
    picture.strokeWidth = 2
    let bytes = try picture.rgba(
      width: 100, height: 60, scale: 3, offset: OutlinePoint(10, 10), background: white)
    // The top edge at y = 10 is stroked 3 pixels either side at scale 3.
    XCTAssertEqual(pixel(bytes, 100, 40, 8), [0, 0, 0, 255])
    XCTAssertEqual(pixel(bytes, 100, 40, 12), [0, 0, 0, 255])
    XCTAssertEqual(pixel(bytes, 100, 40, 14), [255, 255, 255, 255])
  }

  func testTrimStrokesOnlyThePiece() throws {
    // A 40 × 40 square trimmed to its first quarter: the top edge only.
    var picture = OutlinePicture(.rectangle(width: 40, height: 40))
    picture.stroke = Color(r: 0, g: 0, b: 0)
    picture.strokeWidth = 4
    picture.trim = (0, 0.25, 0)
    let bytes = try picture.rgba(
      width: 60, height: 60, scale: 1, offset: OutlinePoint(10, 10), background: white)
    XCTAssertEqual(pixel(bytes, 60, 30, 10), [0, 0, 0, 255])
    XCTAssertEqual(pixel(bytes, 60, 50, 30), [255, 255, 255, 255])
    // No trim at all: start = end strokes nothing.
    picture.trim = (0.3, 0.3, 0)
    let none = try picture.rgba(
      width: 60, height: 60, scale: 1, offset: OutlinePoint(10, 10), background: white)
    XCTAssertEqual(none, [UInt8](repeating: 255, count: 60 * 60 * 4))
  }

  func testSVGTextOfTheSamePicture() {
    var picture = OutlinePicture(.rectangle(width: 3, height: 3))
    picture.fill = red
    picture.stroke = blue
    picture.cap = .round
    picture.join = .bevel
    picture.trim = (0, 0.25, 0)
    let text = picture.svg(
      width: 10, height: 10, scale: 2, offset: OutlinePoint(1, 1), background: white)
    XCTAssertEqual(
      text,
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">
      <rect width="10" height="10" fill="#ffffff"/>
      <path d="M0 0 C1 0 2 0 3 0 C3 1 3 2 3 3 C2 3 1 3 0 3 C0 2 0 1 0 0 Z" fill="#ff0000" \
      transform="translate(1 1) scale(2)"/>
      <path d="M0 0 C1 0 2 0 3 0" fill="none" stroke="#0000ff" stroke-opacity="0.5" \
      stroke-width="2" stroke-linecap="round" stroke-linejoin="bevel" stroke-miterlimit="4" \
      transform="translate(1 1) scale(2)"/>
      </svg>

      """)
  }
}
