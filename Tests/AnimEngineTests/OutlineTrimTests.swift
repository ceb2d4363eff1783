import XCTest

@testable import AnimEngine

/// Arc lengths (against scipy's quad over the Bézier derivative, run apart
/// from anim) and trimmed pieces (SPEC §16.3).
final class OutlineTrimTests: XCTestCase {
  func testCubicLengthsMatchAnIndependentQuadrature() {
    // scipy.integrate.quad(|B'(t)|, 0, 1, epsrel=1e-13).
    let a = Bezier(
      OutlinePoint(0, 0), OutlinePoint(10, 80), OutlinePoint(200, 30), OutlinePoint(220, -50))
    XCTAssertEqual(a.length(), 274.45281812603434, accuracy: 274.45 * 1e-9)
    // A curve with a cusp.
    let cusp = Bezier(
      OutlinePoint(0, 0), OutlinePoint(100, 100), OutlinePoint(0, 100), OutlinePoint(100, 0))
    XCTAssertEqual(cusp.length(), 182.842712474619, accuracy: 182.84 * 1e-9)
    // A κ quarter arc of radius 50; the κ circle's length is four of them.
    let quarter = Outline.ellipse(width: 100, height: 100).subpaths[0].beziers[0]
    XCTAssertEqual(quarter.length(), 78.54280899519317, accuracy: 78.5 * 1e-9)
    XCTAssertEqual(
      Outline.ellipse(width: 100, height: 100).length, 314.1712359807727, accuracy: 314 * 1e-9)
    // Lines are exact.
    XCTAssertEqual(Outline.rectangle(width: 30, height: 40).length, 140, accuracy: 140 * 1e-12)
    XCTAssertEqual(Bezier(.zero, .zero, .zero, .zero).length(), 0)
  }

  func testParameterAtLengthInvertsTheLength() {
    let a = Bezier(
      OutlinePoint(0, 0), OutlinePoint(10, 80), OutlinePoint(200, 30), OutlinePoint(220, -50))
    let total = a.length()
    for fraction in [0.0, 0.1, 0.25, 0.5, 0.9, 1.0] {
      let t = a.parameter(atLength: fraction * total, total: total)
      XCTAssertEqual(a.length(to: t), fraction * total, accuracy: total * 1e-9, "\(fraction)")
    }
    let cusp = Bezier(
      OutlinePoint(0, 0), OutlinePoint(100, 100), OutlinePoint(0, 100), OutlinePoint(100, 0))
    let t = cusp.parameter(atLength: cusp.length() / 2, total: cusp.length())
    XCTAssertEqual(t, 0.5, accuracy: 1e-9)
  }

  func testPointAtLengthWalksSubpathsInOrder() throws {
    let o = try PathDataParser.parse("M0 0 L100 0 M0 10 L100 10")
    XCTAssertEqual(o.length, 200, accuracy: 200 * 1e-12)
    assertPoint(o.point(atLength: 150)!, OutlinePoint(50, 10), accuracy: 1e-9)
    assertPoint(o.point(atLength: 1000)!, OutlinePoint(100, 10))
    XCTAssertNil(Outline.empty.point(atLength: 0))
  }

  func testTrimOfARectangleFollowsItsEdgesClockwise() {
    let square = Outline.rectangle(width: 100, height: 100)
    let top = onlySubpath(square.trimmed(start: 0, end: 0.25, offset: 0))
    XCTAssertFalse(top.isClosed)
    XCTAssertEqual(top.start, OutlinePoint(0, 0))
    assertPoint(top.end, OutlinePoint(100, 0), accuracy: 1e-9)
    let middle = onlySubpath(square.trimmed(start: 0.125, end: 0.375, offset: 0))
    assertPoint(middle.start, OutlinePoint(50, 0), accuracy: 1e-9)
    XCTAssertEqual(middle.segments.count, 2)
    assertPoint(middle.segments[0].end, OutlinePoint(100, 0), accuracy: 1e-9)
    assertPoint(middle.end, OutlinePoint(100, 50), accuracy: 1e-9)
    // Start > end is the same piece.
    XCTAssertEqual(
      square.trimmed(start: 0.375, end: 0.125, offset: 0),
      square.trimmed(start: 0.125, end: 0.375, offset: 0))
  }

