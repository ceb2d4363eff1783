import XCTest

@testable import AnimEngine

/// Motion paths (SPEC §14.3) against values computed apart from anim:
/// `tests/paths/reference.py` evaluates the centripetal Catmull–Rom curve by
/// the Barry–Goldman pyramid and measures it with mpmath's tanh-sinh
/// quadrature at 40 digits.
final class MotionPathTests: XCTestCase {
  private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(b))
  }

  func testSmoothSquareMatchesTheReference() throws {
    let path = try MotionPath(
      points: [SIMD2(0, 0), SIMD2(100, 0), SIMD2(100, 100), SIMD2(0, 100)], curve: .smooth)
    XCTAssertTrue(close(path.length, 309.39067554886671), "\(path.length)")
    let (p, _) = path.sample(progress: 0.25)
    XCTAssertTrue(close(p.x, 76.916572677872375), "\(p.x)")
    XCTAssertTrue(close(p.y, -7.364580870380995), "\(p.y)")
    XCTAssertTrue(close(path.value(.angle(offset: 0), progress: 0.25), 1.7776766999740216))
    XCTAssertTrue(close(path.value(.x, progress: 0.5), 112.5))
    XCTAssertTrue(close(path.value(.y, progress: 0.5), 50))
    XCTAssertTrue(close(path.value(.angle(offset: 0), progress: 0.75), 178.22232330002598))
  }

  func testIrregularSmoothPathMatchesTheReference() throws {
    let path = try MotionPath(
      points: [SIMD2(0, 0), SIMD2(10, 80), SIMD2(200, 30), SIMD2(220, -50), SIMD2(40, -20)],
      curve: .smooth)
    XCTAssertTrue(close(path.length, 557.98742097230023), "\(path.length)")
    XCTAssertTrue(close(path.value(.x, progress: 0.1), -0.18940815345176813))
    XCTAssertTrue(close(path.value(.y, progress: 0.1), 55.745164519922344))
    XCTAssertTrue(close(path.value(.angle(offset: 0), progress: 0.1), 85.91764969168946))
    XCTAssertTrue(close(path.value(.x, progress: 0.37), 130.27065505488322))
    XCTAssertTrue(close(path.value(.y, progress: 0.37), 65.78688834839547))
    XCTAssertTrue(close(path.value(.angle(offset: 0), progress: 0.37), -18.848290363869963))
  }

  func testArcLengthIsUniform() throws {
    // Equal steps of progress cover equal lengths: the length of the piece
    // from p to p + 1/n, measured by fine chords, is L/n.
    let path = try MotionPath(
      points: [SIMD2(0, 0), SIMD2(10, 80), SIMD2(200, 30), SIMD2(220, -50), SIMD2(40, -20)],
      curve: .smooth)
    let n = 10
    for k in 0..<n {
      var sum = 0.0
      var previous = path.sample(progress: Double(k) / Double(n)).point
      let m = 2000
      for j in 1...m {
        let p = (Double(k) + Double(j) / Double(m)) / Double(n)
        let point = path.sample(progress: p).point
        sum += ((point - previous) * (point - previous)).sum().squareRoot()
        previous = point
      }
      XCTAssertEqual(sum, path.length / Double(n), accuracy: 1e-4 * path.length)
    }
  }

  func testRepeatedPointsMatchTheReference() throws {
    let path = try MotionPath(
      points: [SIMD2(0, 0), SIMD2(0, 0), SIMD2(60, 0), SIMD2(60, 0), SIMD2(60, 80), SIMD2(60, 80)],
      curve: .smooth)
    XCTAssertTrue(close(path.length, 140))
    XCTAssertTrue(close(path.value(.x, progress: 0.3), 42))
    XCTAssertTrue(close(path.value(.y, progress: 0.3), 0))
    XCTAssertTrue(close(path.value(.y, progress: 0.6), 24))
    XCTAssertTrue(close(path.value(.angle(offset: 0), progress: 0.6), 90))
  }

  func testFewerThanTwoPointsAreRefused() {
    XCTAssertThrowsError(try MotionPath(points: [SIMD2(1, 2)], curve: .linear)) {
      XCTAssertEqual(($0 as? EngineError)?.message, "a path needs at least two points, not 1")
    }
    XCTAssertThrowsError(try MotionPath(points: [], curve: .smooth))
  }

  func testNonFiniteCoordinatesAreRefused() {
    for bad in [Double.infinity, -.infinity, .nan] {
      XCTAssertThrowsError(try MotionPath(points: [SIMD2(0, 0), SIMD2(bad, 1)], curve: .linear)) {
        XCTAssertEqual(($0 as? EngineError)?.message, "path point 1 must have finite coordinates")
      }
    }
  }

  func testOvershootContinuesAlongTheEndDirections() throws {
    let path = try MotionPath(points: [SIMD2(0, 0), SIMD2(100, 0)], curve: .linear)
    XCTAssertEqual(path.value(.x, progress: 1.1), 110, accuracy: 1e-12)
    XCTAssertEqual(path.value(.x, progress: -0.2), -20, accuracy: 1e-12)
  }
}
