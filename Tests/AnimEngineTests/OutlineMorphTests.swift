import XCTest

@testable import AnimEngine

/// Morph preparation (SPEC §16.4): equal segment counts by halving the
/// longest, the start of OTHER rotated to line up, interpolation, errors.
final class OutlineMorphTests: XCTestCase {
  func testSameCountsNeedNoSubdivisionAndTiesKeepTheSmallestRotation() throws {
    // A square against its inscribed circle: rotations 0 and 3 cost the
    // same (10000); the smaller wins.
    let pair = try MorphPair(
      target: .rectangle(width: 100, height: 100), other: .ellipse(width: 100, height: 100))
    XCTAssertEqual(pair.from.segments.count, 4)
    XCTAssertEqual(pair.to, Outline.ellipse(width: 100, height: 100).subpaths[0])
  }

  func testOthersStartIsRotatedToTheClosestVertex() throws {
    // The same diamond written from its right vertex: rotated back to the top.
    let diamond = Outline.polygon(sides: 4, width: 100, height: 100)
    let written = try PathDataParser.parse("M100 50 L50 100 L0 50 L50 0 Z")
    let pair = try MorphPair(target: diamond, other: written)
    XCTAssertEqual(pair.to.start, OutlinePoint(50, 0))
    XCTAssertEqual(ends(pair.to), ends(diamond.subpaths[0]))
    XCTAssertEqual(pair.outline(at: 0.5), diamond)
  }

  func testTheOneWithFewerSegmentsIsSubdividedLongestFirst() throws {
    // A triangle (three equal sides) into a square: its first side, the
    // earliest of the tied longest, is halved.
    let triangle = Outline.polygon(sides: 3, width: 100, height: 100)
    let pair = try MorphPair(target: triangle, other: .rectangle(width: 100, height: 100))
    XCTAssertEqual(pair.from.segments.count, 4)
    XCTAssertEqual(pair.to.segments.count, 4)
    let c = 3.0.squareRoot() / 2
    assertPoint(pair.from.segments[0].end, OutlinePoint((50 + 50 + 50 * c) / 2, 37.5))
    assertPoint(pair.from.segments[1].end, OutlinePoint(50 + 50 * c, 75))
    // A rect of 2 × 100 into an octagon: the long sides are halved first
    // (right side, then left side, then the right halves...).
    let thin = Outline.rectangle(width: 2, height: 100)
    let octagon = Outline.polygon(sides: 8, width: 100, height: 100)
    let split = try MorphPair(target: thin, other: octagon)
    let expected = [
      OutlinePoint(2, 0), OutlinePoint(2, 25), OutlinePoint(2, 50), OutlinePoint(2, 75),
      OutlinePoint(2, 100), OutlinePoint(0, 100), OutlinePoint(0, 50), OutlinePoint(0, 0),
    ]
    XCTAssertEqual(split.from.segments.count, expected.count)
    for (p, q) in zip(ends(split.from), expected) { assertPoint(p, q, accuracy: 1e-12) }
  }

  func testOthersCanBeTheOneSubdivided() throws {
    let pair = try MorphPair(
      target: .star(points: 5, innerRadius: 0.5, width: 100, height: 100),
      other: .ellipse(width: 100, height: 100))
    XCTAssertEqual(pair.to.segments.count, 10)
    // Each quarter arc of the circle is halved at least once, the first two twice.
    XCTAssertEqual(
      pair.from, Outline.star(points: 5, innerRadius: 0.5, width: 100, height: 100).subpaths[0])
  }

