import XCTest

@testable import AnimEngine

/// Every easing is exactly 0 at progress 0 and exactly 1 at 1, and a segment
/// is exactly its start value at its start and its end value at its end: no
/// rounding error of a formula may show as `2.22045e-14` where a script
/// expects `0` (issue 20).
final class EasingEndsTests: XCTestCase {
  /// Every curve a script can name or build, with a label.
  private static func everyEasing() throws -> [(String, Easing)] {
    var all: [(String, Easing)] = Easing.allNames.map { ($0, Easing.named($0)!) }
    let beziers: [(Double, Double, Double, Double)] = [
      (0.25, 0.1, 0.25, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.68, -0.55, 0.265, 1.55),
      (1, 0, 0, 1), (0, 1, 1, 0), (0.3, 1e6, 0.7, -1e6),
    ]
    for (x1, y1, x2, y2) in beziers {
      all.append(("cubicBezier(\(x1), \(y1), \(x2), \(y2))", .cubicBezier(x1, y1, x2, y2)))
    }
    for n in [1, 2, 3, 7, 1000, Easing.maximumSteps] { all.append(("steps(\(n))", .steps(n))) }
    let springs = [
      try SpringParameters(), try SpringParameters(mass: 1, stiffness: 100, damping: 1),
      try SpringParameters(mass: 1, stiffness: 100, damping: 20),
      try SpringParameters(mass: 3, stiffness: 10, damping: 200),
    ]
    for s in springs { all.append(("spring(\(s))", .spring(s))) }
    return all
  }

  func testEveryNamedCurveIsExactlyZeroAtZeroAndOneAtOne() throws {
    XCTAssertEqual(Easing.allNames.count, 31)
    for name in Easing.allNames {
      let curve = try XCTUnwrap(Easing.named(name))
      XCTAssertEqual(curve(0), 0, name)
      XCTAssertEqual(curve(1), 1, name)
      XCTAssertEqual(curve(-0.0), 0, name)
    }
  }

  func testEaseAliasesAreExactAtTheirEnds() throws {
    for name in Easing.allNames.dropFirst() {
      let alias = "ease" + name.prefix(1).uppercased() + name.dropFirst()
      let curve = try XCTUnwrap(Easing.named(alias), alias)
      XCTAssertEqual(curve(0), 0, alias)
      XCTAssertEqual(curve(1), 1, alias)
    }
  }

  /// The curves whose formulas round at an end (why the ends are special-cased).
  func testThePennerFormulasThatRoundAreExact() throws {
    XCTAssertNotEqual(EasingCurves.value(.outBack, 0), 0, "the formula itself rounds")
    XCTAssertEqual(Easing.outBack(0), 0)
    XCTAssertEqual(Easing.inBack(1), 1)
    XCTAssertEqual(Easing.inOutBack(0), 0)
    XCTAssertEqual(Easing.inOutBack(1), 1)
    XCTAssertEqual(Easing.outBounce(1), 1)
    XCTAssertEqual(Easing.inBounce(0), 0)
    XCTAssertEqual(Easing.inOutBounce(0), 0)
    XCTAssertEqual(Easing.inOutBounce(1), 1)
  }

  func testBezierStepsAndSpringsAreExactAtTheirEnds() throws {
    for (name, easing) in try Self.everyEasing() {
      XCTAssertEqual(easing(0), 0, name)
      XCTAssertEqual(easing(1), 1, name)
    }
  }

  /// Just inside the ends the curves still move: the exact ends are not a
  /// clamp that flattens the curve near them.
  func testJustInsideTheEndsIsNotSnapped() throws {
    XCTAssertEqual(Easing.inQuad(1e-3), 1e-6, accuracy: 1e-18)
    XCTAssertEqual(Easing.outBack(1e-3), EasingCurves.value(.outBack, 1e-3))
    XCTAssertEqual(Easing.inBack(1 - 1e-3), EasingCurves.value(.inBack, 1 - 1e-3))
  }

