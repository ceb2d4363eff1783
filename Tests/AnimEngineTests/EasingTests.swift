import AnimEngine
import Foundation
import XCTest

/// The easings.net formulas, written out again here from the site (in its
/// JavaScript spelling, transliterated), so that the engine is checked
/// against an independent copy rather than against itself.
enum PennerReference {
  static let c1 = 1.70158
  static let c2 = c1 * 1.525
  static let c3 = c1 + 1
  static let c4 = (2 * Double.pi) / 3
  static let c5 = (2 * Double.pi) / 4.5

  static func easeOutBounce(_ x: Double) -> Double {
    let n1 = 7.5625
    let d1 = 2.75
    if x < 1 / d1 {
      return n1 * x * x
    } else if x < 2 / d1 {
      let y = x - 1.5 / d1
      return n1 * y * y + 0.75
    } else if x < 2.5 / d1 {
      let y = x - 2.25 / d1
      return n1 * y * y + 0.9375
    } else {
      let y = x - 2.625 / d1
      return n1 * y * y + 0.984375
    }
  }

  static let curves: [(name: String, f: @Sendable (Double) -> Double)] = [
    ("linear", { x in x }),
    ("inSine", { x in 1 - cos((x * Double.pi) / 2) }),
    ("outSine", { x in sin((x * Double.pi) / 2) }),
    ("inOutSine", { x in -(cos(Double.pi * x) - 1) / 2 }),
    ("inQuad", { x in x * x }),
    ("outQuad", { x in 1 - (1 - x) * (1 - x) }),
    ("inOutQuad", { x in x < 0.5 ? 2 * x * x : 1 - pow(-2 * x + 2, 2) / 2 }),
    ("inCubic", { x in x * x * x }),
    ("outCubic", { x in 1 - pow(1 - x, 3) }),
    ("inOutCubic", { x in x < 0.5 ? 4 * x * x * x : 1 - pow(-2 * x + 2, 3) / 2 }),
    ("inQuart", { x in x * x * x * x }),
    ("outQuart", { x in 1 - pow(1 - x, 4) }),
    ("inOutQuart", { x in x < 0.5 ? 8 * x * x * x * x : 1 - pow(-2 * x + 2, 4) / 2 }),
    ("inQuint", { x in x * x * x * x * x }),
    ("outQuint", { x in 1 - pow(1 - x, 5) }),
    ("inOutQuint", { x in x < 0.5 ? 16 * x * x * x * x * x : 1 - pow(-2 * x + 2, 5) / 2 }),
    ("inExpo", { x in x == 0 ? 0 : pow(2, 10 * x - 10) }),
    ("outExpo", { x in x == 1 ? 1 : 1 - pow(2, -10 * x) }),
    (
      "inOutExpo",
      { x in
        x == 0
          ? 0
          : x == 1
            ? 1
            : x < 0.5 ? pow(2, 20 * x - 10) / 2 : (2 - pow(2, -20 * x + 10)) / 2
      }
    ),
    ("inCirc", { x in 1 - sqrt(1 - pow(x, 2)) }),
    ("outCirc", { x in sqrt(1 - pow(x - 1, 2)) }),
    (
      "inOutCirc",
      { x in
        x < 0.5
          ? (1 - sqrt(1 - pow(2 * x, 2))) / 2
          : (sqrt(1 - pow(-2 * x + 2, 2)) + 1) / 2
      }
    ),
    ("inBack", { x in c3 * x * x * x - c1 * x * x }),
    ("outBack", { x in 1 + c3 * pow(x - 1, 3) + c1 * pow(x - 1, 2) }),
    (
      "inOutBack",
      { x in
        x < 0.5
          ? (pow(2 * x, 2) * ((c2 + 1) * 2 * x - c2)) / 2
          : (pow(2 * x - 2, 2) * ((c2 + 1) * (x * 2 - 2) + c2) + 2) / 2
      }
    ),
    (
      "inElastic",
      { x in
        x == 0 ? 0 : x == 1 ? 1 : -pow(2, 10 * x - 10) * sin((x * 10 - 10.75) * c4)
      }
    ),
    (
      "outElastic",
      { x in
        x == 0 ? 0 : x == 1 ? 1 : pow(2, -10 * x) * sin((x * 10 - 0.75) * c4) + 1
      }
    ),
    (
      "inOutElastic",
      { x in
        x == 0
          ? 0
          : x == 1
            ? 1
            : x < 0.5
              ? -(pow(2, 20 * x - 10) * sin((20 * x - 11.125) * c5)) / 2
              : (pow(2, -20 * x + 10) * sin((20 * x - 11.125) * c5)) / 2 + 1
      }
    ),
    ("inBounce", { x in 1 - easeOutBounce(1 - x) }),
    ("outBounce", { x in easeOutBounce(x) }),
    (
      "inOutBounce",
      { x in
        x < 0.5 ? (1 - easeOutBounce(1 - 2 * x)) / 2 : (1 + easeOutBounce(2 * x - 1)) / 2
      }
    ),
  ]
}

final class EasingTests: XCTestCase {
  private func easing(_ name: String) throws -> Easing {
    try XCTUnwrap(Easing.named(name), "no easing named \(name)")
  }

