import XCTest

@testable import AnimEngine

/// The sort functions on a 5×5 grid of 100-point cells (frame 500×500, cell
/// (r, c) centred at ((c + 0.5)·100, (r + 0.5)·100)), with `each: 0.1`.
///
/// Every expected array is worked out by hand and written row by row, in
/// member order (row-major), with the reasoning above it.
final class StaggerGridTests: XCTestCase {
  private let frame = StaggerFrame(width: 500, height: 500)
  private let grid: [SIMD2<Double>] = (0..<25).map { index in
    SIMD2(Double(index % 5) * 100 + 50, Double(index / 5) * 100 + 50)
  }

  // MARK: default

  // Member order: member i at i · 0.1.
  func testDefault() throws {
    try assertOffsets(
      .default,
      [
        0.0, 0.1, 0.2, 0.3, 0.4,
        0.5, 0.6, 0.7, 0.8, 0.9,
        1.0, 1.1, 1.2, 1.3, 1.4,
        1.5, 1.6, 1.7, 1.8, 1.9,
        2.0, 2.1, 2.2, 2.3, 2.4,
      ])
  }

  func testDefaultReversed() throws {
    try assertOffsets(
      .default, reversed: true,
      [
        2.4, 2.3, 2.2, 2.1, 2.0,
        1.9, 1.8, 1.7, 1.6, 1.5,
        1.4, 1.3, 1.2, 1.1, 1.0,
        0.9, 0.8, 0.7, 0.6, 0.5,
        0.4, 0.3, 0.2, 0.1, 0.0,
      ])
  }

  // Last member at 2: member i at i · 2/24 = i/12.
  func testDefaultTotal() throws {
    try assertOffsets(
      .default, timing: .total(2),
      [
        0.0 / 12, 1.0 / 12, 2.0 / 12, 3.0 / 12, 4.0 / 12,
        5.0 / 12, 6.0 / 12, 7.0 / 12, 8.0 / 12, 9.0 / 12,
        10.0 / 12, 11.0 / 12, 12.0 / 12, 13.0 / 12, 14.0 / 12,
        15.0 / 12, 16.0 / 12, 17.0 / 12, 18.0 / 12, 19.0 / 12,
        20.0 / 12, 21.0 / 12, 22.0 / 12, 23.0 / 12, 24.0 / 12,
      ])
  }

  // MARK: linear

  // From (250, 0): |Δy| = 50, 150, …, 450, one floor per row, so row r at r · 0.1.
  func testLinearTopToBottom() throws {
    try assertOffsets(
      .linear(.topToBottom),
      [
        0.0, 0.0, 0.0, 0.0, 0.0,
        0.1, 0.1, 0.1, 0.1, 0.1,
        0.2, 0.2, 0.2, 0.2, 0.2,
        0.3, 0.3, 0.3, 0.3, 0.3,
        0.4, 0.4, 0.4, 0.4, 0.4,
      ])
  }

  // The walk starts from the bottom row.
  func testLinearTopToBottomReversed() throws {
    try assertOffsets(
      .linear(.topToBottom), reversed: true,
      [
        0.4, 0.4, 0.4, 0.4, 0.4,
        0.3, 0.3, 0.3, 0.3, 0.3,
        0.2, 0.2, 0.2, 0.2, 0.2,
        0.1, 0.1, 0.1, 0.1, 0.1,
        0.0, 0.0, 0.0, 0.0, 0.0,
      ])
  }

  // Five groups, the last at 2: row r at r · 0.5.
  func testLinearTopToBottomTotal() throws {
    try assertOffsets(
      .linear(.topToBottom), timing: .total(2),
      [
        0.0, 0.0, 0.0, 0.0, 0.0,
        0.5, 0.5, 0.5, 0.5, 0.5,
        1.0, 1.0, 1.0, 1.0, 1.0,
        1.5, 1.5, 1.5, 1.5, 1.5,
        2.0, 2.0, 2.0, 2.0, 2.0,
      ])
  }

  func testLinearTopToBottomReversedTotal() throws {
    try assertOffsets(
      .linear(.topToBottom), reversed: true, timing: .total(2),
      [
        2.0, 2.0, 2.0, 2.0, 2.0,
        1.5, 1.5, 1.5, 1.5, 1.5,
        1.0, 1.0, 1.0, 1.0, 1.0,
        0.5, 0.5, 0.5, 0.5, 0.5,
        0.0, 0.0, 0.0, 0.0, 0.0,
      ])
  }

  // From (250, 500): the bottom row first.
  func testLinearBottomToTop() throws {
    try assertOffsets(
      .linear(.bottomToTop),
      [
        0.4, 0.4, 0.4, 0.4, 0.4,
        0.3, 0.3, 0.3, 0.3, 0.3,
        0.2, 0.2, 0.2, 0.2, 0.2,
        0.1, 0.1, 0.1, 0.1, 0.1,
        0.0, 0.0, 0.0, 0.0, 0.0,
      ])
  }

