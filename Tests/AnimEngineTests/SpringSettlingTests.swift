import AnimEngine
import Foundation
import XCTest

final class SpringSettlingTests: XCTestCase {
  private func solution(
    mass: Double = 1, stiffness: Double = 100, damping: Double, x0: Double, v0: Double = 0
  ) throws -> SpringSolution {
    SpringSolution(
      parameters: try SpringParameters(mass: mass, stiffness: stiffness, damping: damping),
      displacement: x0, velocity: v0)
  }

  /// |x(t)| ≤ threshold on a dense grid from T to 4T, and the envelope too.
  private func assertStaysInside(
    _ s: SpringSolution, file: StaticString = #filePath, line: UInt = #line
  ) {
    let limit = s.settlingThreshold * (1 + 1e-12)
    for i in 0...40_000 {
      let t = s.settlingTime * (1 + Double(i) / 10_000)
      XCTAssertLessThanOrEqual(
        abs(s.displacement(at: t)), limit, "t = \(t)", file: file, line: line)
      XCTAssertLessThanOrEqual(s.envelope(at: t), limit, "t = \(t)", file: file, line: line)
    }
  }

  func testUnderDampedSettlesWhereTheDecayEnvelopeReachesTheThreshold() throws {
    // α = 5, μ = √75, A = √(1 + (5/μ)²) = √(4/3); A·e^(−αT) = 0.001.
    let s = try solution(damping: 10, x0: 1)
    let alpha = 5.0
    let amplitude = (4.0 / 3).squareRoot()
    let expected = log(amplitude / 0.001) / alpha
    XCTAssertEqual(s.settlingThreshold, 0.001)
    XCTAssertEqual(s.settlingTime, expected, accuracy: 1e-12 * expected)
    XCTAssertEqual(amplitude * exp(-alpha * s.settlingTime), 0.001, accuracy: 1e-15)
    XCTAssertGreaterThan(amplitude * exp(-alpha * s.settlingTime * (1 - 1e-9)), 0.001)
    XCTAssertEqual(s.envelope(at: s.settlingTime), 0.001, accuracy: 1e-15)
    assertStaysInside(s)
  }

  func testUnderDampedWithVelocityUsesTheFullAmplitude() throws {
    // m = 2, k = 300, c = 4: α = 1, μ = √149; A = √(x0² + ((v0 + αx0)/μ)²).
    let s = try solution(mass: 2, stiffness: 300, damping: 4, x0: 10, v0: -40)
    let mu = 149.0.squareRoot()
    let amplitude = (100 + pow((-40 + 10) / mu, 2)).squareRoot()
    let expected = log(amplitude / 0.01) / 1
    XCTAssertEqual(s.settlingThreshold, 0.01, accuracy: 1e-15)
    XCTAssertEqual(s.settlingTime, expected, accuracy: 1e-12 * expected)
    assertStaysInside(s)
  }

  func testTheEnvelopeBoundsTheDisplacement() throws {
    for (damping, x0, v0) in [(10.0, 1.0, 0.0), (2, -3, 40), (20, 3, -40), (60, 1, 25), (1, 0, 7)] {
      let s = try solution(damping: damping, x0: x0, v0: v0)
      for i in 0...5000 {
        let t = s.settlingTime * Double(i) / 2500
        XCTAssertLessThanOrEqual(
          abs(s.displacement(at: t)), s.envelope(at: t) * (1 + 1e-12) + 1e-300,
          "c = \(damping), t = \(t)")
      }
    }
  }

  func testCriticallyDampedFromRestSettlesAtTheExactCrossing() throws {
    // x(t) = (1 + 10t)·e^(−10t), which falls monotonically: solve x = 0.001.
    let s = try solution(damping: 20, x0: 1)
    let expected = ReferenceRoot.bisect(0.1, 10) { t in (1 + 10 * t) * exp(-10 * t) - 0.001 }
    XCTAssertEqual(s.settlingTime, expected, accuracy: 1e-12 * expected)
    XCTAssertEqual(s.settlingTime, 0.92335, accuracy: 1e-5)  // ω·T ≈ 9.2335
    XCTAssertEqual(s.envelope(at: s.settlingTime), 0.001, accuracy: 1e-15)
    XCTAssertLessThanOrEqual(s.envelope(at: s.settlingTime), 0.001)
    XCTAssertGreaterThan(s.envelope(at: s.settlingTime * (1 - 1e-9)), 0.001)
    assertStaysInside(s)
  }

  func testCriticallyDampedOvershootBeyondTheThresholdSettlesOnTheWayBack() throws {
    // x(t) = (3 − 10t)·e^(−10t): crosses at 0.3, turns at 0.4 (x ≈ −0.0183).
    let s = try solution(damping: 20, x0: 3, v0: -40)
    let expected = ReferenceRoot.bisect(0.4, 10) { t in abs((3 - 10 * t) * exp(-10 * t)) - 0.003 }
    XCTAssertEqual(s.settlingTime, expected, accuracy: 1e-12 * expected)
    XCTAssertGreaterThan(abs(s.displacement(at: s.settlingTime * (1 - 1e-9))), 0.003)
    assertStaysInside(s)
  }

