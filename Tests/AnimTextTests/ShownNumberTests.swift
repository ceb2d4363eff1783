import AnimEngine
import XCTest

final class ShownNumberTests: XCTestCase {
  private func shown(
    _ v: Double, _ digits: Int = 0, grouping: Bool = false, prefix: String = "", suffix: String = ""
  ) -> String {
    ShownNumber.text(v, digits: digits, grouping: grouping, prefix: prefix, suffix: suffix)
  }

  func testTiesRoundHalfAwayFromZero() {
    XCTAssertEqual(shown(0.5), "1")
    XCTAssertEqual(shown(1.5), "2")
    XCTAssertEqual(shown(2.5), "3")
    XCTAssertEqual(shown(-2.5), "-3")
    XCTAssertEqual(shown(0.125, 2), "0.13")
    XCTAssertEqual(shown(-0.125, 2), "-0.13")
  }

  func testTheExactDoubleDecidesNotItsShortestDecimal() {
    // 1.005 is stored as 1.00499999999999989…: toFixed(2) gives "1.00".
    XCTAssertEqual(shown(1.005, 2), "1.00")
    // 0.3 is 0.299999999999999988…: toFixed(0) gives "0".
    XCTAssertEqual(shown(0.3, 0), "0")
    XCTAssertEqual(shown(2.675, 2), "2.67")
  }

  func testCarriesThroughNines() {
    XCTAssertEqual(shown(999.5), "1000")
    XCTAssertEqual(shown(9.996, 2), "10.00")
    XCTAssertEqual(shown(999_999.5, grouping: true), "1,000,000")
  }

  func testGroupingPrefixSuffixAndSign() {
    XCTAssertEqual(shown(1250, grouping: true, prefix: "$"), "$1,250")
    XCTAssertEqual(shown(1_234_567.891, 2, grouping: true), "1,234,567.89")
    XCTAssertEqual(shown(-5, prefix: "$"), "-$5")
    XCTAssertEqual(shown(12, suffix: " %"), "12 %")
    XCTAssertEqual(shown(123, grouping: true), "123")
    XCTAssertEqual(shown(-1234, grouping: true), "-1,234")
  }

  func testZeroHasNoSign() {
    XCTAssertEqual(shown(-0.0), "0")
    XCTAssertEqual(shown(-0.0, 2), "0.00")
    XCTAssertEqual(shown(-0.004, 2, prefix: "$"), "$0.00")
    XCTAssertEqual(shown(-0.4), "0")
  }

  func testExtremes() {
    XCTAssertEqual(shown(1e21, grouping: true), "1,000,000,000,000,000,000,000")
    XCTAssertEqual(shown(.leastNonzeroMagnitude, 20), "0.00000000000000000000")
    XCTAssertEqual(shown(.infinity), "inf")
    XCTAssertEqual(shown(-.infinity, prefix: "$"), "-$inf")
    XCTAssertEqual(shown(.nan), "nan")
    XCTAssertEqual(shown(1.5, 99), "1.50000000000000000000")
  }
}
