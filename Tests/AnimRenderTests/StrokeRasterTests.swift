import CPixels
import XCTest

/// `StrokeRaster.c` turns a stroke into polygons whose exact areas the
/// raster adds up: pinned on strokes whose covered pixels and areas are
/// known by hand (a butt line across whole and half rows, caps, a
/// mitred and a bevelled corner, dashes, an elliptical pen, dots), at the
/// edges of its input (no width, a width past the canvas, NaN, curves cut
/// into thousands of lines) and where it gives up (lines folding back).
final class StrokeRasterTests: XCTestCase {
  /// What one stroke covers: each pixel's byte, row by row.
  private struct Stroked {
    var rows: [[UInt8]]
    var overlaps: Bool
    /// Every pixel's coverage added up, in pixels.
    var area: Double { Double(rows.joined().reduce(0) { $0 + Int($1) }) / 255 }
  }

  /// One subpath's command.
  private enum Step {
    case move(Double, Double, closed: Bool)
    case line(Double, Double)
    case curve(Double, Double, Double, Double, Double, Double)
    case close
  }

  private func stroke(
    _ steps: [Step], width: Double, cap: Int32 = Int32(ANIM_CAP_BUTT),
    join: Int32 = Int32(ANIM_JOIN_MITER), dash: [Double]? = nil, phase: Double = 0,
    matrix: [Double] = [1, 0, 0, 1, 0, 0], size: (Int, Int) = (40, 40)
  ) -> Stroked {
    var raster = anim_raster()
    XCTAssertEqual(anim_raster_init(&raster, Int32(size.0), Int32(size.1)), 1)
    defer { anim_raster_free(&raster) }
    var stroker = anim_stroker()
    let lengths = dash ?? []
    lengths.withUnsafeBufferPointer { d in
      anim_stroke_begin(
        &stroker, &raster, matrix, width, cap, join, 4, 0.05, dash == nil ? nil : d.baseAddress,
        Int32(d.count), phase)
      // As the canvas does: a dashed ring's segments given again when
      // `anim_stroke_wrap` asks.
      var start = (0.0, 0.0)
      var segments: [Step] = []
      func segment(_ step: Step) {
        switch step {
        case .line(let x, let y): anim_stroke_line_to(&stroker, x, y)
        case .curve(let a, let b, let c, let d, let e, let f):
          anim_stroke_curve_to(&stroker, a, b, c, d, e, f)
        default: break
        }
      }
      for step in steps {
        switch step {
        case .move(let x, let y, let closed):
          anim_stroke_move_to(&stroker, x, y, closed ? 1 : 0)
          start = (x, y)
          segments = []
        case .close:
          anim_stroke_close(&stroker)
          if anim_stroke_wrap(&stroker) != 0 {
            for s in segments { segment(s) }
            anim_stroke_line_to(&stroker, start.0, start.1)
          }
        default:
          segment(step)
          segments.append(step)
        }
      }
      anim_stroke_end(&stroker)
    }
    var mask = [UInt8](repeating: 0, count: size.0 * size.1)
    var box = [Int32](repeating: 0, count: 4)
    mask.withUnsafeMutableBufferPointer { m in
      anim_raster_finish(&raster, m.baseAddress, size.0, nil, &box)
    }
    return Stroked(
      rows: (0..<size.1).map { Array(mask[$0 * size.0..<($0 + 1) * size.0]) },
      overlaps: stroker.overlaps != 0)
  }

