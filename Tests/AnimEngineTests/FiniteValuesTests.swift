import XCTest

@testable import AnimEngine

/// Motions between huge finite values write finite values only: the line
/// from a to b goes through halves when `b − a` overflows, and a value past
/// the largest double is held there.
final class FiniteValuesTests: XCTestCase {
  let largest = Double.greatestFiniteMagnitude

  func testOrdinaryInterpolationIsThePlainFormulaToTheBit() {
    for (a, b, e) in [(0.0, 1.0, 0.3), (-7.5, 12.25, 0.61), (1e300, -3e300, 1.1)] {
      XCTAssertEqual(FiniteValues.interpolate(a, b, e).bitPattern, (a + (b - a) * e).bitPattern)
    }
  }

  func testAnOverflowingDifferenceGivesTheExactLine() {
    XCTAssertEqual(FiniteValues.interpolate(-1e308, 1e308, 0.5), 0)
    XCTAssertEqual(FiniteValues.interpolate(-1e308, 1e308, 0.25), -5e307)
    XCTAssertEqual(FiniteValues.interpolate(-1e308, 1e308, 0), -1e308)
    XCTAssertEqual(FiniteValues.interpolate(-1e308, 1e308, 1), 1e308)
    XCTAssertEqual(FiniteValues.interpolate(largest, -largest, 0.5), 0)
  }

  func testValuesPastTheRangeAreHeldAtTheLargestDouble() {
    XCTAssertEqual(FiniteValues.interpolate(0, 1.7e308, 1.1), largest)
    XCTAssertEqual(FiniteValues.interpolate(0, -1.7e308, 1.1), -largest)
    XCTAssertEqual(FiniteValues.interpolate(-1e308, 1.7e308, 1.1), largest)
    XCTAssertEqual(FiniteValues.clamp(.infinity), largest)
    XCTAssertEqual(FiniteValues.clamp(-.infinity), -largest)
    XCTAssertEqual(FiniteValues.clamp(.nan, fallback: 3), 3)
    XCTAssertEqual(
      FiniteValues.clamp(PropertyValue(.infinity, 1, -.infinity, .nan)),
      PropertyValue(largest, 1, -largest, 0))
  }

  func testRatesThatOverflowAreHeld() {
    XCTAssertEqual(FiniteValues.scaledDifference(1, 3, 0.5), 1)
    XCTAssertEqual(FiniteValues.scaledDifference(-1e308, 1e308, 0.5), 1e308)
    XCTAssertEqual(FiniteValues.scaledDifference(-1e308, 1e308, 1e6), largest)
  }

  /// A spring whose distance overflows starts at its start value, stays
  /// finite on the way and ends on its target.
  func testAWideSpringStartsWhereThePropertyIsAndEndsOnItsTarget() throws {
    let parameters = try SpringParameters(stiffness: 100, damping: 20)
    var resolver = Resolver(initial: PropertyValue(-1e308, 0, 0, 0))
    let leaf = TrackLeaf(
      duration: 1, easing: .linear,
      rule: .spring(target: 1.7e308, parameters: parameters, velocity: 0),
      space: .srgb)
    resolver.resolve(leaf, start: 0, duration: 1)
    let segment = try XCTUnwrap(resolver.current)
    guard case .wideSpring = segment.form else { return XCTFail("expected a wide spring") }
    XCTAssertEqual(segment.value(at: 0)[0], -1e308)
    for t in stride(from: 0.0, through: 1, by: 0.01) {
      XCTAssertTrue(segment.value(at: t)[0].isFinite, "t = \(t)")
      XCTAssertTrue(segment.velocity(at: t).isFinite, "t = \(t)")
    }
    XCTAssertEqual(segment.value(at: 1)[0], 1.7e308)
  }
}
