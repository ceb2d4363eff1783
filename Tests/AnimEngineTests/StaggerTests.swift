import XCTest

@testable import AnimEngine

/// Stagger behaviour outside the 5×5 grid: tie grouping, degenerate groups,
/// the seeded shuffle, snapping, and rejected input.
final class StaggerTests: XCTestCase {
  private let frame = StaggerFrame(width: 500, height: 500)
  private let every = SortFunction.allExamples

  // MARK: Grouping ties by floor

  // |Δx| from (0, h/2) is 0.2, 0.9, 1.1: floors 0, 0, 1.
  func testTiesGroupByFloorOfDistance() throws {
    let members: [SIMD2<Double>] = [SIMD2(0.2, 0), SIMD2(0.9, 0), SIMD2(1.1, 0)]
    let offsets = try staggerOffsets(
      members: members, frame: StaggerFrame(width: 2, height: 0), sort: .linear(.leftToRight),
      timing: .each(0.1))
    XCTAssertEqual(offsets, [0, 0, 0.1])
  }

  // Member order does not matter: the walk is by distance.
  func testTiesGroupByFloorWhateverTheMemberOrder() throws {
    let members: [SIMD2<Double>] = [SIMD2(1.1, 0), SIMD2(0.2, 0), SIMD2(2.5, 0), SIMD2(0.9, 0)]
    let offsets = try staggerOffsets(
      members: members, frame: StaggerFrame(width: 3, height: 0), sort: .linear(.leftToRight),
      timing: .each(0.5))
    XCTAssertEqual(offsets, [0.5, 0, 1, 0])
  }

  // Reversed, the far member (floor 1) opens the walk alone.
  func testReversedTiesGroupByFloor() throws {
    let members: [SIMD2<Double>] = [SIMD2(0.2, 0), SIMD2(0.9, 0), SIMD2(1.1, 0)]
    let offsets = try staggerOffsets(
      members: members, frame: StaggerFrame(width: 2, height: 0), sort: .linear(.leftToRight),
      reversed: true, timing: .each(0.1))
    XCTAssertEqual(offsets, [0.1, 0.1, 0])
  }