  func testAPiecePastTheEndContinuesFromTheStart() {
    let square = Outline.rectangle(width: 100, height: 100)
    // From 0.875 (the middle of the left edge) for half the length.
    let wrapped = square.trimmed(start: 0, end: 0.5, offset: 0.875)
    XCTAssertEqual(wrapped.subpaths.count, 2)
    let first = wrapped.subpaths[0]
    let second = wrapped.subpaths[1]
    assertPoint(first.start, OutlinePoint(0, 50), accuracy: 1e-9)
    XCTAssertEqual(first.end, OutlinePoint(0, 0))
    XCTAssertEqual(second.start, OutlinePoint(0, 0))
    assertPoint(second.end, OutlinePoint(100, 50), accuracy: 1e-9)
    XCTAssertFalse(first.isClosed || second.isClosed)
    XCTAssertEqual(wrapped.length, 200, accuracy: 1e-9)
    // A negative offset wraps the other way: 0.75…1 is the left edge.
    let left = onlySubpath(square.trimmed(start: 0, end: 0.25, offset: -0.25))
    assertPoint(left.start, OutlinePoint(0, 100), accuracy: 1e-9)
    assertPoint(left.end, OutlinePoint(0, 0), accuracy: 1e-9)
    // Offsets are taken modulo 1.
    XCTAssertEqual(
      square.trimmed(start: 0, end: 0.25, offset: 2.75),
      square.trimmed(start: 0, end: 0.25, offset: -0.25))
  }

  func testWholeAndEmptyTrims() {
    let ellipse = Outline.ellipse(width: 80, height: 40)
    XCTAssertEqual(ellipse.trimmed(start: 0, end: 1, offset: 0.3), ellipse)
    // s and e are clamped first: an overshoot strokes the whole outline once.
    XCTAssertEqual(ellipse.trimmed(start: -0.2, end: 1.4, offset: 0.3), ellipse)
    XCTAssertEqual(ellipse.trimmed(start: 0.4, end: 0.4, offset: 0), .empty)
    XCTAssertEqual(ellipse.trimmed(start: 1.3, end: 1.1, offset: 0), .empty)
    XCTAssertEqual(
      Outline.rectangle(width: 0, height: 0).trimmed(start: 0, end: 0.5, offset: 0), .empty)
  }

  func testTrimOfAnEllipseMeasuresArcLength() {
    let circle = Outline.ellipse(width: 100, height: 100)
    // A quarter of the length ends at 3 o'clock (the quarters are equal).
    let quarter = onlySubpath(circle.trimmed(start: 0, end: 0.25, offset: 0))
    assertPoint(quarter.end, OutlinePoint(100, 50), accuracy: 1e-7)
    // An eighth ends where the first quarter arc's length is halved, which by
    // symmetry is its parameter ½.
    let eighth = onlySubpath(circle.trimmed(start: 0, end: 0.125, offset: 0))
    let halfway = circle.subpaths[0].beziers[0].point(at: 0.5)
    assertPoint(eighth.end, halfway, accuracy: 1e-7)
    XCTAssertEqual(
      circle.trimmed(start: 0.1, end: 0.35, offset: 0.5).length, 0.25 * circle.length,
      accuracy: 1e-7)
  }

