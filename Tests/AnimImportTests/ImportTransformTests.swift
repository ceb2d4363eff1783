import XCTest

@testable import AnimImport

/// Layers and their transforms: one `layer` view per layer, its anchor a
/// point of its box, its keyframes as runs with their own easing (SPEC §25).
final class ImportTransformTests: XCTestCase {
  typealias H = ImportHarness

  func testAFixedTransformIsTheLayersDeclaration() throws {
    let ks =
      #"{"p": \#(H.fixed("[60, 40]")), "a": \#(H.fixed("[50, 25]")), "s": \#(H.fixed("[200, 50]")), "r": \#(H.fixed("30")), "o": \#(H.fixed("40"))}"#
    let result = try H.importing(
      H.document([H.shapeLayer("Box 1", ks: ks)]))
    XCTAssertTrue(
      result.script.contains(
        "layer Box_1(x: 60, y: 40, width: 200, height: 100, anchor: (0.25, 0.25), rotation: 30, scaleX: 2, scaleY: 0.5, alpha: 0.4)\n"
      ),
      result.script)
    XCTAssertTrue(
      result.script.contains("stage(width: 200, height: 100, background: transparent)\nfps 30\n"))
    XCTAssertTrue(result.script.hasSuffix("run wait(1.9666666666666666)\n"))
    XCTAssertEqual(result.notes, [])
  }

  func testAnArrayOfOneNumberHasZeroForItsMissingY() throws {
    // As lottie-ios and rlottie read it (lottie-ios' pr_1599: an anchor
    // `[9.688]`); a bare number is both x and y.
    let ks =
      #"{"p": \#(H.fixed("[60, 40]")), "a": \#(H.fixed("[50]")), "s": \#(H.fixed("50"))}"#
    let result = try H.importing(H.document([H.shapeLayer("One", ks: ks)]))
    XCTAssertTrue(
      result.script.contains(
        "layer One(x: 60, y: 40, width: 200, height: 100, anchor: (0.25, 0), scale: 0.5)\n"),
      result.script)
    XCTAssertEqual(result.notes, [])
  }

