import XCTest

@testable import AnimEngine

/// Bounds and stroke reach (SPEC §16.2), SVG path text and Lottie's path form.
final class OutlineOutputTests: XCTestCase {
  let k = 0.5519150244935105

  func testBoundsIncludeControlPointsAndTheTransform() throws {
    let b = Outline.ellipse(width: 100, height: 60).bounds()
    XCTAssertEqual(b, OutlineBounds(minimum: .zero, maximum: OutlinePoint(100, 60)))
    let bulge = try PathDataParser.parse("M0 0 C0 -40 100 -40 100 0")
    XCTAssertEqual(bulge.bounds()?.minimum, OutlinePoint(0, -40))
    let moved = Outline.rectangle(width: 10, height: 20).bounds {
      OutlinePoint(2 * $0.x + 5, -$0.y)
    }
    XCTAssertEqual(
      moved, OutlineBounds(minimum: OutlinePoint(5, -20), maximum: OutlinePoint(25, 0)))
    XCTAssertNil(Outline.empty.bounds())
    XCTAssertEqual(
      OutlineBounds(minimum: .zero, maximum: OutlinePoint(1, 1)).grown(by: 2),
      OutlineBounds(minimum: OutlinePoint(-2, -2), maximum: OutlinePoint(3, 3)))
  }

  func testStrokeReach() {
    XCTAssertEqual(
      Outline.strokeOutset(strokeWidth: 4, join: .miter, cap: .butt, largestScale: 1), 8)
    XCTAssertEqual(
      Outline.strokeOutset(strokeWidth: 4, join: .round, cap: .round, largestScale: 1), 2)
    XCTAssertEqual(
      Outline.strokeOutset(strokeWidth: 4, join: .bevel, cap: .butt, largestScale: 3), 6)
    XCTAssertEqual(
      Outline.strokeOutset(strokeWidth: 4, join: .bevel, cap: .square, largestScale: 1),
      2 * 2.0.squareRoot())
    XCTAssertEqual(
      Outline.strokeOutset(strokeWidth: -1, join: .miter, cap: .butt, largestScale: 1), 0)
    XCTAssertEqual(
      Outline.strokeOutset(strokeWidth: .nan, join: .miter, cap: .butt, largestScale: 1), 0)
    XCTAssertEqual(Outline.largestScale(a: 2, b: 0, c: 0, d: 3), 3, accuracy: 1e-12)
    let r = 0.6
    XCTAssertEqual(
      Outline.largestScale(a: (1 - r * r).squareRoot(), b: r, c: -r, d: (1 - r * r).squareRoot()),
      1,
      accuracy: 1e-12)
    // A shear stretches by more than its diagonal: the golden ratio.
    XCTAssertEqual(
      Outline.largestScale(a: 1, b: 0, c: 1, d: 1), (1 + 5.0.squareRoot()) / 2, accuracy: 1e-12)
  }

  func testSVGPathDataRoundTrips() throws {
    XCTAssertEqual(
      Outline.rectangle(width: 30, height: 60).svgPathData,
      "M0 0 C10 0 20 0 30 0 C30 20 30 40 30 60 C20 60 10 60 0 60 C0 40 0 20 0 0 Z")
    XCTAssertEqual(
      try PathDataParser.parse("M0 0 L1 0 M5 5 l0.1 0").svgPathData,
      "M0 0 C0.3333333333333333 0 0.6666666666666666 0 1 0 M5 5 C5.033333333333333 5 5.066666666666666 5 5.1 5"
    )
    for outline in [
      Outline.star(points: 7, innerRadius: 0.3, width: 97, height: 41),
      Outline.ellipse(width: 1e-7, height: 3e16),
      try PathDataParser.parse("M0 0 A30 20 17 1 0 50 10 Z m3 3 q5 5 10 0"),
    ] {
      XCTAssertEqual(try PathDataParser.parse(outline.svgPathData), outline)
    }
    XCTAssertEqual(Outline.pathNumber(-0.0), "0")
    XCTAssertEqual(Outline.pathNumber(12), "12")
    XCTAssertEqual(Outline.pathNumber(-3.5), "-3.5")
    XCTAssertEqual(Outline.pathNumber(1e-7), "1e-07")
    XCTAssertEqual(Outline.pathNumber(0.1), "0.1")
    XCTAssertEqual(Outline.empty.svgPathData, "")
  }

  func testLottieFormOfAClosedEllipse() {
    let paths = Outline.ellipse(width: 100, height: 60).lottiePaths
    XCTAssertEqual(paths.count, 1)
    let p = paths[0]
    XCTAssertTrue(p.isClosed)
    XCTAssertEqual(
      p.vertices,
      [OutlinePoint(50, 0), OutlinePoint(100, 30), OutlinePoint(50, 60), OutlinePoint(0, 30)])
    assertPoint(p.outTangents[0], OutlinePoint(50 * k, 0))
    assertPoint(p.inTangents[0], OutlinePoint(-50 * k, 0))
    assertPoint(p.inTangents[1], OutlinePoint(0, -30 * k))
    assertPoint(p.outTangents[1], OutlinePoint(0, 30 * k))
    assertPoint(p.inTangents[3], OutlinePoint(0, 30 * k))
    assertPoint(p.outTangents[3], OutlinePoint(0, -30 * k))
  }

  func testLottieFormOfAnOpenPath() throws {
    let p = try PathDataParser.parse("M0 0 C10 0 20 10 20 20 L20 50").lottiePaths[0]
    XCTAssertFalse(p.isClosed)
    XCTAssertEqual(p.vertices, [.zero, OutlinePoint(20, 20), OutlinePoint(20, 50)])
    XCTAssertEqual(p.outTangents, [OutlinePoint(10, 0), OutlinePoint(0, 10), .zero])
    XCTAssertEqual(p.inTangents, [.zero, OutlinePoint(0, -10), OutlinePoint(0, -10)])
  }
}
