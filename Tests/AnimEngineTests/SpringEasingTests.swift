import AnimEngine
import Foundation
import XCTest

final class SpringEasingTests: XCTestCase {
  func testACriticallyDampedSpringEasesAlongItsClosedForm() throws {
    // k = 100, c = 20: x(t) = (1 + 10t)·e^(−10t); T solves x(T) = 0.001.
    let easing = Easing.spring(try SpringParameters(mass: 1, stiffness: 100, damping: 20))
    let settling = ReferenceRoot.bisect(0.1, 10) { t in (1 + 10 * t) * exp(-10 * t) - 0.001 }
    for i in 1..<20 {
      let p = Double(i) / 20
      let t = p * settling
      XCTAssertEqual(easing(p), 1 - (1 + 10 * t) * exp(-10 * t), accuracy: 1e-12, "p = \(p)")
    }
  }

  func testItStartsAtZeroAndSnapsToOne() throws {
    let easing = Easing.spring(try SpringParameters())
    XCTAssertEqual(easing(0), 0)
    XCTAssertEqual(easing(1), 1)
    XCTAssertEqual(easing(-0.5), 0)
    XCTAssertEqual(easing(3), 1)
    XCTAssertEqual(easing(1 - 1e-12), 1, accuracy: 1.0001e-3)
  }

  func testAnUnderDampedSpringOvershoots() throws {
    let easing = Easing.spring(try SpringParameters(mass: 1, stiffness: 100, damping: 10))
    let values = (0...1000).map { easing(Double($0) / 1000) }
    XCTAssertGreaterThan(values.max() ?? 0, 1.1)
  }

  func testDerivativeMatchesACentralDifference() throws {
    for damping in [10.0, 20, 50] {
      let easing = Easing.spring(try SpringParameters(damping: damping))
      let h = 1e-6
      for p in [0.05, 0.2, 0.5, 0.8, 0.95] {
        let expected = (easing(p + h) - easing(p - h)) / (2 * h)
        XCTAssertEqual(
          easing.derivative(at: p), expected, accuracy: 1e-5 * max(1, abs(expected)),
          "c = \(damping), p = \(p)")
      }
      XCTAssertEqual(easing.derivative(at: 0), 0)
      XCTAssertEqual(easing.derivative(at: 1.5), 0)
    }
  }

  func testValueAndDerivativeNeverTrap() throws {
    let easing = Easing.spring(try SpringParameters(damping: 1e-9))
    for p in [Double.nan, .infinity, -.infinity, 0.5, 1e-300] {
      _ = easing(p)
      _ = easing.derivative(at: p)
    }
    XCTAssertTrue(easing(.nan).isNaN)
  }
}
