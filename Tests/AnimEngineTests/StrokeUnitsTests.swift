import XCTest

@testable import AnimEngine

/// A shape's stroke in its viewBox's units (SPEC §21.3): points per unit
/// for every box, and the width and dashes as drawn.
final class StrokeUnitsTests: XCTestCase {
  private func icon(_ w: Double, _ h: Double) throws -> ShapePath {
    ShapePath(
      outline: try PathDataParser.parse("M5 12.5 L10 17.5 L19.5 7"),
      viewBox: try ViewBox(x: 0, y: 0, width: w, height: h))
  }

  func testPointsPerViewBoxUnit() throws {
    let p = try icon(24, 24)
    XCTAssertEqual(p.strokeScale(width: 72, height: 72), 3)
    XCTAssertEqual(p.strokeScale(width: -72, height: 72), 3)
    XCTAssertEqual(p.strokeScale(width: 24, height: 24), 1)
    // Stretched unevenly: the mean of the two scales (2 and 8).
    XCTAssertEqual(p.strokeScale(width: 48, height: 192), 4)
    XCTAssertEqual(p.strokeScale(width: 0, height: 72), 0)
    XCTAssertEqual(p.strokeScale(width: .nan, height: 72), 0)
    XCTAssertEqual(
      try icon(1e-320, 1e-320).strokeScale(width: 1e308, height: 1e308),
      .greatestFiniteMagnitude)
    XCTAssertEqual(p.strokeScale(width: 1e308, height: 1e308), 1e308 / 24, accuracy: 1e293)
  }

  func testTheWidthAndDashesAsDrawn() throws {
    var v = ViewState()
    v[.width] = 72
    v[.height] = 72
    v[.strokeWidth] = 2
    v[.dash] = DashPatterns.id(of: try DashPattern.make([3, 1]))
    v[.dashOffset] = -1
    let p = try icon(24, 24)
    XCTAssertEqual(v.strokeWidth(path: p), 6)
    XCTAssertEqual(v.strokeWidth(path: nil), 2)
    let line = try PathDataParser.parse("M0 0 L100 0")
    XCTAssertEqual(v.strokeDash(along: line, path: p), StrokeDash(lengths: [9, 3], phase: 9))
    XCTAssertEqual(v.strokeDash(along: line), StrokeDash(lengths: [3, 1], phase: 3))
    v[.strokeWidth] = -5
    XCTAssertEqual(v.strokeWidth(path: p), 0)
    v[.strokeWidth] = 1e308
    XCTAssertEqual(v.strokeWidth(path: p), .greatestFiniteMagnitude)
    v[.width] = 0
    v[.strokeWidth] = 2
    XCTAssertEqual(v.strokeWidth(path: p), 0)
    XCTAssertNil(v.strokeDash(along: line, path: p))
  }
}
