import XCTest

@testable import AnimImport

/// Gradient fills and strokes (`gf`, `gs`) as anim's gradients (SPEC
/// §21.1, §25): Lottie's points mapped into the unit coordinates of the
/// drawing view's box, colour and opacity stops merged, keyframes as
/// tweens (tests/checkers/test_import_look.py checks the pixels against
/// ThorVG).
final class ImportGradientTests: XCTestCase {
  typealias H = ImportHarness

  /// A 60 × 30 rectangle centred at (50, 40): its box is (20, 25)–(80, 55).
  private let rect =
    #"{"ty": "rc", "nm": "Box", "p": {"a": 0, "k": [50, 40]}, "s": {"a": 0, "k": [60, 30]}}"#

  private func gradient(
    _ type: String = "gf", kind: Int = 1, count: Int = 2,
    stops: String = "[0, 1, 0, 0, 1, 0, 0, 1]", start: String = "[20, 25]",
    end: String = "[80, 25]", extra: String = ""
  ) -> String {
    let stroke = type == "gs" ? #", "w": {"a": 0, "k": 4}, "lc": 1, "lj": 1"# : ""
    let g = stops.hasPrefix("[") ? H.fixed(stops) : stops
    let s = start.hasPrefix("[") ? H.fixed(start) : start
    let e = end.hasPrefix("[") ? H.fixed(end) : end
    return
      #"{"ty": "\#(type)", "o": {"a": 0, "k": 100}, "r": 1, "g": {"p": \#(count), "k": \#(g)}, "s": \#(s), "e": \#(e), "t": \#(kind)\#(stroke)\#(extra)}"#
  }

  private func importing(_ shapes: [String]) throws -> LottieImporter.Result {
    try H.importing(H.document([H.shapeLayer("L", shapes: shapes)]))
  }

  private func drawn(_ result: LottieImporter.Result) -> [String] {
    result.script.split(separator: "\n").map(String.init).filter {
      $0.hasPrefix("rect ") || $0.hasPrefix("ellipse ") || $0.hasPrefix("shape ")
        || $0.hasPrefix("run ") || $0.hasPrefix("  ")
    }.filter { !$0.hasPrefix("run wait(") }
  }

  func testALinearGradientAcrossARectangleRunsAcrossItsBox() throws {
    let result = try importing([rect, gradient()])
    XCTAssertEqual(
      drawn(result),
      [
        ##"rect L_Box(parent: L, x: 50, y: 40, width: 60, height: 30, color: linear(from: (0, 0), to: (1, 0), stops: [(0, "#ff0000"), (1, "#0000ff")]))"##
      ])
    XCTAssertEqual(result.notes, [])
    // anim reads it back as the same gradient.
    XCTAssertEqual(
      H.run(result.script, then: "print L_Box.color"),
      ["linear((0, 0), (1, 0), [(0, #ff0000), (1, #0000ff)])"])
  }

  func testADiagonalOnABoxThatIsNotSquareKeepsLottiesLinesOfOneColour() throws {
    // From the box's top-left to its bottom-right corner, (60, 30) in the
    // layer: anim's unit-space vector is S·d·|d|²/|S·d|² = (3600, 900) ·
    // 4500 / 13 770 000, so that the far corner (1, 1) is at offset 1 and
    // the lines of one colour are perpendicular to (60, 30) in the layer.
    let result = try importing([rect, gradient(end: "[80, 55]")])
    XCTAssertEqual(
      drawn(result),
      [
        ##"rect L_Box(parent: L, x: 50, y: 40, width: 60, height: 30, color: linear(from: (0, 0), to: (1.176470588, 0.294117647), stops: [(0, "#ff0000"), (1, "#0000ff")]))"##
      ])
  }

