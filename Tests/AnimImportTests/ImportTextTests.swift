import XCTest

@testable import AnimImport

#if canImport(Glibc)
  import Glibc
#endif

/// Text layers drawn with the file's own glyphs (`chars`), laid out as
/// ThorVG lays them out (docs/spec.md §25.1).
final class ImportTextTests: XCTestCase {
  typealias H = ImportHarness

  /// A file whose font "T-R" has a triangle "A" (advance 60) and a square
  /// "B" (advance 70) at size 100, with one text layer of `document`
  /// (JSON members of its `s`) and `extra` members of its `t`.
  private func importing(_ document: String, extra: String = "") throws
    -> LottieImporter.Result
  {
    try importing(
      layer:
        #"{"ty": 5, "nm": "T", "ks": {}, "ip": 0, "op": 60, "st": 0, "t": {"d": {"k": [{"t": 0, "s": {"f": "T-R", \#(document)}}]}\#(extra)}}"#
    )
  }

  /// The file of ``importing(_:extra:)`` with `layer` (JSON, or several
  /// layers joined by commas) its layers, and `root` (JSON members) at its
  /// top level.
  private func importing(layer: String, root: String = "") throws -> LottieImporter.Result {
    let triangle =
      #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [25, -70], [50, 0]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}}"#
    let square =
      #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [0, -70], [60, -70], [60, 0]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}"#
    func glyph(_ ch: String, _ w: Int, _ path: String) -> String {
      #"{"ch": "\#(ch)", "size": 100, "style": "R", "w": \#(w), "fFamily": "T", "data": {"shapes": [{"ty": "gr", "it": [\#(path)]}]}}"#
    }
    let fonts =
      #""fonts": {"list": [{"fName": "T-R", "fFamily": "T", "fStyle": "R", "ascent": 70}]}"#
    let chars = #""chars": [\#(glyph("A", 60, triangle)), \#(glyph("B", 70, square))]"#
    return try H.importing(
      #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 200, "h": 100, \#(fonts), \#(chars), \#(root)"layers": [\#(layer)]}"#
    )
  }

  private func shapeLine(_ result: LottieImporter.Result, _ name: String = "T_text") -> String {
    result.script.split(separator: "\n").first { $0.hasPrefix("shape \(name)(") }.map(String.init)
      ?? ""
  }