  // From (0, 250): |Δx|, so column c at c · 0.1.
  func testLinearLeftToRight() throws {
    try assertOffsets(
      .linear(.leftToRight),
      [
        0.0, 0.1, 0.2, 0.3, 0.4,
        0.0, 0.1, 0.2, 0.3, 0.4,
        0.0, 0.1, 0.2, 0.3, 0.4,
        0.0, 0.1, 0.2, 0.3, 0.4,
        0.0, 0.1, 0.2, 0.3, 0.4,
      ])
  }

  // From (500, 250): column c at (4 − c) · 0.1.
  func testLinearRightToLeft() throws {
    try assertOffsets(
      .linear(.rightToLeft),
      [
        0.4, 0.3, 0.2, 0.1, 0.0,
        0.4, 0.3, 0.2, 0.1, 0.0,
        0.4, 0.3, 0.2, 0.1, 0.0,
        0.4, 0.3, 0.2, 0.1, 0.0,
        0.4, 0.3, 0.2, 0.1, 0.0,
      ])
  }

  func testLinearRightToLeftReversed() throws {
    try assertOffsets(
      .linear(.rightToLeft), reversed: true,
      [
        0.0, 0.1, 0.2, 0.3, 0.4,
        0.0, 0.1, 0.2, 0.3, 0.4,
        0.0, 0.1, 0.2, 0.3, 0.4,
        0.0, 0.1, 0.2, 0.3, 0.4,
        0.0, 0.1, 0.2, 0.3, 0.4,
      ])
  }

  // MARK: cornered

  // From (0, 0): |Δx| + |Δy| = (r + c + 1) · 100, so cell (r, c) at (r + c) · 0.1.
  func testCorneredTopLeft() throws {
    try assertOffsets(
      .cornered(.topLeft),
      [
        0.0, 0.1, 0.2, 0.3, 0.4,
        0.1, 0.2, 0.3, 0.4, 0.5,
        0.2, 0.3, 0.4, 0.5, 0.6,
        0.3, 0.4, 0.5, 0.6, 0.7,
        0.4, 0.5, 0.6, 0.7, 0.8,
      ])
  }

  // Nine diagonals; the far one (r + c = 8) starts first.
  func testCorneredTopLeftReversed() throws {
    try assertOffsets(
      .cornered(.topLeft), reversed: true,
      [
        0.8, 0.7, 0.6, 0.5, 0.4,
        0.7, 0.6, 0.5, 0.4, 0.3,
        0.6, 0.5, 0.4, 0.3, 0.2,
        0.5, 0.4, 0.3, 0.2, 0.1,
        0.4, 0.3, 0.2, 0.1, 0.0,
      ])
  }

  // From (500, 500): cell (r, c) at (8 − r − c) · 0.1.
  func testCorneredBottomRight() throws {
    try assertOffsets(
      .cornered(.bottomRight),
      [
        0.8, 0.7, 0.6, 0.5, 0.4,
        0.7, 0.6, 0.5, 0.4, 0.3,
        0.6, 0.5, 0.4, 0.3, 0.2,
        0.5, 0.4, 0.3, 0.2, 0.1,
        0.4, 0.3, 0.2, 0.1, 0.0,
      ])
  }

  // Nine diagonals, the last at 2: cell (r, c) at (r + c) · 0.25.
  func testCorneredTopLeftTotal() throws {
    try assertOffsets(
      .cornered(.topLeft), timing: .total(2),
      [
        0.00, 0.25, 0.50, 0.75, 1.00,
        0.25, 0.50, 0.75, 1.00, 1.25,
        0.50, 0.75, 1.00, 1.25, 1.50,
        0.75, 1.00, 1.25, 1.50, 1.75,
        1.00, 1.25, 1.50, 1.75, 2.00,
      ])
  }

  // MARK: radial

  // Middle (250, 250) is member 12's centre. Distance = 100·√(Δr² + Δc²) with
  // Δr² + Δc² in {0, 1, 2, 4, 5, 8}: 0, 100, 141.4, 200, 223.6, 282.8, six
  // different floors, so steps 0…5.
  func testRadialMiddle() throws {
    try assertOffsets(
      .radial(.middle),
      [
        0.5, 0.4, 0.3, 0.4, 0.5,
        0.4, 0.2, 0.1, 0.2, 0.4,
        0.3, 0.1, 0.0, 0.1, 0.3,
        0.4, 0.2, 0.1, 0.2, 0.4,
        0.5, 0.4, 0.3, 0.4, 0.5,
      ])
  }

