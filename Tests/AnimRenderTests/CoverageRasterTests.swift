import CPixels
import XCTest

/// `CoverageRaster.c` gives each pixel the area of the filled polygon over
/// it (nonzero winding), rounded to 8 bits: pinned by hand on shapes whose
/// areas are known, and on random star-shaped polygons against a different
/// method written here (each pixel's square clipped to the polygon,
/// Sutherland–Hodgman against each of the polygon's convex wedges from its
/// centre, and the pieces' areas by the shoelace formula).
final class CoverageRasterTests: XCTestCase {
  /// A raster of `width` × `height` and its cells.
  private final class Raster {
    var state = anim_raster()
    let width, height: Int

    init(_ width: Int, _ height: Int) {
      self.width = width
      self.height = height
      XCTAssertEqual(anim_raster_init(&state, Int32(width), Int32(height)), 1)
    }

    deinit { anim_raster_free(&state) }

    /// The closed polygons' coverage, row by row, and the box written; the
    /// rows walked without AVX2 when `baseline`.
    func fill(_ polygons: [[(Double, Double)]], clip: [Double]? = nil, baseline: Bool = false)
      -> ([[UInt8]], [Int32])
    {
      for polygon in polygons {
        for k in polygon.indices {
          let a = polygon[k]
          let b = polygon[(k + 1) % polygon.count]
          anim_raster_line(&state, a.0, a.1, b.0, b.1)
        }
      }
      var mask = [UInt8](repeating: 0, count: width * height)
      var box = [Int32](repeating: 0, count: 4)
      mask.withUnsafeMutableBufferPointer { m in
        if baseline {
          anim_raster_finish_baseline(&state, m.baseAddress, width, clip, &box)
        } else {
          anim_raster_finish(&state, m.baseAddress, width, clip, &box)
        }
      }
      let cells = state.cells!
      XCTAssertTrue(
        (0..<(width + 2) * height).allSatisfy { cells[$0] == 0 }, "cells left non-zero")
      XCTAssertTrue(
        (0..<height).allSatisfy { state.rowFirst[$0] >= state.rowEnd[$0] }, "rows left touched")
      return ((0..<height).map { Array(mask[$0 * width..<($0 + 1) * width]) }, box)
    }
  }

  func testAnUprightRectangleAtFractionalEdges() {
    // x from 0.25 to 2.75, y from 0.5 to 1.5: as AreaCoverage's test.
    let (rows, box) = Raster(4, 3).fill([[(0.25, 0.5), (2.75, 0.5), (2.75, 1.5), (0.25, 1.5)]])
    // 0.375 × 255 = 95.625; 0.5 × 255 = 127.5, rounded up.
    XCTAssertEqual(rows, [[96, 128, 96, 0], [96, 128, 96, 0], [0, 0, 0, 0]])
    XCTAssertEqual(box, [0, 0, 4, 2])
  }

  func testWholePixelsInsideAreExactly255AndOutsideExactly0() {
    let (rows, _) = Raster(6, 5).fill([[(1, 1), (5, 1), (5, 4), (1, 4)]])
    XCTAssertEqual(
      rows,
      [
        [0, 0, 0, 0, 0, 0], [0, 255, 255, 255, 255, 0], [0, 255, 255, 255, 255, 0],
        [0, 255, 255, 255, 255, 0], [0, 0, 0, 0, 0, 0],
      ])
  }

  func testADiamondHalvesItsEdgePixels() {
    let (rows, _) = Raster(4, 4).fill([[(2, 0), (4, 2), (2, 4), (0, 2)]])
    XCTAssertEqual(
      rows,
      [[0, 128, 128, 0], [128, 255, 255, 128], [128, 255, 255, 128], [0, 128, 128, 0]])
  }

  func testEitherOrderAroundGivesTheSameCoverage() {
    let shape = [(3.3, 1.7), (9.1, 4.4), (6.2, 10.9), (0.4, 8.2)]
    let (clockwise, _) = Raster(12, 12).fill([shape])
    let (counter, _) = Raster(12, 12).fill([shape.reversed()])
    XCTAssertEqual(clockwise, counter)
  }

