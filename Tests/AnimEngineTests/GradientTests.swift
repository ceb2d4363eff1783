import XCTest

@testable import AnimEngine

/// Gradients (SPEC §21.1): where a point lies along one, its premultiplied
/// ramp, the stops the exports write for straight-alpha players, tweens and
/// the record's lanes.
final class GradientTests: XCTestCase {
  private func color(_ hex: String) -> Color { Color.parseHex(hex)! }

  private func gradient(_ geometry: Gradient.Geometry, _ stops: [(Double, String)]) throws
    -> Gradient
  {
    try Gradient(geometry, stops: stops.map { GradientStop(offset: $0.0, color: color($0.1)) })
  }

  func testPositionAlongALinearGradientIsInUnitCoordinates() throws {
    let g = try gradient(
      .linear(from: OutlinePoint(0, 0), to: OutlinePoint(1, 1)), [(0, "#000"), (1, "#fff")])
    XCTAssertEqual(g.position(at: OutlinePoint(0.5, 0.5)), 0.5)
    XCTAssertEqual(g.position(at: OutlinePoint(1, 0)), 0.5)
    XCTAssertEqual(g.position(at: OutlinePoint(2, 2)), 2)
    XCTAssertEqual(g.position(at: OutlinePoint(-1, 0)), -0.5)
  }

  func testPositionAlongARadialGradientIsDistanceOverRadius() throws {
    let g = try gradient(
      .radial(center: OutlinePoint(0.5, 0.5), radius: 0.25), [(0, "#000"), (1, "#fff")])
    XCTAssertEqual(g.position(at: OutlinePoint(0.5, 0.5)), 0)
    XCTAssertEqual(g.position(at: OutlinePoint(0.75, 0.5)), 1)
    XCTAssertEqual(g.position(at: OutlinePoint(0.5, 0.625)), 0.5)
  }

  func testAFocalPointIsOffsetZeroAndEachRayFromItRunsLinearlyToTheCircle() throws {
    let g = try gradient(
      .radial(center: OutlinePoint(0.5, 0.5), radius: 0.5, focal: OutlinePoint(0.3, 0.5)),
      [(0, "#000"), (1, "#fff")])
    XCTAssertEqual(g.position(at: OutlinePoint(0.3, 0.5)), 0)
    // On the circle, whichever side: 1.
    XCTAssertEqual(g.position(at: OutlinePoint(1, 0.5)), 1, accuracy: 1e-15)
    XCTAssertEqual(g.position(at: OutlinePoint(0, 0.5)), 1, accuracy: 1e-15)
    XCTAssertEqual(g.position(at: OutlinePoint(0.5, 1)), 1, accuracy: 1e-15)
    // Half-way from the focal point to the circle, on both sides: 0.5.
    XCTAssertEqual(g.position(at: OutlinePoint(0.65, 0.5)), 0.5, accuracy: 1e-15)
    XCTAssertEqual(g.position(at: OutlinePoint(0.15, 0.5)), 0.5, accuracy: 1e-15)
    // Outside the circle: past 1 (padded by the ramp), 1.2 from the focal
    // point on a ray 0.7 long to the circle.
    XCTAssertEqual(g.position(at: OutlinePoint(1.5, 0.5)), 1.2 / 0.7, accuracy: 1e-12)
    // The focal point at the centre is the plain radial gradient.
    let plain = try gradient(
      .radial(center: OutlinePoint(0.5, 0.5), radius: 0.25), [(0, "#000"), (1, "#fff")])
    XCTAssertEqual(
      plain.geometry,
      .radial(center: OutlinePoint(0.5, 0.5), radius: 0.25, focal: OutlinePoint(0.5, 0.5)))
    // Radius 0: the last stop everywhere, whatever the focal point.
    let dot = try gradient(
      .radial(center: OutlinePoint(0, 0), radius: 0, focal: OutlinePoint(1, 1)),
      [(0, "#000"), (1, "#fff")])
    XCTAssertEqual(dot.position(at: OutlinePoint(1, 1)), 1)
  }