  func testInterpolationMovesEveryControlPointOnALine() throws {
    let a = try PathDataParser.parse("M0 0 C10 0 20 0 30 0")
    let b = try PathDataParser.parse("M0 10 C10 20 20 30 30 40")
    let pair = try MorphPair(target: a, other: b)
    let mid = onlySubpath(pair.outline(at: 0.5))
    XCTAssertEqual(mid.start, OutlinePoint(0, 5))
    XCTAssertEqual(
      mid.segments, [CubicSegment(OutlinePoint(10, 10), OutlinePoint(20, 15), OutlinePoint(30, 20))]
    )
    XCTAssertEqual(pair.outline(at: 0), a)
    XCTAssertEqual(pair.outline(at: 1), b)
    // An eased overshoot extrapolates.
    XCTAssertEqual(onlySubpath(pair.outline(at: 1.5)).start, OutlinePoint(0, 15))
    // Open outlines are never rotated.
    let reversed = try PathDataParser.parse("M30 0 L0 0")
    let open = try MorphPair(target: try PathDataParser.parse("M0 0 L30 0"), other: reversed)
    XCTAssertEqual(open.to.start, OutlinePoint(30, 0))
  }

  func testAPointGrowsIntoAShape() throws {
    let pair = try MorphPair(
      target: .rectangle(width: 0, height: 0), other: .ellipse(width: 10, height: 10))
    XCTAssertEqual(pair.from.segments.count, 4)
    XCTAssertEqual(pair.outline(at: 1), Outline.ellipse(width: 10, height: 10))
  }

  func testOutlinesThatCannotMorphSayWhy() throws {
    let two = try PathDataParser.parse("M0 0 L1 0 M2 0 L3 0")
    let open = try PathDataParser.parse("M0 0 L1 0")
    let closed = Outline.ellipse(width: 4, height: 4)
    XCTAssertThrowsError(try MorphPair(target: two, other: closed)) {
      XCTAssertEqual($0 as? MorphPair.Problem, .subpathCount(isTarget: true, count: 2))
    }
    XCTAssertThrowsError(try MorphPair(target: closed, other: two)) {
      XCTAssertEqual($0 as? MorphPair.Problem, .subpathCount(isTarget: false, count: 2))
    }
    XCTAssertThrowsError(try MorphPair(target: closed, other: .empty)) {
      XCTAssertEqual($0 as? MorphPair.Problem, .subpathCount(isTarget: false, count: 0))
    }
    XCTAssertThrowsError(try MorphPair(target: open, other: closed)) {
      XCTAssertEqual($0 as? MorphPair.Problem, .closedAndOpen(targetIsClosed: false))
    }
  }
}

/// The limits and messages of morphing.
final class OutlineMorphLimitTests: XCTestCase {
  func testMessagesNameBothViews() {
    XCTAssertEqual(
      MorphPair.message(
        for: .subpathCount(isTarget: false, count: 2), target: "dot", other: "icon"),
      "cannot morph dot into icon: icon's outline has 2 subpaths (a morph needs exactly one on each side)"
    )
    XCTAssertEqual(
      MorphPair.message(
        for: .subpathCount(isTarget: true, count: 0), target: "group", other: "star"),
      "cannot morph group into star: group has no outline (a morph needs one on each side)")
    XCTAssertEqual(
      MorphPair.message(for: .closedAndOpen(targetIsClosed: false), target: "tick", other: "ring"),
      "cannot morph tick into ring: ring's outline is closed and tick's is open")
    XCTAssertEqual(
      MorphPair.message(for: .tooManySegments(count: 20000), target: "a", other: "b"),
      "cannot morph a into b: an outline of 20000 segments is more than the 10000 a morph allows")
  }

  func testOutlinesOfTooManySegmentsAreRefused() throws {
    let many = Outline.polygon(sides: 10_001, width: 10, height: 10)
    XCTAssertThrowsError(try MorphPair(target: .ellipse(width: 1, height: 1), other: many)) {
      XCTAssertEqual($0 as? MorphPair.Problem, .tooManySegments(count: 10_001))
    }
    let most = Outline.polygon(sides: 2000, width: 10, height: 10)
    let pair = try MorphPair(target: .ellipse(width: 10, height: 10), other: most)
    XCTAssertEqual(pair.from.segments.count, 2000)
  }
}