  func testAHoleWoundTheOtherWayIsEmptyAndOverlapsOfOneWayAreFull() {
    let outer = [(0.0, 0.0), (8, 0), (8, 8), (0, 8)]
    let hole: [(Double, Double)] = [(2, 2), (2, 6), (6, 6), (6, 2)]
    let (ring, _) = Raster(8, 8).fill([outer, hole])
    XCTAssertEqual(ring[4], [255, 255, 0, 0, 0, 0, 255, 255])
    // The same square twice, one way: winding 2, still covered once.
    let (twice, _) = Raster(8, 8).fill([outer, outer])
    XCTAssertTrue(twice.allSatisfy { $0.allSatisfy { $0 == 255 } })
  }

  func testWhatLiesLeftOfTheCanvasCoversThePixelsToItsRight() {
    // From x = −10 to 2.5, and a sliver wholly left of the canvas.
    let (rows, _) = Raster(4, 2).fill([
      [(-10, 0), (2.5, 0), (2.5, 2), (-10, 2)], [(-30, 0), (-20, 0), (-20, 1), (-30, 1)],
    ])
    XCTAssertEqual(rows, [[255, 255, 128, 0], [255, 255, 128, 0]])
    // A slanted edge crossing x = 0: half of the square (−2…2) × (0…4)
    // lies right of the line from (−2, 4) to (2, 0).
    let (slant, _) = Raster(3, 4).fill([[(-2, 0), (2, 0), (-2, 4)]])
    XCTAssertEqual(slant.map { $0[0] }, [255, 128, 0, 0])
    XCTAssertEqual(slant.map { $0[1] }, [128, 0, 0, 0])
  }

  func testRowsAndColumnsPastTheCanvasAreLeftOut() {
    let (rows, box) = Raster(3, 2).fill([[(1, -5), (50, -5), (50, 50), (1, 50)]])
    XCTAssertEqual(rows, [[0, 255, 255], [0, 255, 255]])
    XCTAssertEqual(box, [1, 0, 3, 2])
    // Past both sides: covered to the canvas's right edge.
    let (across, _) = Raster(3, 2).fill([[(-5, 0), (50, 0), (50, 2), (-5, 2)]])
    XCTAssertEqual(across, [[255, 255, 255], [255, 255, 255]])
  }

  func testAWindowPacksTheCellsAndWritesTheCanvasPixels() {
    // A square from (10.5, 5) to (13.5, 8) through a window around it, on
    // a 20 × 10 canvas: the same bytes at the same places as without one.
    let square = [(10.5, 5.0), (13.5, 5), (13.5, 8), (10.5, 8)]
    let (whole, _) = Raster(20, 10).fill([square])
    let windowed = Raster(20, 10)
    anim_raster_window(&windowed.state, 10, 5, 15, 9)
    XCTAssertEqual(windowed.state.width, 5)
    XCTAssertEqual(windowed.state.height, 4)
    let (rows, box) = windowed.fill([square], clip: [11, 0, 20, 7])
    XCTAssertEqual(box, [10, 5, 15, 8])
    XCTAssertEqual(Array(whole[6][9..<15]), [0, 128, 255, 255, 128, 0])
    // The clip, in the canvas's pixels, cuts the column before x 11 and the
    // rows from y 7.
    XCTAssertEqual(Array(rows[6][9..<15]), [0, 0, 255, 255, 128, 0])
    XCTAssertEqual(rows[7].reduce(0) { $0 + Int($1) }, 0)
    XCTAssertEqual(Array(rows[5][9..<15]), [0, 0, 255, 255, 128, 0])
    // A window past the canvas is cut to it.
    anim_raster_window(&windowed.state, -5, -5, 50, 50)
    let state = windowed.state
    XCTAssertEqual([state.ox, state.oy, state.width, state.height], [0, 0, 20, 10])
  }

  func testAClipRectangleKeepsWholePixelsAndCutsItsEdges() {
    let square = [(0.0, 0.0), (4, 0), (4, 4), (0, 4)]
    let (rows, _) = Raster(4, 4).fill([square], clip: [0.5, 1, 3, 2.25])
    XCTAssertEqual(
      rows, [[0, 0, 0, 0], [128, 255, 255, 0], [32, 64, 64, 0], [0, 0, 0, 0]])
  }

