import AnimEngine
import XCTest

@testable import AnimImport

private typealias H = ImportHarness

/// Offset paths (`op`), mask expansion (`x`), pucker and bloat (`pb`) and
/// zig zag (`zz`, SPEC §25.1): read into the paths, moved as After Effects
/// moves them (tests/checkers/test_import_path_modifiers.py compares the
/// offsets with Skia's stroker and path operations, pucker and bloat with
/// ThorVG).
final class ImportPathModifierTests: XCTestCase {
  private static func box(closed: Bool = true) -> BezierPath {
    let v = [OutlinePoint(0, 0), OutlinePoint(100, 0), OutlinePoint(100, 40), OutlinePoint(0, 40)]
    return BezierPath(
      vertices: v, inTangents: v.map { _ in .zero }, outTangents: v.map { _ in .zero },
      closed: closed)
  }

  private static func corners(_ path: BezierPath) -> Set<[Double]> {
    Set(path.vertices.map { [$0.x, $0.y] })
  }

  func testAMiterMovesEachSideAndMeetsAtTheCorners() {
    let out = Self.box().offsetting(by: 10, join: .miter, miterLimit: 4)
    XCTAssertTrue(out.closed)
    XCTAssertEqual(Self.corners(out), [[-10, -10], [110, -10], [110, 50], [-10, 50]])
    XCTAssertEqual(out.vertices.count, 4)
    XCTAssertTrue(out.inTangents.allSatisfy { $0 == .zero })
    // The same box running the other way moves out too.
    var reversed = Self.box()
    reversed.vertices.reverse()
    XCTAssertEqual(
      Self.corners(reversed.offsetting(by: 10, join: .miter, miterLimit: 4)),
      [[-10, -10], [110, -10], [110, 50], [-10, 50]])
  }

  func testANegativeAmountMovesInAndARegionItClosesIsEmpty() {
    let inward = Self.box().offsetting(by: -5, join: .round, miterLimit: 4)
    XCTAssertEqual(Self.corners(inward), [[5, 5], [95, 5], [95, 35], [5, 35]])
    // 40 high: moved in by 20 or more, nothing is left.
    XCTAssertEqual(Self.box().offsetting(by: -20, join: .miter, miterLimit: 4).vertices, [])
    XCTAssertEqual(Self.box().offsetting(by: -1e308, join: .miter, miterLimit: 4).vertices, [])
  }

  func testAMiterPastItsLimitAndABevelCutTheCorner() {
    // A square corner's miter is √2 times the amount.
    let bevelled = Self.box().offsetting(by: 10, join: .miter, miterLimit: 1.41)
    XCTAssertEqual(bevelled.vertices.count, 8)
    XCTAssertTrue(
      Self.corners(bevelled).isSuperset(of: [[-10, 0], [0, -10], [110, 40], [100, 50]]))
    XCTAssertEqual(
      Self.corners(Self.box().offsetting(by: 10, join: .bevel, miterLimit: 4)),
      Self.corners(bevelled))
    XCTAssertEqual(Self.box().offsetting(by: 10, join: .miter, miterLimit: 1.42).vertices.count, 4)
  }

  func testARoundJoinIsAnArcWithinTheTolerance() {
    let round = Self.box().offsetting(by: 10, join: .round, miterLimit: 4)
    let corners = Self.box().vertices
    for (k, p) in round.vertices.enumerated() {
      // Each vertex is on a moved side or 10 from the corner it turns about.
      let nearest = corners.map { ($0 - p) }.map { ($0.x * $0.x + $0.y * $0.y).squareRoot() }.min()!
      XCTAssertEqual(nearest, 10, accuracy: 1e-9, "vertex \(k) \(p)")
      // The chord to the next strays at most the tolerance from the arc.
      let q = round.vertices[(k + 1) % round.vertices.count]
      let mid = (p + q) / 2
      let away = corners.map { ($0 - mid) }.map { ($0.x * $0.x + $0.y * $0.y).squareRoot() }.min()!
      XCTAssertGreaterThanOrEqual(away, 10 - BezierPath.offsetTolerance - 1e-9)
    }
    XCTAssertGreaterThan(round.vertices.count, 8)
  }

