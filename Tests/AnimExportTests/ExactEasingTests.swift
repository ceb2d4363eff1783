import AnimEngine
import XCTest

@testable import AnimExport

final class ExactEasingTests: XCTestCase {
  static let exact: [Easing] = [
    .linear, .inQuad, .outQuad, .inOutQuad, .inCubic, .outCubic, .inOutCubic, .inBack, .outBack,
    .inOutBack, .inBounce, .outBounce, .inOutBounce, .cubicBezier(0.42, 0, 0.58, 1),
    .cubicBezier(0.3, -0.6, 0.7, 1.6),
  ]

  func testEveryExactEasingMatchesTheEngineTo1e12() throws {
    for easing in Self.exact {
      let exact = try XCTUnwrap(ExactEasing.of(easing), "\(easing)")
      // The engine solves a cubicBezier to 1e-12 in x (SPEC asks 1e-7), so
      // its y carries that error times the slope; the Penner forms are exact.
      var tolerance = 1e-12
      if case .cubicBezier = easing { tolerance = 1e-10 }
      for k in 0...2000 {
        let p = Double(k) / 2000
        XCTAssertEqual(exact.value(at: p), easing(p), accuracy: tolerance, "\(easing) at \(p)")
      }
    }
  }

  func testArcsAreMonotoneAndContiguous() throws {
    for easing in Self.exact {
      guard case .arcs(let arcs) = try XCTUnwrap(ExactEasing.of(easing)) else {
        return XCTFail("\(easing)")
      }
      XCTAssertEqual(arcs.first?.startX, 0)
      XCTAssertEqual(arcs.last?.endX, 1)
      for (a, b) in zip(arcs, arcs.dropFirst()) {
        XCTAssertEqual(a.endX, b.startX, accuracy: 1e-15, "\(easing)")
        XCTAssertEqual(a.endY, b.startY, accuracy: 1e-12, "\(easing)")
      }
      for arc in arcs {
        XCTAssertNotNil(arc.normalized, "\(easing): a flat arc")
        XCTAssertTrue(arc.turningParameters.isEmpty, "\(easing): an arc turns")
      }
    }
  }

  func testClosedFormControlPoints() throws {
    guard case .arcs(let quad) = try XCTUnwrap(ExactEasing.of(.inQuad)) else { return XCTFail() }
    XCTAssertEqual(quad.count, 1)
    let n = try XCTUnwrap(quad[0].normalized)
    XCTAssertEqual(n.0, 1.0 / 3, accuracy: 1e-15)
    XCTAssertEqual(n.1, 0, accuracy: 1e-15)
    XCTAssertEqual(n.2, 2.0 / 3, accuracy: 1e-15)
    XCTAssertEqual(n.3, 1.0 / 3, accuracy: 1e-15)
    // inBack dips below 0 and comes back: split at its minimum, x = 2·c1 / (3·c3).
    guard case .arcs(let back) = try XCTUnwrap(ExactEasing.of(.inBack)) else { return XCTFail() }
    XCTAssertEqual(back.count, 2)
    XCTAssertEqual(back[0].endX, 2 * 1.70158 / (3 * 2.70158), accuracy: 1e-12)
    // outBounce: the first arc, then three arcs each split at its top.
    guard case .arcs(let bounce) = try XCTUnwrap(ExactEasing.of(.outBounce)) else {
      return XCTFail()
    }
    XCTAssertEqual(bounce.count, 7)
    XCTAssertEqual(bounce[1].endX, 1.5 / 2.75, accuracy: 1e-12)
    XCTAssertEqual(bounce[1].endY, 0.75, accuracy: 1e-12)
  }

  func testInexactEasingsHaveNoExactForm() {
    for easing: Easing in [.inQuart, .outQuint, .inOutSine, .inExpo, .outCirc, .inOutElastic] {
      XCTAssertNil(ExactEasing.of(easing), "\(easing)")
    }
    XCTAssertNil(ExactEasing.of(.steps(5000)))
    XCTAssertNotNil(ExactEasing.of(.steps(4)))
  }

  func testSplitAndRestrictKeepTheCurve() throws {
    let piece = BezierPiece(x: SIMD4(0, 0.42, 0.58, 1), y: SIMD4(0, 0, 1, 1))
    let part = piece.restricted(from: 0.2, to: 0.7)
    for k in 0...100 {
      let p = 0.2 + 0.5 * Double(k) / 100
      XCTAssertEqual(part.value(atX: p), piece.value(atX: p), accuracy: 1e-13)
    }
    XCTAssertEqual(part.startX, 0.2)
    XCTAssertEqual(part.endX, 0.7)
  }
}