  func testAButtLineCoversItsRectangleExactly() {
    // y = 20 ± 2, x from 10 to 30: rows 18…21 whole.
    let whole = stroke([.move(10, 20, closed: false), .line(30, 20)], width: 4)
    for y in 0..<40 {
      for x in 0..<40 {
        XCTAssertEqual(whole.rows[y][x], (10..<30).contains(x) && (18..<22).contains(y) ? 255 : 0)
      }
    }
    // Moved down a quarter: rows 18 and 22 a quarter and three quarters.
    let moved = stroke([.move(10, 20.25, closed: false), .line(30, 20.25)], width: 4)
    XCTAssertEqual(moved.rows[18][15], 191)  // 0.75 × 255 = 191.25
    XCTAssertEqual(moved.rows[19][15], 255)
    XCTAssertEqual(moved.rows[22][15], 64)  // 0.25 × 255 = 63.75
    XCTAssertEqual(moved.rows[22][9], 0)
    XCTAssertEqual(moved.area, 80, accuracy: 0.05)
  }

  func testCapsAddTheirAreas() {
    let line: [Step] = [.move(10, 20, closed: false), .line(30, 20)]
    // A square cap: half the width more at each end, whole pixels.
    let square = stroke(line, width: 4, cap: Int32(ANIM_CAP_SQUARE))
    XCTAssertEqual(square.rows[19][8], 255)
    XCTAssertEqual(square.rows[19][31], 255)
    XCTAssertEqual(square.rows[19][32], 0)
    XCTAssertEqual(square.area, 96, accuracy: 0.05)
    // Round caps: a disc of radius 2 in all, π·4 ≈ 12.566 px², its arc's
    // points set so that the chords lose nothing on the whole.
    let round = stroke(line, width: 4, cap: Int32(ANIM_CAP_ROUND))
    XCTAssertEqual(round.area, 80 + Double.pi * 4, accuracy: 0.1)
  }

  func testASquareRingMitredAndBevelled() {
    // A 20 × 20 square stroked 4 wide, its corners on whole pixels: the
    // ring between the squares 24 and 16 across.
    let square: [Step] = [
      .move(10, 10, closed: true), .line(30, 10), .line(30, 30), .line(10, 30), .close,
    ]
    let mitred = stroke(square, width: 4)
    XCTAssertEqual(mitred.area, 320, accuracy: 0.05)  // 24² − 16²
    XCTAssertEqual(mitred.rows[8][8], 255)  // the corner itself
    XCTAssertEqual(mitred.rows[12][12], 0)  // inside the ring
    XCTAssertFalse(mitred.overlaps)
    // Bevelled: each outer corner loses a right triangle of legs 2 (2 px²).
    let bevelled = stroke(square, width: 4, join: Int32(ANIM_JOIN_BEVEL))
    XCTAssertEqual(bevelled.area, 312, accuracy: 0.05)
    // Round: a quarter disc of radius 2 at each corner instead of the
    // square: 4 × (4 − π) less.
    let rounded = stroke(square, width: 4, join: Int32(ANIM_JOIN_ROUND))
    let roundLoss: Double = 4 * (4 - Double.pi)
    XCTAssertEqual(rounded.area, 320 - roundLoss, accuracy: 0.1)
  }

  func testACubicWhoseControlsLieOnItsEndsStrokesAsItsLine() {
    // A Lottie vertex without tangents: a cubic whose controls are its
    // ends is the line, stroked as one (the same bytes, joins and caps),
    // not as the many collinear pieces its parameter's steps would give.
    let corners = [(9.3, 10.2), (30.6, 12.1), (27.4, 31.5), (8.8, 28.7)]
    var lines: [Step] = [.move(corners[0].0, corners[0].1, closed: false)]
    var cubics = lines
    for k in 1..<corners.count {
      let (a, b) = (corners[k - 1], corners[k])
      lines.append(.line(b.0, b.1))
      cubics.append(.curve(a.0, a.1, b.0, b.1, b.0, b.1))
    }
    for (cap, join) in [
      (ANIM_CAP_BUTT, ANIM_JOIN_MITER), (ANIM_CAP_ROUND, ANIM_JOIN_ROUND),
      (ANIM_CAP_SQUARE, ANIM_JOIN_BEVEL),
    ] {
      let line = stroke(lines, width: 3, cap: Int32(cap), join: Int32(join))
      let cubic = stroke(cubics, width: 3, cap: Int32(cap), join: Int32(join))
      XCTAssertEqual(cubic.rows, line.rows)
      XCTAssertFalse(cubic.overlaps)
    }
  }