  // The corners (step 5) start first, the centre last.
  func testRadialMiddleReversed() throws {
    try assertOffsets(
      .radial(.middle), reversed: true,
      [
        0.0, 0.1, 0.2, 0.1, 0.0,
        0.1, 0.3, 0.4, 0.3, 0.1,
        0.2, 0.4, 0.5, 0.4, 0.2,
        0.1, 0.3, 0.4, 0.3, 0.1,
        0.0, 0.1, 0.2, 0.1, 0.0,
      ])
  }

  // Top-left (0, 0) snaps to member 0 at (50, 50). Distance = 100·√(r² + c²);
  // the fifteen values of r² + c² (0 1 2 4 5 8 9 10 13 16 17 18 20 25 32)
  // give fifteen different floors (0 100 141 200 223 282 300 316 360 400 412
  // 424 447 500 565), so steps 0…14 in that order.
  func testRadialTopLeft() throws {
    try assertOffsets(
      .radial(.topLeft),
      [
        0.0, 0.1, 0.3, 0.6, 0.9,
        0.1, 0.2, 0.4, 0.7, 1.0,
        0.3, 0.4, 0.5, 0.8, 1.2,
        0.6, 0.7, 0.8, 1.1, 1.3,
        0.9, 1.0, 1.2, 1.3, 1.4,
      ])
  }

  // Fifteen steps, the last at 2: step k at 2k/14 = k/7.
  func testRadialTopLeftTotal() throws {
    try assertOffsets(
      .radial(.topLeft), timing: .total(2),
      [
        0.0 / 7, 1.0 / 7, 3.0 / 7, 6.0 / 7, 9.0 / 7,
        1.0 / 7, 2.0 / 7, 4.0 / 7, 7.0 / 7, 10.0 / 7,
        3.0 / 7, 4.0 / 7, 5.0 / 7, 8.0 / 7, 12.0 / 7,
        6.0 / 7, 7.0 / 7, 8.0 / 7, 11.0 / 7, 13.0 / 7,
        9.0 / 7, 10.0 / 7, 12.0 / 7, 13.0 / 7, 14.0 / 7,
      ])
  }

  // MARK: inline

  // From (0, 0): by |Δy| then |Δx| is row-major order, member i at i · 0.1.
  func testInlineTopLeft() throws {
    try assertOffsets(
      .inline(.topLeft),
      [
        0.0, 0.1, 0.2, 0.3, 0.4,
        0.5, 0.6, 0.7, 0.8, 0.9,
        1.0, 1.1, 1.2, 1.3, 1.4,
        1.5, 1.6, 1.7, 1.8, 1.9,
        2.0, 2.1, 2.2, 2.3, 2.4,
      ])
  }

  // From (500, 0): rows top to bottom, each read right to left.
  func testInlineTopRight() throws {
    try assertOffsets(
      .inline(.topRight),
      [
        0.4, 0.3, 0.2, 0.1, 0.0,
        0.9, 0.8, 0.7, 0.6, 0.5,
        1.4, 1.3, 1.2, 1.1, 1.0,
        1.9, 1.8, 1.7, 1.6, 1.5,
        2.4, 2.3, 2.2, 2.1, 2.0,
      ])
  }

  func testInlineTopLeftReversed() throws {
    try assertOffsets(
      .inline(.topLeft), reversed: true,
      [
        2.4, 2.3, 2.2, 2.1, 2.0,
        1.9, 1.8, 1.7, 1.6, 1.5,
        1.4, 1.3, 1.2, 1.1, 1.0,
        0.9, 0.8, 0.7, 0.6, 0.5,
        0.4, 0.3, 0.2, 0.1, 0.0,
      ])
  }

  // MARK: continuous

  // Snapped to member 12. d = 100·√k with k = Δr² + Δc², d_max = 100·√8, so the
  // offset is √(k/8): k = 1 → 0.35355339, 2 → 0.5, 4 → 0.70710678,
  // 5 → 0.79056942, 8 → 1.
  func testContinuousMiddle() throws {
    try assertOffsets(
      .continuous(.middle, duration: 1),
      [
        1.0, 0.79056942, 0.70710678, 0.79056942, 1.0,
        0.79056942, 0.5, 0.35355339, 0.5, 0.79056942,
        0.70710678, 0.35355339, 0.0, 0.35355339, 0.70710678,
        0.79056942, 0.5, 0.35355339, 0.5, 0.79056942,
        1.0, 0.79056942, 0.70710678, 0.79056942, 1.0,
      ], accuracy: 1e-8)
  }

  // max − offset: 1 − √(k/8).
  func testContinuousMiddleReversed() throws {
    try assertOffsets(
      .continuous(.middle, duration: 1), reversed: true,
      [
        0.0, 0.20943058, 0.29289322, 0.20943058, 0.0,
        0.20943058, 0.5, 0.64644661, 0.5, 0.20943058,
        0.29289322, 0.64644661, 1.0, 0.64644661, 0.29289322,
        0.20943058, 0.5, 0.64644661, 0.5, 0.20943058,
        0.0, 0.20943058, 0.29289322, 0.20943058, 0.0,
      ], accuracy: 1e-8)
  }