  func testUnusableCoordinatesAreSkippedAndHugeOnesCut() {
    // A level line adds nothing; a line with a NaN or infinite end is
    // skipped (Cairo's flattened paths hold neither: this only must not trap).
    let (level, box) = Raster(3, 3).fill([[(0, 1e-320), (2, 1e-320)]])
    XCTAssertTrue(level.allSatisfy { $0.allSatisfy { $0 == 0 } })
    XCTAssertEqual(box, [0, 0, 0, 0])
    let (skipped, _) = Raster(3, 3).fill([[(.nan, 0), (2, 0), (2, 2)], [(0, 0), (.infinity, 1)]])
    XCTAssertEqual(skipped.count, 3)
    // Finite but enormous: cut to the canvas, every pixel inside.
    let huge = 1e308
    let (far, _) = Raster(3, 3).fill([[(-huge, -huge), (huge, -huge), (huge, huge), (-huge, huge)]])
    XCTAssertEqual(far, [[255, 255, 255], [255, 255, 255], [255, 255, 255]])
  }

  func testAFillTouchingEveryCellCoversEachPixelByItsShare() {
    // A comb of 400 teeth half a pixel wide, the canvas's height: every
    // cell of every row is touched. Each pixel is half covered.
    let teeth: [[(Double, Double)]] = (0..<400).map { x in
      let x = Double(x)
      return [(x + 0.25, 0), (x + 0.75, 0), (x + 0.75, 400), (x + 0.25, 400)]
    }
    let comb = Raster(400, 400)
    let (rows, box) = comb.fill(teeth)
    XCTAssertTrue(rows.allSatisfy { $0.allSatisfy { $0 == 128 } })
    XCTAssertEqual(box, [0, 0, 400, 400])
    // The raster is as good as new: a square after it is exact.
    let raster = Raster(400, 400)
    _ = raster.fill(teeth)
    let (square, _) = raster.fill([[(1, 1), (3, 1), (3, 3), (1, 3)]])
    XCTAssertEqual(square[2][0..<4], [0, 255, 255, 0])
    XCTAssertEqual(square[5].reduce(0) { $0 + Int($1) }, 0)
  }

