import AnimEngine
import Foundation
import XCTest

final class SpringParametersTests: XCTestCase {
  private func assertConstants(
    _ spring: SpringParameters, mass: Double, stiffness: Double, damping: Double,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(spring.mass, mass, accuracy: 1e-12 * mass, "mass", file: file, line: line)
    XCTAssertEqual(
      spring.stiffness, stiffness, accuracy: 1e-12 * stiffness, "stiffness", file: file, line: line)
    XCTAssertEqual(
      spring.damping, damping, accuracy: 1e-12 * damping, "damping", file: file, line: line)
  }

  private func assertThrows(
    _ message: String, file: StaticString = #filePath, line: UInt = #line,
    _ make: () throws -> SpringParameters
  ) {
    XCTAssertThrowsError(try make(), file: file, line: line) { error in
      XCTAssertEqual((error as? EngineError)?.message, message, file: file, line: line)
    }
  }

  func testPhysicalDefaultsAreSpecValues() throws {
    assertConstants(try SpringParameters(), mass: 1, stiffness: 100, damping: 10)
    assertConstants(
      try SpringParameters(mass: 2, stiffness: 300, damping: 4), mass: 2, stiffness: 300, damping: 4
    )
  }

  func testNaturalFrequencyAndDampingRatio() throws {
    let spring = try SpringParameters(mass: 2, stiffness: 200, damping: 8)
    XCTAssertEqual(spring.naturalFrequency, 10, accuracy: 1e-12)
    XCTAssertEqual(spring.dampingRatio, 8 / (2 * (200.0 * 2).squareRoot()), accuracy: 1e-12)
  }

  func testDurationAndBounceWithoutBounceIsCriticallyDamped() throws {
    // k = (2π/0.5)² = 16π², c = 4π/0.5 = 8π.
    let spring = try SpringParameters(duration: 0.5)
    assertConstants(spring, mass: 1, stiffness: 16 * .pi * .pi, damping: 8 * .pi)
    XCTAssertEqual(spring.dampingRatio, 1, accuracy: 1e-12)
  }

  func testDurationAndPositiveBounce() throws {
    // k = 4π², c = 4π·(1 − 0.3) = 2.8π: damping ratio 0.7.
    let spring = try SpringParameters(duration: 1, bounce: 0.3)
    assertConstants(spring, mass: 1, stiffness: 4 * .pi * .pi, damping: 2.8 * .pi)
    XCTAssertEqual(spring.dampingRatio, 0.7, accuracy: 1e-12)
  }

  func testDurationAndNegativeBounceIsOverDamped() throws {
    // ζ = 1/(1 − 0.5) = 2, c = 2ζ√(km) = 2·2·2π.
    let spring = try SpringParameters(duration: 1, bounce: -0.5)
    assertConstants(spring, mass: 1, stiffness: 4 * .pi * .pi, damping: 8 * .pi)
    XCTAssertEqual(spring.dampingRatio, 2, accuracy: 1e-12)
  }

  func testFrequencyAndHalflife() throws {
    // ω = 4π, k = 16π², ζ = ln2/(ω·h), c = 2ζω = 2·ln2/h.
    let spring = try SpringParameters(frequency: 2, halflife: 0.1)
    assertConstants(spring, mass: 1, stiffness: 16 * .pi * .pi, damping: 2 * log(2.0) / 0.1)
    XCTAssertEqual(spring.dampingRatio, log(2.0) / (4 * .pi * 0.1), accuracy: 1e-12)
  }

  func testTheHalflifeIsWhenTheEnvelopeHalves() throws {
    let spring = try SpringParameters(frequency: 3, halflife: 0.2)
    let decayRate = spring.damping / (2 * spring.mass)
    XCTAssertEqual(exp(-decayRate * 0.2), 0.5, accuracy: 1e-12)
  }

  func testResponseAndDampingRatio() throws {
    // ω = 2π/0.5 = 4π, k = 16π², c = 2·0.8·4π.
    let spring = try SpringParameters(response: 0.5, dampingRatio: 0.8)
    assertConstants(spring, mass: 1, stiffness: 16 * .pi * .pi, damping: 6.4 * .pi)
    XCTAssertEqual(spring.dampingRatio, 0.8, accuracy: 1e-12)
  }

  func testZeroOrNegativeDampingNeverSettles() {
    let message = "spring damping must be greater than 0, or the spring would never settle"
    assertThrows(message) { try SpringParameters(damping: 0) }
    assertThrows(message) { try SpringParameters(damping: -3) }
    assertThrows("spring damping must be a finite number") { try SpringParameters(damping: .nan) }
  }

  func testMassAndStiffnessMustBePositiveAndFinite() {
    assertThrows("spring mass must be greater than 0") { try SpringParameters(mass: 0) }
    assertThrows("spring mass must be a finite number") { try SpringParameters(mass: .infinity) }
    assertThrows("spring stiffness must be greater than 0") { try SpringParameters(stiffness: -5) }
    assertThrows("spring stiffness must be a finite number") {
      try SpringParameters(stiffness: .nan)
    }
  }

  func testBounceMustLieStrictlyBetweenMinusOneAndOne() {
    let tooBouncy =
      "spring bounce must be less than 1: a bounce of 1 or more leaves no damping, "
      + "and the spring would never settle"
    assertThrows(tooBouncy) { try SpringParameters(duration: 1, bounce: 1) }
    assertThrows(tooBouncy) { try SpringParameters(duration: 1, bounce: 1.5) }
    assertThrows("spring bounce must be greater than -1") {
      try SpringParameters(duration: 1, bounce: -1)
    }
    assertThrows("spring bounce must be a finite number") {
      try SpringParameters(duration: 1, bounce: .nan)
    }
  }

  func testTimesAndFrequenciesMustBePositive() {
    assertThrows("spring duration must be greater than 0") { try SpringParameters(duration: 0) }
    assertThrows("spring duration must be a finite number") {
      try SpringParameters(duration: .infinity)
    }
    assertThrows("spring frequency must be greater than 0") {
      try SpringParameters(frequency: 0, halflife: 1)
    }
    assertThrows("spring halflife must be greater than 0") {
      try SpringParameters(frequency: 1, halflife: -1)
    }
    assertThrows("spring response must be greater than 0") {
      try SpringParameters(response: 0, dampingRatio: 1)
    }
    assertThrows("spring dampingRatio must be greater than 0, or the spring would never settle") {
      try SpringParameters(response: 1, dampingRatio: 0)
    }
  }

  func testConstantsTooFarApartToComputeAreRefused() {
    XCTAssertThrowsError(try SpringParameters(mass: 1e-300, stiffness: 1e300, damping: 1))
    XCTAssertThrowsError(try SpringParameters(duration: 1e-300))
    XCTAssertThrowsError(try SpringParameters(mass: 1e300, stiffness: 1e-300, damping: 1e-300))
    XCTAssertThrowsError(try SpringParameters(mass: 1e300, stiffness: 1e-300, damping: 1e-300)) {
      error in
      XCTAssertEqual(
        (error as? EngineError)?.message,
        "spring(mass: 1e+300, stiffness: 1e-300, damping: 1e-300) cannot be computed: its mass, "
          + "stiffness and damping are too large or too small for double-precision numbers")
    }
  }

  func testDescriptionListsThePhysicalConstants() throws {
    XCTAssertEqual(
      "\(try SpringParameters(mass: 1, stiffness: 100, damping: 10))",
      "mass: 1, stiffness: 100, damping: 10")
  }
}