  /// A number segment is exactly `a` at its start and exactly `b` at its end,
  /// for every easing and for values whose difference rounds (0.1 → 0.7,
  /// −3 → 1e17) or overflows (−1e308 → 1e308).
  func testANumberSegmentIsExactlyItsValuesAtItsEnds() throws {
    let pairs: [(Double, Double)] = [
      (0, 100), (100, 0), (0.1, 0.7), (-3, 1e17), (1e17, -3), (-1e308, 1e308), (0, 0),
    ]
    for (name, easing) in try Self.everyEasing() {
      for (a, b) in pairs {
        let segment = Segment(
          start: 2, duration: 1.5, a: PropertyValue(a, 0, 0, 0), b: PropertyValue(b, 0, 0, 0),
          easing: easing, form: .number)
        XCTAssertEqual(segment.value(at: 2)[0], a, "\(name) \(a) → \(b) at its start")
        XCTAssertEqual(segment.value(at: 3.5)[0], b, "\(name) \(a) → \(b) at its end")
        XCTAssertEqual(
          segment.value(progressAt: 1.5, extrapolating: true)[0], b,
          "\(name) \(a) → \(b) at its end, extrapolating")
      }
    }
  }

  /// A colour segment is exactly its colours at its ends in every space.
  func testAColourSegmentIsExactlyItsColoursAtItsEnds() throws {
    let from = PropertyValue(0.1, 0.7, 0.3, 0.9)
    let to = PropertyValue(0.95, 0.2, 0.6, 0.4)
    for space in [ColorSpace.srgb, .hsb, .oklab] {
      for (name, easing) in try Self.everyEasing() {
        let segment = Segment(
          start: 0, duration: 1, a: from, b: to, easing: easing, form: .color(space))
        XCTAssertEqual(segment.value(progressAt: 0, extrapolating: false), from, "\(space) \(name)")
        XCTAssertEqual(segment.value(progressAt: 1, extrapolating: false), to, "\(space) \(name)")
      }
    }
  }

  func testColourInterpolationReturnsItsEndsUnchanged() throws {
    let from = Color(r: 0.1, g: 0.7, b: 0.3, a: 0.9)
    let to = Color(r: 0.95, g: 0.2, b: 0.6, a: 0.4)
    for space in [ColorSpace.srgb, .hsb, .oklab] {
      XCTAssertEqual(Color.interpolate(from: from, to: to, progress: 0, in: space), from)
      XCTAssertEqual(Color.interpolate(from: from, to: to, progress: 1, in: space), to)
    }
  }

  /// A spring easing's segment rests exactly on its target from its end on.
  func testASpringEasedSegmentRestsExactlyOnItsTarget() throws {
    for parameters in [
      try SpringParameters(), try SpringParameters(mass: 1, stiffness: 100, damping: 1),
      try SpringParameters(mass: 3, stiffness: 10, damping: 200),
    ] {
      let easing = Easing.spring(parameters)
      let segment = Segment(
        start: 0, duration: 2, a: PropertyValue(0.1, 0, 0, 0), b: PropertyValue(0.7, 0, 0, 0),
        easing: easing, form: .number)
      XCTAssertEqual(segment.value(at: 0)[0], 0.1)
      XCTAssertEqual(segment.value(at: 2)[0], 0.7)
      XCTAssertEqual(segment.value(at: 5)[0], 0.7)
    }
  }

  /// A stagger ease keeps the first start at 0 and the last at the largest
  /// offset, exactly, for every easing.
  func testStaggerEasesKeepTheFirstAndLastOffsetsExact() throws {
    let offsets = [0, 0.1, 0.2, 0.30000000000000004, 0.7]
    for (name, easing) in try Self.everyEasing() {
      let eased = easeStaggerOffsets(offsets, easing)
      XCTAssertEqual(eased.first, 0, name)
      XCTAssertEqual(eased.last, 0.7, name)
    }
  }
}