  func testOpacityStopsAreMergedWithTheColourStops() throws {
    // Colour stops at 0 and 1, opacity stops at 0 (opaque) and 1 (half):
    // where colour and alpha both change, the span is cut in eight so
    // that anim's premultiplied blend follows the players' straight one.
    let stops = "[0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0.5]"
    let result = try importing([rect, gradient(stops: stops)])
    let expected = (0...8).map { k -> String in
      let u = Double(k) / 8
      func hex(_ v: Double) -> String { NumberFormat.hexByte(v) }
      let alpha = k == 0 ? "" : hex(1 - 0.5 * u)
      return "(\(NumberFormat.exact(u)), \"#\(hex(1 - u))00\(hex(u))\(alpha)\")"
    }
    XCTAssertTrue(
      result.script.contains("stops: [" + expected.joined(separator: ", ") + "]"), result.script)
    // Opacity stops apart from the colour stops: one stop at each offset.
    let apart = GradientStops.stops([0, 1, 0, 0, 1, 0, 0, 1, 0.5, 0.5], count: 2)
    XCTAssertEqual(apart, [[0, 1, 0, 0, 0.5], [0.5, 0.5, 0, 0.5, 0.5], [1, 0, 0, 1, 0.5]])
  }

  func testStopsAtTheEdges() {
    // No colour stop: black, twice (anim needs two).
    XCTAssertEqual(GradientStops.stops([], count: 0), [[0, 0, 0, 0, 1], [0, 0, 0, 0, 1]])
    // One colour stop: doubled.
    XCTAssertEqual(
      GradientStops.stops([0.3, 1, 1, 1], count: 1), [[0.3, 1, 1, 1, 1], [0.3, 1, 1, 1, 1]])
    // A count past the numbers given: as many stops as there are.
    XCTAssertEqual(
      GradientStops.stops([0, 1, 0, 0, 1, 0, 1, 0], count: 9),
      [[0, 1, 0, 0, 1], [1, 0, 1, 0, 1]])
    // Offsets outside 0…1 and out of order: sorted, then held in 0…1.
    XCTAssertEqual(
      GradientStops.stops([1.5, 0, 0, 1, -0.5, 1, 0, 0], count: 2),
      [[0, 1, 0, 0, 1], [1, 0, 0, 1, 1]])
    // A hard edge (two stops at one offset) stays one.
    XCTAssertEqual(
      GradientStops.stops([0, 1, 0, 0, 0.5, 1, 0, 0, 0.5, 0, 0, 1, 1, 0, 0, 1], count: 4),
      [[0, 1, 0, 0, 1], [0.5, 1, 0, 0, 1], [0.5, 0, 0, 1, 1], [1, 0, 0, 1, 1]])
    // 10 000 stops: anim's 256, the ends kept.
    let many: [Double] = (0..<10_000).flatMap { k -> [Double] in [Double(k) / 9_999, 1, 0, 0] }
    let kept = GradientStops.stops(many, count: 10_000)
    XCTAssertEqual(kept.count, 256)
    XCTAssertEqual(kept.first?[0], 0)
    XCTAssertEqual(kept.last?[0], 1)
  }