  func testCriticallyDampedOvershootWithinTheThresholdSettlesBeforeCrossing() throws {
    // x(t) = (1 − 2t)·e^(−10t): crosses at 0.5, turns at 0.6 with |x| ≈ 0.000496
    // < 0.001, so it has settled once it first comes down to 0.001 before 0.5.
    let s = try solution(damping: 20, x0: 1, v0: -12)
    let expected = ReferenceRoot.bisect(0, 0.5) { t in (1 - 2 * t) * exp(-10 * t) - 0.001 }
    XCTAssertLessThan(expected, 0.5)
    XCTAssertEqual(s.settlingTime, expected, accuracy: 1e-12 * expected)
    XCTAssertGreaterThan(s.displacement(at: s.settlingTime * (1 - 1e-9)), 0.001)
    assertStaysInside(s)
  }

  func testOverDampedSettlesAtTheExactCrossingInsideTheTwoExponentialBound() throws {
    // c = 50: r = −25 ± √525; x(t) = c1·e^(r1 t) + c2·e^(r2 t).
    for (x0, v0) in [(1.0, 0.0), (2, 20), (1, -60)] {
      let s = try solution(damping: 50, x0: x0, v0: v0)
      let root = 525.0.squareRoot()
      let r1 = -25 + root
      let r2 = -25 - root
      let c1 = (v0 - r2 * x0) / (r1 - r2)
      let c2 = (r1 * x0 - v0) / (r1 - r2)
      let threshold = 0.001 * abs(x0)
      func x(_ t: Double) -> Double { c1 * exp(r1 * t) + c2 * exp(r2 * t) }
      // The last time |x| exceeds the threshold, from a dense scan, refined.
      let step = 1e-3
      var last = 0.0
      for i in 0...100_000 where abs(x(Double(i) * step)) > threshold { last = Double(i) * step }
      let expected = ReferenceRoot.bisect(last, last + step) { t in abs(x(t)) - threshold }
      XCTAssertEqual(s.settlingTime, expected, accuracy: 1e-12 * expected, "\((x0, v0))")
      // The bound |c1|e^(r1 t) + |c2|e^(r2 t) is looser: it settles no earlier.
      let bound = ReferenceRoot.bisect(0, 100) { t in
        abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t) - threshold
      }
      XCTAssertLessThanOrEqual(s.settlingTime, bound * (1 + 1e-12))
      assertStaysInside(s)
    }
  }

  func testAVelocityFromTheTargetMeasuresAgainstTheFirstPeak() throws {
    for damping in [4.0, 20, 50] {
      let s = try solution(damping: damping, x0: 0, v0: 5)
      var peak = 0.0
      for i in 0...200_000 { peak = max(peak, abs(s.displacement(at: Double(i) * 1e-5))) }
      XCTAssertEqual(s.settlingThreshold, 0.001 * peak, accuracy: 1e-9 * peak, "c = \(damping)")
      XCTAssertGreaterThan(s.settlingTime, 0)
      XCTAssertEqual(s.envelope(at: s.settlingTime), s.settlingThreshold, accuracy: 1e-12 * peak)
      XCTAssertGreaterThan(s.envelope(at: s.settlingTime * (1 - 1e-9)), s.settlingThreshold)
      assertStaysInside(s)
    }
  }

  func testSettlingTimeIsContinuousAcrossCriticalDamping() throws {
    let critical = try solution(damping: 20, x0: 1).settlingTime
    for damping in [20 * (1 - 1e-6), 20 * (1 - 1e-9), 20 * (1 + 1e-9), 20 * (1 + 1e-6)] {
      let nearby = try solution(damping: damping, x0: 1).settlingTime
      XCTAssertEqual(nearby, critical, accuracy: 1e-5 * critical, "c = \(damping)")
    }
  }

  func testSettlingTimeDoesNotDependOnScale() throws {
    let parameters = try SpringParameters(damping: 7)
    let unit = SpringSolution(parameters: parameters, displacement: 1, velocity: 2)
    let large = SpringSolution(parameters: parameters, displacement: 1000, velocity: 2000)
    XCTAssertEqual(unit.settlingTime, large.settlingTime)
    XCTAssertEqual(large.settlingThreshold, 1)
  }

  func testAnAlmostUndampedSpringIsCappedAtTheMaximum() throws {
    let s = try solution(damping: 1e-9, x0: 1)
    XCTAssertEqual(s.settlingTime, SpringSolution.maximumSettlingTime)
    let heavy = try solution(stiffness: 1e-6, damping: 1e6, x0: 1)
    XCTAssertEqual(heavy.regime, .overDamped)
    XCTAssertEqual(heavy.settlingTime, SpringSolution.maximumSettlingTime)
  }

  func testAVeryStiffSpringSettlesAlmostAtOnce() throws {
    let s = try solution(stiffness: 1e12, damping: 2e6, x0: 1)
    XCTAssertEqual(s.settlingTime, 9.2335e-6, accuracy: 1e-9)
  }
}
