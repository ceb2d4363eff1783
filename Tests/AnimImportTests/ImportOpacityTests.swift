import XCTest

@testable import AnimImport

/// A layer's opacity over several drawn views is its view's group `opacity`
/// (SPEC §21.2, §25): the players draw the layer into one picture, then
/// that picture at the opacity, so its overlapping shapes do not show
/// through each other. Over one drawn view it stays `alpha` (the same
/// picture, no group); a shape group's opacity stays `alpha`, shape by
/// shape, as ThorVG and rlottie draw it
/// (tests/checkers/test_import_opacity.py checks the pixels against both).
final class ImportOpacityTests: XCTestCase {
  typealias H = ImportHarness

  /// A group of one 60 × 60 square at (x, 50) filled with `rgb`.
  static func square(_ name: String, x: Int, rgb: String) -> String {
    let (p, c) = (H.fixed("[\(x), 50]"), H.fixed("[\(rgb), 1]"))
    return
      #"{"ty": "gr", "nm": "\#(name)", "it": [{"ty": "rc", "nm": "\#(name)", "p": \#(p), "s": \#(H.fixed("[60, 60]"))}, {"ty": "fl", "c": \#(c), "o": \#(H.fixed("100"))}, {"ty": "tr"}]}"#
  }

  static let twoSquares = [
    square("Red", x: 80, rgb: "1, 0, 0"), square("Blue", x: 120, rgb: "0, 0, 1"),
  ]