  func testKeyframesBecomeTweensWithTheirOwnCubicBezier() throws {
    let p =
      #"{"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": [0.33], "y": [0]}, "i": {"x": [0.67], "y": [1]}}, {"t": 15, "s": [100, 50], "h": 1}, {"t": 30, "s": [10, 10]}]}"#
    let result = try H.importing(H.document([H.shapeLayer("Mover", ks: #"{"p": \#(p)}"#)]))
    XCTAssertTrue(
      result.script.contains(
        """
        run tween(x: 100, y: 50, 0.5, ease: cubicBezier(0.33, 0, 0.67, 1)) +
          tween(x: 10, y: 10, 0.5, ease: steps(1)) on Mover
        """), result.script)
    // The engine's values, against the cubic solved here by bisection.
    let lines = H.run(
      result.script,
      then: "step to 0.25\nprint Mover.x\nstep to 0.75\nprint Mover.x\nstep to 1\nprint Mover.x")
    XCTAssertEqual(Double(lines[0])!, 100 * Self.bezier(0.33, 0, 0.67, 1, at: 0.5), accuracy: 1e-4)
    XCTAssertEqual(lines[1], "100")
    XCTAssertEqual(lines[2], "10")
  }

  func testEachDimensionKeepsItsOwnEase() throws {
    let p =
      #"{"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": [0.5, 0], "y": [0, 0]}, "i": {"x": [0.5, 1], "y": [1, 1]}}, {"t": 30, "s": [100, 100]}]}"#
    let result = try H.importing(H.document([H.shapeLayer("Two", ks: #"{"p": \#(p)}"#)]))
    XCTAssertTrue(
      result.script.contains("run tween(x: 100, 1, ease: cubicBezier(0.5, 0, 0.5, 1)) on Two"),
      result.script)
    XCTAssertTrue(result.script.contains("run tween(y: 100, 1) on Two"), result.script)
  }

  func testOlderFilesWriteEachSegmentsEnd() throws {
    let r =
      #"{"a": 1, "k": [{"t": 10, "s": [0], "e": [90], "o": {"x": [0.2], "y": [0]}, "i": {"x": [0.8], "y": [1]}}, {"t": 40}]}"#
    let result = try H.importing(H.document([H.shapeLayer("Old", ks: #"{"r": \#(r)}"#)], op: 45))
    XCTAssertTrue(
      result.script.contains(
        "run wait(0.3333333333333333) +\n  tween(rotation: 90, 1, ease: cubicBezier(0.2, 0, 0.8, 1)) on Old"
      ),
      result.script)
  }

  func testANextKeyframesOwnValueEndsTheSegmentOverAnEarlierE() throws {
    // lottie-web's `nextKeyData.s || keyData.e`, as ThorVG and rlottie:
    // the segment from 0 runs to the next keyframe's 45, not to its own
    // `e` of 90 (zimond/lottie-rs' strokehold: 12 % off both players at
    // frame 7, 0 % now).
    let r =
      #"{"a": 1, "k": [{"t": 0, "s": [0], "e": [90]}, {"t": 30, "s": [45], "e": [10]}, {"t": 60}]}"#
    // (op 61: frame 60, its last, ends the second segment whole.)
    let result = try H.importing(H.document([H.shapeLayer("Old", ks: #"{"r": \#(r)}"#)], op: 61))
    XCTAssertTrue(
      result.script.contains("run tween(rotation: 45, 1) +\n  tween(rotation: 10, 1) on Old"),
      result.script)
  }

  func testTimeZeroIsTheFirstFrameAndSegmentsUnderWayAreCut() throws {
    // ip 15: the segment 0…30 is half run at time 0; its rest is the
    // curve's right half, renormalised (linear here: still linear).
    let o = #"{"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 30, "s": [100]}]}"#
    let result = try H.importing(
      H.document([H.shapeLayer("Fade", ks: #"{"o": \#(o)}"#)], ip: 15, op: 45))
    XCTAssertTrue(result.script.contains("alpha: 0.5)"), result.script)
    XCTAssertTrue(result.script.contains("run tween(alpha: 1, 0.5) on Fade"), result.script)
  }

  func testACutCubicIsTheSameCurve() throws {
    let o =
      #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.42], "y": [0]}, "i": {"x": [0.58], "y": [1]}}, {"t": 30, "s": [100]}]}"#
    let result = try H.importing(
      H.document([H.shapeLayer("Cut", ks: #"{"o": \#(o)}"#)], ip: 10, op: 40))
    // At script time t the file is at frame 10 + 30t.
    for t in [0.0, 0.1, 0.3, 0.5] {
      let lines = H.run(result.script, then: "step to \(t)\nprint Cut.alpha")
      let expected = Self.bezier(0.42, 0, 0.58, 1, at: (10 + 30 * t) / 30)
      XCTAssertEqual(Double(lines[0])!, expected, accuracy: 2e-6, "t=\(t)")
    }
  }

  func testALayerShowsOnlyBetweenItsInAndOutPoints() throws {
    let layer = H.shapeLayer("Blink", ks: #"{"o": \#(H.fixed("80"))}"#)
      .replacingOccurrences(of: #""ip": 0, "op": 60"#, with: #""ip": 15, "op": 30"#)
    let result = try H.importing(H.document([layer]))
    XCTAssertTrue(result.script.contains("alpha: 0)"), result.script)
    let lines = H.run(
      result.script,
      then:
        "step to 0.49\nprint Blink.alpha\nstep to 0.5\nprint Blink.alpha\nstep to 1\nprint Blink.alpha"
    )
    XCTAssertEqual(lines, ["0", "0.8", "0"])
  }

  func testSpatialTangentsBecomeAPathAlongTheCurve() throws {
    let p =
      #"{"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [0, 50], "ti": [0, 50], "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}}, {"t": 30, "s": [100, 0]}]}"#
    let result = try H.importing(H.document([H.shapeLayer("Arc", ks: #"{"p": \#(p)}"#)]))
    XCTAssertTrue(
      result.script.contains(
        #"run path(d: "M0 0 C0 50 100 50 100 0", 1, ease: cubicBezier(0.3, 0, 0.7, 1)) on Arc"#),
      result.script)
    let lines = H.run(result.script, then: "step to 0.5\nprint Arc.x, Arc.y")
    XCTAssertEqual(lines, ["50 37.5"])
  }

  func testARouteWhoseEaseLeaves0To1StopsAtItsEnds() throws {
    // o.y −0.5 and i.y 1.5: the progress dips below 0, then passes 1. The
    // players hold the position at the route's start, then at its end,
    // there; anim's path would carry it on, so the segment is cut.
    let p =
      #"{"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [0, 50], "ti": [0, 50], "o": {"x": 0.5, "y": -0.5}, "i": {"x": 0.5, "y": 1.5}}, {"t": 30, "s": [100, 0]}]}"#
    let result = try H.importing(H.document([H.shapeLayer("Arc", ks: #"{"p": \#(p)}"#)]))
    XCTAssertEqual(result.notes, [])
    let run = try XCTUnwrap(
      result.script.split(separator: "\n").first { $0.hasPrefix("run wait(") }, result.script)
    XCTAssertTrue(run.hasSuffix("+"), String(run))
    let ease = Ease(x1: 0.5, y1: -0.5, x2: 0.5, y2: 1.5)
    let (ua, ub) = try XCTUnwrap(ease.withinProgress)
    // y(s) = 3(1 − s)²s·(−0.5) + 3(1 − s)s²·1.5 + s³ = s·(−1.5 + 7.5s − 5s²)
    // is 0 at s = (7.5 − √26.25)/10, and 1 at 1 − s (the curve is
    // symmetric), where x(s) = 1.5·s(1 − s) + s³.
    let s0 = (7.5 - 26.25.squareRoot()) / 10
    XCTAssertEqual(ua, 1.5 * s0 * (1 - s0) + s0 * s0 * s0, accuracy: 1e-12)
    XCTAssertEqual(ub, 1 - ua, accuracy: 1e-12)
    // Held at the start, then at the end: the route's own points, exactly.
    let held = H.run(
      result.script, then: "step to 0.2\nprint Arc.x, Arc.y\nstep to 0.9\nprint Arc.x, Arc.y")
    XCTAssertEqual(held, ["0 0", "100 0"])
    // Between, the same place as the uncut route at the same progress:
    // the original ease, run on a route of its own, at 0.5 s (progress
    // y(s = 0.5) = 0.5).
    let within = H.run(result.script, then: "step to 0.5\nprint Arc.x, Arc.y")
    XCTAssertEqual(within, ["50 37.5"])
  }

  func testAutoOrientTurnsTheLayerToItsDirectionOfTravel() throws {
    // A straight segment to (100, 100), held, then a curve leaving
    // downwards; the layer's own rotation of 10° comes on top.
    let p =
      #"{"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 30, "s": [100, 100]}, {"t": 45, "s": [100, 100], "to": [0, 50], "ti": [-50, 0]}, {"t": 60, "s": [200, 200]}]}"#
    let ks = #"{"p": \#(p), "r": \#(H.fixed("10")), "a": \#(H.fixed("[5, 5]"))}"#
    let result = try H.importing(
      H.document([H.shapeLayer("Car", ks: ks, extra: #", "ao": 1"#)], op: 90))
    XCTAssertEqual(result.notes, [])
    XCTAssertTrue(
      result.script.contains(
        "layer Car_orient(x: 0, y: 0, width: 1, height: 1, anchor: (0, 0), rotation: 45)\n"),
      result.script)
    XCTAssertTrue(
      result.script.contains(
        #"run path(d: "M0 0 L100 100", 1, orient: true) +"#
          + "\n  tween(rotation: 0, 0) +\n  wait(0.5) +\n  "
          + #"path(d: "M100 100 C100 150 150 200 200 200", 0.5, orient: true) on Car_orient"#),
      result.script)
    XCTAssertTrue(
      result.script.contains(
        "layer Car(parent: Car_orient, x: 0, y: 0, width: 200, height: 100, anchor: (0.025, 0.05), rotation: 10)"
      ),
      result.script)
    // Along the line at 45°; still at (100, 100), 0° (the angle of no
    // motion, as ThorVG and lottie-web turn it); leaving the curve along
    // its last direction, 0° again.
    let lines = H.run(
      result.script,
      then: """
        step to 0.5
        print Car_orient.x, Car_orient.y, Car_orient.rotation, Car.rotation
        step to 1.25
        print Car_orient.rotation
        step to 2
        print Car_orient.x, Car_orient.y, Car_orient.rotation
        """)
    XCTAssertEqual(lines, ["50 50 45 10", "0", "200 200 0"])
  }

  func testAutoOrientOfAMotionOutsideTheSpan() throws {
    // A route from (0, 0) leaving along +x and arriving downwards at
    // (50, 50). All of it before the composition's first frame: the layer
    // faces the way it arrived (90°); all of it after its last, leaving
    // downwards instead: the way it will leave (90°).
    let p =
      #"{"a": 1, "k": [{"t": 0, "s": [0, 0], "to": [10, 0], "ti": [0, -10]}, {"t": 10, "s": [50, 50]}]}"#
    let late =
      #"{"ty": 4, "nm": "L", "ks": {"p": \#(p)}, "ao": 1, "ip": 100, "op": 200, "st": 0, "shapes": [\#(H.dot.joined(separator: ","))]}"#
    let before = try H.importing(H.document([late], ip: 100, op: 200))
    XCTAssertTrue(
      before.script.contains(
        "layer L_orient(x: 50, y: 50, width: 1, height: 1, anchor: (0, 0), rotation: 90)\n"),
      before.script)
    let shifted =
      #"{"a": 1, "k": [{"t": 300, "s": [0, 0], "to": [0, 10], "ti": [0, -10]}, {"t": 310, "s": [50, 50]}]}"#
    let after = try H.importing(
      H.document([H.shapeLayer("L", ks: #"{"p": \#(shifted)}"#, extra: #", "ao": 1"#)]))
    XCTAssertTrue(
      after.script.contains(
        "layer L_orient(x: 0, y: 0, width: 1, height: 1, anchor: (0, 0), rotation: 90)\n"),
      after.script)
  }

  func testAutoOrientOfAFixedOrSplitPosition() throws {
    // A position that does not move: no turn, no view of its own.
    let fixed = try H.importing(
      H.document([
        H.shapeLayer("Still", ks: #"{"p": \#(H.fixed("[10, 10]"))}"#, extra: #", "ao": 1"#)
      ]))
    XCTAssertFalse(fixed.script.contains("orient"), fixed.script)
    XCTAssertEqual(fixed.notes, [])
    // x and y keyframed apart: noted, drawn unturned.
    let x = #"{"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 30, "s": [100]}]}"#
    let split = try H.importing(
      H.document([
        H.shapeLayer(
          "Split", ks: #"{"p": {"s": true, "x": \#(x), "y": \#(H.fixed("0"))}}"#,
          extra: #", "ao": 1"#)
      ]))
    XCTAssertEqual(
      split.notes.map(\.description),
      ["/layers/0/ks: auto-orient of a position split into x and y not imported"])
    XCTAssertFalse(split.script.contains("orient"), split.script)
  }

  func testATurnAboutXOrYIsNoted() throws {
    // lottie-ios' pr_1930_all_axis: rx, ry and rz on a 2D layer; rz is the
    // rotation, rx and ry were dropped without a word.
    let turn = #"{"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 30, "s": [90]}]}"#
    let ks = #"{"rx": \#(turn), "ry": \#(H.fixed("0")), "rz": \#(turn)}"#
    let result = try H.importing(H.document([H.shapeLayer("Card", ks: ks)]))
    XCTAssertEqual(
      result.notes.map(\.description),
      ["/layers/0/ks/rx: rotation about x or y (rx, ry) not imported: turned about z only"])
    XCTAssertTrue(result.script.contains("run tween(rotation: 90, 1) on Card"), result.script)
    // Both at 0: nothing to say.
    let flat = #"{"rx": \#(H.fixed("0")), "ry": \#(H.fixed("0")), "rz": \#(H.fixed("30"))}"#
    XCTAssertEqual(try H.importing(H.document([H.shapeLayer("Flat", ks: flat)])).notes, [])
  }

  func testParentsPassTheirTransformButNotTheirOpacity() throws {
    let parent =
      #"{"ty": 3, "nm": "Rig", "ind": 1, "ks": {"p": \#(H.fixed("[10, 20]")), "o": \#(H.fixed("50"))}, "ip": 0, "op": 60, "st": 0}"#
    let child = H.shapeLayer(
      "Arm", ks: #"{"p": \#(H.fixed("[5, 5]"))}"#, extra: #", "parent": 1, "ind": 2"#)
    let result = try H.importing(H.document([child, parent]))
    XCTAssertTrue(
      result.script.contains(
        "layer Rig_for_Arm(x: 10, y: 20, width: 200, height: 100, anchor: (0, 0))\n"),
      result.script)
    XCTAssertTrue(
      result.script.contains("layer Arm(parent: Rig_for_Arm, x: 5, y: 5,"), result.script)
    XCTAssertFalse(result.script.contains("layer Rig("), "a null draws nothing: no view of its own")
  }

  func testPrecompositionsShiftAndStretchTime() throws {
    let inner = H.shapeLayer(
      "Spin", ks: #"{"r": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [90]}]}}"#)
    let use =
      #"{"ty": 0, "nm": "Comp", "refId": "c", "w": 50, "h": 40, "st": 6, "sr": 2, "ks": {}, "ip": 0, "op": 60}"#
    let result = try H.importing(
      H.document([use], assets: [#"{"id": "c", "layers": [\#(inner)]}"#]))
    // Inner frame f is outer frame 6 + 2f: its 0…10 is 6…26, 0.2 s to 0.8667 s.
    XCTAssertTrue(
      result.script.contains("run wait(0.2) +\n  tween(rotation: 90, 0.6666666666666667) on Spin"),
      result.script)
    XCTAssertTrue(
      result.script.contains(
        "layer Comp(x: 0, y: 0, width: 50, height: 40, anchor: (0, 0), clip: true)"), result.script)
  }

  func testNamesAreMadeValidAndUnique() throws {
    let result = try H.importing(
      H.document([
        H.shapeLayer("fade"), H.shapeLayer("Dot 1"),
        H.shapeLayer("Dot-1"), H.shapeLayer("3D ✨"),
      ]))
    for name in ["layer _3D__(", "layer Dot_1_2(", "layer Dot_1(", "layer fade_2("] {
      XCTAssertTrue(result.script.contains(name), "\(name) in \(result.script)")
    }
  }

  /// y of CSS cubic-bezier(x1, y1, x2, y2) at x, by bisection on x.
  static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double
  {
    func coordinate(_ a: Double, _ b: Double, _ t: Double) -> Double {
      3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t
    }
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<100 {
      let mid = (lo + hi) / 2
      if coordinate(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return coordinate(y1, y2, (lo + hi) / 2)
  }

  func testA3DLayersTurnAboutXAndYIsItsTakenApartProjection() {
    // R(φ)·diag(s₁, s₂)·R(θ) is A = [[cos y, 0], [sin x·sin y, cos x]] for
    // angles about both axes, beyond 90° too (A mirrors: s₂ < 0).
    for x in stride(from: -170.0, through: 170, by: 34) {
      for y in stride(from: -160.0, through: 160, by: 40) {
        let (phi, s1, s2, theta) = SceneBuilder.turnParts(x: x, y: y)
        func r(_ degrees: Double) -> (Double, Double, Double, Double) {
          let a = degrees * .pi / 180
          return (cos(a), -sin(a), sin(a), cos(a))
        }
        let (p, t) = (r(phi), r(theta))
        // R(φ)·diag(s₁, s₂), then times R(θ).
        let m = (p.0 * s1, p.1 * s2, p.2 * s1, p.3 * s2)
        let a = (
          m.0 * t.0 + m.1 * t.2, m.0 * t.1 + m.1 * t.3, m.2 * t.0 + m.3 * t.2, m.2 * t.1 + m.3 * t.3
        )
        let (rx, ry) = (x * .pi / 180, y * .pi / 180)
        let expected = (cos(ry), 0.0, sin(rx) * sin(ry), cos(rx))
        XCTAssertEqual(a.0, expected.0, accuracy: 1e-12, "\(x), \(y)")
        XCTAssertEqual(a.1, expected.1, accuracy: 1e-12, "\(x), \(y)")
        XCTAssertEqual(a.2, expected.2, accuracy: 1e-12, "\(x), \(y)")
        XCTAssertEqual(a.3, expected.3, accuracy: 1e-12, "\(x), \(y)")
      }
    }
  }

  func testASkewIsItsTakenApartShear() {
    // R(φ)·diag(s₁, s₂)·R(θ) is R(−a)·[[1, −tan k], [0, 1]]·R(a), the
    // shear written out by hand, for skews and axes of either sign.
    func r(_ degrees: Double) -> (Double, Double, Double, Double) {
      let a = degrees * .pi / 180
      return (cos(a), -sin(a), sin(a), cos(a))
    }
    func times(_ m: (Double, Double, Double, Double), _ n: (Double, Double, Double, Double))
      -> (Double, Double, Double, Double)
    {
      (m.0 * n.0 + m.1 * n.2, m.0 * n.1 + m.1 * n.3, m.2 * n.0 + m.3 * n.2, m.2 * n.1 + m.3 * n.3)
    }
    for k in stride(from: -80.0, through: 80, by: 20) {
      for axis in stride(from: -150.0, through: 180, by: 30) {
        let (phi, s1, s2, theta) = SceneBuilder.skewParts(skew: k, axis: axis)
        let a = times(times(r(phi), (s1, 0, 0, s2)), r(theta))
        let expected = times(times(r(-axis), (1, -tan(k * .pi / 180), 0, 1)), r(axis))
        XCTAssertEqual(a.0, expected.0, accuracy: 1e-12, "\(k), \(axis)")
        XCTAssertEqual(a.1, expected.1, accuracy: 1e-12, "\(k), \(axis)")
        XCTAssertEqual(a.2, expected.2, accuracy: 1e-12, "\(k), \(axis)")
        XCTAssertEqual(a.3, expected.3, accuracy: 1e-12, "\(k), \(axis)")
      }
    }
  }

  func testAHugeOrRightAngledSkewGivesFiniteParts() {
    // tan of 1e308° in radians is NaN, which the script would write as 0;
    // taken within a half turn first it is a number, and 90° is a huge one.
    for (k, axis) in [(1e308, 1e308), (-1e308, 45.0), (90, 0), (-90, 1e-320), (1e-320, -1e308)] {
      let (phi, s1, s2, theta) = SceneBuilder.skewParts(skew: k, axis: axis)
      XCTAssertTrue(
        phi.isFinite && s1.isFinite && s2.isFinite && theta.isFinite,
        "\(k), \(axis): \((phi, s1, s2, theta))")
    }
    let (_, s1, s2, _) = SceneBuilder.skewParts(skew: 1e308, axis: 0)
    let k = -tan(1e308.truncatingRemainder(dividingBy: 180) * .pi / 180)
    // A shear keeps areas: σ₁·σ₂ = 1, and σ₁ − σ₂ = |k|.
    XCTAssertEqual(s1 * s2, 1, accuracy: 1e-9)
    XCTAssertEqual(abs(s1 - s2), abs(k), accuracy: 1e-9)
  }

  func testASkewIsATurnViewAboveTheLayerWithoutANote() throws {
    let ks = #"{"p": \#(H.fixed("[100, 50]")), "sk": \#(H.fixed("30")), "sa": \#(H.fixed("45"))}"#
    let result = try H.importing(H.document([H.shapeLayer("Slant", ks: ks)]))
    XCTAssertEqual(result.notes, [])
    XCTAssertTrue(
      result.script.contains(
        "layer Slant_turn(x: 100, y: 50, width: 1, height: 1, anchor: (0, 0), rotation: "),
      result.script)
    XCTAssertTrue(
      result.script.contains("layer Slant(parent: Slant_turn, x: 0, y: 0"), result.script)
  }

  func testA3DTurnOverMillionsOfFramesIsTakenAtItsKeyframesPastTheBound() throws {
    // Taken at every frame, a turn keyframed over 10 million frames wrote
    // a 590 MB script: past 100 000 frames a segment is straight between
    // its ends (cos of each), noted.
    let ks =
      #"{"ry": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10000000, "s": [60]}]}}"#
    let card = H.shapeLayer("Card", ks: ks, extra: #", "ddd": 1"#)
    let result = try H.importing(H.document([card], op: 10_000_001))
    XCTAssertTrue(
      result.script.contains(
        "run tween(scaleX: 0.5000000000000001, 333333.3333333333) on Card_turn"),
      result.script)
    XCTAssertEqual(
      result.notes.map(\.message),
      [
        "3D layer drawn without depth or perspective (turned about x and y flat, as ThorVG and lottie-web draw it)",
        "a 3D turn moving over more than 100000 frames: taken at its keyframes past them",
      ])
  }

  func testA3DLayerTurnedAboutYScalesATurnViewAlongX() throws {
    // ry 0 → 60° over frames 0…30 (linear): the turn view, moved by the
    // position, scales x by cos(ry) at every frame; the layer's view sits
    // at its origin with its own rotation, scale and anchor.
    let ks =
      #"{"p": {"a": 0, "k": [100, 50, 0]}, "a": {"a": 0, "k": [10, 0, 0]}, "r": {"a": 0, "k": 15}, "ry": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [60]}]}}"#
    let card = H.shapeLayer("Card", ks: ks, extra: #", "ddd": 1"#)
    let result = try H.importing(H.document([card]))
    XCTAssertTrue(
      result.script.contains(
        "layer Card_turn(x: 100, y: 50, width: 1, height: 1, anchor: (0, 0), scaleX: 1, scaleY: 1)"),
      result.script)
    XCTAssertTrue(
      result.script.contains(
        "layer Card(parent: Card_turn, x: 0, y: 0, width: 200, height: 100, anchor: (0.05, 0), rotation: 15)"
      ),
      result.script)
    let lines = H.run(
      result.script,
      then: "step to 0.5\nexpect Card_turn.scaleX == \(cos(30 * Double.pi / 180)) within 1e-12\n"
        + "step to 1\nprint Card_turn.scaleX, Card_turn.scaleY")
    XCTAssertEqual(lines, ["0.5 1"])
    XCTAssertEqual(
      result.notes.map(\.message),
      [
        "3D layer drawn without depth or perspective (turned about x and y flat, as ThorVG and lottie-web draw it)"
      ])
    // A 2D layer's rx, ry: turned about z only, as the players turn it.
    let flat = try H.importing(H.document([H.shapeLayer("Card", ks: ks)]))
    XCTAssertFalse(flat.script.contains("Card_turn"), flat.script)
    XCTAssertEqual(
      flat.notes.map(\.message),
      ["rotation about x or y (rx, ry) not imported: turned about z only"])
  }
}