  func testAFocalPointOutsideIsDrawnAt99PercentOfTheRadius() throws {
    let c = OutlinePoint(0.5, 0.5)
    XCTAssertEqual(
      Gradient.drawnFocal(center: c, radius: 0.5, focal: OutlinePoint(2, 0.5)),
      OutlinePoint(0.995, 0.5))
    XCTAssertEqual(
      Gradient.drawnFocal(center: c, radius: 0.5, focal: OutlinePoint(0.5, -1e308)),
      OutlinePoint(0.5, 0.5 - 0.495))
    // Inside, and at the limit itself, as given.
    XCTAssertEqual(
      Gradient.drawnFocal(center: c, radius: 0.5, focal: OutlinePoint(0.6, 0.6)),
      OutlinePoint(0.6, 0.6))
    XCTAssertEqual(Gradient.drawnFocal(center: c, radius: 0, focal: c), c)
    let g = try gradient(
      .radial(center: c, radius: 0.5, focal: OutlinePoint(2, 0.5)), [(0, "#000"), (1, "#fff")])
    XCTAssertEqual(g.position(at: OutlinePoint(0.995, 0.5)), 0)
    XCTAssertEqual(g.position(at: OutlinePoint(0.4975, 0.5)), 0.5, accuracy: 1e-12)
    XCTAssertEqual(
      Gradient.problem(
        geometry: .radial(center: c, radius: 0.5, focal: OutlinePoint(.nan, 0)),
        stops: [GradientStop(offset: 0, color: .clear), GradientStop(offset: 1, color: .clear)]),
      "a radial gradient's focal point must be finite")
  }

  func testAFocalPointTweensLinearlyAndPrintsOnlyAwayFromTheCentre() throws {
    let c = OutlinePoint(0.5, 0.5)
    let a = try gradient(.radial(center: c, radius: 0.5), [(0, "#000"), (1, "#fff")])
    let b = try gradient(
      .radial(center: c, radius: 0.5, focal: OutlinePoint(0.1, 0.3)), [(0, "#000"), (1, "#fff")])
    let half = Gradient.mixing(a, b, progress: 0.5)
    XCTAssertEqual(half.geometry, .radial(center: c, radius: 0.5, focal: OutlinePoint(0.3, 0.4)))
    XCTAssertEqual(
      PaintText.text(.gradient(a)), "radial((0.5, 0.5), 0.5, [(0, #000000), (1, #ffffff)])")
    XCTAssertEqual(
      PaintText.text(.gradient(half)),
      "radial((0.5, 0.5), 0.5, [(0, #000000), (1, #ffffff)], focal: (0.3, 0.4))")
  }

  func testDegenerateGradientsAreTheirLastStop() throws {
    let line = try gradient(
      .linear(from: OutlinePoint(0.3, 0.3), to: OutlinePoint(0.3, 0.3)), [(0, "#000"), (1, "#fff")])
    let dot = try gradient(
      .radial(center: OutlinePoint(0, 0), radius: 0), [(0, "#000"), (1, "#fff")])
    XCTAssertEqual(line.position(at: OutlinePoint(0, 0)), 1)
    XCTAssertEqual(dot.position(at: OutlinePoint(0, 0)), 1)
  }

  func testTheRampBlendsPremultipliedAndPads() throws {
    // Opaque red to transparent blue: half-way, half as opaque and red's
    // hue kept (premultiplied blue is 0), not a purple.
    let g = try gradient(
      .linear(from: OutlinePoint(0, 0), to: OutlinePoint(1, 0)),
      [(0.25, "#ff0000"), (0.75, "#0000ff00")])
    XCTAssertEqual(g.premultiplied(at: 0.5), SIMD4(0.5, 0, 0, 0.5))
    XCTAssertEqual(g.premultiplied(at: -5), SIMD4(1, 0, 0, 1))
    XCTAssertEqual(g.premultiplied(at: 0.9), SIMD4(0, 0, 0, 0))
    XCTAssertEqual(g.premultiplied(at: .nan), SIMD4(1, 0, 0, 1))
  }

