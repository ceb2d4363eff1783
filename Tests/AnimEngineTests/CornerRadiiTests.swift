import XCTest

@testable import AnimEngine

/// Per-corner radii as drawn (SPEC §21.3): negatives at 0, overlapping
/// radii scaled by CSS's one factor, four equal radii as the one radius was.
final class CornerRadiiTests: XCTestCase {
  private func drawn(_ r: (Double, Double, Double, Double), _ w: Double, _ h: Double) -> [Double] {
    CornerRadii(r.0, r.1, r.2, r.3).drawn(width: w, height: h).all
  }

  private func assertClose(
    _ a: [Double], _ b: [Double], file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) {
      XCTAssertEqual(x, y, accuracy: 1e-12, "\(a)", file: file, line: line)
    }
  }

  func testRadiiThatFitAreDrawnAsGiven() {
    XCTAssertEqual(drawn((10, 20, 30, 0), 100, 60), [10, 20, 30, 0])
    XCTAssertEqual(drawn((0, 0, 0, 0), 100, 60), [0, 0, 0, 0])
  }

  func testOverlappingRadiiAreAllScaledByTheSmallestSideFactor() {
    // Left side: 30 + 50 on 60 → f = 0.75 (top: 30 on 100, fine).
    XCTAssertEqual(drawn((30, 0, 10, 50), 100, 60), [22.5, 0, 7.5, 37.5])
    // A bar with rounded top corners wider than it: 40 / (30 + 30).
    let bar = drawn((30, 30, 0, 0), 40, 100)
    XCTAssertEqual(bar[0], 20, accuracy: 1e-12)
    XCTAssertEqual(bar[1], 20, accuracy: 1e-12)
    XCTAssertEqual(bar[2...], [0, 0])
    // Radii larger than the box: a circle of a square, a stadium of a bar.
    assertClose(drawn((1000, 1000, 1000, 999), 40, 40), [20, 20, 20, 19.98])
  }

  func testNegativeRadiiAreSquareAndDoNotScaleTheOthers() {
    XCTAssertEqual(drawn((-10, 25, 0, 25), 80, 50), [0, 25, 0, 25])
    XCTAssertEqual(drawn((-5, -5, -5, -5), 10, 10), [0, 0, 0, 0])
    assertClose(drawn((-1e308, 60, 0, 0), 50, 100), [0, 50, 0, 0])
  }

  func testFourEqualRadiiAreClampedToHalfTheSmallerSideExactly() {
    // The one radius's clamp, with no division (so every old byte stays).
    XCTAssertEqual(drawn((40, 40, 40, 40), 100, 50), [25, 25, 25, 25])
    XCTAssertEqual(drawn((7, 7, 7, 7), 0.3, 100), [0.15, 0.15, 0.15, 0.15])
    XCTAssertTrue(CornerRadii(all: 3).isUniform)
    XCTAssertFalse(CornerRadii(3, 3, 3, 4).isUniform)
  }

  func testHugeAndTinyRadiiStayFinite() {
    // 1e308 + 1e308 overflows; the halves do not.
    let huge = drawn((1e308, 1e308, 0, 0), 100, 300)
    XCTAssertEqual(huge[0], 50, accuracy: 1e-9)
    XCTAssertEqual(huge[1], 50, accuracy: 1e-9)
    XCTAssertEqual(huge[2...], [0, 0])
    let greatest = drawn((.greatestFiniteMagnitude, .greatestFiniteMagnitude, 1, 0), 10, 10)
    XCTAssertTrue(greatest.allSatisfy(\.isFinite), "\(greatest)")
    XCTAssertEqual(greatest[0], 5, accuracy: 1e-9)
    // A subnormal radius is drawn as itself (no factor below 1).
    XCTAssertEqual(drawn((1e-320, 0, 0, 2e-320), 10, 10), [1e-320, 0, 0, 2e-320])
    // A zero-sized box: every corner square, no 0/0.
    XCTAssertEqual(drawn((5, 6, 7, 8), 0, 10), [0, 0, 0, 0])
    XCTAssertEqual(drawn((0, 0, 0, 0), 0, 0), [0, 0, 0, 0])
    // NaN never reaches the record (a script's numbers are finite); drawn, it is square.
    XCTAssertEqual(drawn((.nan, 10, 0, 0), 100, 100), [0, 10, 0, 0])
    XCTAssertEqual(drawn((.nan, .nan, .nan, .nan), 100, 100), [0, 0, 0, 0])
  }

  func testTheOutlineHasAnArcOnlyAtRoundedCornersAndRunsClockwiseFromTheTopLeft() {
    let outline = Outline.rectangle(
      width: 100, height: 60, corners: CornerRadii(30, 0, 10, 50))
    let s = outline.subpaths[0]
    XCTAssertTrue(s.isClosed)
    XCTAssertEqual(s.start, OutlinePoint(22.5, 0))
    // Top edge, (no top-right arc), right edge, br arc, bottom, bl arc, (the
    // left edge has no length: dropped), tl arc.
    XCTAssertEqual(s.segments.count, 6)
    XCTAssertEqual(
      s.segments.map(\.end),
      [
        OutlinePoint(100, 0), OutlinePoint(100, 52.5), OutlinePoint(92.5, 60),
        OutlinePoint(37.5, 60), OutlinePoint(0, 22.5), OutlinePoint(22.5, 0),
      ])
    // The bottom-left arc's handles: κ·37.5 along each edge.
    let k = Outline.kappa * 37.5
    let bl = s.segments[4]
    XCTAssertEqual(bl.control1.x, 37.5 - k, accuracy: 1e-12)
    XCTAssertEqual(bl.control1.y, 60)
    XCTAssertEqual(bl.control2.x, 0)
    XCTAssertEqual(bl.control2.y, 60 - 37.5 + k, accuracy: 1e-12)
  }

  func testFourEqualCornersGiveTheOneRadiusOutline() {
    XCTAssertEqual(
      Outline.rectangle(width: 100, height: 50, corners: CornerRadii(all: 40)),
      Outline.rectangle(width: 100, height: 50, cornerRadius: 40))
    XCTAssertEqual(
      Outline.rectangle(width: 100, height: 50, corners: CornerRadii(-1, 0, -3, 0)),
      Outline.rectangle(width: 100, height: 50))
  }

  func testAViewsOutlineReadsItsFourCorners() {
    var state = ViewState()
    state[.width] = 40
    state[.height] = 100
    state[.cornerTopLeft] = 30
    state[.cornerTopRight] = 30
    let outline = ViewOutline.rectangle.ownOutline(of: state)
    XCTAssertEqual(outline.subpaths[0].start.x, 20, accuracy: 1e-12)
  }
}