  func testAnOpenPathBecomesAStrokesOutline() {
    var line = Self.box(closed: false)
    line.vertices = [OutlinePoint(0, 0), OutlinePoint(100, 0)]
    line.inTangents = [.zero, .zero]
    line.outTangents = [.zero, .zero]
    // Butt ends under a miter: the left side forward, the right side back.
    XCTAssertEqual(
      line.offsetting(by: 5, join: .miter, miterLimit: 4).vertices,
      [OutlinePoint(0, 5), OutlinePoint(100, 5), OutlinePoint(100, -5), OutlinePoint(0, -5)])
    // A negative amount draws the same band.
    XCTAssertEqual(
      line.offsetting(by: -5, join: .bevel, miterLimit: 4).vertices,
      [OutlinePoint(0, 5), OutlinePoint(100, 5), OutlinePoint(100, -5), OutlinePoint(0, -5)])
    // Round ends: half circles beyond each end.
    let round = line.offsetting(by: 5, join: .round, miterLimit: 4)
    XCTAssertTrue(round.vertices.contains { abs($0.x - 105) < 1e-9 && abs($0.y) < 1e-9 })
    XCTAssertTrue(round.vertices.contains { abs($0.x + 5) < 1e-9 && abs($0.y) < 1e-9 })
    XCTAssertLessThanOrEqual(round.vertices.map(\.x).max()!, 105 + 1e-9)
  }

