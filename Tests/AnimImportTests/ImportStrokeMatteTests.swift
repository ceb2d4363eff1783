import AnimEngine
import XCTest

@testable import AnimImport

private typealias H = ImportHarness

/// A track matte's strokes (SPEC §25.1): ``StrokeOutline``'s pieces and the
/// clip they make.
final class ImportStrokeMatteTests: XCTestCase {
  private static func line(_ points: [OutlinePoint], closed: Bool = false) -> BezierPath {
    BezierPath(
      vertices: points, inTangents: points.map { _ in .zero },
      outTangents: points.map { _ in .zero }, closed: closed)
  }

  /// The winding number of the pieces about `p` (straight pieces only, or
  /// a disc's chords): what the non-zero rule fills where it is not 0.
  private static func covered(_ pieces: [BezierPath], _ p: OutlinePoint) -> Bool {
    pieces.contains { piece in
      // Inside a convex clockwise polygon or disc (sampled along its
      // segments): on the same side of every edge.
      var points: [OutlinePoint] = []
      for (p0, c1, c2, p3) in piece.segments {
        for step in 0..<8 {
          let t = Double(step) / 8
          let u = 1 - t
          points.append(
            p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p3 * (t * t * t))
        }
      }
      var sign = 0.0
      for k in points.indices {
        let (a, b) = (points[k], points[(k + 1) % points.count])
        let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
        if cross == 0 { continue }
        if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
      }
      return true
    }
  }

  func testAButtCappedLineIsOneRectangleHalfTheWidthEachSide() {
    let pieces = StrokeOutline.pieces(
      Self.line([OutlinePoint(0, 0), OutlinePoint(100, 0)]), width: 10, cap: 1, join: 1,
      miterLimit: 4)
    XCTAssertEqual(pieces.count, 1)
    XCTAssertEqual(
      Set(pieces[0].vertices.map { [$0.x, $0.y] }), [[0, 5], [100, 5], [100, -5], [0, -5]])
    // Clockwise on screen, as every clip part is turned.
    XCTAssertGreaterThanOrEqual(pieces[0].signedArea, 0)
  }

  func testCapsReachHalfAWidthPastTheEnds() {
    let segment = Self.line([OutlinePoint(0, 0), OutlinePoint(100, 0)])
    let round = StrokeOutline.pieces(segment, width: 10, cap: 2, join: 1, miterLimit: 4)
    XCTAssertTrue(Self.covered(round, OutlinePoint(-4, 0)))
    XCTAssertFalse(Self.covered(round, OutlinePoint(-4, 4)))
    let square = StrokeOutline.pieces(segment, width: 10, cap: 3, join: 1, miterLimit: 4)
    XCTAssertTrue(Self.covered(square, OutlinePoint(-4, 4)))
    XCTAssertTrue(Self.covered(square, OutlinePoint(104, -4)))
    XCTAssertFalse(Self.covered(square, OutlinePoint(106, 0)))
  }

  func testJoinsFillTheOuterCornerAsTheJoinSays() {
    // A right angle at (100, 0): the outer corner (105, -5) is the miter's
    // tip (ratio √2 within 4); a bevel leaves it out; a round join covers
    // (103, -3) but not the tip.
    let corner = Self.line([OutlinePoint(0, 0), OutlinePoint(100, 0), OutlinePoint(100, 100)])
    let miter = StrokeOutline.pieces(corner, width: 10, cap: 1, join: 1, miterLimit: 4)
    XCTAssertTrue(Self.covered(miter, OutlinePoint(104.5, -4.5)))
    let bevel = StrokeOutline.pieces(corner, width: 10, cap: 1, join: 3, miterLimit: 4)
    XCTAssertFalse(Self.covered(bevel, OutlinePoint(104.5, -4.5)))
    XCTAssertTrue(Self.covered(bevel, OutlinePoint(102, -2)))
    let round = StrokeOutline.pieces(corner, width: 10, cap: 1, join: 2, miterLimit: 4)
    XCTAssertTrue(Self.covered(round, OutlinePoint(103, -3)))
    XCTAssertFalse(Self.covered(round, OutlinePoint(104.5, -4.5)))
    // Past the limit (1.2 < √2) a miter is a bevel.
    let limited = StrokeOutline.pieces(corner, width: 10, cap: 1, join: 1, miterLimit: 1.2)
    XCTAssertFalse(Self.covered(limited, OutlinePoint(104.5, -4.5)))
    // The inside of the corner is not filled past the stroke.
    XCTAssertFalse(Self.covered(miter, OutlinePoint(90, 10)))
  }

