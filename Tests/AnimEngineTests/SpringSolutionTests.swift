import AnimEngine
import Foundation
import XCTest

final class SpringSolutionTests: XCTestCase {
  private struct Case {
    let mass: Double
    let stiffness: Double
    let damping: Double
    let x0: Double
    let v0: Double
  }

  /// Compares the closed form with an RK4 integration (dt = 1e-5) at every
  /// millisecond of the whole settling time, position and velocity, to 1e-8
  /// of the distance travelled (and of the matching speed scale). The two
  /// agree to about 1e-14; within 1e-9 of ζ = 1 the spring is solved as
  /// critically damped, which moves it by about 1e-10.
  private func assertMatchesIntegration(
    _ c: Case, regime: SpringSolution.Regime, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let parameters = try SpringParameters(mass: c.mass, stiffness: c.stiffness, damping: c.damping)
    let solution = SpringSolution(parameters: parameters, displacement: c.x0, velocity: c.v0)
    XCTAssertEqual(solution.regime, regime, file: file, line: line)
    let distance = solution.settlingThreshold / 0.001
    let dt = 1e-5
    let steps = Int((solution.settlingTime / dt).rounded(.up))
    XCTAssertGreaterThan(steps, 1000, file: file, line: line)
    var worst = 0.0
    var worstVelocity = 0.0
    RK4Spring(mass: c.mass, stiffness: c.stiffness, damping: c.damping)
      .integrate(x0: c.x0, v0: c.v0, dt: dt, steps: steps, every: 100) { t, x, v in
        worst = max(worst, abs(solution.displacement(at: t) - x))
        worstVelocity = max(worstVelocity, abs(solution.velocity(at: t) - v))
      }
    XCTAssertLessThan(worst, 1e-8 * distance, "displacement", file: file, line: line)
    let speedScale = distance * parameters.naturalFrequency + abs(c.v0)
    XCTAssertLessThan(worstVelocity, 1e-8 * speedScale, "velocity", file: file, line: line)
  }

  func testUnderDampedMatchesIntegration() throws {
    try assertMatchesIntegration(
      Case(mass: 1, stiffness: 100, damping: 10, x0: 1, v0: 0), regime: .underDamped)
    try assertMatchesIntegration(
      Case(mass: 1, stiffness: 100, damping: 10, x0: -50, v0: 300), regime: .underDamped)
    try assertMatchesIntegration(
      Case(mass: 2, stiffness: 300, damping: 4, x0: 10, v0: -40), regime: .underDamped)
    try assertMatchesIntegration(
      Case(mass: 1, stiffness: 100, damping: 10, x0: 0, v0: 5), regime: .underDamped)
  }

  func testCriticallyDampedMatchesIntegration() throws {
    try assertMatchesIntegration(
      Case(mass: 1, stiffness: 100, damping: 20, x0: 1, v0: 0), regime: .criticallyDamped)
    try assertMatchesIntegration(
      Case(mass: 1, stiffness: 100, damping: 20, x0: 3, v0: -40), regime: .criticallyDamped)
    try assertMatchesIntegration(
      Case(mass: 0.5, stiffness: 50, damping: 10, x0: -2, v0: 5), regime: .criticallyDamped)
    try assertMatchesIntegration(
      Case(mass: 1, stiffness: 100, damping: 20, x0: 0, v0: 5), regime: .criticallyDamped)
  }

  func testOverDampedMatchesIntegration() throws {
    try assertMatchesIntegration(
      Case(mass: 1, stiffness: 100, damping: 50, x0: 1, v0: 0), regime: .overDamped)
    try assertMatchesIntegration(
      Case(mass: 1, stiffness: 100, damping: 50, x0: 2, v0: 20), regime: .overDamped)
    try assertMatchesIntegration(
      Case(mass: 1, stiffness: 100, damping: 100, x0: 1, v0: -60), regime: .overDamped)
    try assertMatchesIntegration(
      Case(mass: 1, stiffness: 100, damping: 50, x0: 0, v0: 5), regime: .overDamped)
  }

  func testNearlyCriticalSpringsMatchIntegration() throws {
    for damping in [20 * (1 - 1e-7), 20 * (1 - 1e-10), 20 * (1 + 1e-10), 20 * (1 + 1e-7)] {
      try assertMatchesIntegration(
        Case(mass: 1, stiffness: 100, damping: damping, x0: 1, v0: 0),
        regime: damping < 20 * (1 - 1e-9)
          ? .underDamped : damping > 20 * (1 + 1e-9) ? .overDamped : .criticallyDamped)
      try assertMatchesIntegration(
        Case(mass: 1, stiffness: 100, damping: damping, x0: 1, v0: -30),
        regime: damping < 20 * (1 - 1e-9)
          ? .underDamped : damping > 20 * (1 + 1e-9) ? .overDamped : .criticallyDamped)
    }
  }