  func testATranslucentLayerOverTwoOverlappingShapesIsOnePicture() throws {
    let result = try H.importing(
      H.document([H.shapeLayer("Veil", ks: #"{"o": \#(H.fixed("50"))}"#, shapes: Self.twoSquares)]))
    XCTAssertEqual(
      result.script,
      """
      # Imported by `anim import` from test.json ("test"):
      # 200 × 100 at 30 fps, frames 0–60 (1.9666666666666666 s); time 0 is frame 0.
      stage(width: 200, height: 100, background: transparent)
      fps 30

      # Layer "Veil" (/layers/0)
      layer Veil(x: 0, y: 0, width: 200, height: 100, anchor: (0, 0), opacity: 0.5)
      rect Veil_Blue(parent: Veil, x: 120, y: 50, width: 60, height: 60, color: "#0000ff")
      rect Veil_Red(parent: Veil, x: 80, y: 50, width: 60, height: 60, color: "#ff0000")

      # The last frame's time: render and export draw the frames the players show.
      run wait(1.9666666666666666)

      """)
    XCTAssertEqual(result.notes, [], "nothing approximated: no note of overlaps")
    let lines = H.run(
      result.script, then: "print Veil.opacity, Veil.alpha, Veil_Red.alpha, Veil_Red.worldAlpha")
    XCTAssertEqual(lines, ["0.5 1 1 1"])
  }

  func testAMovingOpacityRunsWithItsOwnEaseAndTheLayerWindow() throws {
    let o =
      #"{"a": 1, "k": [{"t": 15, "s": [100], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 45, "s": [10]}]}"#
    let layer = H.shapeLayer("Veil", ks: #"{"o": \#(o)}"#, shapes: Self.twoSquares)
      .replacingOccurrences(of: #""ip": 0, "op": 60"#, with: #""ip": 6, "op": 54"#)
    let result = try H.importing(H.document([layer]))
    XCTAssertTrue(
      result.script.contains(
        """
        layer Veil(x: 0, y: 0, width: 200, height: 100, anchor: (0, 0), opacity: 0)
        """), result.script)
    XCTAssertTrue(
      result.script.contains(
        """
        run wait(0.2) +
          tween(opacity: 1, 0) +
          wait(0.3) +
          tween(opacity: 0.1, 1, ease: cubicBezier(0.3, 0, 0.7, 1)) +
          wait(0.30000000000000004) +
          tween(opacity: 0, 0) on Veil
        """), result.script)
    XCTAssertFalse(result.script.contains("alpha"), result.script)
    XCTAssertEqual(result.notes, [])
    let lines = H.run(
      result.script,
      then: """
        step to 0.19
        print Veil.opacity
        step to 0.2
        print Veil.opacity
        step to 1
        print Veil.opacity
        step to 1.5
        print Veil.opacity
        step to 1.8
        print Veil.opacity
        """)
    // Halfway in time the curve (0.3, 0, 0.7, 1) is halfway in value.
    XCTAssertEqual(lines[0], "0")
    XCTAssertEqual(lines[1], "1")
    XCTAssertEqual(Double(lines[2])!, 0.55, accuracy: 1e-9)
    XCTAssertEqual(lines[3], "0.1")
    XCTAssertEqual(lines[4], "0")
  }

  func testOverOneDrawnViewTheOpacityStaysAlpha() throws {
    let result = try H.importing(
      H.document([H.shapeLayer("Dot", ks: #"{"o": \#(H.fixed("30"))}"#)]))
    XCTAssertTrue(
      result.script.contains(
        "layer Dot(x: 0, y: 0, width: 200, height: 100, anchor: (0, 0), alpha: 0.3)\n"),
      result.script)
    XCTAssertFalse(result.script.contains("opacity"), result.script)
  }

  func testAFillUnderAStrokeIsTwoDrawnViews() throws {
    let shapes = [
      #"{"ty": "el", "p": \#(H.fixed("[100, 50]")), "s": \#(H.fixed("[60, 60]"))}"#,
      #"{"ty": "st", "c": \#(H.fixed("[0, 0.5, 0, 1]")), "o": \#(H.fixed("100")), "w": \#(H.fixed("16")), "lc": 2, "lj": 2}"#,
      #"{"ty": "fl", "c": \#(H.fixed("[1, 0.8, 0, 1]")), "o": \#(H.fixed("100"))}"#,
    ]
    let result = try H.importing(
      H.document([H.shapeLayer("Ring", ks: #"{"o": \#(H.fixed("50"))}"#, shapes: shapes)]))
    XCTAssertTrue(
      result.script.contains(
        "layer Ring(x: 0, y: 0, width: 200, height: 100, anchor: (0, 0), opacity: 0.5)\n"),
      result.script)
    XCTAssertEqual(result.notes, [])
  }

  func testAPrecompositionLayersOpacityIsOnePicture() throws {
    let comp =
      #"{"ty": 0, "nm": "Comp", "refId": "pair", "w": 200, "h": 100, "ks": {"o": \#(H.fixed("60"))}, "ip": 0, "op": 60, "st": 0}"#
    let asset =
      #"{"id": "pair", "layers": [\#(H.shapeLayer("Red", shapes: [Self.twoSquares[0]])), \#(H.shapeLayer("Blue", shapes: [Self.twoSquares[1]]))]}"#
    let result = try H.importing(H.document([comp], assets: [asset]))
    XCTAssertTrue(
      result.script.contains(
        "layer Comp(x: 0, y: 0, width: 200, height: 100, anchor: (0, 0), opacity: 0.6, clip: true)\n"
      ),
      result.script)
    XCTAssertTrue(
      result.script.contains(
        "layer Red(parent: Comp, x: 0, y: 0, width: 200, height: 100, anchor: (0, 0))\n"),
      result.script)
    XCTAssertEqual(result.notes, [])
  }

  func testAShapeGroupsOpacityStaysAlphaShapeByShape() throws {
    let pair =
      #"{"ty": "gr", "nm": "Pair", "it": [\#(Self.twoSquares.joined(separator: ", ")), {"ty": "tr", "o": \#(H.fixed("40"))}]}"#
    let result = try H.importing(H.document([H.shapeLayer("Box", shapes: [pair])]))
    XCTAssertTrue(
      result.script.contains(
        "layer Box_Pair(parent: Box, x: 0, y: 0, width: 1, height: 1, anchor: (0, 0), alpha: 0.4)\n"
      ),
      result.script)
    XCTAssertFalse(result.script.contains("opacity"), result.script)
    XCTAssertEqual(result.notes, [], "the players draw it so: nothing to note")
  }

  func testATranslucentMatteFadesTheLayerAsOnePicture() throws {
    let matte = H.shapeLayer(
      "Matte", ks: #"{"o": \#(H.fixed("50"))}"#,
      shapes: [
        #"{"ty": "rc", "p": \#(H.fixed("[100, 50]")), "s": \#(H.fixed("[200, 100]"))}"#,
        #"{"ty": "fl", "c": \#(H.fixed("[1, 1, 1, 1]")), "o": \#(H.fixed("100"))}"#,
      ], extra: #", "td": 1"#)
    let body = H.shapeLayer("Body", shapes: Self.twoSquares, extra: #", "tt": 1"#)
    let result = try H.importing(H.document([matte, body]))
    XCTAssertTrue(
      result.script.contains("layer Body_matte_alpha(parent: matte, opacity: 0.5)\n"),
      result.script)
    XCTAssertEqual(result.notes, [])
    // Over one drawn view the matte's fade stays alpha.
    let single = try H.importing(H.document([matte, H.shapeLayer("Dot", extra: #", "tt": 1"#)]))
    XCTAssertTrue(
      single.script.contains("layer Dot_matte_alpha(parent: matte, alpha: 0.5)\n"), single.script)
  }

  /// A mask of `mode` at `opacity` (JSON) around the rectangle x0…x1, y0…y1.
  static func mask(_ mode: String, _ opacity: String, _ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int)
    -> String
  {
    let path =
      #"{"c": true, "v": [[\#(x0), \#(y0)], [\#(x1), \#(y0)], [\#(x1), \#(y1)], [\#(x0), \#(y1)]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}"#
    return #"{"mode": "\#(mode)", "o": \#(opacity), "pt": \#(H.fixed(path))}"#
  }

  private func masked(_ masks: [String]) throws -> LottieImporter.Result {
    try H.importing(
      H.document([
        H.shapeLayer(
          "Cut", shapes: Self.twoSquares,
          extra: #", "masksProperties": [\#(masks.joined(separator: ", "))]"#)
      ]))
  }

  func testAMasksOpacityIsALayerBeneathItsClip() throws {
    let result = try masked([Self.mask("a", H.fixed("50"), 30, 170, 10, 70)])
    XCTAssertEqual(result.notes, [])
    XCTAssertTrue(
      result.script.contains("layer Cut_mask_opacity(parent: Cut_mask, opacity: 0.5)\n"),
      result.script)
    XCTAssertTrue(result.script.contains("rect Cut_Red(parent: Cut_mask_opacity,"), result.script)
    let lines = H.run(result.script, then: "print Cut_mask_opacity.opacity")
    XCTAssertEqual(lines, ["0.5"])
  }

  func testMasksAddedAtOneOpacityShareItAndIntersectionsMultiply() throws {
    let result = try masked([
      Self.mask("a", H.fixed("40"), 30, 90, 10, 70),
      Self.mask("a", H.fixed("40"), 110, 170, 10, 70),
      Self.mask("i", H.fixed("50"), 0, 200, 0, 60),
    ])
    XCTAssertEqual(result.notes, [])
    XCTAssertTrue(result.script.contains("opacity: 0.4)"), result.script)
    XCTAssertTrue(result.script.contains("opacity: 0.5)"), result.script)
  }

  func testOpacitiesAClipCannotSayAreNoted() throws {
    // Two added masks of different opacities (their union is not one
    // level) and a subtracted mask's opacity (outside it is not a clip).
    let result = try masked([
      Self.mask("a", H.fixed("40"), 30, 90, 10, 70),
      Self.mask("a", H.fixed("60"), 110, 170, 10, 70),
      Self.mask("s", H.fixed("50"), 0, 200, 0, 30),
    ])
    XCTAssertEqual(
      result.notes.map(\.description),
      [
        "/layers/0/masksProperties/0/o: mask opacity drawn as 100 % (a clip is all or nothing)",
        "/layers/0/masksProperties/1/o: mask opacity drawn as 100 % (a clip is all or nothing)",
        "/layers/0/masksProperties/2/o: mask opacity drawn as 100 % (a clip is all or nothing)",
      ])
    XCTAssertFalse(result.script.contains("_opacity"), result.script)
  }
}
