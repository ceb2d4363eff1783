import AnimEngine
import XCTest

@testable import AnimImport

/// What public files outside the corpus hold that the importer once wrote
/// as a script that did not run (found importing 655 files of lottie-ios',
/// lottie-android's, rlottie's, lottie-web's and LottieFiles' repositories,
/// BENCHMARKS.md): a line break in a layer's name, a path of no vertices,
/// keyframes both open and closed, a solid of no colour.
final class ImportOddFilesTests: XCTestCase {
  typealias H = ImportHarness

  private let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#

  private func path(_ vertices: String, closed: Bool) -> String {
    let count = vertices.isEmpty ? 0 : vertices.split(separator: "]").count
    let zeros = Array(repeating: "[0, 0]", count: count).joined(separator: ", ")
    return #"{"c": \#(closed), "v": [\#(vertices)], "i": [\#(zeros)], "o": [\#(zeros)]}"#
  }

  private func keyed(_ paths: [String]) -> String {
    let frames = paths.enumerated().map { k, p in #"{"t": \#(30 * k), "s": [\#(p)]}"# }
    return #"{"ty": "sh", "nm": "Blob", "ks": {"a": 1, "k": [\#(frames.joined(separator: ", "))]}}"#
  }

  func testAParentOfNullIsNoParentAsLottieWebReadsIt() throws {
    // An editor's file (Vidalgo's lottie_editor, `vdoggie_manipulated`)
    // writes `"parent": null` beside `"ind": 0`. lottie-web looks for the
    // layer whose `ind == null` and finds none (BaseRenderer's
    // buildElementParenting), so the layer has no parent and is drawn; ThorVG
    // and rlottie read null as 0, the layer's own index, and draw nothing.
    let moved = H.fixed("[30, 20]")
    let result = try H.importing(
      H.document([
        H.shapeLayer("Dog", ks: #"{"p": \#(moved)}"#, extra: #", "ind": 0, "parent": null"#),
        H.shapeLayer("Coin", extra: #", "ind": 1, "parent": null"#),
      ]))
    XCTAssertEqual(result.notes.map(\.message), [])
    // Both are roots: no `parent:` on either layer, no copy of a transform.
    XCTAssertTrue(result.script.contains("layer Dog(x: 30, y: 20, width"), result.script)
    XCTAssertTrue(result.script.contains("layer Coin(x: 0, y: 0, width"), result.script)
    XCTAssertFalse(result.script.contains("_for_"), result.script)
  }

  func testALayerWithoutAnOutPointIsNeverShownAsThePlayersDrawIt() throws {
    // neodyland/rasterlottie's fixtures write layers with neither `ip`, `op`
    // nor `st`. ThorVG and rlottie read a missing `op` as frame 0 and
    // lottie-web compares the frame with NaN: none of them draws the layer.
    // A missing `ip` is frame 0, as ThorVG and rlottie read it.
    let dot = H.dot.joined(separator: ",")
    let noOut = #"{"ty": 4, "nm": "NoOut", "ks": {}, "ip": 0, "st": 0, "shapes": [\#(dot)]}"#
    let none = #"{"ty": 4, "nm": "Bare", "ks": {}, "shapes": [\#(dot)]}"#
    let noIn = #"{"ty": 4, "nm": "NoIn", "ks": {}, "op": 30, "shapes": [\#(dot)]}"#
    let result = try H.importing(H.document([noOut, none, noIn]))
    let message =
      "layer without an out point (op) not drawn: ThorVG, rlottie and lottie-web never show it"
    XCTAssertEqual(result.notes.map(\.message), [message, message])
    XCTAssertEqual(result.notes.map(\.pointer), ["/layers/1", "/layers/0"])
    XCTAssertFalse(result.script.contains("layer NoOut("), result.script)
    XCTAssertFalse(result.script.contains("layer Bare("), result.script)
    XCTAssertTrue(result.script.contains("layer NoIn("), result.script)
    // Shown from frame 0 to frame 30 (1 s), then hidden.
    XCTAssertTrue(
      result.script.contains("run wait(1) +\n  tween(alpha: 0, 0) on NoIn"), result.script)
  }

  func testACompositionOfOneFrameDrawsItsLayers() throws {
    // A still (an SVG converted to Lottie: `"ip": 0, "op": 1`) has one
    // frame, at time 0, which is also its last: its layers are drawn there.
    // They were left out as shown only from the last frame on.
    let result = try H.importing(H.document([H.shapeLayer("Still")], op: 1))
    XCTAssertEqual(result.notes, [])
    XCTAssertTrue(result.script.contains("layer Still("), result.script)
    XCTAssertEqual(H.run(result.script, then: "print Still.alpha, Still_Dot.width"), ["1 10"])
  }

  func testALayerWhoseOutPointIsTheLastFrameIsHiddenThere() throws {
    // Frames 0–59 are drawn; a layer of `"op": 59` is shown before frame 59
    // (ThorVG and lottie-web hide it there), one of `"op": 60` at it.
    let early = H.shapeLayer("Early").replacingOccurrences(of: #""op": 60"#, with: #""op": 59"#)
    let result = try H.importing(H.document([early, H.shapeLayer("Whole")]))
    XCTAssertTrue(
      result.script.contains("run wait(1.9666666666666666) +\n  tween(alpha: 0, 0) on Early"),
      result.script)
    let tail = [1.9333333333333333, 1.9666666666666666].map {
      "step to \($0)\nprint Early.alpha, Whole.alpha"
    }
    XCTAssertEqual(H.run(result.script, then: tail.joined(separator: "\n")), ["1 1", "0 1"])
  }

  func testAnOpAHairPastAWholeFrameCountsThatFrame() throws {
    // After Effects writes a 29.97 fps composition of 175 frames as
    // `"op": 175.000007…` (qtlottie's shape_complex): its last frame is
    // 174, as the players show it, not 175. Half a frame past is a frame.
    func lastWait(op: Double, fr: Double) throws -> String? {
      let script = try H.importing(H.document([H.shapeLayer("L")], fr: fr, op: op)).script
      return script.split(separator: "\n").last.map(String.init)
    }
    XCTAssertEqual(
      try lastWait(op: 175.000007127896, fr: 29.9700012207031),
      "run wait(\(174 / 29.9700012207031))")
    XCTAssertEqual(
      try lastWait(op: 175, fr: 29.9700012207031), "run wait(\(174 / 29.9700012207031))")
    XCTAssertEqual(
      try lastWait(op: 174.9999993, fr: 29.9700012207031), "run wait(\(174 / 29.9700012207031))")
    XCTAssertEqual(try lastWait(op: 60.5, fr: 30), "run wait(2)")
    XCTAssertEqual(try lastWait(op: 60.002, fr: 30), "run wait(2)")
  }

  func testALineBreakInALayersNameStaysInItsComment() throws {
    // A CR ends a comment as a LF does: each is shown as \u{…}.
    for name in [#"\rBG"#, #"top\r\nbar"#, #"a\u2028b"#, #"tab\tand\u0000"#] {
      let result = try H.importing(H.document([H.shapeLayer(name)]))
      let comments = result.script.split(separator: "\n").filter { $0.hasPrefix("# Layer") }
      XCTAssertEqual(comments.count, 1, result.script)
      XCTAssertFalse(result.script.contains("\r"), result.script)
      XCTAssertFalse(result.script.contains("\u{2028}"), result.script)
      let lines = H.run(result.script, then: "print 1")
      XCTAssertEqual(lines, ["1"])
    }
    let result = try H.importing(H.document([H.shapeLayer(#"\rBG"#)]))
    XCTAssertTrue(result.script.contains(#"# Layer "\u{D}BG" (/layers/0)"#), result.script)
    let shown = ScriptWriter.commentText("a\r\nb\u{2029}c\u{7F}")
    XCTAssertEqual(shown, #"a\u{D}\u{A}b\u{2029}c\u{7F}"#)
  }

  func testAStringsLineFeedIsEscapedAfterACarriageReturn() {
    // "\r\n" is one Swift character; its line feed would end the literal.
    XCTAssertEqual(ScriptWriter.escaped("a\r\nb\"\\\t"), "a\r\\nb\\\"\\\\\\t")
  }

  func testAPathOfNoVerticesDrawsNothing() throws {
    let empty = #"{"ty": "sh", "nm": "Nothing", "ks": {"a": 0, "k": \#(path("", closed: false))}}"#
    let result = try H.importing(H.document([H.shapeLayer("L", shapes: [empty, fill])]))
    XCTAssertTrue(result.script.contains(#"shape L_Nothing(parent: L, d: "M0 0""#), result.script)
    XCTAssertEqual(H.run(result.script, then: "print 1"), ["1"])
  }

  func testKeyframesBothOpenAndClosedAreAllDrawnOpen() throws {
    let closed = path("[0, 0], [10, 0], [10, 10]", closed: true)
    let open = path("[0, 0], [20, 0], [20, 20]", closed: false)
    let result = try H.importing(
      H.document([H.shapeLayer("L", shapes: [keyed([closed, open, closed]), fill])]))
    XCTAssertEqual(
      result.notes.map(\.description).filter { $0.contains("both open and closed") },
      [
        "/layers/0/shapes/0/ks: keyframes both open and closed: every outline drawn open (a stroke's start has caps, not a join)"
      ])
    // The closed triangle opened: its closing segment drawn as a last one.
    XCTAssertTrue(
      result.script.contains(#"d: "M0 0 C0 0 10 0 10 0 C10 0 10 10 10 10 C10 10 0 0 0 0""#),
      result.script)
    XCTAssertFalse(result.script.contains(" Z\""), result.script)
    let lines = H.run(result.script, then: "step to 2\nprint L_Blob.outline")
    XCTAssertEqual(lines.count, 1)
    XCTAssertTrue(lines[0].hasPrefix("L_Blob_key"), "\(lines)")
  }

  func testAKeyframeOfNoVerticesGrowsFromAPoint() throws {
    let empty = path("", closed: true)
    let square = path("[0, 0], [10, 0], [10, 10], [0, 10]", closed: true)
    let result = try H.importing(
      H.document([H.shapeLayer("L", shapes: [keyed([empty, square]), fill])]))
    // The empty outline is the square shrunk to its first corner.
    XCTAssertTrue(
      result.script.contains(#"shape L_Blob(parent: L, d: "M0 0 C"#), result.script)
    XCTAssertEqual(result.notes, [])
    let lines = H.run(result.script, then: "step to 1\nprint L_Blob.outline")
    XCTAssertEqual(lines.count, 1)
    let none = BezierPath(vertices: [], inTangents: [], outTangents: [], closed: false)
    let zero = OutlinePoint(0, 0)
    let line = BezierPath(
      vertices: [OutlinePoint(1, 2), OutlinePoint(3, 4)], inTangents: [zero, zero],
      outTangents: [zero, zero], closed: true)
    let (track, opened) = try XCTUnwrap(
      SceneBuilder.morphable(
        Track(
          initial: none,
          segments: [Segment(start: 0, end: 1, from: none, to: line, ease: .linear, route: nil)]
        )))
    XCTAssertFalse(opened)
    XCTAssertEqual(track.initial.vertices, [OutlinePoint(1, 2), OutlinePoint(1, 2)])
    XCTAssertTrue(track.initial.closed)
    XCTAssertEqual(track.segments[0].to, line)
    // Filling in empty keyframes is bounded: 5 003 empty values beside a
    // path of 2 000 vertices would take over 10 million.
    let big = BezierPath(
      vertices: (0..<2000).map { OutlinePoint(Double($0), 0) },
      inTangents: Array(repeating: zero, count: 2000),
      outTangents: Array(repeating: zero, count: 2000), closed: false)
    var segments = [Segment(start: 0, end: 1, from: big, to: big, ease: .linear, route: nil)]
    for k in 1...2501 {
      segments.append(
        Segment(
          start: Double(k), end: Double(k + 1), from: none, to: none, ease: .linear, route: nil))
    }
    XCTAssertNil(SceneBuilder.morphable(Track(initial: none, segments: segments)))
    XCTAssertNotNil(
      SceneBuilder.morphable(Track(initial: big, segments: Array(segments.prefix(5)))))
  }

  func testPathKeyframesCutIntoFramesAreBoundedInAFile() throws {
    // A 64-gon whose second keyframe lists its corners from the next one
    // (and twice as large): anim's morph would pair them turned, the
    // players move each vertex straight to the one of the same index, so
    // the segment is cut into frames (noted as approximate between them).
    func polygon(_ radius: Double, from first: Int) -> String {
      let corners = (0..<64).map { k -> String in
        let a = Double((k + first) % 64) * 2 * Double.pi / 64
        return "[\(50 + radius * cos(a)), \(50 + radius * sin(a))]"
      }
      return path(corners.joined(separator: ", "), closed: true)
    }
    func keyed(over frames: Int) -> String {
      #"{"ty": "sh", "nm": "Blob", "ks": {"a": 1, "k": [{"t": 0, "s": [\#(polygon(10, from: 0))], "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}}, {"t": \#(frames), "s": [\#(polygon(20, from: 1))]}]}}"#
    }
    let cut = try H.importing(
      H.document([H.shapeLayer("L", shapes: [keyed(over: 30), fill])]))
    XCTAssertEqual(
      cut.notes.map(\.message),
      ["path keyframes that anim cannot morph point by point (drawn approximately)"])
    XCTAssertEqual(cut.script.components(separatedBy: "morph(to:").count - 1, 30)
    // Over 10 million frames it would be cut into 100 000 outlines (a
    // path of 1 000 vertices passed 4.8 GB): past 4 000 000 vertices in a
    // file the keyframes are morphed by anim, noted.
    XCTAssertEqual(
      try H.count("morph(to:", importing: [keyed(over: 10_000_000), fill], frames: 1e7),
      H.Counted(
        1,
        notes: [
          "path keyframes that anim cannot morph point by point, over more frames than the import cuts them into (4000000 vertices in a file): morphed by anim between keyframes"
        ]))
  }

  func testKeyframesOfALoneVertexDrawNothingAndDoNotMorph() throws {
    // thorvg.example's duck.json: a path whose every keyframe is one vertex
    // (no segment). Its morphs failed when the script ran.
    let result = try H.importing(
      H.document([
        H.shapeLayer(
          "L",
          shapes: [
            keyed([path("[1, 2]", closed: false), path("[5, 6]", closed: false)]), fill,
          ])
      ]))
    XCTAssertTrue(result.script.contains(#"shape L_Blob(parent: L, d: "M1 2""#), result.script)
    XCTAssertFalse(result.script.contains("morph("), result.script)
    XCTAssertEqual(H.run(result.script, then: "step to 2\nprint L_Blob.outline"), ["none"])
  }

  func testNumbersTheFileOverflowsAreWrittenFinite() throws {
    // A vertex of 1e308 with a handle of 1e308: the control point
    // overflows. Written as `inf`, the script did not parse.
    XCTAssertEqual(NumberFormat.exact(.infinity), "1.7976931348623157e+308")
    XCTAssertEqual(NumberFormat.exact(-.infinity), "-1.7976931348623157e+308")
    XCTAssertEqual(NumberFormat.exact(.nan), "0")
    XCTAssertEqual(NumberFormat.exact(1e-320), NumberText.exact(1e-320))
    let huge =
      #"{"ty": "sh", "nm": "Far", "ks": {"a": 0, "k": {"c": true, "v": [[1e308, 0], [0, 0], [0, 1]], "i": [[1e308, 0], [0, 0], [0, 0]], "o": [[1e308, 0], [0, 0], [0, 0]]}}}"#
    let p =
      #"{"a": 1, "k": [{"t": 0, "s": [1e308, 0], "to": [1e308, 0], "ti": [-1e308, 0]}, {"t": 30, "s": [-1e308, 0]}]}"#
    let result = try H.importing(H.document([H.shapeLayer("L", shapes: [huge, fill])]))
    XCTAssertFalse(result.script.contains("inf"), result.script)
    XCTAssertTrue(result.script.contains("1.7976931348623157e+308"), result.script)
    // A route whose control point overflows cannot be measured by `path`:
    // refused at import with its pointer (before, written finite, it
    // stopped the script at its `run`).
    XCTAssertThrowsError(
      try H.importing(H.document([H.shapeLayer("L", ks: #"{"p": \#(p)}"#, shapes: H.dot)]))
    ) { error in
      XCTAssertEqual(
        error as? ImportError,
        ImportError("/layers/0/ks/p", "a spatial route too long for double-precision numbers"))
    }
  }

  func testJoinedPartsAddNoAreaOfTheirOwn() {
    // Three squares whose first corners make a triangle: the cuts between
    // them go there and back, so the joined path's area is the squares'.
    func square(_ x: Double, _ y: Double) -> BezierPath {
      let corners = [(0.0, 0.0), (10, 0), (10, 10), (0, 10)].map {
        OutlinePoint(x + $0.0, y + $0.1)
      }
      return BezierPath(
        vertices: corners, inTangents: corners.map { _ in .zero },
        outTangents: corners.map { _ in .zero }, closed: true)
    }
    let parts = [square(0, 0), square(100, 0), square(50, 80)]
    let joined = BezierPath.joined(parts)
    XCTAssertEqual(joined.signedArea, 300, accuracy: 1e-9)
    XCTAssertEqual(parts.map(\.signedArea), [100, 100, 100])
    // Each part's corners and its return to its start, then the way back
    // through the middle part's start.
    XCTAssertEqual(joined.vertices.count, 3 * 5 + 1)
    XCTAssertEqual(joined.vertices.last, OutlinePoint(100, 0))
    XCTAssertTrue(joined.closed)
    // Two parts need no way back: the closing segment is the cut.
    XCTAssertEqual(BezierPath.joined(Array(parts.prefix(2))).vertices.count, 10)
  }

  func testASolidOfNoColourIsBlack() throws {
    let solid =
      #"{"ty": 1, "nm": "Black", "sc": "", "sw": 20, "sh": 10, "ks": {}, "ip": 0, "op": 60}"#
    let result = try H.importing(H.document([solid]))
    XCTAssertTrue(result.script.contains(##"color: "#000000""##), result.script)
    XCTAssertEqual(H.run(result.script, then: "print 1"), ["1"])
  }

  func testOpacitiesPastZeroOrAHundredAreClampedAsThePlayersDrawThem() throws {
    // Every opacity a file gives at ±1e308 %: the layer's, a group's, a
    // fill's, a stroke's, a mask's, a matte's and a repeater's ends. Each
    // was written as an alpha anim refuses (exit 65 at `render`).
    func op(_ value: String) -> String { #"{"a": 0, "k": \#(value)}"# }
    let square = #"{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [10, 10]}}"#
    let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": \#(op("-1e308"))}"#
    let stroke =
      #"{"ty": "st", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": \#(op("1e308")), "w": {"a": 0, "k": 2}}"#
    let group =
      #"{"ty": "gr", "it": [\#(square), \#(fill), \#(stroke), {"ty": "tr", "p": {"a": 0, "k": [1, 0]}, "o": \#(op("-1e308"))}]}"#
    let repeater =
      #"{"ty": "rp", "c": {"a": 0, "k": 2}, "tr": {"p": {"a": 0, "k": [20, 0]}, "so": \#(op("1e308")), "eo": \#(op("-1e308"))}}"#
    let mask =
      #", "masksProperties": [{"mode": "a", "o": \#(op("-1e308")), "pt": {"a": 0, "k": {"c": true, "v": [[0, 0], [90, 0], [90, 90]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}}]"#
    let layer = H.shapeLayer(
      "L", ks: #"{"o": \#(op("-1e308"))}"#, shapes: [group, repeater], extra: mask)
    let matte = H.shapeLayer(
      "M", ks: #"{"o": \#(op("1e308"))}"#, shapes: [square, fill], extra: #", "td": 1"#)
    let body = H.shapeLayer("B", extra: #", "tt": 1"#)
    let result = try H.importing(H.document([layer, matte, body]))
    XCTAssertFalse(result.script.contains("e+30"), result.script)
    XCTAssertTrue(
      result.script.contains(
        "layer L(x: 0, y: 0, width: 200, height: 100, anchor: (0, 0), opacity: 0)"), result.script)
    XCTAssertTrue(result.script.contains("layer B_matte_alpha(parent: matte, alpha: 0)"))
    XCTAssertEqual(H.run(result.script, then: "print L.opacity"), ["0"])
  }

  func testAMatteLayerWithoutTdIsOnlyTheMatte() throws {
    // Files exported with Flow mark no matte layer with `td`: the layer a
    // track matte takes (the one above, or `tp`'s) is the matte and is not
    // drawn itself, as ThorVG and lottie-android take it out by its use.
    let square = #"{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 40]}}"#
    let black = #"{"ty": "fl", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#
    let matte = H.shapeLayer("Mask", shapes: [square, black], extra: #", "ind": 7"#)
    let body = H.shapeLayer("Body", extra: #", "tt": 1"#)
    let above = try H.importing(H.document([matte, body]))
    XCTAssertEqual(above.notes, [])
    XCTAssertFalse(above.script.contains("layer Mask("), above.script)
    XCTAssertTrue(above.script.contains("clip: true"), above.script)
    // By `tp`, with a layer between.
    let between = H.shapeLayer("Other", extra: #", "ind": 8"#)
    let byIndex = try H.importing(
      H.document([matte, between, H.shapeLayer("Body", extra: #", "tt": 1, "tp": 7"#)]))
    XCTAssertFalse(byIndex.script.contains("layer Mask("), byIndex.script)
    XCTAssertTrue(byIndex.script.contains("layer Other("), byIndex.script)
    // A layer above one whose `tt` is 0, or a mode anim does not take, is
    // drawn as any layer.
    let plain = try H.importing(
      H.document([matte, H.shapeLayer("Body", extra: #", "tt": 0"#)]))
    XCTAssertTrue(plain.script.contains("layer Mask("), plain.script)
    _ = H.run(above.script, then: "")
  }

  func testALayerTypeWrittenWithAFractionOfZeroIsThatType() throws {
    // The Flow exporter (lottie4j's test files) writes `"ty": 4.0` and
    // `"ind": 1.0`: JSON numbers both, and lottie-web (JavaScript has one
    // kind of number) draws them as 4 and 1; ThorVG and rlottie skip such
    // layers. A type with a true fraction is no type: refused with its
    // pointer.
    let layer = H.shapeLayer("Flow").replacingOccurrences(of: #""ty": 4,"#, with: #""ty": 4.0,"#)
    XCTAssertTrue(layer.contains(#""ty": 4.0,"#), layer)
    let result = try H.importing(H.document([layer]))
    XCTAssertEqual(result.notes.map(\.message), [])
    XCTAssertTrue(result.script.contains("rect Flow_Dot(parent: Flow,"), result.script)
    let half = layer.replacingOccurrences(of: #""ty": 4.0,"#, with: #""ty": 4.5,"#)
    XCTAssertThrowsError(try H.importing(H.document([half]))) { error in
      XCTAssertEqual("\(error)", "/layers/0/ty: expected a whole number, found 4.5")
    }
  }
}