  // Floors that skip (0 → 7) still advance by one step.
  func testGapsInDistanceAdvanceOneStep() throws {
    let members: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(7.5, 0), SIMD2(8, 0)]
    let offsets = try staggerOffsets(
      members: members, frame: StaggerFrame(width: 8, height: 0), sort: .linear(.leftToRight),
      timing: .each(1))
    XCTAssertEqual(offsets, [0, 1, 2])
  }

  // Radial distances 1.0 and 1.41 from the snapped member share floor 1.
  func testRadialTiesGroupByFloor() throws {
    let members: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(1, 0), SIMD2(1, 1), SIMD2(2, 0)]
    let offsets = try staggerOffsets(
      members: members, frame: StaggerFrame(width: 2, height: 1), sort: .radial(.topLeft),
      timing: .each(1))
    XCTAssertEqual(offsets, [0, 1, 1, 2])
  }

  // MARK: Degenerate groups

  func testEmptyGroupHasNoOffsets() throws {
    for sort in every {
      XCTAssertEqual(try staggerOffsets(members: [], frame: frame, sort: sort), [], "\(sort)")
      XCTAssertEqual(
        try staggerOffsets(members: [], frame: frame, sort: sort, timing: .total(2)), [])
    }
  }

  func testSingleMemberStartsAtZero() throws {
    for sort in every {
      for reversed in [false, true] {
        for timing in [StaggerTiming.each(0.1), .total(2)] {
          let offsets = try staggerOffsets(
            members: [SIMD2(120, 80)], frame: frame, sort: sort, reversed: reversed,
            timing: timing)
          XCTAssertEqual(offsets, [0], "\(sort) reversed: \(reversed) \(timing)")
        }
      }
    }
  }

  // All members at one point: every sort that measures a distance starts
  // them together.
  func testZeroDistanceStartsEveryoneAtZero() throws {
    let members = Array(repeating: SIMD2<Double>(30, 40), count: 4)
    let measuring: [SortFunction] = [
      .linear(.topToBottom), .linear(.rightToLeft), .cornered(.bottomLeft), .radial(.middle),
      .inline(.topLeft), .continuous(.middle, duration: 1),
      .weighted(.topLeft, horizontal: 1, vertical: 2, duration: 1),
    ]
    for sort in measuring {
      for reversed in [false, true] {
        for timing in [StaggerTiming.each(0.1), .total(2)] {
          let offsets = try staggerOffsets(
            members: members, frame: frame, sort: sort, reversed: reversed, timing: timing)
          XCTAssertEqual(offsets, [0, 0, 0, 0], "\(sort) reversed: \(reversed) \(timing)")
        }
      }
    }
  }

  // `default` and `random` measure no distance, so they still step.
  func testZeroDistanceStillStepsForDefault() throws {
    let members = Array(repeating: SIMD2<Double>(30, 40), count: 3)
    XCTAssertEqual(
      try staggerOffsets(members: members, frame: frame, sort: .default, timing: .each(1)),
      [0, 1, 2])
  }

  // A zero-size frame puts every position at the origin; nothing divides by zero.
  func testZeroSizeFrame() throws {
    let members: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(0, 0)]
    let zero = StaggerFrame(width: 0, height: 0)
    XCTAssertEqual(
      try staggerOffsets(members: members, frame: zero, sort: .continuous(.middle, duration: 1)),
      [0, 0])
  }

  // A weighted term whose maximum is 0 contributes nothing: all members on
  // one row, so only dx counts.
  func testWeightedTermWithZeroMaximumContributesNothing() throws {
    let members: [SIMD2<Double>] = [SIMD2(0, 5), SIMD2(10, 5), SIMD2(40, 5)]
    let offsets = try staggerOffsets(
      members: members, frame: StaggerFrame(width: 40, height: 10),
      sort: .weighted(.left, horizontal: 1, vertical: 100, duration: 2))
    XCTAssertEqual(offsets, [0, 0.5, 2])
  }

  func testWeightedWithBothWeightsZeroStartsEveryoneAtZero() throws {
    let members: [SIMD2<Double>] = [SIMD2(0, 5), SIMD2(10, 5), SIMD2(40, 9)]
    let offsets = try staggerOffsets(
      members: members, frame: StaggerFrame(width: 40, height: 10),
      sort: .weighted(.left, horizontal: 0, vertical: 0, duration: 2))
    XCTAssertEqual(offsets, [0, 0, 0])
  }

  // MARK: Snapping

  // (200, 200) is equally far from members 0…3; the lowest index wins, so
  // member 0 starts first.
  func testSnappingTieGoesToLowestIndex() throws {
    let members: [SIMD2<Double>] = [
      SIMD2(100, 100), SIMD2(300, 100), SIMD2(100, 300), SIMD2(300, 300),
    ]
    let offsets = try staggerOffsets(
      members: members, frame: StaggerFrame(width: 400, height: 400),
      sort: .continuous(.middle, duration: 1))
    XCTAssertEqual(offsets[0], 0)
    XCTAssertEqual(offsets[1], 1 / 2.0.squareRoot(), accuracy: 1e-12)
    XCTAssertEqual(offsets[2], 1 / 2.0.squareRoot(), accuracy: 1e-12)
    XCTAssertEqual(offsets[3], 1)
  }

  // Radial measures from the snapped member, not the raw position: from
  // (0, 0) unsnapped, 3 and 4.5 would share no floor with 0.
  func testRadialMeasuresFromSnappedMember() throws {
    let members: [SIMD2<Double>] = [SIMD2(3, 0), SIMD2(4.5, 0), SIMD2(9, 0)]
    let offsets = try staggerOffsets(
      members: members, frame: StaggerFrame(width: 10, height: 0), sort: .radial(.topLeft),
      timing: .each(1))
    XCTAssertEqual(offsets, [0, 1, 2])
  }

  // MARK: random

  private let grid: [SIMD2<Double>] = (0..<25).map { index in
    SIMD2(Double(index % 5) * 100 + 50, Double(index / 5) * 100 + 50)
  }

  func testSplitMix64MatchesReferenceOutputs() {
    var generator = SplitMix64(seed: 0)
    XCTAssertEqual(generator.next(), 0xE220_A839_7B1D_CDAF)
    XCTAssertEqual(generator.next(), 0x6E78_9E6A_A1B9_65F4)
    XCTAssertEqual(generator.next(), 0x06C4_5D18_8009_454F)
  }

  func testShuffleOfSeed42IsPinned() {
    var generator = SplitMix64(seed: 42)
    XCTAssertEqual(
      generator.shuffledIndices(count: 25),
      [10, 15, 1, 11, 16, 24, 8, 19, 20, 2, 21, 12, 13, 22, 23, 9, 5, 14, 4, 17, 0, 7, 6, 3, 18])
  }

  // Member m starts at (its place in the shuffle) · 0.1.
  func testRandomSeed42GivesAFixedOrder() throws {
    let offsets = try staggerOffsets(
      members: grid, frame: frame, sort: .random(seed: 42), timing: .each(0.1))
    let places: [Double] = [
      20, 2, 9, 23, 18,
      16, 22, 21, 6, 15,
      0, 3, 11, 12, 17,
      1, 4, 19, 24, 7,
      8, 10, 13, 14, 5,
    ]
    for (offset, place) in zip(offsets, places) {
      XCTAssertEqual(offset, place * 0.1, accuracy: 1e-12)
    }
  }

  func testRandomSeed43GivesADifferentOrder() throws {
    let seed42 = try staggerOffsets(members: grid, frame: frame, sort: .random(seed: 42))
    let seed43 = try staggerOffsets(members: grid, frame: frame, sort: .random(seed: 43))
    XCTAssertNotEqual(seed42, seed43)
    XCTAssertEqual(seed43.sorted(), seed42.sorted())
    var generator = SplitMix64(seed: 43)
    XCTAssertEqual(
      generator.shuffledIndices(count: 25),
      [21, 4, 22, 17, 7, 5, 13, 12, 20, 10, 3, 8, 23, 19, 16, 2, 11, 15, 6, 1, 0, 24, 9, 14, 18])
  }

  func testRandomIsRepeatable() throws {
    let first = try staggerOffsets(members: grid, frame: frame, sort: .random(seed: 7))
    let second = try staggerOffsets(members: grid, frame: frame, sort: .random(seed: 7))
    XCTAssertEqual(first, second)
  }

  func testRandomReversedWalksTheShuffleBackwards() throws {
    let forward = try staggerOffsets(
      members: grid, frame: frame, sort: .random(seed: 42), timing: .each(1))
    let backward = try staggerOffsets(
      members: grid, frame: frame, sort: .random(seed: 42), reversed: true, timing: .each(1))
    XCTAssertEqual(backward, forward.map { 24 - $0 })
  }

  func testRandomTotal() throws {
    let offsets = try staggerOffsets(
      members: grid, frame: frame, sort: .random(seed: 42), timing: .total(2))
    XCTAssertEqual(offsets[10], 0)
    XCTAssertEqual(offsets[18], 2)
  }

  func testNextIndexStaysBelowBound() {
    var generator = SplitMix64(seed: 1)
    for bound in [1, 2, 3, 7, 1000] as [UInt64] {
      for _ in 0..<100 {
        XCTAssertLessThan(generator.nextIndex(below: bound), bound)
      }
    }
    XCTAssertEqual(generator.nextIndex(below: 0), 0)
  }

  // MARK: Defaults

  func testDefaultsAreLinearTopToBottomEvery50ms() throws {
    let members: [SIMD2<Double>] = [SIMD2(0, 250), SIMD2(0, 50), SIMD2(0, 150)]
    XCTAssertEqual(try staggerOffsets(members: members, frame: frame), [0.1, 0, 0.05])
  }

  func testWeightNames() {
    XCTAssertEqual(StaggerWeight(named: "light")?.value, 0.5)
    XCTAssertEqual(StaggerWeight(named: "medium")?.value, 1)
    XCTAssertEqual(StaggerWeight(named: "heavy")?.value, 2)
    XCTAssertEqual(StaggerWeight.custom(3).value, 3)
    XCTAssertNil(StaggerWeight(named: "huge"))
  }

  func testPositionsAndDirectionsInTheFrame() {
    let frame = StaggerFrame(width: 40, height: 20)
    XCTAssertEqual(StaggerPosition.topMiddle.point(in: frame), SIMD2(20, 0))
    XCTAssertEqual(StaggerPosition.right.point(in: frame), SIMD2(40, 10))
    XCTAssertEqual(StaggerPosition.bottomLeft.point(in: frame), SIMD2(0, 20))
    XCTAssertEqual(StaggerDirection.bottomToTop.point(in: frame), SIMD2(20, 20))
    XCTAssertEqual(StaggerDirection.leftToRight.point(in: frame), SIMD2(0, 10))
    XCTAssertEqual(StaggerCorner.topRight.point(in: frame), SIMD2(40, 0))
  }

  // MARK: Rejected input

  func testNegativeEachThrows() {
    assertStaggerError(sort: .default, timing: .each(-0.1), "each -0.1 is negative")
  }

  func testNonFiniteEachThrows() {
    assertStaggerError(sort: .default, timing: .each(.nan), "each nan is not a finite number")
    assertStaggerError(sort: .default, timing: .each(.infinity), "each inf is not a finite number")
  }

  func testNegativeOrNonFiniteTotalThrows() {
    assertStaggerError(sort: .default, timing: .total(-2), "total -2 is negative")
    assertStaggerError(
      sort: .default, timing: .total(.infinity), "total inf is not a finite number")
  }

  func testBadDurationThrows() {
    assertStaggerError(sort: .continuous(.middle, duration: -1), "duration -1 is negative")
    assertStaggerError(
      sort: .continuous(.middle, duration: .nan), "duration nan is not a finite number")
    assertStaggerError(
      sort: .weighted(.middle, horizontal: 1, vertical: 1, duration: -0.5),
      "duration -0.5 is negative")
  }

  func testBadWeightsThrow() {
    assertStaggerError(
      sort: .weighted(.middle, horizontal: -1, vertical: 1, duration: 1),
      "horizontal weight -1 is negative")
    assertStaggerError(
      sort: .weighted(.middle, horizontal: 1, vertical: .infinity, duration: 1),
      "vertical weight inf is not a finite number")
  }

  func testBadFrameThrows() {
    assertStaggerError(
      frame: StaggerFrame(width: -1, height: 10), sort: .default, "frame width -1 is negative")
    assertStaggerError(
      frame: StaggerFrame(width: 10, height: .nan), sort: .default,
      "frame height nan is not a finite number")
  }

  func testNonFiniteMemberThrows() {
    assertStaggerError(
      members: [SIMD2(0, 0), SIMD2(.nan, 3)], sort: .default,
      "member 1 has a non-finite position (nan, 3)")
  }

  // Invalid input is rejected even when there is nothing to stagger.
  func testInvalidInputThrowsForAnEmptyGroup() {
    assertStaggerError(members: [], sort: .default, timing: .each(-1), "each -1 is negative")
  }

  func testOverflowingOffsetsThrow() {
    assertStaggerError(
      members: [SIMD2(0, 0), SIMD2(1, 0), SIMD2(2, 0)], sort: .default, timing: .each(1e308),
      "each 1e+308 makes the offsets overflow")
  }

  // MARK: Extreme but valid input never traps

  func testHugeCoordinatesNeverTrap() throws {
    let members: [SIMD2<Double>] = [
      SIMD2(-Double.greatestFiniteMagnitude, 0), SIMD2(Double.greatestFiniteMagnitude, 0),
      SIMD2(0, Double.greatestFiniteMagnitude),
      SIMD2(.leastNonzeroMagnitude, -.leastNonzeroMagnitude),
    ]
    let huge = StaggerFrame(width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)
    for sort in every {
      for reversed in [false, true] {
        for timing in [StaggerTiming.each(0.1), .total(2)] {
          let offsets = try staggerOffsets(
            members: members, frame: huge, sort: sort, reversed: reversed, timing: timing)
          XCTAssertEqual(offsets.count, 4)
          for offset in offsets {
            XCTAssertTrue(offset.isFinite && offset >= 0, "\(sort) \(offsets)")
          }
        }
      }
    }
  }

  func testHugeWeightsAndDurations() throws {
    let members: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(10, 0), SIMD2(0, 10)]
    let max = Double.greatestFiniteMagnitude
    let offsets = try staggerOffsets(
      members: members, frame: StaggerFrame(width: 10, height: 10),
      sort: .weighted(.topLeft, horizontal: max, vertical: max, duration: max))
    XCTAssertEqual(offsets, [0, max, max])
  }

  // MARK: Helpers

  private func assertStaggerError(
    members: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(10, 10)], frame: StaggerFrame? = nil,
    sort: SortFunction, timing: StaggerTiming = .each(0.1), _ message: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(
      try staggerOffsets(members: members, frame: frame ?? self.frame, sort: sort, timing: timing),
      file: file, line: line
    ) { error in
      XCTAssertEqual((error as? EngineError)?.message, message, file: file, line: line)
    }
  }
}

extension SortFunction {
  /// One of every sort, for tests that must hold for all of them.
  fileprivate static let allExamples: [SortFunction] = [
    .default, .linear(.topToBottom), .linear(.leftToRight), .cornered(.topRight),
    .radial(.middle), .random(seed: 1), .inline(.bottomLeft), .continuous(.middle, duration: 1),
    .weighted(.bottomRight, horizontal: 2, vertical: 0.5, duration: 1),
  ]
}
