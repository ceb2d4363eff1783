import AnimEngine
import XCTest

/// SPEC §3: numbers print in the shortest form that round-trips to 6
/// significant digits, the same in the engine's messages, `print` and the REPL.
final class NumberTextTests: XCTestCase {
  func testSpecExamples() {
    XCTAssertEqual(NumberText.format(1), "1")
    XCTAssertEqual(NumberText.format(0.5), "0.5")
    XCTAssertEqual(NumberText.format(1.0 / 3), "0.333333")
    XCTAssertEqual(NumberText.format(-12.25), "-12.25")
    XCTAssertEqual(NumberText.format(1_000_000), "1e+06")
  }

  func testNegativeZeroPrintsAsZero() {
    XCTAssertEqual(NumberText.format(-0.0), "0")
    XCTAssertEqual(NumberText.format(0.0), "0")
  }

  func testSixSignificantDigitsAndExponents() {
    XCTAssertEqual(NumberText.format(123_456.7), "123457")
    XCTAssertEqual(NumberText.format(0.0001), "0.0001")
    XCTAssertEqual(NumberText.format(0.00001), "1e-05")
    XCTAssertEqual(NumberText.format(-.greatestFiniteMagnitude), "-1.79769e+308")
    XCTAssertEqual(NumberText.format(.leastNonzeroMagnitude), "4.94066e-324")
  }

  func testNonFiniteValues() {
    XCTAssertEqual(NumberText.format(.nan), "nan")
    XCTAssertEqual(NumberText.format(.infinity), "inf")
    XCTAssertEqual(NumberText.format(-.infinity), "-inf")
  }

  /// The engine's messages once printed `-0` here.
  func testEngineMessageWritesNegativeZeroAsZero() {
    XCTAssertThrowsError(try Motion.speed(Motion.wait(1), -0.0)) { error in
      XCTAssertEqual("\(error)", "speed factor must be a finite number > 0, not 0")
    }
  }

  /// Colour and stagger messages use the same form as `print` (they once
  /// printed Swift's `1.3000000000000003`).
  func testColorMessageUsesSixDigits() {
    XCTAssertThrowsError(try Color.rgb(0, 0, 0, 1 + 0.1 + 0.2)) { error in
      XCTAssertEqual("\(error)", "alpha 1.3 is outside 0…1")
    }
  }
}
