import AnimEngine
import XCTest

@testable import AnimRender

/// `AreaCoverage` gives each pixel the area of the quadrilateral inside it,
/// rounded to 8 bits: pinned on shapes whose areas are known by hand, and
/// on random turned rectangles against a different method written here
/// (each pixel's square clipped to the rectangle, Sutherland–Hodgman, and
/// the clipped polygon's area by the shoelace formula).
final class AreaCoverageTests: XCTestCase {
  typealias Quad = (Double, Double, Double, Double)

  /// The coverage of a quadrilateral, row by row, band after band.
  private func covered(_ xs: Quad, _ ys: Quad) throws -> (AreaCoverage, [[UInt8]]) {
    var area = AreaCoverage()
    XCTAssertTrue(area.cover(xs: xs, ys: ys))
    var rows: [[UInt8]] = []
    let (y0, width) = (area.y0, area.width)
    area.forEachBand { first, count, cells in
      XCTAssertEqual(first, y0 + rows.count)
      for r in 0..<count {
        rows.append(Array(UnsafeBufferPointer(start: cells + r * width, count: width)))
      }
    }
    XCTAssertEqual(rows.count, area.height)
    return (area, rows)
  }

  func testAnUprightRectangleAtFractionalEdges() throws {
    // x from 0.25 to 2.75, y from 0.5 to 1.5: three quarters or all of a
    // pixel across, half of one down, in each of two rows.
    let (area, rows) = try covered((0.25, 2.75, 2.75, 0.25), (0.5, 0.5, 1.5, 1.5))
    XCTAssertEqual([area.x0, area.y0, area.width, area.height], [0, 0, 3, 2])
    // 0.375 × 255 = 95.625; 0.5 × 255 = 127.5, rounded up.
    XCTAssertEqual(rows, [[96, 128, 96], [96, 128, 96]])
  }

  func testADiamondHalvesItsEdgePixels() throws {
    let (area, rows) = try covered((12, 14, 12, 10), (20, 22, 24, 22))
    XCTAssertEqual([area.x0, area.y0, area.width, area.height], [10, 20, 4, 4])
    XCTAssertEqual(
      rows,
      [[0, 128, 128, 0], [128, 255, 255, 128], [128, 255, 255, 128], [0, 128, 128, 0]])
  }

  func testEitherOrderAroundGivesTheSameCoverage() throws {
    let (_, clockwise) = try covered((3.3, 9.1, 6.2, 0.4), (1.7, 4.4, 10.9, 8.2))
    let (_, counter) = try covered((3.3, 0.4, 6.2, 9.1), (1.7, 8.2, 10.9, 4.4))
    XCTAssertEqual(clockwise, counter)
  }

  func testAThinSliverKeepsItsArea() throws {
    // 0.1 pixel wide, 8 long, at 30°: its coverage adds up to its area.
    let (c, s) = (cos(Double.pi / 6), sin(Double.pi / 6))
    let (hx, hy) = (4 * c, 4 * s)
    let (nx, ny) = (-0.05 * s, 0.05 * c)
    let (area, _) = try covered(
      (10 - hx - nx, 10 + hx - nx, 10 + hx + nx, 10 - hx + nx),
      (10 - hy - ny, 10 + hy - ny, 10 + hy + ny, 10 - hy + ny))
    let (_, rows) = try covered(
      (10 - hx - nx, 10 + hx - nx, 10 + hx + nx, 10 - hx + nx),
      (10 - hy - ny, 10 + hy - ny, 10 + hy + ny, 10 - hy + ny))
    let total = rows.joined().reduce(0) { $0 + Double($1) } / 255
    XCTAssertEqual(total, 0.8, accuracy: 0.5 * Double(area.width * area.height) / 255)
  }

