import AnimEngine
import XCTest

final class StepsTests: XCTestCase {
  func testFourStepsJumpAtTheEndOfEachQuarter() throws {
    let steps = try Easing.makeSteps(4)
    XCTAssertEqual(steps, .steps(4))
    XCTAssertEqual(steps(0), 0)
    XCTAssertEqual(steps(0.24), 0)
    XCTAssertEqual(steps(0.25), 0.25)
    XCTAssertEqual(steps(0.5), 0.5)
    XCTAssertEqual(steps(0.74), 0.5)
    XCTAssertEqual(steps(0.99), 0.75)
    XCTAssertEqual(steps(1), 1)
  }

  func testOneStepHoldsTheStartUntilTheEnd() throws {
    let steps = try Easing.makeSteps(1)
    XCTAssertEqual(steps(0.999999), 0)
    XCTAssertEqual(steps(1), 1)
  }

  func testStepsKeepSteppingOutsideZeroToOne() throws {
    let steps = try Easing.makeSteps(4)
    XCTAssertEqual(steps(1.3), 1.25)
    XCTAssertEqual(steps(-0.1), -0.25)
  }

  func testInvalidCountsThrowTheDocumentedMessage() {
    for n in [0, -1, 0.5, 2.5, 1.000001, .nan, .infinity, -.infinity] {
      XCTAssertThrowsError(try Easing.makeSteps(n), "\(n)") { error in
        XCTAssertEqual(
          error as? EngineError, EngineError("steps(n) needs a whole number of steps ≥ 1"))
      }
    }
  }

  func testHugeCountsAreRefusedRatherThanTrapping() throws {
    XCTAssertThrowsError(try Easing.makeSteps(1e300))
    XCTAssertThrowsError(try Easing.makeSteps(Double(Easing.maximumSteps) + 1))
    XCTAssertEqual(try Easing.makeSteps(Double(Easing.maximumSteps)), .steps(Easing.maximumSteps))
  }

  func testACountBelowOneBuiltDirectlyActsAsOne() {
    XCTAssertEqual(Easing.steps(0)(0.5), 0)
    XCTAssertEqual(Easing.steps(-3)(1), 1)
    XCTAssertEqual(Easing.steps(Int.max)(0.5), 0.5)
    XCTAssertEqual(Easing.steps(Int.min)(0.5), 0)
  }
}
