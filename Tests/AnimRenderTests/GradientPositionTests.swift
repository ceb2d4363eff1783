import AnimEngine
import XCTest

@testable import AnimRender

/// The gradient blend works out once a paint what does not change from
/// pixel to pixel (`GradientPaint.Position`): it must give the very bits of
/// `Gradient.position(at:)`, which every other backend and the exports
/// follow.
final class GradientPositionTests: XCTestCase {
  private let stops = GradientFixtures.stops

  /// Points across and far beyond the box, with its corners and centre.
  private func points() -> [OutlinePoint] {
    var generator = SystemRandomNumberGenerator()
    var points = [
      OutlinePoint(0, 0), OutlinePoint(1, 1), OutlinePoint(0.5, 0.5), OutlinePoint(0.7, 0.3),
      OutlinePoint(-1e300, 1e300), OutlinePoint(1e-320, -1e-320), OutlinePoint(0.4, 0.5),
    ]
    for _ in 0..<4000 {
      points.append(
        OutlinePoint(
          Double.random(in: -3...4, using: &generator), Double.random(in: -3...4, using: &generator)
        )
      )
    }
    return points
  }

  func testPositionsAreTheGradientsOwnToTheBit() throws {
    let geometries: [Gradient.Geometry] = [
      .linear(from: OutlinePoint(0.04, 0), to: OutlinePoint(0.04, 1.01)),
      .linear(from: OutlinePoint(0, 0), to: OutlinePoint(1, 1)),
      .linear(from: OutlinePoint(0.3, 0.3), to: OutlinePoint(0.3, 0.3)),
      .linear(from: OutlinePoint(0, -1e200), to: OutlinePoint(0, 1e200)),
      .radial(center: OutlinePoint(0.5, 0.5), radius: 0.5),
      .radial(center: OutlinePoint(0.4, 0.5), radius: 0.6, focal: OutlinePoint(0.7, 0.3)),
      // Past the focal limit: drawn at 0.99 of the radius.
      .radial(center: OutlinePoint(0.5, 0.5), radius: 0.2, focal: OutlinePoint(3, -2)),
      .radial(center: OutlinePoint(0.5, 0.5), radius: 0, focal: OutlinePoint(0.1, 0.1)),
    ]
    let points = points()
    for geometry in geometries {
      let gradient = try Gradient(geometry, stops: stops)
      let paint = try XCTUnwrap(
        CairoCanvas.GradientPaint(
          gradient, placed: Affine(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0), width: 1, height: 1,
          alpha: 1))
      var differing = 0
      for p in points
      where paint.position.at(p).bitPattern != gradient.position(at: p).bitPattern {
        differing += 1
      }
      XCTAssertEqual(differing, 0, "\(geometry)")
    }
  }
}