  func testATextSlotGivesTheTextAndTheLayersOwnDocumentTheRest() throws {
    // The document names the slot "label", which gives only its text: the
    // font, size, colour and justification stay the layer's own.
    let style = #""f": "T-R", "s": 50, "j": 2, "fc": [1, 0, 0]"#
    let slotted = try importing(
      layer:
        #"{"ty": 5, "nm": "T", "ks": {}, "ip": 0, "op": 60, "st": 0, "t": {"d": {"sid": "label", "k": [{"t": 0, "s": {"t": "AA", \#(style)}}]}}}"#,
      root: #""slots": {"label": {"p": {"k": [{"t": 0, "s": {"t": "B"}}]}}}, "#)
    let plain = try importing(
      layer:
        #"{"ty": 5, "nm": "T", "ks": {}, "ip": 0, "op": 60, "st": 0, "t": {"d": {"k": [{"t": 0, "s": {"t": "B", \#(style)}}]}}}"#
    )
    XCTAssertEqual(slotted.notes, [])
    XCTAssertEqual(shapeLine(slotted), shapeLine(plain))
    XCTAssertEqual(
      shapeLine(plain),
      ##"shape T_text(parent: T, d: "M-17.5 0 C-17.5 0 -17.5 -35 -17.5 -35 C-17.5 -35 12.5 -35 12.5 -35 C12.5 -35 12.5 0 12.5 0 C12.5 0 -17.5 0 -17.5 0 Z", anchor: (0, 0), color: "#ff0000")"##
    )
  }

  func testLinesAreCentredATrackedAdvanceApartAndALineHeightDown() throws {
    // Size 50: glyphs at half size; tracking 100 (a tenth of 100 units)
    // makes each advance (60 + 10) / 2 = 35 points. "A" is 35 wide, so
    // centred it starts at -17.5; "AA" at -35, 40 points lower.
    let result = try importing(
      #""t": "A\rAA", "s": 50, "j": 2, "tr": 100, "lh": 40, "fc": [1, 0, 0]"#)
    XCTAssertEqual(result.notes, [])
    XCTAssertEqual(
      shapeLine(result),
      ##"shape T_text(parent: T, d: "M-17.5 0 C-17.5 0 -5 -35 -5 -35 C-5 -35 7.5 0 7.5 0 C7.5 0 -17.5 0 -17.5 0 Z M-35 40 C-35 40 -22.5 5 -22.5 5 C-22.5 5 -10 40 -10 40 C-10 40 -35 40 -35 40 Z M0 40 C0 40 12.5 5 12.5 5 C12.5 5 25 40 25 40 C25 40 0 40 0 40 Z", anchor: (0, 0), color: "#ff0000")"##
    )
  }

  func testAParagraphBoxWrapsBeforeAWordThatWouldPassItsWidth() throws {
    // Size 100 in a box 140 wide at (10, 20), ascent 70: "AB" (130) fits,
    // " A" would reach 190, so "A" starts the second line; right-aligned,
    // each line ends at x 150; the first baseline is at 20 + 70 − 5.
    let result = try importing(
      #""t": "AB A", "s": 100, "j": 1, "lh": 80, "ls": 5, "ps": [10, 20], "sz": [140, 200]"#)
    let line = shapeLine(result)
    XCTAssertTrue(line.contains(#"d: "M20 85 C20 85 45 15 45 15"#), line)
    XCTAssertTrue(line.contains("M80 85 C80 85 80 15 80 15"), line)
    XCTAssertTrue(line.contains("M90 165 C90 165 115 95 115 95"), line)
    // No `fc`: no fill, as the players draw none.
    XCTAssertTrue(line.hasSuffix(#"color: transparent)"#), line)
  }

  func testSmallCapsDrawALowerCaseLetterAsItsCapitalAt70Percent() throws {
    let result = try importing(#""t": "aA", "s": 100, "ca": 2"#)
    // The small "A" is 0.7 × 50 wide and advances 42; the capital follows.
    XCTAssertTrue(
      shapeLine(result).contains(
        "M0 0 C0 0 17.5 -49 17.5 -49 C17.5 -49 35 0 35 0 C35 0 0 0 0 0 Z M42 0 C42 0 67 -70 67 -70"
      ), shapeLine(result))
  }

  func testAStrokeUnderTheFillIsAViewOfItsOwnBelow() throws {
    let result = try importing(
      #""t": "B", "s": 100, "fc": [0, 0, 1], "sc": [1, 1, 0], "sw": 4, "of": false"#)
    let lines = result.script.split(separator: "\n").filter { $0.hasPrefix("shape T_text") }
    XCTAssertEqual(lines.count, 2)
    XCTAssertTrue(
      lines[0].hasPrefix("shape T_text_stroke(")
        && lines[0].hasSuffix(
          ##"color: transparent, stroke: "#ffff00", strokeWidth: 4, lineJoin: round)"##),
      String(lines[0]))
    XCTAssertTrue(lines[1].hasSuffix(##"color: "#0000ff")"##), String(lines[1]))
    let over = try importing(#""t": "B", "s": 100, "fc": [0, 0, 1], "sc": [1, 1, 0], "sw": 4"#)
    XCTAssertTrue(
      shapeLine(over).hasSuffix(
        ##"color: "#0000ff", stroke: "#ffff00", strokeWidth: 4, lineJoin: round)"##),
      shapeLine(over))
  }

  func testWhatIsNotDrawnIsNoted() throws {
    // An animator property anim does not draw (skew): the text is drawn
    // without its animators.
    let animated = try importing(
      #""t": "A", "s": 10"#, extra: #", "a": [{"s": {}, "a": {"sk": {"a": 0, "k": 10}}}]"#)
    XCTAssertEqual(
      animated.notes.map(\.description),
      [
        #"/layers/0/t/a: text animator properties ["sk"] not imported: the text is drawn without them"#
      ])
    XCTAssertFalse(shapeLine(animated).isEmpty)
    // Text on a mask's path: left out, as before anim drew text.
    let onPath = try importing(#""t": "A", "s": 10"#, extra: #", "p": {"m": 0}"#)
    XCTAssertEqual(onPath.notes.map(\.description), ["/layers/0/t/p: text on a path not imported"])
    XCTAssertTrue(shapeLine(onPath).isEmpty)
    // A font the file has no glyphs of, and a text layer that cannot be read.
    let other = try importing(#""t": "A", "s": 10, "f": "Other""#)
    XCTAssertEqual(
      other.notes.map(\.description),
      [
        "/layers/0: text layer not imported: the file has no glyph outlines (chars) of its font 'Other'"
      ])
    let broken = try H.importing(
      H.document([#"{"ty": 5, "nm": "T", "ks": {}, "ip": 0, "op": 60, "t": {"d": {"k": 3}}}"#]))
    XCTAssertEqual(
      broken.notes.map(\.description),
      ["/layers/0: text layer not imported: /layers/0/t/d/k: expected an array, found a number"])
  }

  func testEachDocumentIsShownFromItsKeyframeToTheNext() throws {
    // "A" until frame 15, "B" from frame 15 to 45, "AB" from 45: at 30 fps,
    // 0.5 s and 1.5 s.
    let layer =
      #"{"ty": 5, "nm": "T", "ks": {}, "ip": 0, "op": 60, "st": 0, "t": {"d": {"k": [{"t": 0, "s": {"f": "T-R", "t": "A", "s": 100}}, {"t": 45, "s": {"f": "T-R", "t": "AB", "s": 100}}, {"t": 15, "s": {"f": "T-R", "t": "B", "s": 100}}]}}}"#
    let result = try importing(layer: layer)
    XCTAssertEqual(result.notes, [])
    let lines = H.run(
      result.script,
      then: [0, 0.49, 0.5, 1.49, 1.5, 1.9].map {
        "step to \($0)\nprint T_text.alpha, T_2_text.alpha, T_3_text.alpha"
      }.joined(separator: "\n"))
    XCTAssertEqual(
      lines,
      ["1 0 0", "1 0 0", "0 1 0", "0 1 0", "0 0 1", "0 0 1"])
  }

  func testATextAsATrackMatteClipsWithItsGlyphs() throws {
    let text =
      #"{"ty": 5, "nm": "T", "td": 1, "ks": {}, "ip": 0, "op": 60, "st": 0, "t": {"d": {"k": [{"t": 0, "s": {"f": "T-R", "t": "A", "s": 100, "fc": [1, 1, 1]}}]}}}"#
    let body = H.shapeLayer("Body", extra: #", "tt": 1"#)
    let result = try importing(layer: text + ", " + body)
    XCTAssertEqual(result.notes, [])
    XCTAssertTrue(
      result.script.contains(
        #"shape matte(parent: Body_matte, d: "M0 0 C0 0 25 -70 25 -70 C25 -70 50 0 50 0 C50 0 0 0 0 0 Z", anchor: (0, 0), color: transparent, clip: true, alpha: 1)"#
      ), result.script)
    // Inverted, it is not imported (noted).
    let inverted = try importing(layer: text + ", " + H.shapeLayer("Body", extra: #", "tt": 2"#))
    XCTAssertEqual(
      inverted.notes.map(\.description),
      ["/layers/0: a text matte inverted, animated or changing not imported"])
  }

  func testHugeSizesAndCountsAreBounded() throws {
    let huge = try importing(#""t": "AB", "s": 1e308"#)
    XCTAssertEqual(
      huge.notes.map(\.description),
      ["/layers/0/t: a text whose glyphs reach past 1e15 points not imported"])
    XCTAssertFalse(huge.script.contains("T_text"))
    let tiny = try importing(#""t": "AB", "s": 1e-320"#)
    XCTAssertEqual(tiny.notes, [])
    // More documents than the bound: the first alone.
    let documents = (0...10_000).map { #"{"t": \#($0), "s": {"f": "T-R", "t": "A", "s": 10}}"# }
    let counter = try importing(
      layer:
        #"{"ty": 5, "nm": "T", "ks": {}, "ip": 0, "op": 60, "st": 0, "t": {"d": {"k": [\#(documents.joined(separator: ", "))]}}}"#
    )
    XCTAssertEqual(
      counter.notes.map(\.description),
      ["/layers/0/t/d: a text of more than 10000 documents drawn as its first"])
    XCTAssertEqual(
      counter.script.split(separator: "\n").filter { $0.hasPrefix("shape T") }.count, 1)
    let long = String(repeating: "B", count: 300_000)
    let many = try importing(#""t": "\#(long)", "s": 10"#)
    XCTAssertEqual(
      many.notes.map(\.description),
      ["/layers/0/t: a text of more than 1000000 vertices not imported"])
  }

  /// A text "AB" at size 100, red, with `animators` (JSON of `t.a`).
  private func animated(_ animators: String) throws -> LottieImporter.Result {
    try importing(#""t": "AB", "s": 100, "fc": [1, 0, 0]"#, extra: #", "a": \#(animators)"#)
  }

  func testAnAnimatorMovesEachCharacterByItsFactorAtEveryFrame() throws {
    // The selector's end runs 0 → 100 % over frames 0–30 (linear), the
    // animator moves 10 up, doubles the width and fades out: at 0.5 s the
    // end is 50 % of 2 characters, 1: "A" (index 0) wholly, "B" not; at
    // 0.75 s the end is 1.5: "B" half way (ThorVG's square: end − index).
    let result = try animated(
      #"[{"s": {"e": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [100]}]}}, "a": {"o": {"a": 0, "k": 0}, "p": {"a": 0, "k": [0, -10, 0]}, "s": {"a": 0, "k": [200, 100, 100]}}}]"#
    )
    XCTAssertEqual(result.notes, [])
    // One view a glyph, at its place on the baseline.
    XCTAssertTrue(
      result.script.contains(
        ##"shape T_text_1(parent: T, d: "M0 0 C0 0 25 -70 25 -70 C25 -70 50 0 50 0 C50 0 0 0 0 0 Z", anchor: (0, 0), color: "#ff0000")"##
      ), result.script)
    XCTAssertTrue(result.script.contains(#"shape T_text_2(parent: T, d: "M0 0 "#), result.script)
    XCTAssertTrue(result.script.contains(##"anchor: (0, 0), x: 60, color: "#ff0000")"##))
    XCTAssertEqual(
      H.run(
        result.script,
        then: "step to 0.5\nprint T_text_1.alpha, T_text_1.y, T_text_1.scaleX, T_text_2.alpha"
          + "\nstep to 0.75\nprint T_text_2.alpha, T_text_2.y, T_text_2.scaleX, T_text_2.x"),
      ["0 -10 2 1", "0.5 -5 1.5 60"])
  }

  func testColourAndStrokeAnimatorsMixTowardsTheirValues() throws {
    // The whole text (0–100 %) half way (amount 50) to blue, its stroke
    // to width 0.5 × 4 = 2 in green: as ThorVG mixes them.
    let result = try animated(
      #"[{"s": {"a": {"a": 0, "k": 50}}, "a": {"fc": {"a": 0, "k": [0, 0, 1, 1]}, "sc": {"a": 0, "k": [0, 1, 0, 1]}, "sw": {"a": 0, "k": 4}}}]"#
    )
    XCTAssertEqual(result.notes, [])
    XCTAssertTrue(
      result.script.contains(
        ##"color: "#800080", stroke: "#008000", strokeWidth: 2, lineJoin: round)"##),
      result.script)
  }

  func testSelectorShapesWeighCharactersAsThorVGDoes() throws {
    func factor(_ shape: Int, smoothness: Double = 100, start: Double, end: Double, index: Int)
      -> Double
    {
      TextAnimator.Form(based: 1, shape: shape, byIndex: true).factor(
        start: start, end: end, offset: 0, smoothness: smoothness, amount: 100, count: 10,
        index: index)
    }
    // Square: end − index inside, clamped; with no smoothness, whole.
    XCTAssertEqual(factor(1, start: 2, end: 4.25, index: 4), 0.25)
    XCTAssertEqual(factor(1, start: 2, end: 4.25, index: 1), 0)
    XCTAssertEqual(factor(1, smoothness: 0, start: 2, end: 4.6, index: 4), 1)
    // Ramps and triangle: (0.5 + index − start) / (end − start).
    XCTAssertEqual(factor(2, start: 0, end: 4, index: 1), 0.375)
    XCTAssertEqual(factor(3, start: 0, end: 4, index: 1), 0.625)
    XCTAssertEqual(factor(4, start: 0, end: 4, index: 3), 0.25)
    // Round: a half circle over the range; smooth: a cosine bump.
    XCTAssertEqual(factor(5, start: 0, end: 4, index: 1), (1 - 0.25 * 0.25).squareRoot())
    XCTAssertEqual(
      factor(6, start: 0, end: 4, index: 1), 0.5 * (1 + cos(Double.pi * 1.75)), accuracy: 1e-15)
    // Extreme values stay within 0…1 (a range of 2e308 is infinite: 0);
    // NaN is 0.
    XCTAssertEqual(factor(2, start: -1e308, end: 1e308, index: 1), 0)
    XCTAssertEqual(factor(2, start: 0, end: 1e-320, index: 0), 0)  // start = end: before it
    XCTAssertEqual(factor(5, start: 0, end: .nan, index: 1), 0)
  }

  func testAnimatorsPastTheirBoundsOrReachAreNoted() throws {
    // 8 000 characters × 61 frames of a moving selector: past the bound.
    let text = String(repeating: "AB", count: 4000)
    let long = try importing(
      #""t": "\#(text)", "s": 100"#,
      extra:
        #", "a": [{"s": {"e": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 60, "s": [100]}]}}, "a": {"o": {"a": 0, "k": 0}}}]"#
    )
    XCTAssertEqual(long.notes.count, 1)
    guard long.notes.count == 1 else { return }
    XCTAssertTrue(long.notes[0].description.contains("drawn without them"), "\(long.notes)")
    XCTAssertFalse(shapeLine(long).isEmpty)
    // 1 000 characters × 61 frames is within that bound, but 70 animators
    // make 4 270 000 selector factors, past 4 000 000 (such a file took 15
    // s); 65 of them make 3 965 000, drawn.
    let animator =
      #"{"s": {"e": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 60, "s": [100]}]}}, "a": {"o": {"a": 0, "k": 0}}}"#
    let thousand = String(repeating: "AB", count: 500)
    func animators(_ n: Int) throws -> LottieImporter.Result {
      try importing(
        #""t": "\#(thousand)", "s": 100"#,
        extra: #", "a": [\#(Array(repeating: animator, count: n).joined(separator: ", "))]"#)
    }
    let heavy = try animators(70)
    XCTAssertEqual(
      heavy.notes.map(\.description),
      [
        "/layers/0/t/a: text animators over more than 400000 characters × frames (4000000 with each animator counted), or moving glyphs past 1e15 points: the text is drawn without them"
      ])
    let within = try animators(65)
    XCTAssertEqual(within.notes.map(\.description), [])
    XCTAssertTrue(within.script.contains("shape T_text_1000("))
    // A position of 1e308 would write no number anim can hold.
    let far = try animated(#"[{"s": {}, "a": {"p": {"a": 0, "k": [1e308, 0]}}}]"#)
    XCTAssertEqual(far.notes.count, 1)
    XCTAssertFalse(far.script.contains("inf") || far.script.contains("nan"))
    // Random order, an ease, word grouping: noted, drawn without.
    for selector in [#"{"rn": 1}"#, #"{"xe": {"a": 0, "k": 50}}"#] {
      let other = try animated(#"[{"s": \#(selector), "a": {"o": {"a": 0, "k": 0}}}]"#)
      XCTAssertEqual(other.notes.count, 1, selector)
    }
  }
}