  func testRandomTurnedRectanglesMatchClippedPixelAreas() throws {
    var rng = SplitMix64(seed: 22)
    var worst = 0.0
    for _ in 0..<300 {
      let cx = uniform(&rng, 5, 40)
      let cy = uniform(&rng, 5, 40)
      let w = uniform(&rng, 0.2, 20)
      let h = uniform(&rng, 0.2, 20)
      let angle = uniform(&rng, -Double.pi, Double.pi)
      let (c, s) = (cos(angle), sin(angle))
      let corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)].map {
        (cx + c * $0.0 - s * $0.1, cy + s * $0.0 + c * $0.1)
      }
      let (area, rows) = try covered(
        (corners[0].0, corners[1].0, corners[2].0, corners[3].0),
        (corners[0].1, corners[1].1, corners[2].1, corners[3].1))
      for y in 0..<area.height {
        for x in 0..<area.width {
          let px = Double(area.x0 + x)
          let py = Double(area.y0 + y)
          let expected = clippedArea(corners, px, py) * 255
          let got = Double(rows[y][x])
          worst = max(worst, abs(got - expected))
        }
      }
    }
    // Rounding to 8 bits only.
    XCTAssertLessThanOrEqual(worst, 0.5 + 1e-6)
  }

  func testNonFiniteOrHugeShapesAreLeftToCairo() {
    var area = AreaCoverage()
    XCTAssertFalse(area.cover(xs: (0, .nan, 1, 0), ys: (0, 0, 1, 1)))
    XCTAssertFalse(area.cover(xs: (0, .infinity, 1, 0), ys: (0, 0, 1, 1)))
    XCTAssertFalse(area.cover(xs: (1e300, 1e300 + 1, 1e300, 1e300), ys: (0, 0, 1, 1)))
    XCTAssertFalse(area.cover(xs: (0, 2e6, 2e6, 0), ys: (0, 0, 1, 1)))
  }

  func testABigTurnedSquareIsCoveredBandByBand() throws {
    // 1 000 pixels a side at 45°: 2 000 rows of 2 000, many bands; its
    // coverage adds up to its area and is symmetric.
    let r = 1000 / 2.0.squareRoot()
    let (area, rows) = try covered(
      (1000, 1000 + r, 1000, 1000 - r), (500, 500 + r, 500 + 2 * r, 500 + r))
    XCTAssertGreaterThan(area.height, 4 * AreaCoverage.bandPixels / (area.width + 2))
    let total = rows.joined().reduce(0) { $0 + Double($1) } / 255
    XCTAssertEqual(total, 1_000_000, accuracy: 0.5 * Double(area.width * area.height) / 255)
    // Mirrored about x = 1000, to within the rounding of a value at .5.
    XCTAssertEqual(2 * 1000 - area.x0, area.x0 + area.width)
    var worst = 0
    for row in rows {
      for x in 0..<area.width / 2 {
        worst = max(worst, abs(Int(row[x]) - Int(row[area.width - 1 - x])))
      }
    }
    XCTAssertLessThanOrEqual(worst, 1)
    XCTAssertEqual(rows[rows.count / 2][area.width / 2], 255)
  }

  /// The area of `polygon` inside the pixel square at (`px`, `py`).
  private func clippedArea(_ polygon: [(Double, Double)], _ px: Double, _ py: Double) -> Double {
    var points = polygon
    let planes: [((Double, Double)) -> Double] = [
      { $0.0 - px }, { px + 1 - $0.0 }, { $0.1 - py }, { py + 1 - $0.1 },
    ]
    for inside in planes {
      var out: [(Double, Double)] = []
      for i in points.indices {
        let p = points[(i + points.count - 1) % points.count]
        let q = points[i]
        let (dp, dq) = (inside(p), inside(q))
        if (dp >= 0) != (dq >= 0) {
          let t = dp / (dp - dq)
          out.append((p.0 + t * (q.0 - p.0), p.1 + t * (q.1 - p.1)))
        }
        if dq >= 0 { out.append(q) }
      }
      points = out
      if points.isEmpty { return 0 }
    }
    var twice = 0.0
    for i in points.indices {
      let p = points[(i + points.count - 1) % points.count]
      let q = points[i]
      twice += p.0 * q.1 - q.0 * p.1
    }
    return abs(twice) / 2
  }
}

/// A number in `a..<b` from the seeded generator.
private func uniform(_ rng: inout SplitMix64, _ a: Double, _ b: Double) -> Double {
  Double.random(in: a..<b, using: &rng)
}