  func testACircleOfFourCubicsCoversItsArea() {
    // A circle of radius 10 at (16, 16) as four cubics (control distance
    // 0.5523 of the radius: within 0.03 % of the circle), cut into lines
    // within 0.05 px of it: the coverage adds up to its area, π·100, less
    // the slivers between the lines and the curve (under ⅔ · 0.05 px ·
    // its 62.8 px of perimeter), and the inside is exactly 255.
    let raster = Raster(32, 32)
    let k = 0.552_284_749_831 * 10
    let (cx, cy) = (16.0, 16.0)
    let arcs: [[Double]] = [
      [cx + 10, cy, cx + 10, cy + k, cx + k, cy + 10, cx, cy + 10],
      [cx, cy + 10, cx - k, cy + 10, cx - 10, cy + k, cx - 10, cy],
      [cx - 10, cy, cx - 10, cy - k, cx - k, cy - 10, cx, cy - 10],
      [cx, cy - 10, cx + k, cy - 10, cx + 10, cy - k, cx + 10, cy],
    ]
    for a in arcs {
      anim_raster_cubic(&raster.state, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], 0.05)
    }
    let (rows, _) = raster.fill([])
    let total = rows.joined().reduce(0.0) { $0 + Double($1) / 255 }
    XCTAssertLessThan(total, Double.pi * 100)
    XCTAssertGreaterThan(total, Double.pi * 100 - 2.0 / 3 * 0.05 * 62.9)
    XCTAssertEqual(rows[16][8..<24].allSatisfy { $0 == 255 }, true)
    XCTAssertEqual(rows[16][5], 0)
    XCTAssertEqual(rows[16][26], 0)
    // Steps bounded: a wild cubic is cut into at most 4 096 lines, no trap.
    let wild = Raster(4, 4)
    anim_raster_cubic(&wild.state, 0, 0, 1e300, -1e300, -1e300, 1e300, 4, 4, 0.1)
    anim_raster_cubic(&wild.state, 4, 4, .nan, 0, 0, 0, 0, 0, 0.1)
    _ = wild.fill([])
  }

  func testACubicWhoseControlsLieOnItsEndsIsItsLine() {
    // A Lottie vertex without tangents is written as a cubic whose
    // controls are its ends: a straight line, covered as the line is, to
    // the byte, where one control off its end is a curve.
    let triangle = [(2.3, 1.7), (27.6, 9.2), (8.1, 29.4)]
    let (lines, lineBox) = Raster(32, 32).fill([triangle])
    let cubics = Raster(32, 32)
    for k in triangle.indices {
      let (a, b) = (triangle[k], triangle[(k + 1) % 3])
      anim_raster_cubic(&cubics.state, a.0, a.1, a.0, a.1, b.0, b.1, b.0, b.1, 0.05)
    }
    let (covered, box) = cubics.fill([])
    XCTAssertEqual(covered, lines)
    XCTAssertEqual(box, lineBox)
    let bent = Raster(32, 32)
    for k in triangle.indices {
      let (a, b) = (triangle[k], triangle[(k + 1) % 3])
      anim_raster_cubic(&bent.state, a.0, a.1, a.0 + 3, a.1, b.0, b.1, b.0, b.1, 0.05)
    }
    XCTAssertNotEqual(bent.fill([]).0, lines)
  }

  /// The area of `polygon` (convex, either way round) inside the unit
  /// square at (x, y).
  private func clippedArea(_ polygon: [(Double, Double)], x: Double, y: Double) -> Double {
    var p = polygon
    func clip(
      _ inside: ((Double, Double)) -> Bool,
      _ cross: ((Double, Double), (Double, Double)) -> (Double, Double)
    ) {
      var out: [(Double, Double)] = []
      for k in p.indices {
        let a = p[k]
        let b = p[(k + 1) % p.count]
        if inside(a) {
          out.append(a)
          if !inside(b) { out.append(cross(a, b)) }
        } else if inside(b) {
          out.append(cross(a, b))
        }
      }
      p = out
    }
    func atX(_ v: Double) -> ((Double, Double), (Double, Double)) -> (Double, Double) {
      { a, b in (v, a.1 + (b.1 - a.1) * (v - a.0) / (b.0 - a.0)) }
    }
    func atY(_ v: Double) -> ((Double, Double), (Double, Double)) -> (Double, Double) {
      { a, b in (a.0 + (b.0 - a.0) * (v - a.1) / (b.1 - a.1), v) }
    }
    clip({ $0.0 >= x }, atX(x))
    if !p.isEmpty { clip({ $0.0 <= x + 1 }, atX(x + 1)) }
    if !p.isEmpty { clip({ $0.1 >= y }, atY(y)) }
    if !p.isEmpty { clip({ $0.1 <= y + 1 }, atY(y + 1)) }
    guard p.count >= 3 else { return 0 }
    var twice = 0.0
    for k in p.indices {
      let a = p[k]
      let b = p[(k + 1) % p.count]
      twice += a.0 * b.1 - b.0 * a.1
    }
    return abs(twice) / 2
  }

  func testRandomStarsAgainstClippedAreas() {
    var seed: UInt64 = 0x5eed
    func next() -> Double {
      // A fixed sequence (xorshift), so a failure repeats.
      seed ^= seed << 13
      seed ^= seed >> 7
      seed ^= seed << 17
      return Double(seed % 1_000_000) / 1_000_000
    }
    for _ in 0..<40 {
      let (cx, cy) = (8 + next() * 8, 8 + next() * 8)
      // Each gap under half a turn: the centre is inside, the wedges
      // are triangles that do not overlap.
      let n = 4 + Int(next() * 9)
      let star: [(Double, Double)] = (0..<n).map { k in
        let angle = (Double(k) + next() * 0.3) / Double(n) * 2 * .pi
        let radius = 1 + next() * 7
        return (cx + radius * cos(angle), cy + radius * sin(angle))
      }
      let (rows, _) = Raster(24, 24).fill([star])
      for y in 0..<24 {
        for x in 0..<24 {
          // The star is the union of its wedges from the centre.
          var area = 0.0
          for k in 0..<n {
            area += clippedArea(
              [(cx, cy), star[k], star[(k + 1) % n]], x: Double(x), y: Double(y))
          }
          let expected = Int((min(area, 1) * 255).rounded())
          XCTAssertLessThanOrEqual(
            abs(Int(rows[y][x]) - expected), 1, "pixel (\(x), \(y)) of \(star)")
        }
      }
    }
  }

  /// The rows walked with AVX2 (eight cells compared at once) and without
  /// write the same coverage and list the same runs: random rings and
  /// stars, with and without a clip, wide enough that rows have long
  /// empty stretches between their edges.
  func testTheWideAndThePortableRowWalksWriteTheSame() {
    var seed: UInt64 = 0x7a1c
    func next() -> Double {
      seed ^= seed << 13
      seed ^= seed >> 7
      seed ^= seed << 17
      return Double(seed % 1_000_000) / 1_000_000
    }
    let (width, height) = (150, 90)
    for trial in 0..<60 {
      let (cx, cy) = (20 + next() * 110, 10 + next() * 70)
      let n = 3 + Int(next() * 30)
      let outer: [(Double, Double)] = (0..<n).map {
        let a = (Double($0) + next() * 0.5) / Double(n) * 2 * .pi
        let radius = 2 + next() * 70
        return (cx + radius * cos(a), cy + radius * 0.6 * sin(a))
      }
      let inner = outer.reversed().map { (cx + ($0.0 - cx) / 2, cy + ($0.1 - cy) / 2) }
      let clip: [Double]? = trial % 2 == 0 ? nil : [10.5, 5.25, 140.75, 80.5]
      var masks: [[[UInt8]]] = []
      var spans: [[Int32]] = []
      for baseline in [false, true] {
        let raster = Raster(width, height)
        raster.state.keepSpans = 1
        let (rows, _) = raster.fill(
          trial % 3 == 0 ? [outer] : [outer, inner], clip: clip, baseline: baseline)
        masks.append(rows)
        spans.append((0..<3 * raster.state.spanCount).map { raster.state.spans[$0] })
      }
      XCTAssertEqual(masks[0], masks[1], "trial \(trial)")
      XCTAssertEqual(spans[0], spans[1], "trial \(trial)")
      XCTAssertGreaterThan(masks[0].joined().filter { $0 != 0 }.count, 0)
    }
  }

  /// With `keepSpans`, the runs a finish lists are exactly the pixels it
  /// wrote: every covered pixel lies in one, none lies outside the mask's
  /// covered pixels but for runs' uncovered ends under a clip, rows in
  /// order, and a finish with nothing added lists none.
  func testTheRunsListedAreThePixelsWritten() {
    let raster = Raster(40, 30)
    raster.state.keepSpans = 1
    // A ring (a hole wound the other way), under a clip that cuts a pixel.
    let outer: [(Double, Double)] = (0..<48).map {
      let a = Double($0) * .pi / 24
      return (20 + 14 * cos(a), 15 + 12 * sin(a))
    }
    let inner: [(Double, Double)] = outer.reversed().map {
      (20 + ($0.0 - 20) / 2, 15 + ($0.1 - 15) / 2)
    }
    for clip in [nil, [3.5, 2.25, 37, 28]] as [[Double]?] {
      raster.state.keepSpans = 1
      let (rows, _) = raster.fill([outer, inner], clip: clip)
      XCTAssertEqual(raster.state.spansLost, 0)
      var listed = Set<Int>()
      var last = (-1, -1)
      for k in 0..<raster.state.spanCount {
        let y = Int(raster.state.spans[3 * k])
        let x0 = Int(raster.state.spans[3 * k + 1])
        let x1 = Int(raster.state.spans[3 * k + 2])
        XCTAssertLessThan(x0, x1)
        XCTAssertTrue(y > last.0 || (y == last.0 && x0 > last.1), "runs out of order")
        last = (y, x1)
        for x in x0..<x1 { listed.insert(y * 40 + x) }
      }
      for y in 0..<30 {
        for x in 0..<40 where rows[y][x] != 0 {
          XCTAssertTrue(listed.contains(y * 40 + x), "(\(x), \(y)) written but not listed")
        }
      }
      // The hole is not listed (it is between two runs of its rows).
      XCTAssertFalse(listed.contains(15 * 40 + 20))
    }
    _ = raster.fill([])
    XCTAssertEqual(raster.state.spanCount, 0)
  }
}
