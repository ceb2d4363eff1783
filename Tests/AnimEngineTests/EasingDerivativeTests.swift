import AnimEngine
import XCTest

final class EasingDerivativeTests: XCTestCase {
  /// Progress values away from every kink of the Bounce curves (the joins of
  /// outBounce at 1/2.75, 2/2.75, 2.5/2.75 and their mirror images).
  private let samples = stride(from: 0.05, through: 0.95, by: 0.1).map { $0 }

  func testDerivativeMatchesACentralDifferenceOfTheReference() throws {
    let h = 1e-6
    for (name, reference) in PennerReference.curves {
      let curve = try XCTUnwrap(Easing.named(name))
      for p in samples {
        let expected = (reference(p + h) - reference(p - h)) / (2 * h)
        XCTAssertEqual(
          curve.derivative(at: p), expected, accuracy: 1e-5 * max(1, abs(expected)),
          "\(name)′(\(p))")
      }
    }
  }

  func testLinearHasSlopeOne() {
    XCTAssertEqual(Easing.linear.derivative(at: 0.3), 1)
    XCTAssertEqual(Easing.linear.derivative(at: 7), 1)
  }

  func testSlopesAtTheEnds() {
    XCTAssertEqual(Easing.inQuad.derivative(at: 0), 0)
    XCTAssertEqual(Easing.inQuad.derivative(at: 1), 2)
    XCTAssertEqual(Easing.outCubic.derivative(at: 0), 3)
    XCTAssertEqual(Easing.outCubic.derivative(at: 1), 0)
    XCTAssertEqual(Easing.outSine.derivative(at: 0), Double.pi / 2, accuracy: 1e-15)
    XCTAssertEqual(Easing.outSine.derivative(at: 1), 0, accuracy: 1e-15)
    XCTAssertEqual(Easing.outBounce.derivative(at: 0), 0)
    XCTAssertEqual(Easing.inBack.derivative(at: 0), 0)
  }

  func testCircHasAVerticalTangentAtOneEnd() {
    XCTAssertEqual(Easing.inCirc.derivative(at: 1), .infinity)
    XCTAssertEqual(Easing.outCirc.derivative(at: 0), .infinity)
    XCTAssertEqual(Easing.inCirc.derivative(at: 0), 0)
  }

  func testStepsAreFlat() throws {
    let steps = try Easing.makeSteps(4)
    XCTAssertEqual(steps.derivative(at: 0.1), 0)
    XCTAssertEqual(steps.derivative(at: 0.25), 0)
  }
}
