import XCTest

@testable import AnimEngine

/// Dash patterns (SPEC §21.3): what a list may be, and where the dashes of
/// a stroke of a given length fall, for every kind of offset.
final class DashPatternTests: XCTestCase {
  private func pattern(_ entries: [Double]) throws -> DashPattern {
    try XCTUnwrap(try DashPattern.make(entries))
  }

  private func bounds(_ dashes: [ClosedRange<Double>]?) -> [[Double]] {
    (dashes ?? []).map { [$0.lowerBound, $0.upperBound] }
  }

  func testAnEmptyListIsSolidAndAnOddOneIsRepeated() throws {
    XCTAssertNil(try DashPattern.make([]))
    XCTAssertEqual(try pattern([4, 2, 1]).lengths, [4, 2, 1, 4, 2, 1])
    XCTAssertEqual(try pattern([4, 2, 1]).written, [4, 2, 1])
    XCTAssertEqual(try pattern([5]).lengths, [5, 5])
    XCTAssertEqual(try pattern([5]).written, [5])
    XCTAssertEqual(try pattern([4, 2]).written, [4, 2])
    XCTAssertEqual(try pattern([4, 2, 1]).period, 14)
  }

  func testBadListsAreErrorsNamingTheProblem() {
    func message(_ entries: [Double]) -> String? {
      do {
        _ = try DashPattern.make(entries)
        return nil
      } catch { return error.message }
    }
    XCTAssertEqual(message([4, -2]), "a dash pattern's entries must be ≥ 0, not -2")
    XCTAssertEqual(
      message([0, 0]),
      "a dash pattern needs an entry above 0 (an empty list [] is a solid stroke)")
    XCTAssertEqual(message([.nan, 1]), "a dash pattern's entries must be finite")
    XCTAssertEqual(message([.infinity]), "a dash pattern's entries must be finite")
    XCTAssertEqual(message([-1e308, 1]), "a dash pattern's entries must be ≥ 0, not -1e+308")
    XCTAssertEqual(
      message([Double](repeating: 1, count: 65)),
      "a dash pattern has at most 64 entries, not 65")
    XCTAssertNil(message([Double](repeating: 1, count: 64)))
    XCTAssertNil(message([0, 5]))  // dots, with round caps
  }

  func testDashesAlongAStroke() throws {
    let p = try pattern([20, 10])
    XCTAssertEqual(
      bounds(p.dashes(along: 100, offset: 0)), [[0, 20], [30, 50], [60, 80], [90, 100]])
    // An offset moves the pattern back along the stroke (SVG's dashoffset).
    XCTAssertEqual(
      bounds(p.dashes(along: 100, offset: 5)), [[0, 15], [25, 45], [55, 75], [85, 100]])
    // A negative offset moves it forward: the stroke starts in a gap.
    XCTAssertEqual(
      bounds(p.dashes(along: 100, offset: -5)), [[5, 25], [35, 55], [65, 85], [95, 100]])
    // An offset past the period is its remainder.
    XCTAssertEqual(
      bounds(p.dashes(along: 100, offset: 65)), bounds(p.dashes(along: 100, offset: 5)))
    XCTAssertEqual(
      bounds(p.dashes(along: 100, offset: -95)), bounds(p.dashes(along: 100, offset: 25)))
    // Starting inside a gap.
    XCTAssertEqual(bounds(p.dashes(along: 50, offset: 25)), [[5, 25], [35, 50]])
  }

  func testAnOddPatternAndZeroLengthDashes() throws {
    XCTAssertEqual(
      bounds(try pattern([3, 2, 1]).dashes(along: 14, offset: 0)),
      [[0, 3], [5, 6], [9, 11], [12, 14]])
    // A zero-length dash is a point (its caps draw a dot).
    XCTAssertEqual(
      bounds(try pattern([0, 10]).dashes(along: 25, offset: 0)), [[0, 0], [10, 10], [20, 20]])
  }

  func testPhaseOfEveryOffset() throws {
    let p = try pattern([20, 10])
    XCTAssertEqual(p.phase(0), 0)
    XCTAssertEqual(p.phase(31), 1)
    XCTAssertEqual(p.phase(-1), 29)
    XCTAssertEqual(p.phase(-30), 0)
    XCTAssertEqual(p.phase(1e308), 1e308.truncatingRemainder(dividingBy: 30))
    XCTAssertTrue((0..<30).contains(p.phase(-1e308)))
    XCTAssertEqual(p.phase(.nan), 0)
    XCTAssertEqual(p.phase(.infinity), 0)
    XCTAssertEqual(p.phase(1e-320), 1e-320)
  }

  func testAPatternTooFineIsDrawnSolidNeverCutIntoBillions() throws {
    let fine = try pattern([1e-320, 1e-320])
    XCTAssertFalse(fine.draws(along: 1000))
    XCTAssertNil(fine.dashes(along: 1000, offset: 0))
    // 1e-320 dashes 10 apart are few: drawn (as dots or nothing).
    let sparse = try pattern([1e-320, 10])
    XCTAssertTrue(sparse.draws(along: 1000))
    XCTAssertEqual(sparse.dashes(along: 1000, offset: 0)?.count, 101)
    // Exactly at the limit and one dash past it.
    let unit = try pattern([0.5, 0.5])
    XCTAssertTrue(unit.draws(along: Double(DashPattern.maxDashes)))
    XCTAssertFalse(unit.draws(along: Double(DashPattern.maxDashes) + 1))
    // Huge entries: one dash covers the stroke; their sum overflows.
    let huge = try pattern([1e308, 1e308])
    XCTAssertEqual(huge.period, .infinity)
    XCTAssertEqual(bounds(huge.dashes(along: 100, offset: 0)), [[0, 100]])
    XCTAssertEqual(bounds(huge.dashes(along: 100, offset: 1e308)), [[0, 100]])
    XCTAssertTrue(huge.draws(along: 1e308))
  }

  func testScaledPatterns() throws {
    let p = try pattern([4, 2])
    XCTAssertEqual(p.scaled(by: 2.5)?.lengths, [10, 5])
    XCTAssertNil(p.scaled(by: 0))
    XCTAssertNil(p.scaled(by: .infinity))
    XCTAssertNil(try pattern([1e308, 1]).scaled(by: 10))
  }

  func testEqualPatternsShareAnId() throws {
    let a = DashPatterns.id(of: try pattern([7, 3]))
    XCTAssertEqual(DashPatterns.id(of: try pattern([7, 3])), a)
    XCTAssertEqual(DashPatterns.pattern(a)?.lengths, [7, 3])
    XCTAssertEqual(DashPatterns.id(of: nil), 0)
    XCTAssertNil(DashPatterns.pattern(0))
    XCTAssertNil(DashPatterns.pattern(.nan))
    XCTAssertNil(DashPatterns.pattern(1e12))
  }
}