  func testAVeryOverDampedSpringMatchesIntegrationOverTenSeconds() throws {
    // ζ = 1000: roots near −0.0005 and −2000, the case where e^(−αt)·cosh(μt)
    // written naively overflows.
    let parameters = try SpringParameters(mass: 1, stiffness: 1, damping: 2000)
    let solution = SpringSolution(parameters: parameters, displacement: 1, velocity: 3)
    var worst = 0.0
    RK4Spring(mass: 1, stiffness: 1, damping: 2000)
      .integrate(x0: 1, v0: 3, dt: 1e-5, steps: 1_000_000, every: 1000) { t, x, _ in
        worst = max(worst, abs(solution.displacement(at: t) - x))
      }
    XCTAssertLessThan(worst, 1e-9)
    XCTAssertEqual(solution.displacement(at: 1e4), solution.displacement(at: 1e4))  // not NaN
    XCTAssertTrue(solution.displacement(at: 1e300).isFinite)
  }

  func testMechanicalEnergyNeverIncreases() throws {
    let cases: [(Double, Double, Double, Double, Double)] = [
      (1, 100, 10, 1, 0), (1, 100, 10, 0, 5), (2, 300, 4, 10, -40), (1, 100, 20, 3, -40),
      (1, 100, 50, 2, 20), (1, 100, 2000, 1, -100),
    ]
    for (m, k, c, x0, v0) in cases {
      let solution = SpringSolution(
        parameters: try SpringParameters(mass: m, stiffness: k, damping: c),
        displacement: x0, velocity: v0)
      func energy(_ t: Double) -> Double {
        let x = solution.displacement(at: t)
        let v = solution.velocity(at: t)
        return 0.5 * m * v * v + 0.5 * k * x * x
      }
      let initial = energy(0)
      var previous = initial
      for i in 1...2000 {
        let next = energy(solution.settlingTime * Double(i) / 1000)
        XCTAssertLessThanOrEqual(next, previous + 1e-12 * initial, "\((m, k, c, x0, v0)) step \(i)")
        previous = next
      }
    }
  }

  func testCriticallyDampedFromRestNeverOvershoots() throws {
    for (x0, stiffness) in [(1.0, 100.0), (-250, 100), (3, 7)] {
      let parameters = try SpringParameters(
        mass: 1, stiffness: stiffness, damping: 2 * stiffness.squareRoot())
      let solution = SpringSolution(parameters: parameters, displacement: x0)
      XCTAssertEqual(solution.regime, .criticallyDamped)
      for i in 0...10_000 {
        let x = solution.displacement(at: solution.settlingTime * Double(i) / 1000)
        XCTAssertGreaterThanOrEqual(x / x0, 0)
        XCTAssertLessThanOrEqual(x / x0, 1)
      }
    }
  }

  func testDisplacementAndVelocityStartAtTheirInitialValues() throws {
    let solution = SpringSolution(
      parameters: try SpringParameters(), displacement: -120, velocity: 33)
    XCTAssertEqual(solution.displacement(at: 0), -120)
    XCTAssertEqual(solution.velocity(at: 0), 33)
    XCTAssertEqual(solution.displacement(at: -5), -120)
    XCTAssertEqual(solution.displacement(at: 1e-12), -120, accuracy: 1e-9)
    XCTAssertEqual(solution.velocity(at: 1e-12), 33, accuracy: 1e-6)
    XCTAssertEqual(solution.displacement(at: .infinity), 0)
    XCTAssertEqual(solution.velocity(at: .infinity), 0)
    XCTAssertTrue(solution.displacement(at: .nan).isNaN)
  }

  func testASpringAtRestStaysAtRest() throws {
    let solution = SpringSolution(parameters: try SpringParameters(), displacement: 0)
    XCTAssertEqual(solution.settlingTime, 0)
    XCTAssertEqual(solution.settlingThreshold, 0)
    XCTAssertEqual(solution.displacement(at: 1), 0)
    XCTAssertEqual(solution.velocity(at: 1), 0)
    XCTAssertEqual(solution.envelope(at: 1), 0)
  }

  func testNonFiniteStartsRestOnTheTarget() throws {
    for (x0, v0) in [(Double.nan, 0.0), (.infinity, 1), (1, -.infinity), (.nan, .nan)] {
      let solution = SpringSolution(
        parameters: try SpringParameters(), displacement: x0, velocity: v0)
      XCTAssertTrue(solution.settlingTime.isFinite)
      XCTAssertTrue(solution.displacement(at: 0.1).isFinite)
    }
  }

  func testHugeStartsStayFiniteAndScaleExactly() throws {
    let parameters = try SpringParameters()
    let small = SpringSolution(parameters: parameters, displacement: 1, velocity: -3)
    let huge = SpringSolution(parameters: parameters, displacement: 1e300, velocity: -3e300)
    XCTAssertEqual(huge.settlingTime, small.settlingTime)
    XCTAssertEqual(huge.displacement(at: 0.3) / 1e300, small.displacement(at: 0.3), accuracy: 1e-15)
    XCTAssertTrue(huge.displacement(at: 0.3).isFinite)
    let extreme = SpringSolution(
      parameters: parameters, displacement: .greatestFiniteMagnitude,
      velocity: -.greatestFiniteMagnitude)
    XCTAssertTrue(extreme.settlingTime.isFinite)
    _ = extreme.displacement(at: 0.1)
  }
}
