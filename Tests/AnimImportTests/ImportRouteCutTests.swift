import AnimEngine
import XCTest

@testable import AnimImport

/// A position moving along a spatial route that the script's time 0 or the
/// animation's end cuts (RouteCut): the piece of the route is kept, so the
/// view stays on the players' curve, moving along it by arc length.
final class ImportRouteCutTests: XCTestCase {
  typealias H = ImportHarness

  /// The route "M0 0 C0 50 100 50 100 0" over frames 0…30, eased.
  private func position(ease: String = #""o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}"#)
    -> String
  {
    #"{"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [0, 50], "ti": [0, 50], \#(ease)}, {"t": 30, "s": [100, 0]}]}"#
  }

  /// Where a player puts the view at frame `f`: the point at eased
  /// progress E(f / 30) of the route's length, E `ease` held within 0…1
  /// (the players stop at the route's ends).
  private func expected(
    frame f: Double, ease: (Double, Double, Double, Double) = (0.3, 0, 0.7, 1)
  ) -> (Double, Double) {
    let route = Bezier(
      OutlinePoint(0, 0), OutlinePoint(0, 50), OutlinePoint(100, 50), OutlinePoint(100, 0))
    let total = route.length()
    let eased = Easing.cubicBezier(ease.0, ease.1, ease.2, ease.3).value(at: f / 30)
    let p = min(max(eased, 0), 1)
    let point = route.point(at: route.parameter(atLength: p * total, total: total))
    return (point.x, point.y)
  }

  /// Runs `script` and expects the view where a player puts it at each of
  /// `times` (seconds; frame `start` + 30 t), to 1e-6.
  private func expectOnRoute(
    _ script: String, at times: [Double], start: Double,
    ease: (Double, Double, Double, Double) = (0.3, 0, 0.7, 1), line: UInt = #line
  ) {
    let tail = times.map { time in
      let (x, y) = expected(frame: start + 30 * time, ease: ease)
      return "step to \(time)\nexpect Arc.x == \(x) within 1e-6\n"
        + "expect Arc.y == \(y) within 1e-6\nprint 1"
    }
    let lines = H.run(script, then: tail.joined(separator: "\n"), line: line)
    XCTAssertEqual(lines, times.map { _ in "1" }, line: line)
  }

  func testARouteUnderWayAtTimeZeroStaysOnItsCurve() throws {
    // Time 0 is frame 10 (ip), a third of the way through the segment.
    let result = try H.importing(
      H.document([H.shapeLayer("Arc", ks: #"{"p": \#(position())}"#)], ip: 10))
    XCTAssertTrue(result.script.contains("run path(d: \"M"), result.script)
    XCTAssertEqual(result.notes, [])
    expectOnRoute(result.script, at: [0, 0.2, 0.5, 2.0 / 3], start: 10)
  }

  func testARouteUnderWayAtTheEndStaysOnItsCurve() throws {
    // The animation ends at frame 20, two thirds of the way through.
    let result = try H.importing(
      H.document([H.shapeLayer("Arc", ks: #"{"p": \#(position())}"#)], op: 20))
    XCTAssertEqual(result.notes, [])
    expectOnRoute(result.script, at: [0.1, 0.4, 19.0 / 30], start: 0)
  }

  func testARouteCutWhileItsEaseDipsBelow0StaysAtItsStartThenOnItsCurve() throws {
    // An ease that runs back before it starts: the players hold the view at
    // the route's start while the progress is below 0 (where `path` would
    // go on back along the tangent), so the cut at time 0 (frame 3) falls in
    // that hold, and the route from where the progress passes 0 on is the
    // route's own, under the rest of the ease.
    let ease = #""o": {"x": 0.6, "y": -0.8}, "i": {"x": 0.7, "y": 1}"#
    let result = try H.importing(
      H.document([H.shapeLayer("Arc", ks: #"{"p": \#(position(ease: ease))}"#)], ip: 3))
    XCTAssertEqual(result.notes, [])
    expectOnRoute(
      result.script, at: [0, 0.1, 0.3, 0.5, 0.8, 0.9], start: 3, ease: (0.6, -0.8, 0.7, 1))
  }

  func testTheCutPieceIsTheRoutesOwnPart() throws {
    let route = OutlinePointPair(outTangent: [0, 50], inTangent: [0, 50])
    let cut = try XCTUnwrap(
      RouteCut.piece(from: [0, 0, 7], to: [100, 0, 9], route: route, pa: 0.25, pb: 1))
    XCTAssertEqual(cut.to, [100, 0, 9])
    XCTAssertEqual(cut.from[2], 7.5)
    // The piece's start is a quarter of the route's length along it.
    let whole = Bezier(
      OutlinePoint(0, 0), OutlinePoint(0, 50), OutlinePoint(100, 50), OutlinePoint(100, 0))
    let total = whole.length()
    let start = OutlinePoint(cut.from[0], cut.from[1])
    let piece = Bezier(
      start, start + OutlinePoint(cut.route.outTangent[0], cut.route.outTangent[1]),
      OutlinePoint(100, 0) + OutlinePoint(cut.route.inTangent[0], cut.route.inTangent[1]),
      OutlinePoint(100, 0))
    XCTAssertEqual(piece.length(), 0.75 * total, accuracy: 1e-7 * total)
    // Not a route: progress out of order or out of 0…1, no length, one number.
    for (pa, pb) in [(0.5, 0.5), (0.6, 0.2), (-0.1, 1), (0, 1.2)] {
      XCTAssertNil(RouteCut.piece(from: [0, 0], to: [100, 0], route: route, pa: pa, pb: pb))
    }
    let still = OutlinePointPair(outTangent: [0, 0], inTangent: [0, 0])
    XCTAssertNil(RouteCut.piece(from: [5, 5], to: [5, 5], route: still, pa: 0.2, pb: 1))
    XCTAssertNil(RouteCut.piece(from: [0], to: [1], route: route, pa: 0.2, pb: 1))
    let huge = OutlinePointPair(outTangent: [1e308, 1e308], inTangent: [-1e308, 1e308])
    XCTAssertNil(RouteCut.piece(from: [-1e308, 0], to: [1e308, 0], route: huge, pa: 0.2, pb: 1))
  }

  /// A value sampled at a time (a text animator's position, taken at every
  /// frame) goes along its route by arc length, as the players move it, not
  /// along the chord; held at the route's ends where the ease leaves 0…1;
  /// a third number (z) mixed straight.
  func testASampledValueGoesAlongItsRouteByArcLength() {
    let route = OutlinePointPair(outTangent: [0, 50, 0], inTangent: [0, 50, 0])
    let curve = Bezier(
      OutlinePoint(0, 0), OutlinePoint(0, 50), OutlinePoint(100, 50), OutlinePoint(100, 0))
    let total = curve.length()
    let straight = Track<[Double]>(
      initial: [0, 0, 0],
      segments: [
        Segment(start: 0, end: 1, from: [0, 0, 0], to: [100, 0, 10], ease: .linear, route: route)
      ])
    for t in [0, 0.1, 0.25, 0.5, 0.9] {
      let point = curve.point(at: curve.parameter(atLength: t * total, total: total))
      let value = straight.value(at: t, alongRoutes: true)
      XCTAssertEqual(value[0], point.x, accuracy: 1e-9, "x at \(t)")
      XCTAssertEqual(value[1], point.y, accuracy: 1e-9, "y at \(t)")
      XCTAssertEqual(value[2], 10 * t, accuracy: 1e-12, "z at \(t)")
    }
    // Half way along the bow, 37.5 points off the chord.
    XCTAssertEqual(straight.value(at: 0.5, alongRoutes: true)[1], 37.5, accuracy: 1e-9)
    XCTAssertEqual(straight.value(at: 1, alongRoutes: true), [100, 0, 10])
    // Asked straight, the chord: the bow left out.
    XCTAssertEqual(straight.value(at: 0.5), [50, 0, 5])
    // An ease that dips below 0 first: held at the route's start.
    var dipping = straight
    dipping.segments[0].ease = .bezier(Ease(x1: 0.6, y1: -0.8, x2: 0.7, y2: 1))
    XCTAssertEqual(dipping.value(at: 0.1, alongRoutes: true), [0, 0, 0])
    XCTAssertGreaterThan(dipping.value(at: 0.8, alongRoutes: true)[1], 1)
    // A route of no length (both ends at one place) is the value itself.
    let still = Track<[Double]>(
      initial: [5, 5],
      segments: [
        Segment(
          start: 0, end: 1, from: [5, 5], to: [5, 5], ease: .linear,
          route: OutlinePointPair(outTangent: [0, 0], inTangent: [0, 0]))
      ])
    XCTAssertEqual(still.value(at: 0.5, alongRoutes: true), [5, 5])
  }

  /// A route the script's `path` could not measure in doubles (a tangent of
  /// 1e308) is refused at import with its pointer (exit 65), a layer's, a
  /// shape's or an auto-oriented one's, where before the script stopped at
  /// its `run` (exit 70); a tangent of 1e-320 is a route like any.
  func testARouteTooLongForDoublesIsRefusedByItsPointer() throws {
    func routed(_ out: String) -> String {
      #"{"a": 1, "k": [{"t": 0, "s": [0, 0], "to": \#(out), "ti": [0, 50], "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}}, {"t": 30, "s": [100, 0]}]}"#
    }
    let shape = #"{"ty": "rc", "p": \#(routed("[1e308, 0]")), "s": {"a": 0, "k": [10, 10]}}"#
    let cases = [
      (H.shapeLayer("Arc", ks: #"{"p": \#(routed("[1e308, 0]"))}"#), "/layers/0/ks/p"),
      (
        H.shapeLayer("Arc", ks: #"{"p": \#(routed("[-1e308, 1e308]"))}"#, extra: #", "ao": 1"#),
        "/layers/0/ks/p"
      ),
      (H.shapeLayer("Arc", shapes: [shape, H.dot[1]]), "/layers/0/shapes/0/p"),
    ]
    for (layer, pointer) in cases {
      XCTAssertThrowsError(try H.importing(H.document([layer]))) { error in
        XCTAssertEqual(
          error as? ImportError,
          ImportError(pointer, "a spatial route too long for double-precision numbers"))
      }
    }
    // An auto-oriented position that stays still between two keyframes (a
    // route of no length there) is no such route (Skia's
    // `skottie-auto-orient-2`).
    let still =
      #"{"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}}, {"t": 10, "s": [0, 0], "to": [20, 0], "ti": [0, 20], "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}}, {"t": 30, "s": [100, 0]}]}"#
    let oriented = try H.importing(
      H.document([H.shapeLayer("Arc", ks: #"{"p": \#(still)}"#, extra: #", "ao": 1"#)]))
    XCTAssertTrue(oriented.script.contains("orient: true"), oriented.script)
    let tiny = try H.importing(
      H.document([H.shapeLayer("Arc", ks: #"{"p": \#(routed("[1e-320, 0]"))}"#)]))
    XCTAssertTrue(tiny.script.contains("run path(d: \"M0 0 C1e-320 0"), tiny.script)
  }
}