  func testDashesCoverTheirLengths() {
    // 5 on, 3 off along 40: on over 0–5, 8–13, 16–21, 24–29, 32–37.
    let line: [Step] = [.move(0, 20, closed: false), .line(40, 20)]
    let dashed = stroke(line, width: 2, dash: [5, 3])
    XCTAssertEqual(dashed.area, 25 * 2, accuracy: 0.05)
    XCTAssertEqual(dashed.rows[19].map { $0 == 255 }, (0..<40).map { $0 % 8 < 5 })
    // Started 4 into the pattern: on over 0–1, 4–9, 12–17, 20–25, 28–33, 36–40.
    let shifted = stroke(line, width: 2, dash: [5, 3], phase: 4)
    XCTAssertEqual(shifted.rows[19].map { $0 == 255 }, (0..<40).map { ($0 + 4) % 8 < 5 })
    // Dashes of no length with round caps: dots, each a disc of radius 1
    // (at 2, 12, 22 and 32).
    let dots = stroke(
      [.move(2, 20, closed: false), .line(38, 20)], width: 2, cap: Int32(ANIM_CAP_ROUND),
      dash: [0, 10])
    XCTAssertEqual(dots.area, 4 * Double.pi, accuracy: 0.1)
  }

  func testARingsLastDashRunsIntoItsFirst() {
    // A 20 × 20 square, perimeter 80, dashes 50 on and 10 off: on over
    // 0–50 and 60–80, and the last dash, ending at the start, goes on into
    // the first: one dash round the corner at (10, 10), mitred, not two
    // butt ends.
    let square: [Step] = [
      .move(10, 10, closed: true), .line(30, 10), .line(30, 30), .line(10, 30), .close,
    ]
    let dashed = stroke(square, width: 4, dash: [50, 10])
    XCTAssertEqual(dashed.rows[8][8], 255)
    XCTAssertEqual(dashed.rows[9][9], 255)
    // A mitred right angle adds as much outside as its lines overlap
    // inside: 70 units on, 4 wide (butt ends would leave the corner's
    // 2 × 2 square out: 276).
    XCTAssertEqual(dashed.area, 70 * 4, accuracy: 0.1)
    // 30 on and 10 off from 20 in: on over 0–10, 20–50 and 60–80, the
    // last running into the first round the corner at the start.
    let shifted = stroke(square, width: 4, dash: [30, 10], phase: 20)
    XCTAssertEqual(shifted.rows[8][8], 255)
    XCTAssertEqual(shifted.area, 60 * 4, accuracy: 0.1)
  }

  func testASquashedViewStrokesWithAnEllipticalPen() {
    // Width 2 in the view's units, x scaled 3: a line along x is 2 px
    // thick, one along y 6.
    let squashed: [Double] = [3, 0, 0, 1, 0, 0]
    let across = stroke([.move(2, 10, closed: false), .line(10, 10)], width: 2, matrix: squashed)
    XCTAssertEqual(across.area, 24 * 2, accuracy: 0.05)
    let down = stroke([.move(5, 10, closed: false), .line(5, 30)], width: 2, matrix: squashed)
    XCTAssertEqual(down.area, 6 * 20, accuracy: 0.05)
    XCTAssertEqual(down.rows[20][12], 255)
    XCTAssertEqual(down.rows[20][17], 255)
    XCTAssertEqual(down.rows[20][18], 0)
  }

  func testACurvesStrokeIsItsLengthTimesTheWidth() {
    // A quarter circle of radius 15 (a cubic within 0.03 % of it), 3 wide:
    // length × width = 7.5π · 3.
    let k = 0.5522847498 * 15
    let quarter = stroke(
      [.move(5, 20, closed: false), .curve(5, 20 - k, 20 - k, 5, 20, 5)], width: 3)
    XCTAssertEqual(quarter.area, 7.5 * Double.pi * 3, accuracy: 0.25)
    XCTAssertFalse(quarter.overlaps)
  }