  func testTrimAcrossSubpaths() throws {
    let o = try PathDataParser.parse("M0 0 L100 0 M0 10 L100 10")
    let piece = o.trimmed(start: 0.25, end: 0.75, offset: 0)
    XCTAssertEqual(piece.subpaths.count, 2)
    assertPoint(piece.subpaths[0].start, OutlinePoint(50, 0), accuracy: 1e-9)
    XCTAssertEqual(piece.subpaths[0].end, OutlinePoint(100, 0))
    XCTAssertEqual(piece.subpaths[1].start, OutlinePoint(0, 10))
    assertPoint(piece.subpaths[1].end, OutlinePoint(50, 10), accuracy: 1e-9)
    // A closed subpath wholly inside the piece stays closed.
    let two = try PathDataParser.parse("M0 0 H10 V10 H0 Z M20 0 H60")
    let most = two.trimmed(start: 0, end: 0.9, offset: 0)
    XCTAssertTrue(most.subpaths[0].isClosed)
    XCTAssertFalse(most.subpaths[1].isClosed)
  }

  func testSplitIsExactDeCasteljau() {
    let a = Bezier(
      OutlinePoint(0, 0), OutlinePoint(10, 80), OutlinePoint(200, 30), OutlinePoint(220, -50))
    let (left, right) = a.split(at: 0.3)
    XCTAssertEqual(left.p0, a.p0)
    XCTAssertEqual(right.p3, a.p3)
    XCTAssertEqual(left.p3, right.p0)
    assertPoint(left.p3, a.point(at: 0.3), accuracy: 1e-12)
    assertPoint(left.point(at: 0.5), a.point(at: 0.15), accuracy: 1e-12)
    assertPoint(a.piece(from: 0.2, to: 0.6).point(at: 0.5), a.point(at: 0.4), accuracy: 1e-12)
  }
}

/// Measuring once and trimming many times; straight lines without quadrature.
final class OutlineMeasureTests: XCTestCase {
  func testStraightLinesAreMeasuredExactly() {
    let line = Bezier(
      OutlinePoint(0, 0), OutlinePoint(1, 4.0 / 3), OutlinePoint(2, 8.0 / 3), OutlinePoint(3, 4))
    XCTAssertTrue(line.isUniformLine)
    XCTAssertEqual(line.length(), 5)
    XCTAssertEqual(line.length(to: 0.5), 2.5)
    XCTAssertEqual(line.parameter(atLength: 1, total: 5), 0.2)
    // The same line with its controls elsewhere runs at another speed.
    let uneven = Bezier(
      OutlinePoint(0, 0), OutlinePoint(0, 0), OutlinePoint(3, 4), OutlinePoint(3, 4))
    XCTAssertFalse(uneven.isUniformLine)
    XCTAssertEqual(uneven.length(), 5, accuracy: 5e-9)
    XCTAssertEqual(uneven.parameter(atLength: 2.5, total: 5), 0.5, accuracy: 1e-9)
    XCTAssertEqual(Outline.rectangle(width: 30, height: 40).length, 140)
  }

  func testAMeasuredOutlineTrimsAsTheOutlineDoes() {
    let star = Outline.star(points: 6, innerRadius: 0.4, width: 90, height: 70)
    let measured = star.measured
    XCTAssertEqual(measured.length, star.length)
    for (s, e, o) in [(0.1, 0.7, 0.0), (0.0, 0.4, 0.9), (0.9, 0.2, -0.3), (0.5, 0.5, 0.0)] {
      XCTAssertEqual(
        measured.trimmed(start: s, end: e, offset: o), star.trimmed(start: s, end: e, offset: o))
    }
  }
}

/// Pieces that start or end exactly on a vertex.
final class OutlineTrimVertexTests: XCTestCase {
  func testAPieceFromVertexToVertexHasNoSlivers() {
    let star = Outline.star(points: 5, innerRadius: 0.45, width: 100, height: 100)
    let vertices = star.subpaths[0].vertices
    for k in 0..<10 {
      for n in 1...3 {
        // Past vertex 9 the piece continues from the start (two subpaths).
        let piece = star.trimmed(start: 0, end: Double(n) / 10, offset: Double(k) / 10)
        let segments = piece.subpaths.reduce(0) { $0 + $1.segments.count }
        XCTAssertEqual(segments, n, "from vertex \(k), \(n) edges")
        assertPoint(piece.subpaths[0].start, vertices[k], accuracy: 1e-9)
      }
    }
  }
}