  func testTwoStopsAtOneOffsetJumpToTheLater() throws {
    let g = try gradient(
      .linear(from: OutlinePoint(0, 0), to: OutlinePoint(1, 0)),
      [(0, "#ff0000"), (0.5, "#ff0000"), (0.5, "#0000ff"), (1, "#0000ff")])
    XCTAssertEqual(g.premultiplied(at: 0.4999), SIMD4(1, 0, 0, 1))
    XCTAssertEqual(g.premultiplied(at: 0.5), SIMD4(0, 0, 1, 1))
  }

  /// What a straight-alpha player draws between `stops` at `t`,
  /// premultiplied.
  private func straightBlend(_ stops: [GradientStop], at t: Double) -> SIMD4<Double> {
    var i = 0
    while i + 2 < stops.count && stops[i + 1].offset <= t { i += 1 }
    let (a, b) = (stops[i], stops[i + 1])
    let f = b.offset > a.offset ? min(max((t - a.offset) / (b.offset - a.offset), 0), 1) : 1
    let alpha = a.color.a + (b.color.a - a.color.a) * f
    func lane(_ x: Double, _ y: Double) -> Double { (x + (y - x) * f) * alpha }
    return SIMD4(
      lane(a.color.r, b.color.r), lane(a.color.g, b.color.g), lane(a.color.b, b.color.b), alpha)
  }

  private func largest(_ v: SIMD4<Double>) -> Double {
    Swift.max(
      Swift.max(Swift.abs(v[0]), Swift.abs(v[1])), Swift.max(Swift.abs(v[2]), Swift.abs(v[3])))
  }

  func testStraightStopsDrawThePremultipliedBlendWithinAQuarterLevel() throws {
    let g = try gradient(
      .linear(from: OutlinePoint(0, 0), to: OutlinePoint(1, 0)),
      [(0, "#ff6a00"), (0.3, "#ee097980"), (0.7, "#2050ff10"), (0.8, "#00000000"), (1, "#00ff00")])
    let stops = g.straightStops()
    var worst = 0.0
    for k in 0...2000 {
      let t = Double(k) / 2000
      let error = straightBlend(stops, at: t) - g.premultiplied(at: t)
      worst = max(worst, largest(error))
    }
    XCTAssertLessThanOrEqual(worst * 255, 0.26)
    // Not vacuous: the stops as given, blended straight, are far off.
    var plain = 0.0
    for k in 0...2000 {
      let t = Double(k) / 2000
      plain = max(plain, largest(straightBlend(g.stops, at: t) - g.premultiplied(at: t)))
    }
    XCTAssertGreaterThan(plain * 255, 20)
    XCTAssertLessThanOrEqual(stops.count, 4 * 64 + 1)
  }

  func testATransparentStopTakesItsNeighboursColourOnEachSide() throws {
    let g = try gradient(
      .linear(from: OutlinePoint(0, 0), to: OutlinePoint(1, 0)),
      [(0, "#ff0000"), (0.5, "#00000000"), (1, "#0000ff")])
    XCTAssertEqual(
      g.straightStops().map { [$0.offset, $0.color.r, $0.color.g, $0.color.b, $0.color.a] },
      [[0, 1, 0, 0, 1], [0.5, 1, 0, 0, 0], [0.5, 0, 0, 1, 0], [1, 0, 0, 1, 1]])
  }

