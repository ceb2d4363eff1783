import AnimEngine
import XCTest

final class EasingNameTests: XCTestCase {
  private let families = [
    "Sine", "Quad", "Cubic", "Quart", "Quint", "Expo", "Circ", "Back", "Elastic", "Bounce",
  ]

  func testAllNamesListsLinearThenInOutAndInOutOfEveryFamily() {
    var expected = ["linear"]
    for family in families {
      expected += ["in" + family, "out" + family, "inOut" + family]
    }
    XCTAssertEqual(Easing.allNames, expected)
    XCTAssertEqual(Easing.allNames.count, 31)
  }

  func testEveryCanonicalNameRoundTrips() throws {
    for name in Easing.allNames {
      let easing = try XCTUnwrap(Easing.named(name), name)
      XCTAssertEqual(easing.name, name)
      XCTAssertEqual("\(easing)", name)
    }
  }

  func testEaseAliasesNameTheSameCurves() {
    for family in families {
      XCTAssertEqual(Easing.named("easeIn" + family), Easing.named("in" + family))
      XCTAssertEqual(Easing.named("easeOut" + family), Easing.named("out" + family))
      XCTAssertEqual(Easing.named("easeInOut" + family), Easing.named("inOut" + family))
      XCTAssertNotNil(Easing.named("easeInOut" + family))
    }
    XCTAssertEqual(Easing.named("easeInOutQuad"), .inOutQuad)
    XCTAssertEqual(Easing.named("easeInQuad"), .inQuad)
    XCTAssertEqual(Easing.named("easeOutQuad"), .outQuad)
  }

  func testUnknownNamesAreNil() {
    for name in [
      "", "ease", "easeLinear", "InQuad", "inquad", "easeinQuad", "inOut", "bounce",
      "cubicBezier", "steps", "spring", "easeInOutQuadx",
    ] {
      XCTAssertNil(Easing.named(name), name)
    }
  }

  func testParameterisedEasingsPrintTheirArguments() throws {
    XCTAssertEqual(
      try Easing.makeCubicBezier(0.25, 0.1, 0.25, 1).name, "cubicBezier(0.25, 0.1, 0.25, 1)")
    XCTAssertEqual(try Easing.makeCubicBezier(0, -0.5, 1, 1.5).name, "cubicBezier(0, -0.5, 1, 1.5)")
    XCTAssertEqual(
      Easing.cubicBezier(1.0 / 3, 0, 2.0 / 3, 1).name, "cubicBezier(0.333333, 0, 0.666667, 1)")
    XCTAssertEqual(try Easing.makeSteps(4).name, "steps(4)")
    let spring = try SpringParameters(mass: 1, stiffness: 100, damping: 10)
    XCTAssertEqual(Easing.spring(spring).name, "spring(mass: 1, stiffness: 100, damping: 10)")
    XCTAssertEqual("\(Easing.spring(spring))", "spring(mass: 1, stiffness: 100, damping: 10)")
  }
}