  func testEveryNamedCurveMatchesEasingsNetAtTenths() throws {
    XCTAssertEqual(PennerReference.curves.count, 31)
    for (name, reference) in PennerReference.curves {
      let curve = try easing(name)
      for i in 0...10 {
        let p = Double(i) / 10
        XCTAssertEqual(curve(p), reference(p), accuracy: 1e-12, "\(name)(\(p))")
        XCTAssertEqual(curve.value(at: p), curve(p), "\(name): value(at:) and call agree")
      }
    }
  }

  func testEveryNamedCurveMatchesEasingsNetOnAFineGrid() throws {
    for (name, reference) in PennerReference.curves {
      let curve = try easing(name)
      for i in 0...1000 {
        let p = Double(i) / 1000
        XCTAssertEqual(curve(p), reference(p), accuracy: 1e-12, "\(name)(\(p))")
      }
    }
  }

  func testEveryCurveStartsAtZeroAndEndsAtOne() throws {
    for name in Easing.allNames {
      let curve = try easing(name)
      XCTAssertEqual(curve(0), 0, accuracy: 1e-15, name)
      XCTAssertEqual(curve(1), 1, accuracy: 1e-15, name)
    }
  }

  func testOutBounceAtOneHalf() {
    XCTAssertEqual(Easing.outBounce(0.5), 0.765625, accuracy: 1e-15)
  }

  func testInBackDipsToItsAnalyticMinimum() {
    let c1 = 1.70158
    let c3 = c1 + 1
    // d/dp (c3·p³ − c1·p²) = 0 at p = 2·c1/(3·c3); the value there is −c1·p²/3.
    let argmin = 2 * c1 / (3 * c3)
    let minimum = -c1 * argmin * argmin / 3
    XCTAssertEqual(argmin, 0.41989, accuracy: 1e-5)
    XCTAssertEqual(minimum, -0.1000, accuracy: 1e-4)
    XCTAssertEqual(Easing.inBack(argmin), minimum, accuracy: 1e-14)
    XCTAssertEqual(Easing.inBack.derivative(at: argmin), 0, accuracy: 1e-14)
    XCTAssertGreaterThan(Easing.inBack(argmin - 1e-4), minimum)
    XCTAssertGreaterThan(Easing.inBack(argmin + 1e-4), minimum)
  }

  func testExpoIsExactAtItsEnds() {
    XCTAssertEqual(Easing.inExpo(0), 0)
    XCTAssertEqual(Easing.inExpo(1), 1)
    XCTAssertEqual(Easing.outExpo(0), 0)
    XCTAssertEqual(Easing.outExpo(1), 1)
    XCTAssertEqual(Easing.inOutExpo(0), 0)
    XCTAssertEqual(Easing.inOutExpo(1), 1)
  }

  func testInOutElasticPassesThroughOneHalf() {
    XCTAssertEqual(Easing.inOutElastic(0.5), 0.5, accuracy: 1e-15)
  }

  func testSymmetricInOutCurvesPassThroughOneHalf() throws {
    for family in ["Sine", "Quad", "Cubic", "Quart", "Quint", "Expo", "Circ", "Back", "Bounce"] {
      XCTAssertEqual(try easing("inOut" + family)(0.5), 0.5, accuracy: 1e-15, family)
    }
  }

  func testOutCurvesMirrorInCurves() throws {
    let families = ["Sine", "Quad", "Cubic", "Quart", "Quint", "Expo", "Circ", "Bounce"]
    for family in families {
      let curveIn = try easing("in" + family)
      let curveOut = try easing("out" + family)
      for i in 1..<20 {
        let p = Double(i) / 20
        XCTAssertEqual(curveOut(p), 1 - curveIn(1 - p), accuracy: 1e-12, "\(family) at \(p)")
      }
    }
  }

  func testFormulasExtendOutsideZeroToOne() {
    XCTAssertEqual(Easing.linear(1.5), 1.5)
    XCTAssertEqual(Easing.linear(-0.25), -0.25)
    XCTAssertEqual(Easing.inQuad(2), 4)
    XCTAssertEqual(Easing.outQuad(2), 0)  // the parabola turns back down
    XCTAssertEqual(Easing.inCubic(-1), -1)
    XCTAssertEqual(Easing.inBack(-1), PennerReference.c3 * -1 - PennerReference.c1)
  }

  func testCircHoldsItsEndsOutsideZeroToOne() {
    for curve in [Easing.inCirc, .outCirc, .inOutCirc] {
      XCTAssertEqual(curve(-0.5), 0, "\(curve)")
      XCTAssertEqual(curve(1.5), 1, "\(curve)")
      XCTAssertEqual(curve.derivative(at: -0.5), 0, "\(curve)")
      XCTAssertEqual(curve.derivative(at: 1.5), 0, "\(curve)")
    }
  }

  func testNonFiniteProgressNeverTraps() throws {
    for name in Easing.allNames {
      let curve = try easing(name)
      for p in [Double.nan, .infinity, -.infinity, 1e300, -1e300] {
        _ = curve(p)
        _ = curve.derivative(at: p)
      }
      XCTAssertTrue(curve(.nan).isNaN, name)
    }
  }
}
