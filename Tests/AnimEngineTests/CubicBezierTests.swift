import AnimEngine
import XCTest

/// A reference for CSS `cubic-bezier`, independent of the engine: sample the
/// curve's parameter densely to bracket x(t) = p, then bisect to the last bit.
private struct ReferenceBezier {
  let x1: Double
  let y1: Double
  let x2: Double
  let y2: Double

  func x(_ t: Double) -> Double {
    3 * (1 - t) * (1 - t) * t * x1 + 3 * (1 - t) * t * t * x2 + t * t * t
  }

  func y(_ t: Double) -> Double {
    3 * (1 - t) * (1 - t) * t * y1 + 3 * (1 - t) * t * t * y2 + t * t * t
  }

  func value(at p: Double) -> Double {
    let samples = 20_000
    var low = 0.0
    var high = 1.0
    for i in 1...samples {
      let t = Double(i) / Double(samples)
      if x(t) >= p {
        low = Double(i - 1) / Double(samples)
        high = t
        break
      }
    }
    for _ in 0..<200 {
      let mid = (low + high) / 2
      if mid <= low || mid >= high { break }
      if x(mid) < p { low = mid } else { high = mid }
    }
    return y((low + high) / 2)
  }
}

final class CubicBezierTests: XCTestCase {
  func testCSSEaseMatchesAReferenceSolution() throws {
    let ease = try Easing.makeCubicBezier(0.25, 0.1, 0.25, 1)
    let reference = ReferenceBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
    for p in [0.01, 0.1, 0.2, 0.25, 0.3, 0.5, 0.7, 0.8, 0.9, 0.99] {
      XCTAssertEqual(ease(p), reference.value(at: p), accuracy: 1e-9, "ease(\(p))")
    }
    // The value browsers give for `ease` half-way.
    XCTAssertEqual(ease(0.5), 0.8024033877, accuracy: 1e-9)
  }

  func testOtherCurvesMatchTheReference() throws {
    let curves: [(Double, Double, Double, Double)] = [
      (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1), (0.68, -0.55, 0.265, 1.55),
      (0.1, 0.9, 0.9, 0.1), (0, 1, 1, 0),
    ]
    for (x1, y1, x2, y2) in curves {
      let curve = try Easing.makeCubicBezier(x1, y1, x2, y2)
      let reference = ReferenceBezier(x1: x1, y1: y1, x2: x2, y2: y2)
      for i in 1..<50 {
        let p = Double(i) / 50
        XCTAssertEqual(curve(p), reference.value(at: p), accuracy: 1e-9, "\(curve)(\(p))")
      }
    }
  }

  func testTheLinearCurveIsTheIdentity() throws {
    let linear = try Easing.makeCubicBezier(0, 0, 1, 1)
    for i in 0...1000 {
      let p = Double(i) / 1000
      XCTAssertEqual(linear(p), p, accuracy: 1e-7)
    }
  }

  func testEndsAreExact() throws {
    let curve = try Easing.makeCubicBezier(0.68, -0.55, 0.265, 1.55)
    XCTAssertEqual(curve(0), 0)
    XCTAssertEqual(curve(1), 1)
  }

  func testControlPointsOutsideZeroToOneInYOvershoot() throws {
    let curve = try Easing.makeCubicBezier(0.5, -0.5, 0.5, 1.5)
    XCTAssertLessThan(curve(0.1), 0)
    XCTAssertGreaterThan(curve(0.9), 1)
    let values = (0...100).map { curve(Double($0) / 100) }
    XCTAssertLessThan(values.min() ?? 0, -0.05)
    XCTAssertGreaterThan(values.max() ?? 0, 1.05)
  }

  func testCurvesWithYInsideZeroToOneAreMonotone() throws {
    let curve = try Easing.makeCubicBezier(0.25, 0.1, 0.25, 1)
    var previous = curve(0)
    for i in 1...2000 {
      let next = curve(Double(i) / 2000)
      XCTAssertGreaterThanOrEqual(next, previous)
      previous = next
    }
  }

  func testAVerticalTangentIsSolvedAndHasAFiniteSlope() throws {
    // x′(t) = 3(1 − 2t)² vanishes at t = ½: Newton stalls there and bisection
    // takes over.
    let curve = try Easing.makeCubicBezier(1, 0, 0, 1)
    let reference = ReferenceBezier(x1: 1, y1: 0, x2: 0, y2: 1)
    XCTAssertEqual(curve(0.5), 0.5, accuracy: 1e-3)
    for p in [0.1, 0.3, 0.45, 0.55, 0.7, 0.9] {
      XCTAssertEqual(curve(p), reference.value(at: p), accuracy: 1e-7, "\(p)")
    }
    XCTAssertTrue(curve.derivative(at: 0.5).isFinite)
  }