  func testARadialGradientIsACircleOnTheShapesOutline() throws {
    // A radial gradient on a rectangle: the rectangle as a `shape` of its
    // path (a 100 × 100 box of the layer's space), where a circle stays one.
    let result = try importing([rect, gradient(kind: 2, start: "[50, 40]", end: "[80, 40]")])
    let lines = drawn(result)
    XCTAssertEqual(lines.count, 1)
    XCTAssertTrue(lines[0].hasPrefix("shape L_Box(parent: L, d: \"M80 25 "), lines[0])
    XCTAssertTrue(
      lines[0].hasSuffix(
        ##"anchor: (0, 0), color: radial(center: (0.5, 0.4), radius: 0.3, stops: [(0, "#ff0000"), (1, "#0000ff")]))"##
      ), lines[0])
    XCTAssertEqual(result.notes, [])
    let highlighted = try importing([
      rect,
      gradient(
        kind: 2, start: "[50, 40]", end: "[80, 40]",
        extra: #", "h": {"a": 0, "k": 40}, "a": {"a": 0, "k": 30}"#),
    ])
    // Lottie's highlight: 40 % of the radius (30) at 30° from the line
    // start → end (along +x), as lottie-web places it; in the 100 × 100
    // box from (0, 0), the focal point (50 + 12·cos 30°, 40 + 12·sin 30°)/100.
    XCTAssertEqual(highlighted.notes, [])
    let focal = drawn(highlighted)[0]
    XCTAssertTrue(
      focal.hasSuffix(
        ##"color: radial(center: (0.5, 0.4), radius: 0.3, focal: (0.603923048, 0.46), stops: [(0, "#ff0000"), (1, "#0000ff")]))"##
      ), focal)
    // Past 100 % the players hold it at 99 %.
    let far = try importing([
      rect,
      gradient(
        kind: 2, start: "[50, 40]", end: "[80, 40]",
        extra: #", "h": {"a": 0, "k": 250}, "a": {"a": 0, "k": 180}"#),
    ])
    XCTAssertTrue(drawn(far)[0].contains("focal: (0.203, 0.4)"), drawn(far)[0])
  }

  func testAGradientStrokeIsTheStrokesPaint() throws {
    let result = try importing([rect, gradient("gs")])
    XCTAssertEqual(
      drawn(result),
      [
        ##"rect L_Box(parent: L, x: 50, y: 40, width: 60, height: 30, color: transparent, stroke: linear(from: (0, 0), to: (1, 0), stops: [(0, "#ff0000"), (1, "#0000ff")]), strokeWidth: 4, lineCap: butt, lineJoin: miter)"##
      ])
  }

  func testKeyframedStopsTweenStopByStop() throws {
    let stops =
      #"{"a": 1, "k": [{"t": 0, "s": [0, 1, 0, 0, 1, 0, 0, 1], "o": {"x": [0.5], "y": [0]}, "i": {"x": [0.5], "y": [1]}}, {"t": 30, "s": [0, 0, 1, 0, 1, 1, 1, 1]}]}"#
    let result = try importing([rect, gradient(stops: stops)])
    XCTAssertEqual(
      drawn(result).dropFirst(),
      [
        ##"run tween(color: linear(from: (0, 0), to: (1, 0), stops: [(0, "#00ff00"), (1, "#ffffff")]), 1, ease: cubicBezier(0.5, 0, 0.5, 1)) on L_Box"##
      ])
    // Half way (this curve is symmetric): each stop's colour half way.
    XCTAssertEqual(
      H.run(result.script, then: "step to 0.5\nprint L_Box.color"),
      ["linear((0, 0), (1, 0), [(0, #808000), (1, #8080ff)])"])
  }

  func testPointsAndStopsKeyframedApartAreSampledAtEveryFrame() throws {
    let stops =
      #"{"a": 1, "k": [{"t": 0, "s": [0, 1, 0, 0, 1, 0, 0, 1]}, {"t": 30, "s": [0, 0, 1, 0, 1, 1, 1, 1]}]}"#
    let end = #"{"a": 1, "k": [{"t": 0, "s": [80, 25]}, {"t": 15, "s": [50, 25]}]}"#
    let result = try importing([rect, gradient(stops: stops, end: end)])
    let tweens = result.script.components(separatedBy: "tween(color:").count - 1
    XCTAssertEqual(tweens, 30, "one tween per frame of the 30 keyframed")
    // At frame 15 (0.5 s): the end at 50 (offset 0.5 of the box), the
    // stops half way (linear keyframes).
    XCTAssertEqual(
      H.run(result.script, then: "step to 0.5\nprint L_Box.color"),
      ["linear((0, 0), (0.5, 0), [(0, #808000), (1, #8080ff)])"])
  }

  func testARadialGradientWhoseEndTurnsAboutItsStartIsTakenAtEveryFrame() throws {
    // The end turns a quarter about the start (50, 40): the radius is 30 at
    // both keyframes, but |end − start| half way is 30 · √½ (the players
    // take the points, then their distance); a tween of the radius would
    // keep 30.
    let end = #"{"a": 1, "k": [{"t": 0, "s": [80, 40]}, {"t": 30, "s": [50, 70]}]}"#
    let turning = try importing([rect, gradient(kind: 2, start: "[50, 40]", end: end)])
    XCTAssertEqual(turning.script.components(separatedBy: "tween(color:").count - 1, 30)
    XCTAssertEqual(turning.notes, [])
    let half = H.run(turning.script, then: "step to 0.5\nprint L_Box.color")
    XCTAssertEqual(half.count, 1)
    XCTAssertTrue(half[0].hasPrefix("radial((0.5, 0.4), 0.212132,"), half[0])
    // Growing along one line, the radius is the tween's: one tween.
    let along = #"{"a": 1, "k": [{"t": 0, "s": [80, 40]}, {"t": 30, "s": [90, 40]}]}"#
    let growing = try importing([rect, gradient(kind: 2, start: "[50, 40]", end: along)])
    XCTAssertEqual(growing.script.components(separatedBy: "tween(color:").count - 1, 1)
    // Past 10 000 frames: the keyframes' radii tweened, noted.
    let far = #"{"a": 1, "k": [{"t": 0, "s": [80, 40]}, {"t": 20000, "s": [50, 70]}]}"#
    XCTAssertEqual(
      try H.count(
        "tween(color:", importing: [rect, gradient(kind: 2, start: "[50, 40]", end: far)],
        frames: 20000),
      H.Counted(
        1,
        notes: [
          "a radial gradient whose start and end turn about each other over more than 10000 frames: its radius is drawn straight between keyframes"
        ]))
  }

  func testValuesKeyframedApartOverMillionsOfFramesAreTakenAtTheirKeyframes() throws {
    // Taken at every frame, 10 million frames wrote a 1.4 GB script in 9.6
    // GB of memory: past 10 000 frames, at every keyframe of either.
    let stops =
      #"{"a": 1, "k": [{"t": 0, "s": [0, 1, 0, 0, 1, 0, 0, 1]}, {"t": 1e7, "s": [0, 0, 1, 0, 1, 1, 1, 1]}]}"#
    let end =
      #"{"a": 1, "k": [{"t": 0, "s": [80, 25]}, {"t": 5e6, "s": [50, 25]}, {"t": 1e7, "s": [80, 25]}]}"#
    XCTAssertEqual(
      try H.count(
        "tween(color:", importing: [rect, gradient(stops: stops, end: end)], frames: 1e7),
      H.Counted(
        2,
        notes: [
          "values keyframed at different times, moving over more than 10000 frames: drawn straight between their keyframes"
        ]))
  }

  func testShapesInAFixedInnerGroupAreBakedIntoThePaintsSpace() throws {
    // The gradient is in the paint's group's space; the shape sits in a
    // group moved by (100, 0): its path is moved into the paint's space.
    let inner =
      #"{"ty": "gr", "nm": "In", "it": [\#(rect), {"ty": "tr", "p": {"a": 0, "k": [100, 0]}}]}"#
    let result = try importing([inner, gradient(start: "[120, 25]", end: "[180, 25]")])
    let lines = drawn(result)
    XCTAssertEqual(lines.count, 1)
    XCTAssertTrue(lines[0].contains(##"d: "M180 25 "##), lines[0])
    XCTAssertTrue(
      lines[0].hasSuffix(
        ##"color: linear(from: (1.2, 0.25), to: (1.8, 0.25), stops: [(0, "#ff0000"), (1, "#0000ff")]))"##
      ), lines[0])
  }

  func testHugeAndDegeneratePointsStayFinite() {
    let box = SceneBuilder.Box(x: 0, y: 0, width: 0, height: 0)
    let g = SceneBuilder.scriptGradient(
      [0, 0, 1e300, 1e300, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0], radial: false, count: 2, box: box)
    XCTAssertTrue(g.points.allSatisfy(\.isFinite), "\(g.points)")
    let same = SceneBuilder.scriptGradient(
      [5, 5, 5, 5, 5, 5, 0, 1, 1, 1, 1, 0, 0, 0], radial: false, count: 2,
      box: SceneBuilder.Box(x: 0, y: 0, width: 10, height: 10))
    XCTAssertEqual(same.points, [0.5, 0.5, 0.5, 0.5])
  }
}
