import AnimEngine
import XCTest

/// Numbers written into files other programs read (SVG, path data, Lottie
/// and the HTML player) are never `inf` or `nan` (issue 32): every writer
/// goes through `NumberText.written`, and the outline's path data too.
final class WrittenNumberTests: XCTestCase {
  func testFiniteNumbersAreWrittenExactly() {
    XCTAssertEqual(NumberText.written(3), "3")
    XCTAssertEqual(NumberText.written(-0.0), "0")
    XCTAssertEqual(NumberText.written(0.1), "0.1")
    XCTAssertEqual(NumberText.written(1e-320), "1e-320")
    XCTAssertEqual(NumberText.written(.greatestFiniteMagnitude), "1.7976931348623157e+308")
  }

  func testInfinitiesAreHeldAtTheLargestNumberAndNaNIsZero() {
    XCTAssertEqual(NumberText.written(.infinity), "1.7976931348623157e+308")
    XCTAssertEqual(NumberText.written(-.infinity), "-1.7976931348623157e+308")
    XCTAssertEqual(NumberText.written(.nan), "0")
  }

  func testPathDataNeverHoldsInfOrNaN() {
    let outline = Outline([
      Subpath(
        start: OutlinePoint(.nan, 1),
        segments: [CubicSegment(OutlinePoint(.infinity, 0), OutlinePoint(-.infinity, 2), .zero)],
        isClosed: false)
    ])
    XCTAssertEqual(
      outline.svgPathData,
      "M0 1 C1.7976931348623157e+308 0 -1.7976931348623157e+308 2 0 0")
    XCTAssertEqual(Outline.pathNumber(12), "12")
    XCTAssertEqual(Outline.pathNumber(-3.5), "-3.5")
  }
}