  func testOutsideZeroToOneTheCurveFollowsItsEndTangents() throws {
    let ease = try Easing.makeCubicBezier(0.25, 0.1, 0.25, 1)
    XCTAssertEqual(ease(-1), -0.4, accuracy: 1e-15)  // through P0 and P1: slope 0.1/0.25
    XCTAssertEqual(ease(2), 1)  // through P2 and P3: flat
    XCTAssertEqual(ease.derivative(at: -1), 0.4, accuracy: 1e-15)

    let easeOut = try Easing.makeCubicBezier(0, 0, 0.58, 1)  // x1 = 0: through P2
    XCTAssertEqual(easeOut(-1), -1 / 0.58, accuracy: 1e-12)
    let easeIn = try Easing.makeCubicBezier(0.42, 0, 1, 1)  // x2 = 1: through P1
    XCTAssertEqual(easeIn(2), 1 + 1 / 0.58, accuracy: 1e-12)
    let flat = try Easing.makeCubicBezier(0, 0.5, 0, 0.5)  // x1 = x2 = 0: no tangent, flat
    XCTAssertEqual(flat(-3), 0)
    XCTAssertEqual(flat(2), 1.5)  // through P2 and P3: slope (0.5 − 1)/(0 − 1)
  }

  func testDerivativeMatchesACentralDifference() throws {
    let curve = try Easing.makeCubicBezier(0.68, -0.55, 0.265, 1.55)
    let reference = ReferenceBezier(x1: 0.68, y1: -0.55, x2: 0.265, y2: 1.55)
    let h = 1e-5
    for p in [0.1, 0.3, 0.5, 0.7, 0.9] {
      let expected = (reference.value(at: p + h) - reference.value(at: p - h)) / (2 * h)
      XCTAssertEqual(curve.derivative(at: p), expected, accuracy: 1e-4 * max(1, abs(expected)))
    }
  }

  func testInvalidControlPointsThrow() {
    for (x1, y1, x2, y2) in [
      (-0.1, 0, 1, 1), (0, 0, 1.1, 1), (2, 0, 0.5, 1), (Double.nan, 0, 1, 1),
      (0, Double.infinity, 1, 1), (0, 0, 1, -Double.infinity),
    ] {
      XCTAssertThrowsError(try Easing.makeCubicBezier(x1, y1, x2, y2), "\((x1, y1, x2, y2))")
    }
    do {
      _ = try Easing.makeCubicBezier(1.5, 0, 0.5, 1)
      XCTFail("expected an error")
    } catch {
      XCTAssertEqual(
        error.message,
        "cubicBezier(x1, y1, x2, y2) needs x1 and x2 between 0 and 1, got x1 = 1.5, x2 = 0.5")
    }
  }

  func testYOutsideTheBoundThrowsAndYAtTheBoundStaysFinite() throws {
    XCTAssertThrowsError(try Easing.makeCubicBezier(0.5, 1e308, 0.5, -1e308))
    XCTAssertThrowsError(try Easing.makeCubicBezier(0.5, 0, 0.5, -1.5e6))
    let extreme = try Easing.makeCubicBezier(0.5, 1e6, 0.5, -1e6)
    for p in [-1e6, -1, 0, 0.25, 0.5, 0.75, 1, 2, 1e6] {
      XCTAssertTrue(extreme(p).isFinite, "p = \(p)")
      XCTAssertTrue(extreme.derivative(at: p).isFinite, "p = \(p)")
    }
  }

  func testATinyX1NeverGivesAnInfiniteSlope() throws {
    let curve = try Easing.makeCubicBezier(.leastNonzeroMagnitude, 1, 0.5, 1)
    for p in [-1e6, -0.1, -1e-300] {
      XCTAssertTrue(curve(p).isFinite, "p = \(p)")
      XCTAssertTrue(curve.derivative(at: p).isFinite, "p = \(p)")
    }
  }

  func testACurveBuiltDirectlyWithBadValuesNeverTraps() {
    for curve in [
      Easing.cubicBezier(-5, 0, 7, 1), .cubicBezier(.nan, .nan, .nan, .nan),
      .cubicBezier(.infinity, 1e308, -.infinity, -1e308),
    ] {
      for p in [-1, 0, 0.3, 0.5, 1, 2, .nan] {
        _ = curve(p)
        _ = curve.derivative(at: p)
      }
    }
    XCTAssertEqual(Easing.cubicBezier(-5, 0, 7, 1)(0.5), 0.5, accuracy: 0.5)
  }
}
