import XCTest

@testable import AnimEngine

/// The outline of each kind of view (SPEC §16.1): vertices, handles, start
/// point and direction, exactly.
final class OutlineShapeTests: XCTestCase {
  let k = 0.5519150244935105

  func testRectangleIsFourLinesFromTheTopLeftClockwise() {
    let s = onlySubpath(Outline.rectangle(width: 90, height: 30))
    XCTAssertTrue(s.isClosed)
    XCTAssertEqual(s.start, OutlinePoint(0, 0))
    XCTAssertEqual(
      ends(s), [OutlinePoint(90, 0), OutlinePoint(90, 30), OutlinePoint(0, 30), .zero])
    // A line is a cubic with controls at one and two thirds.
    XCTAssertEqual(s.segments[0].control1, OutlinePoint(30, 0))
    XCTAssertEqual(s.segments[0].control2, OutlinePoint(60, 0))
    XCTAssertEqual(s.segments[1].control1, OutlinePoint(90, 10))
    XCTAssertEqual(s.segments[1].control2, OutlinePoint(90, 20))
  }

  func testRoundedRectangleHasEightSegmentsWithKappaHandles() {
    let s = onlySubpath(Outline.rectangle(width: 100, height: 50, cornerRadius: 10))
    XCTAssertEqual(s.start, OutlinePoint(10, 0))
    XCTAssertEqual(
      ends(s),
      [
        OutlinePoint(90, 0), OutlinePoint(100, 10), OutlinePoint(100, 40), OutlinePoint(90, 50),
        OutlinePoint(10, 50), OutlinePoint(0, 40), OutlinePoint(0, 10), OutlinePoint(10, 0),
      ])
    // Top-right corner: handles κ·r along the edges.
    assertPoint(s.segments[1].control1, OutlinePoint(90 + 10 * k, 0))
    assertPoint(s.segments[1].control2, OutlinePoint(100, 10 - 10 * k))
    // Bottom-right, bottom-left, top-left.
    assertPoint(s.segments[3].control1, OutlinePoint(100, 40 + 10 * k))
    assertPoint(s.segments[3].control2, OutlinePoint(90 + 10 * k, 50))
    assertPoint(s.segments[5].control1, OutlinePoint(10 - 10 * k, 50))
    assertPoint(s.segments[5].control2, OutlinePoint(0, 40 + 10 * k))
    assertPoint(s.segments[7].control1, OutlinePoint(0, 10 - 10 * k))
    assertPoint(s.segments[7].control2, OutlinePoint(10 - 10 * k, 0))
  }

  func testCornerRadiusIsClampedAndZeroLengthEdgesAreDropped() {
    // Radius 40 on a 100 × 50 box is drawn as 25: the vertical edges vanish.
    let s = onlySubpath(Outline.rectangle(width: 100, height: 50, cornerRadius: 40))
    XCTAssertEqual(s.start, OutlinePoint(25, 0))
    XCTAssertEqual(
      ends(s),
      [
        OutlinePoint(75, 0), OutlinePoint(100, 25), OutlinePoint(75, 50), OutlinePoint(25, 50),
        OutlinePoint(0, 25), OutlinePoint(25, 0),
      ])
    // A square with a large radius is four quarter arcs: a circle.
    let circle = onlySubpath(Outline.rectangle(width: 40, height: 40, cornerRadius: 1000))
    XCTAssertEqual(circle.segments.count, 4)
    XCTAssertEqual(circle.start, OutlinePoint(20, 0))
    // A negative radius is 0.
    XCTAssertEqual(
      Outline.rectangle(width: 10, height: 10, cornerRadius: -5),
      Outline.rectangle(width: 10, height: 10))
  }

  func testEllipseStartsAtTwelveOClockAndRunsClockwise() {
    let s = onlySubpath(Outline.ellipse(width: 100, height: 60))
    XCTAssertTrue(s.isClosed)
    XCTAssertEqual(s.start, OutlinePoint(50, 0))
    XCTAssertEqual(
      ends(s),
      [OutlinePoint(100, 30), OutlinePoint(50, 60), OutlinePoint(0, 30), OutlinePoint(50, 0)])
    assertPoint(s.segments[0].control1, OutlinePoint(50 + 50 * k, 0))
    assertPoint(s.segments[0].control2, OutlinePoint(100, 30 - 30 * k))
    assertPoint(s.segments[1].control1, OutlinePoint(100, 30 + 30 * k))
    assertPoint(s.segments[1].control2, OutlinePoint(50 + 50 * k, 60))
    assertPoint(s.segments[2].control1, OutlinePoint(50 - 50 * k, 60))
    assertPoint(s.segments[2].control2, OutlinePoint(0, 30 + 30 * k))
    assertPoint(s.segments[3].control1, OutlinePoint(0, 30 - 30 * k))
    assertPoint(s.segments[3].control2, OutlinePoint(50 - 50 * k, 0))
  }

