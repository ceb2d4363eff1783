import XCTest

@testable import AnimImport

/// Shape layers: which views the paints of a layer become, in which order,
/// with which outline (SPEC §25).
final class ImportShapeTests: XCTestCase {
  typealias H = ImportHarness

  private func script(_ shapes: [String], extra: String = "") throws -> LottieImporter.Result {
    try H.importing(H.document([H.shapeLayer("L", shapes: shapes, extra: extra)]))
  }

  private let rect =
    #"{"ty": "rc", "nm": "Box", "p": {"a": 0, "k": [50, 40]}, "s": {"a": 0, "k": [60, 30]}, "r": {"a": 0, "k": 4}}"#
  private let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0.5, 0, 1]}, "o": {"a": 0, "k": 50}}"#
  private let stroke =
    #"{"ty": "st", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 3}, "lc": 2, "lj": 1, "ml": 4}"#

  func testAPaintListedLaterIsPaintedBelow() throws {
    let result = try script([rect, stroke, fill])
    let lines = result.script.split(separator: "\n").filter { $0.hasPrefix("rect ") }
    XCTAssertEqual(
      lines,
      [
        ##"rect L_Box(parent: L, x: 50, y: 40, width: 60, height: 30, cornerRadius: 4, color: "#ff8000", alpha: 0.5)"##,
        ##"rect L_Box_2(parent: L, x: 50, y: 40, width: 60, height: 30, cornerRadius: 4, color: transparent, stroke: "#0000ff", strokeWidth: 3, lineCap: round, lineJoin: miter)"##,
      ])
  }

  func testAShapeTakenAtEveryFrameIsBoundedInFramesAndVertices() throws {
    // A star whose roundness moves is Lottie's path at every frame (anim's
    // star has no roundness): over 60 frames, 60 outlines to morph through.
    func star(over frames: Int) -> String {
      #"{"ty": "sr", "nm": "Star", "sy": 1, "p": {"a": 0, "k": [50, 50]}, "pt": {"a": 0, "k": 5}, "ir": {"a": 0, "k": 10}, "or": {"a": 0, "k": 30}, "is": {"a": 0, "k": 0}, "r": {"a": 0, "k": 0}, "os": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": \#(frames), "s": [50]}]}}"#
    }
    XCTAssertEqual(
      try H.count("morph(to:", importing: [star(over: 60), fill], frames: 60),
      H.Counted(60, notes: []))
    // Over 10 million frames it was 100 000 outlines (a 110 MB script):
    // now 10 000 pieces of equal length, noted.
    XCTAssertEqual(
      try H.count("morph(to:", importing: [star(over: 10_000_000), fill], frames: 1e7),
      H.Counted(
        10_000,
        notes: [
          "an outline moving over more frames than the import takes it at (10000 frames, 4000000 vertices in a file): taken at 10001 times, straight between"
        ]))
  }

  func testAStarsRatioOverMillionsOfFramesIsTakenBetweenKeyframesPastTheBound() throws {
    // A moving outer radius over a fixed inner one: the inner radius's
    // share is no curve, taken at every frame; keyed 1 000 times 10 000
    // frames apart it was ten million pieces (a 644 MB script).
    let keys = (0..<1000).map { i in
      #"{"t": \#(i * 10_000), "s": [\#(20 + (i % 2) * 10)], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}"#
    }
    let star =
      #"{"ty": "sr", "nm": "Star", "sy": 1, "p": {"a": 0, "k": [50, 50]}, "pt": {"a": 0, "k": 5}, "ir": {"a": 0, "k": 10}, "r": {"a": 0, "k": 0}, "or": {"a": 1, "k": [\#(keys.joined(separator: ", ")), {"t": 10000000, "s": [20]}]}}"#
    let result = try H.importing(
      H.document([H.shapeLayer("L", shapes: [star, fill])], op: 10_000_001))
    XCTAssertEqual(
      result.notes.map(\.message),
      [
        "a star's outer radius moving over more than 100000 frames: taken straight between its keyframes past them"
      ])
    XCTAssertLessThan(result.script.utf8.count, 20_000_000)
  }

  func testStarsAndPolygonsAreAnimsOwnKinds() throws {
    let star =
      #"{"ty": "sr", "sy": 1, "nm": "S", "p": {"a": 0, "k": [10, 20]}, "or": {"a": 0, "k": 40}, "ir": {"a": 0, "k": 20}, "pt": {"a": 0, "k": 5}, "r": {"a": 0, "k": 15}, "os": {"a": 0, "k": 0}, "is": {"a": 0, "k": 0}}"#
    let polygon =
      #"{"ty": "sr", "sy": 2, "nm": "P", "p": {"a": 0, "k": [0, 0]}, "or": {"a": 0, "k": 10}, "pt": {"a": 0, "k": 6}, "r": {"a": 0, "k": 0}, "os": {"a": 0, "k": 0}}"#
    let result = try script([star, polygon, fill])
    // One fill of two fixed shapes is one path of both.
    XCTAssertTrue(result.script.contains("shape L_S(parent: L, d: \"M"), result.script)
    XCTAssertFalse(result.script.contains("star "), result.script)
    let single = try script([star, fill])
    XCTAssertTrue(
      single.script.contains(
        ##"star L_S(parent: L, points: 5, x: 10, y: 20, width: 80, height: 80, rotation: 15, innerRadius: 0.5, color: "#ff8000", alpha: 0.5)"##
      ),
      single.script)
    let hexagon = try script([polygon, fill])
    XCTAssertTrue(
      hexagon.script.contains(
        ##"polygon L_P(parent: L, sides: 6, x: 0, y: 0, width: 20, height: 20, color: "#ff8000""##),
      hexagon.script)
  }

  func testAStarOfAFractionalNumberOfPointsGrowsItsLastPoint() throws {
    // 2.5 points of radii 10 and 5, as ThorVG, rlottie and lottie-android
    // build it: 144° a point; the partial point (radius 5 + 0.5 · 5) at
    // −90° + 72° · 0.5, its neighbours 36° on, then 72° a vertex.
    let path = ShapeGeometry.star(
      polygon: false, center: [0, 0], points: 2.5, outerRadius: 10, innerRadius: 5,
      outerRoundness: 0, innerRoundness: 0, rotation: 0, reversed: false)
    let expected: [(Double, Double)] = [
      (7.5, -54), (5, -18), (10, 54), (5, 126), (10, 198), (5, 270),
    ]
    XCTAssertEqual(path.vertices.count, expected.count)
    for (v, (r, degrees)) in zip(path.vertices, expected) {
      let a = degrees * Double.pi / 180
      XCTAssertEqual(v.x, r * cos(a), accuracy: 1e-12)
      XCTAssertEqual(v.y, r * sin(a), accuracy: 1e-12)
    }
    // A whole count draws as before: 2 · 3 vertices from straight up.
    let whole = ShapeGeometry.star(
      polygon: false, center: [0, 0], points: 3, outerRadius: 10, innerRadius: 5,
      outerRoundness: 0, innerRoundness: 0, rotation: 0, reversed: false)
    XCTAssertEqual(whole.vertices.count, 6)
    XCTAssertEqual(whole.vertices[0].y, -10, accuracy: 1e-12)
  }

  func testATrimmedRectangleStartsWhereLottiesDoes() throws {
    let trim =
      #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 25}, "o": {"a": 0, "k": 90}, "m": 1}"#
    let result = try script([rect, trim, stroke])
    XCTAssertTrue(
      result.script.contains(#"shape L_Box(parent: L, d: "M80 29 C80 29 80 51 80 51"#),
      result.script)
    XCTAssertTrue(result.script.contains("trimEnd: 0.25, trimOffset: 0.25)"), result.script)
  }

  private let square =
    #"{"ty": "rc", "nm": "Box", "p": {"a": 0, "k": [50, 40]}, "s": {"a": 0, "k": [60, 30]}, "r": {"a": 0, "k": 0}}"#

  private func trim(_ start: String, _ end: String, offset: Double = 0, mode: Int = 1) -> String {
    #"{"ty": "tm", "s": \#(start), "e": \#(end), "o": {"a": 0, "k": \#(offset)}, "m": \#(mode)}"#
  }

  func testATrimmedFillIsThePieceClosedStraightBackToItsStart() throws {
    // Half of the 180-point outline from its start at the top-right
    // corner: down the right side and along the bottom, then straight back.
    let result = try script([square, trim(H.fixed("0"), H.fixed("50")), fill])
    XCTAssertEqual(result.notes, [])
    XCTAssertTrue(
      result.script.contains(
        ##"shape L_Box(parent: L, d: "M80 25 C80 25 80 55 80 55 C80 55 20 55 20 55 C20 55 80 25 80 25 Z", anchor: (0, 0), color: "#ff8000", alpha: 0.5)"##
      ),
      result.script)
  }

  func testATrimPastAClosedPathsStartFillsOneContourThroughIt() throws {
    // From 150 (a sixth back from the start) to 222: the top edge's right
    // half, the right side, 12 points of the bottom — one contour, as
    // lottie-web and ThorVG fill it, not two pieces closed apart.
    let result = try script([square, trim(H.fixed("0"), H.fixed("40"), offset: -60), fill])
    XCTAssertEqual(result.notes, [])
    XCTAssertTrue(
      result.script.contains(
        ##"d: "M50 25 C65 25 80 25 80 25 C80 25 80 55 80 55 C80 55 75.05301222842886 55 67.99999999999993 55 C67.99999999999993 55 50 25 50 25 Z""##
      ),
      result.script)
  }

  func testAMovingTrimOnAFillCutsItsShapesInSequenceAtEveryFrame() throws {
    let second =
      #"{"ty": "rc", "nm": "Two", "p": {"a": 0, "k": [150, 40]}, "s": {"a": 0, "k": [60, 30]}, "r": {"a": 0, "k": 0}}"#
    let end =
      #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 30, "s": [100]}]}"#
    let result = try script([square, second, trim(H.fixed("0"), end, mode: 2), fill])
    // Taken at every frame: no note that a morph is approximate.
    XCTAssertEqual(result.notes, [])
    // Frame 15, half of the 360 points: the first rectangle whole, closed.
    XCTAssertTrue(
      result.script.contains(
        #"d: "M80 25 C80 25 80 55 80 55 C80 55 20 55 20 55 C20 55 20 25 20 25 C20 25 80 25 80 25 Z", anchor: (0, 0), alpha: 0)"#
      ),
      result.script)
    // Frame 20 (240 points): the first, then 60 points of the second.
    XCTAssertTrue(result.script.contains("C80 25 180 25 180 25 C180 25 180 55 180 55 C180 55 "))
    // One morph a frame while the trim moves (and a jump where the
    // vertex count changes), then the last frame held.
    let durations = result.script.split(separator: "\n").compactMap { line -> Double? in
      guard let range = line.range(of: "morph(to: L_Box_key") else { return nil }
      return Double(line[range.upperBound...].split(separator: " ")[1].dropLast())
    }
    XCTAssertEqual(durations.filter { $0 > 0 }.count, 30, "\(durations)")
    XCTAssertTrue(durations.allSatisfy { $0 == 0 || abs($0 - 1.0 / 30) < 1e-12 }, "\(durations)")
    // Run: at frames 10 and 15 the piece closed straight back is the
    // first rectangle whole (the same outline), at 16 it reaches into the
    // second; from 30 on both are whole, as at 25.
    let lines = H.run(
      result.script,
      then: [10, 15, 16, 25, 30, 45].map { "step to \($0)/30\nprint L_Box.outline" }.joined(
        separator: "\n"))
    XCTAssertEqual(lines.count, 6)
    XCTAssertEqual(lines[0], lines[1])
    XCTAssertNotEqual(lines[1], lines[2])
    XCTAssertEqual(Set(lines[3...]).count, 1, "\(lines)")
  }

  func testATrimmedFillMovingOverTooManyFramesIsDrawnWholeWithANote() throws {
    let end =
      #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 20000, "s": [100]}]}"#
    let layer = H.shapeLayer("L", shapes: [square, trim(H.fixed("0"), end), fill])
    let json = H.document([layer], op: 20000)
    let result = try H.importing(json)
    XCTAssertEqual(
      result.notes.map(\.description),
      [
        "/layers/0/shapes/1: trim paths on a fill moving over more than 10000 frames"
          + " or 500000 vertices in all: the fill is drawn untrimmed"
      ])
    XCTAssertTrue(result.script.contains("rect L_Box(parent: L, x: 50, y: 40"), result.script)
  }

  func testAnAnimatedPathMorphsThroughItsKeyframes() throws {
    let path =
      #"{"ty": "sh", "nm": "Blob", "ks": {"a": 1, "k": [{"t": 0, "s": [{"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}], "o": {"x": 0.2, "y": 0}, "i": {"x": 0.8, "y": 1}}, {"t": 30, "s": [{"c": true, "v": [[0, 0], [20, 0], [20, 20]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}]}]}}"#
    let result = try script([path, fill])
    XCTAssertTrue(
      result.script.contains(
        #"shape L_Blob_key_2(d: "M0 0 C0 0 20 0 20 0 C20 0 20 20 20 20 C20 20 0 0 0 0 Z", anchor: (0, 0), alpha: 0)"#
      ),
      result.script)
    XCTAssertTrue(
      result.script.contains(
        "run morph(to: L_Blob_key_2, 1, ease: cubicBezier(0.2, 0, 0.8, 1)) on L_Blob"),
      result.script)
    // Half way (eased 0.5 at time 0.5: this curve is symmetric), the far
    // corner is at 15, as a player moves each point.
    let lines = H.run(result.script, then: "step to 0.5\nprint L_Blob.outline")
    XCTAssertEqual(lines, ["L_Blob_key_2"])
  }

  func testAnEvenOddRingKeepsItsHole() throws {
    func circle(_ r: Double) -> String {
      #"{"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [\#(2 * r), \#(2 * r)]}}"#
    }
    let evenOdd =
      #"{"ty": "fl", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "r": 2}"#
    let result = try script([circle(50), circle(20), evenOdd])
    // The inner circle runs the other way (counter-clockwise: from the top
    // to the left first).
    XCTAssertTrue(result.script.contains(" Z M0 -20 C-11.03830048987021 -20"), result.script)
    XCTAssertEqual(result.notes, [])
  }

  func testCrossingEvenOddPathsKeepTheRule() throws {
    // Two squares whose edges cross, filled even-odd: the importer keeps
    // the rule rather than judge which turning fills the same.
    func square(_ x: Double) -> String {
      #"{"ty": "rc", "p": {"a": 0, "k": [\#(x), \#(x / 2)]}, "s": {"a": 0, "k": [20, 20]}, "r": {"a": 0, "k": 0}}"#
    }
    let evenOdd =
      #"{"ty": "fl", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "r": 2}"#
    let result = try script([square(0), square(10), evenOdd])
    XCTAssertTrue(result.script.contains(", fillRule: evenodd"), result.script)
    XCTAssertEqual(result.notes, [])
    // A path crossing itself (a bow tie), alone, keeps it too; a square
    // alone does not need it.
    let bowTie =
      #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [10, 10], [10, 0], [0, 10]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}"#
    XCTAssertTrue(try script([bowTie, evenOdd]).script.contains(", fillRule: evenodd"))
    XCTAssertFalse(try script([square(0), evenOdd]).script.contains("fillRule"))
    // A nonzero fill never writes the rule.
    XCTAssertFalse(try script([square(0), square(10), fill]).script.contains("fillRule"))
  }

  func testMasksAreClipsAndSubtractionsTheirOutside() throws {
    let square =
      #"{"a": 0, "k": {"c": true, "v": [[0, 0], [10, 0], [10, 10], [0, 10]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}"#
    let masks =
      #", "masksProperties": [{"mode": "a", "pt": \#(square)}, {"mode": "s", "pt": \#(square)}]"#
    let result = try script([rect, fill], extra: masks)
    XCTAssertTrue(
      result.script.contains(
        #"shape L_mask(parent: L, d: "M0 0 C0 0 10 0 10 0 C10 0 10 10 10 10 C10 10 0 10 0 10 C0 10 0 0 0 0 Z", anchor: (0, 0), color: transparent, clip: true)"#
      ),
      result.script)
    XCTAssertTrue(
      result.script.contains(
        #"shape L_mask_2(parent: L_mask, d: "M-1000000 -1000000 C-1000000 -1000000 -1000000 1000000"#
      ),
      result.script)
    XCTAssertTrue(result.script.contains("rect L_Box(parent: L_mask_2,"), result.script)
  }

  func testAMatteFillKeepsItsHoles() throws {
    // lottie-android's TimeStretchAndStartOffset: a matte whose one fill
    // holds a path and a second one running the other way inside it (a
    // thin ring). Turning each path clockwise filled the hole.
    func square(_ corners: [(Int, Int)]) -> String {
      let v = corners.map { "[\($0.0), \($0.1)]" }.joined(separator: ", ")
      let zeros = Array(repeating: "[0, 0]", count: 4).joined(separator: ", ")
      return
        #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [\#(v)], "i": [\#(zeros)], "o": [\#(zeros)]}}}"#
    }
    let outer = square([(0, 0), (100, 0), (100, 100), (0, 100)])
    let inner = square([(25, 25), (25, 75), (75, 75), (75, 25)])
    let matte = H.shapeLayer("Ring", shapes: [outer, inner, fill], extra: #", "td": 1"#)
    let body = H.shapeLayer("Body", extra: #", "tt": 1"#)
    let result = try H.importing(H.document([matte, body]))
    XCTAssertEqual(result.notes, [])
    // The inner square still runs counter-clockwise (down its left side).
    XCTAssertTrue(
      result.script.contains(
        "C0 0 25 25 25 25 C25 25 25 75 25 75 C25 75 75 75 75 75 C75 75 75 25 75 25"),
      result.script)
    // A fill whose paths all run counter-clockwise is turned as a whole.
    let turned = try H.importing(
      H.document([
        H.shapeLayer(
          "Pair",
          shapes: [
            square([(0, 0), (0, 10), (10, 10), (10, 0)]),
            square([(20, 0), (20, 10), (30, 10), (30, 0)]), fill,
          ], extra: #", "td": 1"#),
        body,
      ]))
    XCTAssertTrue(
      turned.script.contains("M0 0 C0 0 10 0 10 0 C10 0 10 10 10 10 C10 10 0 10 0 10"),
      turned.script)
    XCTAssertTrue(
      turned.script.contains("C20 0 30 0 30 0 C30 0 30 10 30 10 C30 10 20 10 20 10"),
      turned.script)
  }

  func testAFirstMaskOfDifferenceIsItsOutline() throws {
    // thorvg.example's like.json: its difference with nothing is the mask.
    let square =
      #"{"a": 0, "k": {"c": true, "v": [[0, 0], [10, 0], [10, 10], [0, 10]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}"#
    let first = try script(
      [rect, fill], extra: #", "masksProperties": [{"mode": "f", "pt": \#(square)}]"#)
    let added = try script(
      [rect, fill], extra: #", "masksProperties": [{"mode": "a", "pt": \#(square)}]"#)
    XCTAssertEqual(first.script, added.script)
    XCTAssertEqual(first.notes, [])
    // After another mask, a difference is combined with it (ImportMaskTests).
    let second = try script(
      [rect, fill],
      extra:
        #", "masksProperties": [{"mode": "a", "pt": \#(square)}, {"mode": "f", "pt": \#(square)}]"#)
    XCTAssertEqual(second.notes, [])
  }
}