  func testZeroLengthSubpathsAreDotsOnlyWithCaps() {
    let point: [Step] = [.move(20, 20, closed: false), .line(20, 20)]
    XCTAssertEqual(stroke(point, width: 6).area, 0)
    XCTAssertEqual(
      stroke(point, width: 6, cap: Int32(ANIM_CAP_ROUND)).area, 9 * Double.pi, accuracy: 0.1)
    XCTAssertEqual(stroke(point, width: 6, cap: Int32(ANIM_CAP_SQUARE)).area, 36, accuracy: 0.05)
  }

  func testLinesFoldingBackAreLeftToAnotherStroker() {
    // Two 25-unit lines 4.6° apart, bevelled past the miter limit: their
    // polygons overlap along all of their length.
    let fold = stroke([.move(19, 30, closed: false), .line(20, 5), .line(21, 30)], width: 4)
    XCTAssertTrue(fold.overlaps)
    // A corner whose lines reach past the inner corner does not.
    let corner = stroke([.move(10, 30, closed: false), .line(20, 5), .line(30, 30)], width: 4)
    XCTAssertFalse(corner.overlaps)
    // A zigzag of lines 2.5 long (each fold shorter than 4 pixels): the
    // third overlaps the first as well as the second, more than pairs
    // taken off can count.
    let zigzag = stroke(
      [.move(10, 20, closed: false), .line(12.5, 20), .line(10, 20.5), .line(12.5, 21)], width: 3)
    XCTAssertTrue(zigzag.overlaps)
    // One fold of that size: the two lines' overlap is taken off, and
    // anim's raster keeps the stroke.
    let fold2 = stroke(
      [.move(10, 20, closed: false), .line(12.5, 20), .line(10, 20.5)], width: 3)
    XCTAssertFalse(fold2.overlaps)
    // Skia, 16 × 16 samples a pixel, strokes the same lines over 8.762 px².
    XCTAssertEqual(fold2.area, 8.762, accuracy: 0.05)
  }