  func testSquarePolygonHasItsVerticesExactlyOnTheBox() {
    let s = onlySubpath(Outline.polygon(sides: 4, width: 100, height: 80))
    XCTAssertEqual(s.start, OutlinePoint(50, 0))
    XCTAssertEqual(
      ends(s),
      [OutlinePoint(100, 40), OutlinePoint(50, 80), OutlinePoint(0, 40), OutlinePoint(50, 0)])
    XCTAssertEqual(s.vertices.count, 4)
  }

  func testTrianglePolygonVertices() {
    let s = onlySubpath(Outline.polygon(sides: 3, width: 100, height: 100))
    let c = 3.0.squareRoot() / 2
    XCTAssertEqual(s.vertices.count, 3)
    assertPoint(s.vertices[0], OutlinePoint(50, 0))
    assertPoint(s.vertices[1], OutlinePoint(50 + 50 * c, 75))
    assertPoint(s.vertices[2], OutlinePoint(50 - 50 * c, 75))
  }

  func testStarAlternatesOuterAndInnerVertices() {
    let s = onlySubpath(Outline.star(points: 5, innerRadius: 0.5, width: 100, height: 100))
    XCTAssertEqual(s.segments.count, 10)
    let v = s.vertices
    XCTAssertEqual(v.count, 10)
    assertPoint(v[0], OutlinePoint(50, 0))
    // Inner vertex 0 at −54°, on the circle of radius 25.
    assertPoint(v[1], OutlinePoint(50 + 25 * 0.5877852522924731, 50 - 25 * 0.8090169943749475))
    // Outer vertex 1 at −18°.
    assertPoint(v[2], OutlinePoint(50 + 50 * 0.9510565162951535, 50 - 50 * 0.3090169943749474))
    // Inner vertex 2 at 90°: straight down, exactly.
    XCTAssertEqual(v[5], OutlinePoint(50, 75))
    // innerRadius 1 puts the inner vertices on the outer ellipse.
    let full = onlySubpath(Outline.star(points: 4, innerRadius: 1, width: 20, height: 20))
    assertPoint(
      full.vertices[1], OutlinePoint(10 + 10 * 0.5.squareRoot(), 10 - 10 * 0.5.squareRoot()))
  }

  func testBadPolygonAndStarParametersAreExplained() {
    XCTAssertNil(Outline.validatePolygon(sides: 3))
    XCTAssertEqual(
      Outline.validatePolygon(sides: 2)?.message,
      "a polygon needs a whole number of sides from 3 to 100000, not 2")
    XCTAssertEqual(
      Outline.validatePolygon(sides: 4.5)?.message,
      "a polygon needs a whole number of sides from 3 to 100000, not 4.5")
    XCTAssertNotNil(Outline.validatePolygon(sides: .nan))
    XCTAssertNil(Outline.validateStar(points: 5, innerRadius: 1))
    XCTAssertEqual(
      Outline.validateStar(points: 5, innerRadius: 0)?.message,
      "a star's innerRadius must be > 0 and ≤ 1 (a fraction of the outer radius), not 0")
    XCTAssertNotNil(Outline.validateStar(points: 5, innerRadius: 1.5))
    XCTAssertNotNil(Outline.validateStar(points: 2, innerRadius: 0.5))
  }

  func testZeroSizeBoxesKeepAStartPointAndNoSegments() {
    let s = onlySubpath(Outline.rectangle(width: 0, height: 0))
    XCTAssertEqual(s.segments, [])
    XCTAssertEqual(onlySubpath(Outline.ellipse(width: 0, height: 0)).segments, [])
    // A box of width 0 is a line there and back.
    let flat = onlySubpath(Outline.rectangle(width: 10, height: 0))
    XCTAssertEqual(ends(flat), [OutlinePoint(10, 0), OutlinePoint(0, 0)])
  }
}