  func testNothingMovesForZeroOrNumbersThatAreNotFinite() {
    let box = Self.box()
    XCTAssertEqual(box.offsetting(by: 0, join: .miter, miterLimit: 4), box)
    XCTAssertEqual(box.offsetting(by: .infinity, join: .miter, miterLimit: 4), box)
    XCTAssertEqual(box.offsetting(by: .nan, join: .round, miterLimit: 4), box)
    var huge = box
    huge.vertices[2] = OutlinePoint(1e308, 1e308)
    huge.vertices[3] = OutlinePoint(-1e308, 1e308)
    XCTAssertEqual(huge.offsetting(by: 10, join: .round, miterLimit: 4), huge)
    // Past its bound (counted as the outline is made): nil.
    XCTAssertNil(box.offset(by: 5, join: .round, miterLimit: 4, limit: 6))
    XCTAssertEqual(box.offset(by: 5, join: .miter, miterLimit: 4, limit: 6)?.vertices.count, 4)
    let circle = ShapeGeometry.ellipse(center: [0, 0], size: [1e6, 1e6], reversed: false)
    XCTAssertNil(circle.offset(by: 1, join: .miter, miterLimit: 4, limit: 100))
    let tiny = box.offsetting(by: 1e-320, join: .miter, miterLimit: 4)
    XCTAssertEqual(tiny.vertices.count, 4)
    XCTAssertTrue(tiny.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite })
  }

  func testACurveIsFlattenedAndMovedAlongItsNormals() {
    let circle = ShapeGeometry.ellipse(center: [50, 50], size: [60, 60], reversed: false)
    let out = circle.offsetting(by: 10, join: .miter, miterLimit: 4)
    XCTAssertGreaterThan(out.vertices.count, 40)
    for p in out.vertices {
      let r = ((p.x - 50) * (p.x - 50) + (p.y - 50) * (p.y - 50)).squareRoot()
      // Lottie's circle is four cubics (0.03 % off round).
      XCTAssertEqual(r, 40, accuracy: 0.1)
    }
  }

  func testAnOffsetItemMovesTheShapesBeforeItAndIsNotNoted() throws {
    let shapes = [
      #"{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [20, 20]}}"#,
      #"{"ty": "op", "a": {"a": 0, "k": 5}, "lj": 1, "ml": {"a": 0, "k": 4}}"#,
      #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#,
    ]
    let result = try H.importing(H.document([H.shapeLayer("L", shapes: shapes)]))
    XCTAssertEqual(result.notes.map(\.message), [])
    // The 20 × 20 square about (50, 50), moved out by 5: 30 × 30.
    XCTAssertTrue(result.script.contains("35 35"), result.script)
    XCTAssertTrue(result.script.contains("65 65"), result.script)
  }

  func testModifiersOneAfterAnotherEachApply() throws {
    // Two offsets by 5 (the second through a group): 20 × 20 grows to 40 × 40.
    let op = #"{"ty": "op", "a": {"a": 0, "k": 5}, "lj": 1, "ml": {"a": 0, "k": 4}}"#
    let shapes = [
      #"{"ty": "gr", "it": [{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [20, 20]}}, "#
        + op + "]}",
      op,
      #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#,
    ]
    let result = try H.importing(H.document([H.shapeLayer("L", shapes: shapes)]))
    XCTAssertEqual(result.notes.map(\.message), [])
    XCTAssertTrue(result.script.contains("30 30"), result.script)
    XCTAssertTrue(result.script.contains("70 70"), result.script)
    // A pucker and an offset in one list: both apply, the pucker first:
    // its curves, flattened by the offset, are many sides (the offset
    // first would leave four, puckered into curves).
    let both = [
      #"{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [20, 20]}}"#,
      #"{"ty": "pb", "a": {"a": 0, "k": 50}}"#, op,
      #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#,
    ]
    let chained = try H.importing(H.document([H.shapeLayer("L", shapes: both)]))
    XCTAssertEqual(chained.notes.map(\.message), [])
    let line = chained.script.split(separator: "\n").first { $0.hasPrefix("shape ") } ?? ""
    XCTAssertGreaterThan(line.components(separatedBy: " C").count - 1, 16, String(line))
  }

  func testRoundCornersBeforeAnOffsetAreInOrderAndAfterItOrTrimsBetweenAreNoted() throws {
    let rect = #"{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [20, 20]}}"#
    let rd = #"{"ty": "rd", "r": {"a": 0, "k": 4}}"#
    let tm = #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 0}}"#
    let op = #"{"ty": "op", "a": {"a": 0, "k": 5}, "lj": 1, "ml": {"a": 0, "k": 4}}"#
    let st =
      #"{"ty": "st", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}}"#
    func notes(_ shapes: [String]) throws -> [String] {
      try H.importing(H.document([H.shapeLayer("L", shapes: shapes)])).notes.map(\.message)
    }
    XCTAssertEqual(try notes([rect, rd, op, st]), [])
    let reordered =
      "offset paths and trim paths or round corners applied in another order than the file's"
    XCTAssertEqual(try notes([rect, op, rd, st]), [reordered])
    XCTAssertEqual(try notes([rect, tm, op, st]), [reordered])
    XCTAssertEqual(try notes([rect, op, tm, st]), [])
  }

  func testAMovingMaskExpansionIsAPathAtEveryFrame() throws {
    let mask = """
      "masksProperties": [{"mode": "a", "pt": {"a": 0, "k": {"v": [[0, 0], [100, 0], [100, 40], \
      [0, 40]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]], \
      "c": true}}, "o": {"a": 0, "k": 100}, "x": {"a": 1, "k": [{"t": 0, "s": [0], \
      "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [10]}]}}]
      """
    let json = H.document([H.shapeLayer("L", extra: ", " + mask)])
    let result = try H.importing(json)
    XCTAssertEqual(result.notes.map(\.message), [])
    // Frame 5: moved out by 5 (a miter-free round corner about (0, 0)).
    XCTAssertTrue(result.script.contains("105 0"), result.script)
    XCTAssertTrue(result.script.contains("110 0"), result.script)
  }

  func testPuckerAndBloatMoveTheVerticesAndTheHandlesEndsAboutTheirCentre() {
    var box = Self.box()
    box.outTangents[0] = OutlinePoint(10, 0)
    // Centre (50, 20). Bloat 50 %: each vertex half way to it, each
    // handle's end half its distance further away.
    let bloated = box.puckered(by: 50)
    XCTAssertEqual(bloated.vertices[0], OutlinePoint(25, 10))
    XCTAssertEqual(bloated.vertices[2], OutlinePoint(75, 30))
    // (10, 0) − ((50, 20) − (10, 0)) / 2 = (−10, −10), from the moved vertex.
    XCTAssertEqual(bloated.outTangents[0], OutlinePoint(-35, -20))
    // A zero handle's end is the vertex itself: it goes the other way.
    XCTAssertEqual(bloated.inTangents[0], OutlinePoint(-50, -20))
    // Pucker −100 %: the vertices twice as far from the centre.
    XCTAssertEqual(box.puckered(by: -100).vertices[1], OutlinePoint(150, -20))
    XCTAssertEqual(box.puckered(by: 0), box)
    XCTAssertEqual(box.puckered(by: .nan), box)
    // Far but finite numbers stay; a result past doubles keeps the path.
    XCTAssertTrue(box.puckered(by: 1e308).vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    var far = box
    far.vertices[2] = OutlinePoint(1e308, 1e308)
    XCTAssertEqual(far.puckered(by: -300), far)
    let empty = BezierPath(vertices: [], inTangents: [], outTangents: [], closed: true)
    XCTAssertEqual(empty.puckered(by: 50), empty)
  }

  func testAZigZagMovesEvenStepsAndCornersToAlternateSides() throws {
    let zig = try XCTUnwrap(Self.box().zigZagged(size: 5, ridges: 1, smooth: false, limit: 100))
    // A corner and a ridge a side, and the first corner again at the end.
    XCTAssertEqual(zig.vertices.count, 9)
    // Ridges half way along each side, out of the box; corners in.
    XCTAssertEqual(zig.vertices[1], OutlinePoint(50, -5))
    XCTAssertEqual(zig.vertices[3], OutlinePoint(105, 20))
    XCTAssertEqual(zig.vertices[5], OutlinePoint(50, 45))
    // The first corner: 5 along the normal of the chord from (0, 40) to
    // (100, 0), into the box.
    let chord = OutlinePoint(100, -40) / (100 * 100 + 40 * 40).squareRoot()
    XCTAssertEqual(zig.vertices[0].x, 5 * -chord.y, accuracy: 1e-12)
    XCTAssertEqual(zig.vertices[0].y, 5 * chord.x, accuracy: 1e-12)
    XCTAssertEqual(zig.vertices[8].x, zig.vertices[0].x, accuracy: 1e-12)
    XCTAssertTrue(zig.outTangents.allSatisfy { abs($0.x) < 1e-12 && abs($0.y) < 1e-12 })
    // Smooth points: handles along the side, a quarter of a step each.
    let smooth = try XCTUnwrap(Self.box().zigZagged(size: 5, ridges: 1, smooth: true, limit: 100))
    XCTAssertEqual(smooth.outTangents[1].x, 25, accuracy: 1e-12)
    XCTAssertEqual(smooth.inTangents[1].x, -25, accuracy: 1e-12)
    // Ridges round as JavaScript rounds (2.5 is 3); none below 0.5.
    XCTAssertEqual(
      Self.box().zigZagged(size: 5, ridges: 2.5, smooth: false, limit: 100)?.vertices.count, 17)
    XCTAssertEqual(
      Self.box().zigZagged(size: 5, ridges: -3, smooth: false, limit: 100)?.vertices.count, 5)
  }

  func testAZigZagPastItsBoundIsNilAndNothingMovesForZeroOrNumbersNotFinite() {
    let box = Self.box()
    XCTAssertNil(box.zigZagged(size: 5, ridges: 1e9, smooth: false, limit: 1_000_000))
    XCTAssertNil(box.zigZagged(size: 5, ridges: 30, smooth: false, limit: 100))
    XCTAssertEqual(box.zigZagged(size: 0, ridges: 4, smooth: false, limit: 100), box)
    XCTAssertEqual(box.zigZagged(size: .nan, ridges: 4, smooth: false, limit: 100), box)
    XCTAssertEqual(box.zigZagged(size: 5, ridges: .infinity, smooth: false, limit: 100), box)
    let far = box.zigZagged(size: 1e308, ridges: 2, smooth: false, limit: 100)
    XCTAssertTrue(far?.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite } ?? false)
    // An open path's last vertex is a corner too; one vertex has no side.
    let open = Self.box(closed: false).zigZagged(size: 5, ridges: 1, smooth: false, limit: 100)
    XCTAssertEqual(open?.vertices.count, 7)
    var dot = box
    (dot.vertices, dot.inTangents, dot.outTangents, dot.closed) = ([.zero], [.zero], [.zero], false)
    XCTAssertEqual(dot.zigZagged(size: 5, ridges: 1, smooth: false, limit: 100)?.vertices, [])
  }

  func testAZigZagItemIsReadIntoThePathsAndAHugeOneIsNoted() throws {
    let rect = #"{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [20, 20]}}"#
    let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#
    let zz = { (r: String) in
      #"{"ty": "zz", "s": {"a": 0, "k": 3}, "r": {"a": 0, "k": \#(r)}, "pt": {"a": 0, "k": 1}}"#
    }
    let result = try H.importing(H.document([H.shapeLayer("L", shapes: [rect, zz("2"), fill])]))
    XCTAssertEqual(result.notes.map(\.message), [])
    // The top side's first ridge: a third along, moved 3 up (out).
    XCTAssertTrue(result.script.contains("46.6"), result.script)
    let huge = try H.importing(H.document([H.shapeLayer("L", shapes: [rect, zz("1e9"), fill])]))
    XCTAssertEqual(huge.notes.count, 1)
    XCTAssertTrue(huge.notes[0].message.hasPrefix("zig zag on a shape"), huge.notes[0].message)
  }
}