  func testLinesOverlappingAtAJoinCountOnce() {
    // A corner whose second line is too short to reach the inner corner
    // (0.5 of the 2 it needs), going on straight (as a curve drawn as a
    // straight line is cut): the two lines' rectangles overlap in a 2 × 2
    // square, off the pixel grid, which must count once. Bevelled:
    // 20 × 4 + 15 × 4 − 2 × 2 + the bevel's 2.
    let o = 0.3
    let split = stroke(
      [
        .move(10 + o, 20 + o, closed: false), .line(30 + o, 20 + o), .line(30 + o, 20.5 + o),
        .line(30 + o, 35 + o),
      ], width: 4, join: Int32(ANIM_JOIN_BEVEL))
    XCTAssertEqual(split.area, 138, accuracy: 0.2)
    let whole = stroke(
      [.move(10 + o, 20 + o, closed: false), .line(30 + o, 20 + o), .line(30 + o, 35 + o)],
      width: 4, join: Int32(ANIM_JOIN_BEVEL))
    XCTAssertEqual(whole.area, split.area, accuracy: 0.01)
    for y in 0..<40 {
      for x in 0..<40 {
        XCTAssertEqual(Int(split.rows[y][x]), Int(whole.rows[y][x]), accuracy: 1, "(\(x), \(y))")
      }
    }
    // A ring whose first corner has a short line in it (0.4 of the 2 the
    // join needs), and whose last join moves the first line's start: the
    // same pixels as the square ring without it.
    let square: [Step] = [
      .move(10 + o, 10 + o, closed: true), .line(30 + o, 10 + o), .line(30 + o, 30 + o),
      .line(10 + o, 30 + o), .close,
    ]
    let notched: [Step] = [
      .move(10 + o, 10 + o, closed: true), .line(30 + o, 10 + o), .line(30 + o, 10.4 + o),
      .line(30 + o, 30 + o), .line(10 + o, 30 + o), .close,
    ]
    let ring = stroke(square, width: 4)
    let notchedRing = stroke(notched, width: 4)
    XCTAssertEqual(ring.area, 320, accuracy: 0.3)
    XCTAssertEqual(notchedRing.area, ring.area, accuracy: 0.01)
    for y in 0..<40 {
      for x in 0..<40 {
        XCTAssertEqual(
          Int(notchedRing.rows[y][x]), Int(ring.rows[y][x]), accuracy: 1, "(\(x), \(y))")
      }
    }
    // The same ring started at each of its corners: the same pixels.
    let corners = [(10.0, 10.0), (30.0, 10.0), (30.0, 10.4), (30.0, 30.0), (10.0, 30.0)]
    for k in 1..<corners.count {
      let turned = (0..<corners.count).map { corners[($0 + k) % corners.count] }
      let steps: [Step] =
        [.move(turned[0].0 + o, turned[0].1 + o, closed: true)]
        + turned.dropFirst().map { .line($0.0 + o, $0.1 + o) } + [.close]
      let started = stroke(steps, width: 4)
      XCTAssertFalse(started.overlaps)
      XCTAssertEqual(started.area, ring.area, accuracy: 0.1, "from corner \(k)")
      for y in 0..<40 {
        for x in 0..<40 {
          XCTAssertEqual(
            Int(started.rows[y][x]), Int(ring.rows[y][x]), accuracy: 1, "(\(x), \(y)) from \(k)")
        }
      }
    }
    // A straight line drawn as a curve (its controls at its ends, so that
    // its first pieces are short) after a sharp turn, as in lottie-ios'
    // settings_slider: the same pixels as the line.
    let curved = stroke(
      [
        .move(10 + o, 10 + o, closed: false), .line(30 + o, 12 + o),
        .curve(30 + o, 12 + o, 14 + o, 34 + o, 14 + o, 34 + o),
      ], width: 3,
      join: Int32(ANIM_JOIN_ROUND))
    let straight = stroke(
      [.move(10 + o, 10 + o, closed: false), .line(30 + o, 12 + o), .line(14 + o, 34 + o)],
      width: 3, join: Int32(ANIM_JOIN_ROUND))
    XCTAssertFalse(curved.overlaps)
    XCTAssertEqual(curved.area, straight.area, accuracy: 0.05)
    for y in 0..<40 {
      for x in 0..<40 {
        XCTAssertEqual(
          Int(curved.rows[y][x]), Int(straight.rows[y][x]), accuracy: 2, "(\(x), \(y))")
      }
    }
  }

  func testACurvesEndsAreSquareToTheCurve() {
    // A quarter circle of radius 20 about (30, 30), stroked 8 wide with
    // butt ends: it leaves (10, 30) going straight up and reaches (30, 10)
    // going right, so its ends are the rows and the columns of whole
    // pixels there, not square to its first and last lines (which lean
    // by a few degrees, and move the ends' corners by a quarter pixel).
    let k = 20 * 0.5523
    let arc = stroke(
      [.move(10, 30, closed: false), .curve(10, 30 - k, 30 - k, 10, 30, 10)], width: 8)
    // (The outer circle, of radius 24, leaves a sliver of pixel 6.)
    for x in 6..<14 {
      if x > 6 { XCTAssertEqual(arc.rows[29][x], 255, "(\(x), 29)") }
      XCTAssertEqual(arc.rows[30][x], 0, "(\(x), 30)")
    }
    for y in 6..<14 {
      if y > 6 { XCTAssertEqual(arc.rows[y][29], 255, "(29, \(y))") }
      XCTAssertEqual(arc.rows[y][30], 0, "(30, \(y))")
    }
    // Backwards, and dashed so that a dash ends mid-curve: the curve's
    // own ends are still square to it.
    let back = stroke(
      [.move(30, 10, closed: false), .curve(30 - k, 10, 10, 30 - k, 10, 30)], width: 8,
      dash: [12, 4])
    for x in 6..<14 { XCTAssertEqual(back.rows[30][x], 0, "(\(x), 30)") }
    for y in 6..<14 { XCTAssertEqual(back.rows[y][30], 0, "(30, \(y))") }
  }