  // total: 2 replaces the duration: 2·√(k/8).
  func testContinuousMiddleTotal() throws {
    try assertOffsets(
      .continuous(.middle, duration: 1), timing: .total(2),
      [
        2.0, 1.58113883, 1.41421356, 1.58113883, 2.0,
        1.58113883, 1.0, 0.70710678, 1.0, 1.58113883,
        1.41421356, 0.70710678, 0.0, 0.70710678, 1.41421356,
        1.58113883, 1.0, 0.70710678, 1.0, 1.58113883,
        2.0, 1.58113883, 1.41421356, 1.58113883, 2.0,
      ], accuracy: 1e-8)
  }

  // `each` plays no part in a continuous sort.
  func testContinuousIgnoresEach() throws {
    let small = try staggerOffsets(
      members: grid, frame: frame, sort: .continuous(.middle, duration: 1), timing: .each(0.1))
    let large = try staggerOffsets(
      members: grid, frame: frame, sort: .continuous(.middle, duration: 1), timing: .each(7))
    XCTAssertEqual(small, large)
  }

  // MARK: weighted

  // Snapped to member 0 at (50, 50): dx = 100c, dy = 100r, both maxima 400.
  // raw = 2·c/4 + 0.5·r/4 = c/2 + r/8, max raw = 2.5, so the offset is
  // (c/2 + r/8)/2.5 = 0.2c + 0.05r.
  func testWeightedTopLeftHeavyHorizontalLightVertical() throws {
    try assertOffsets(
      .weighted(
        .topLeft, horizontal: StaggerWeight.heavy.value, vertical: StaggerWeight.light.value,
        duration: 1),
      [
        0.00, 0.20, 0.40, 0.60, 0.80,
        0.05, 0.25, 0.45, 0.65, 0.85,
        0.10, 0.30, 0.50, 0.70, 0.90,
        0.15, 0.35, 0.55, 0.75, 0.95,
        0.20, 0.40, 0.60, 0.80, 1.00,
      ])
  }

  // max − offset: 1 − 0.2c − 0.05r.
  func testWeightedTopLeftReversed() throws {
    try assertOffsets(
      .weighted(.topLeft, horizontal: 2, vertical: 0.5, duration: 1), reversed: true,
      [
        1.00, 0.80, 0.60, 0.40, 0.20,
        0.95, 0.75, 0.55, 0.35, 0.15,
        0.90, 0.70, 0.50, 0.30, 0.10,
        0.85, 0.65, 0.45, 0.25, 0.05,
        0.80, 0.60, 0.40, 0.20, 0.00,
      ])
  }

  // total: 2 doubles every offset: 0.4c + 0.1r.
  func testWeightedTopLeftTotal() throws {
    try assertOffsets(
      .weighted(.topLeft, horizontal: 2, vertical: 0.5, duration: 1), timing: .total(2),
      [
        0.0, 0.4, 0.8, 1.2, 1.6,
        0.1, 0.5, 0.9, 1.3, 1.7,
        0.2, 0.6, 1.0, 1.4, 1.8,
        0.3, 0.7, 1.1, 1.5, 1.9,
        0.4, 0.8, 1.2, 1.6, 2.0,
      ])
  }

  // Equal weights from the middle: raw = |Δc|/2 + |Δr|/2, max raw 2, so the
  // offset is (|Δc| + |Δr|)/4 · 3 for duration 3.
  func testWeightedMiddleEqualWeights() throws {
    try assertOffsets(
      .weighted(.middle, horizontal: 1, vertical: 1, duration: 3),
      [
        3.00, 2.25, 1.50, 2.25, 3.00,
        2.25, 1.50, 0.75, 1.50, 2.25,
        1.50, 0.75, 0.00, 0.75, 1.50,
        2.25, 1.50, 0.75, 1.50, 2.25,
        3.00, 2.25, 1.50, 2.25, 3.00,
      ])
  }

  // MARK: Helpers

  private func assertOffsets(
    _ sort: SortFunction, reversed: Bool = false, timing: StaggerTiming = .each(0.1),
    _ expected: [Double], accuracy: Double = 1e-12,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let actual = try staggerOffsets(
      members: grid, frame: frame, sort: sort, reversed: reversed, timing: timing)
    XCTAssertEqual(actual.count, expected.count, file: file, line: line)
    for (index, (got, want)) in zip(actual, expected).enumerated() {
      XCTAssertEqual(got, want, accuracy: accuracy, "member \(index)", file: file, line: line)
    }
  }
}