  func testStopsAreRefusedWithWhatIsWrong() {
    let line = Gradient.Geometry.linear(from: OutlinePoint(0, 0), to: OutlinePoint(1, 0))
    XCTAssertEqual(
      Gradient.problem(geometry: line, stops: [GradientStop(offset: 0, color: .clear)]),
      "a gradient needs at least 2 stops, not 1")
    XCTAssertEqual(Gradient.stopsProblem([0, .nan]), "stop 2's offset nan is outside 0…1")
    XCTAssertEqual(
      Gradient.stopsProblem(Array(repeating: 0, count: 257)),
      "a gradient has at most 256 stops, not 257")
    XCTAssertEqual(
      Gradient.problem(
        geometry: .radial(center: OutlinePoint(0, 0), radius: -1),
        stops: [GradientStop(offset: 0, color: .clear), GradientStop(offset: 1, color: .clear)]),
      "a radial gradient's radius must be a finite number ≥ 0, not -1")
    XCTAssertEqual(
      Gradient.problem(
        geometry: .linear(from: OutlinePoint(.infinity, 0), to: OutlinePoint(1, 0)),
        stops: [GradientStop(offset: 0, color: .clear), GradientStop(offset: 1, color: .clear)]),
      "a gradient's points must be finite")
  }

  func testMixingOvershootKeepsOffsetsOrderedAndTheRadiusPositive() throws {
    let a = try gradient(
      .radial(center: OutlinePoint(0.5, 0.5), radius: 0.1), [(0, "#000"), (0.9, "#fff")])
    let b = try gradient(
      .radial(center: OutlinePoint(0.5, 0.5), radius: 0.5), [(0.8, "#000"), (1, "#fff")])
    let under = Gradient.mixing(a, b, progress: -0.5)
    guard case .radial(_, let r, _) = under.geometry else { return XCTFail("not radial") }
    XCTAssertEqual(r, 0)
    XCTAssertEqual(under.stops[0].offset, 0)
    XCTAssertEqual(under.stops[1].offset, 0.85, accuracy: 1e-15)
    let over = Gradient.mixing(a, b, progress: 1.5)
    XCTAssertEqual(over.stops.map(\.offset), [1, 1])
    let half = Gradient.mixing(a, b, progress: 0.5)
    guard case .radial(_, let h, _) = half.geometry else { return XCTFail("not radial") }
    XCTAssertEqual(h, 0.3, accuracy: 1e-15)
  }

  func testAPaintRoundTripsThroughItsLanes() throws {
    let g = try gradient(
      .linear(from: OutlinePoint(0, 0.5), to: OutlinePoint(1, 0.5)),
      [(0, "#ff6a00"), (1, "#ee0979")])
    let lanes = Paint.gradient(g).value
    XCTAssertTrue(Paint.isGradient(lanes))
    XCTAssertEqual(lanes[3], .infinity)
    XCTAssertEqual(Paint(lanes), .gradient(g))
    XCTAssertEqual(Paint.gradient(g).value, lanes, "interned: the same id again")
    XCTAssertEqual(Paint(PropertyValue(1, 0, 0, 0.5)), .color(Color(r: 1, g: 0, b: 0, a: 0.5)))
    XCTAssertEqual(
      PaintText.text(Paint(lanes)), "linear((0, 0.5), (1, 0.5), [(0, #ff6a00), (1, #ee0979)])")
  }

  func testTweenEndsNameBothWhenTheyCannotTween() throws {
    let two = try gradient(
      .linear(from: OutlinePoint(0, 0), to: OutlinePoint(1, 0)), [(0, "#000"), (1, "#fff")])
    let round = try gradient(
      .radial(center: OutlinePoint(0.5, 0.5), radius: 0.5), [(0, "#000"), (1, "#fff")])
    XCTAssertThrowsError(
      try Paint.tweenEnds(from: .gradient(two), to: .gradient(round), property: "color")
    ) {
      XCTAssertEqual(
        ($0 as? EngineError)?.message,
        "cannot tween color from linear((0, 0), (1, 0), [(0, #000000), (1, #ffffff)]) to radial((0.5, 0.5), 0.5, [(0, #000000), (1, #ffffff)]): a gradient tweens only to one of the same kind and number of stops (linear with 2 stops, radial with 2)"
      )
    }
    let ends = try Paint.tweenEnds(from: .color(color("#f00")), to: .gradient(two), property: "x")
    XCTAssertEqual(ends?.0.stops.map(\.color), [color("#f00"), color("#f00")])
    XCTAssertNil(try Paint.tweenEnds(from: .color(.clear), to: .color(.clear), property: "x"))
  }
}