  func testRoundCappedPiecesMeetingGoOnAsOne() {
    // A trim running past a closed outline's start is two pieces, the
    // second starting where the first stops: with round caps, what they
    // draw together is one stroke joined round there (each cap lies over
    // the other's line, and would count twice at its edge pixels).
    let o = 0.3
    let pieces = stroke(
      [
        .move(10 + o, 10 + o, closed: false), .line(30 + o, 10 + o),
        .move(30 + o, 10 + o, closed: false), .line(30 + o, 30 + o),
      ], width: 6,
      cap: Int32(ANIM_CAP_ROUND))
    let one = stroke(
      [.move(10 + o, 10 + o, closed: false), .line(30 + o, 10 + o), .line(30 + o, 30 + o)],
      width: 6, cap: Int32(ANIM_CAP_ROUND), join: Int32(ANIM_JOIN_ROUND))
    XCTAssertEqual(pieces.rows, one.rows)
    // 2 × 20 × 6 − the 3 × 3 square counted twice at the corner + a
    // quarter disc outside it + two half discs at the ends.
    XCTAssertEqual(one.area, 240 - 9 + Double.pi * 9 / 4 + Double.pi * 9, accuracy: 0.2)
    // Butt caps, or a gap between the pieces: two pieces, as before.
    let butt = stroke(
      [
        .move(10 + o, 10 + o, closed: false), .line(30 + o, 10 + o),
        .move(30 + o, 10 + o, closed: false), .line(30 + o, 30 + o),
      ], width: 6)
    XCTAssertEqual(butt.rows[8][31], 0)  // no join outside the corner
    XCTAssertEqual(one.rows[8][31], 255)
    let apart = stroke(
      [
        .move(10 + o, 10 + o, closed: false), .line(30 + o, 10 + o),
        .move(30 + o, 20 + o, closed: false), .line(30 + o, 30 + o),
      ], width: 6, cap: Int32(ANIM_CAP_ROUND))
    XCTAssertEqual(apart.area, 20 * 6 + 10 * 6 + 2 * Double.pi * 9, accuracy: 0.2)
  }

  func testEdgesOfTheInput() {
    let line: [Step] = [.move(5, 20, closed: false), .line(35, 20)]
    // No width, or a width below every double's step: nothing.
    XCTAssertEqual(stroke(line, width: 0).area, 0)
    XCTAssertEqual(stroke(line, width: 1e-320, cap: Int32(ANIM_CAP_ROUND)).area, 0)
    // Wider than the canvas: every pixel the line's ends span, whole.
    let wide = stroke(line, width: 1e6)
    XCTAssertEqual(wide.rows[0][5], 255)
    XCTAssertEqual(wide.rows[39][34], 255)
    XCTAssertEqual(wide.rows[0][4], 0)
    // NaN and infinite points are passed over: the line goes on from the
    // last finite one (the canvas hands the stroker finite outlines only,
    // DeviceClip).
    let broken = stroke(
      [.move(5, 20, closed: false), .line(.nan, 3), .line(35, 20), .line(.infinity, 20)],
      width: 2)
    XCTAssertEqual(broken.area, 60, accuracy: 0.05)
    // A curve cut into its most lines (4 096) strokes as a curve.
    let tight = stroke(
      [.move(0, 0, closed: false), .curve(1e6, 0, -1e6, 40, 40, 40)], width: 1,
      matrix: [1, 0, 0, 1, 0, 0])
    XCTAssertGreaterThan(tight.area, 0)
  }
}