  func testEdgeWidthsAndPathsDrawNothingOrStayBounded() {
    let segment = Self.line([OutlinePoint(0, 0), OutlinePoint(100, 0)])
    for width in [0, -5, Double.nan, Double.infinity] {
      XCTAssertEqual(
        StrokeOutline.pieces(segment, width: width, cap: 2, join: 2, miterLimit: 4).count, 0)
    }
    // A lone point: a dot with round caps, nothing otherwise.
    let point = Self.line([OutlinePoint(5, 5)])
    XCTAssertEqual(StrokeOutline.pieces(point, width: 4, cap: 2, join: 1, miterLimit: 4).count, 1)
    XCTAssertEqual(StrokeOutline.pieces(point, width: 4, cap: 1, join: 1, miterLimit: 4).count, 0)
    // A curve of huge reach is cut into at most 64 pieces a segment.
    let curve = BezierPath(
      vertices: [OutlinePoint(0, 0), OutlinePoint(1e300, 0)],
      inTangents: [.zero, OutlinePoint(0, 1e300)], outTangents: [OutlinePoint(0, 1e300), .zero],
      closed: false)
    XCTAssertLessThanOrEqual(
      StrokeOutline.pieces(curve, width: 1, cap: 1, join: 1, miterLimit: 4).count, 64 * 2 + 2)
  }

  func testATrimmedStrokeAsAMatteIsItsOutlineAtEveryFrame() throws {
    // lottie-android's MatteTimeStretchLine: a line drawn on by trim paths
    // (end 0 → 100 % over frames 0–30) mattes a rectangle.
    let line =
      #"{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[10, 50], [190, 50]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
    let trim =
      #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [100]}]}, "o": {"a": 0, "k": 0}, "m": 1}"#
    let stroke =
      #"{"ty": "st", "c": {"a": 0, "k": [1, 1, 1, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 10}, "lc": 1, "lj": 1, "ml": 4}"#
    let matte = H.shapeLayer("Line", shapes: [line, trim, stroke], extra: #", "td": 1"#)
    let body = H.shapeLayer("Body", extra: #", "tt": 1"#)
    let result = try H.importing(H.document([matte, body]))
    XCTAssertEqual(result.notes, [])
    // The clip morphs frame by frame, one morph a frame for 30 frames;
    // at frame 15 it is the rectangle from x 10 to 100, y 45 to 55.
    XCTAssertTrue(result.script.contains("clip: true"), result.script)
    XCTAssertEqual(result.script.components(separatedBy: "morph(to: ").count - 1, 30)
    let frame15 = result.script.split(separator: "\n").first { $0.contains("_key_16(d: ") }
    XCTAssertTrue(
      frame15?.contains(
        #"d: "M10 55 C10 55 10 45 10 45 C10 45 100 45 100 45 C100 45 100 55 100 55 C100 55 10 55 10 55 Z""#
      ) ?? false,
      "\(frame15 ?? "")")
    _ = H.run(result.script, then: "step to 0.5")
  }

  func testAnInvertedMattesStrokesAreNotedAndLeftOut() throws {
    // The outside of overlapping pieces would leave holes where they
    // overlap (winding 2 − 1): an inverted matte's strokes stay noted.
    let line =
      #"{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[10, 50], [190, 50]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
    let stroke =
      #"{"ty": "st", "c": {"a": 0, "k": [1, 1, 1, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 10}, "lc": 2, "lj": 2}"#
    let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 1, 1, 1]}, "o": {"a": 0, "k": 100}}"#
    let matte = H.shapeLayer("Line", shapes: H.dot + [line, stroke, fill], extra: #", "td": 1"#)
    let body = H.shapeLayer("Body", extra: #", "tt": 2"#)
    let result = try H.importing(H.document([matte, body]))
    XCTAssertEqual(
      result.notes.map(\.description),
      ["/layers/0/shapes/3: a matte's stroke or gradient is not part of its clip"])
  }
}
