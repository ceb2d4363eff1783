import XCTest

@testable import AnimImport

private typealias H = ImportHarness

/// Repeaters (`rp`): the items before one in its group drawn as copies,
/// each a group moved by the repeater's transform applied k times, as
/// ThorVG draws them (tests/checkers/test_import_look.py compares pixels).
final class ImportRepeaterTests: XCTestCase {
  private let square =
    #"{"ty": "rc", "nm": "Sq", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}}"#
  private let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#

  private func repeater(copies: String = "3", extra: String = "") -> String {
    #"{"ty": "rp", "nm": "Rep", "c": {"a": 0, "k": \#(copies)}, "o": {"a": 0, "k": 0}\#(extra), "tr": {"ty": "tr", "a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [20, 0]}, "s": {"a": 0, "k": [50, 50]}, "r": {"a": 0, "k": 30}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 40}}}"#
  }

  /// The repeater with its offset keyed from 0 at frame 0 to 1 at frame
  /// `frame`, eased by cubicBezier(x1, 0, x2, 1).
  private func repeater(offsetTo1At frame: String, ease: (x1: String, x2: String) = ("0", "1"))
    -> String
  {
    repeater().replacingOccurrences(
      of: #""o": {"a": 0, "k": 0}"#,
      with:
        #""o": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [\#(ease.x1)], "y": [0]}, "i": {"x": [\#(ease.x2)], "y": [1]}}, {"t": \#(frame), "s": [1]}]}"#
    )
  }

  private func imported(_ shapes: [String]) throws -> LottieImporter.Result {
    try H.importing(H.document([H.shapeLayer("L", shapes: shapes)]))
  }

  /// The group views of the script, in the order they are declared.
  private func groups(_ script: String) -> [String] {
    script.split(separator: "\n").filter { $0.hasPrefix("layer L_Rep") }.map(String.init)
  }

  func testCopiesAreGroupsMovedByTheTransformAppliedKTimes() throws {
    let result = try imported([square, fill, repeater()])
    XCTAssertEqual(result.notes, [])
    // Copy k: at (20k, 0), turned 30k°, scaled 0.5^k, at 100 % + (40 −
    // 100 %)·(k + 1)/3 opacity; the first copy on top, so declared last.
    XCTAssertEqual(
      groups(result.script),
      [
        "layer L_Rep(parent: L, x: 40, y: 0, width: 1, height: 1, anchor: (0, 0), rotation: 60, scale: 0.25, alpha: 0.4)",
        "layer L_Rep_2(parent: L, x: 20, y: 0, width: 1, height: 1, anchor: (0, 0), rotation: 30, scale: 0.5, alpha: 0.6)",
        "layer L_Rep_3(parent: L, x: 0, y: 0, width: 1, height: 1, anchor: (0, 0), alpha: 0.8)",
      ])
    // Each copy draws the square.
    XCTAssertEqual(result.script.components(separatedBy: "rect L_Sq").count - 1, 3)
    _ = H.run(result.script, then: "")
    // `m` 2 puts the last copy on top.
    let below = try imported([square, fill, repeater(extra: #", "m": 2"#)])
    XCTAssertEqual(
      groups(below.script).map { $0.contains("x: 0,") }, [true, false, false], below.script)
  }

  func testGroupsInsideACopyAreTheirOwn() throws {
    // A group with a transform inside the repeated items: one view for
    // each copy, not the first copy's view reused.
    let inner =
      #"{"ty": "gr", "nm": "In", "it": [\#(square), \#(fill), {"ty": "tr", "p": {"a": 0, "k": [5, 5]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}"#
    let result = try imported([inner, repeater()])
    let innerViews = result.script.split(separator: "\n").filter { $0.hasPrefix("layer L_In") }
    XCTAssertEqual(innerViews.count, 3, result.script)
    XCTAssertEqual(Set(innerViews.map { $0.split(separator: ",")[0] }).count, 3)
    XCTAssertTrue(innerViews.allSatisfy { !$0.contains("parent: L,") }, result.script)
  }

  func testACopyOfOnePathFadesAsOnePictureAndOneOfSeveralShapeByShape() throws {
    let stroke =
      #"{"ty": "st", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}}"#
    // One path filled and stroked: each copy one picture at its opacity,
    // the fill and stroke together (ThorVG's one shape).
    let one = try imported([square, fill, stroke, repeater()])
    XCTAssertEqual(groups(one.script).count, 3)
    XCTAssertTrue(groups(one.script).allSatisfy { $0.contains("opacity: 0.") }, one.script)
    XCTAssertFalse(groups(one.script).contains { $0.contains("alpha:") }, one.script)
    // Two paths: each copy's opacity is its
    // `alpha`, multiplied into each shape.
    let circle =
      #"{"ty": "el", "nm": "Ci", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [6, 6]}}"#
    let hiddenCircle = circle.replacingOccurrences(
      of: #""ty": "el","#, with: #""ty": "el", "hd": true,"#)
    let two = try imported([circle, fill, square, fill, repeater()])
    XCTAssertEqual(
      groups(two.script).map { $0.contains("alpha: 0.") }, [true, true, true], two.script)
    XCTAssertFalse(groups(two.script).contains { $0.contains("opacity:") }, two.script)
    // A hidden path is not counted: one path shown, one picture.
    let oneShown = try imported([hiddenCircle, square, fill, stroke, repeater()])
    XCTAssertFalse(groups(oneShown.script).contains { $0.contains("alpha:") }, oneShown.script)
    // The first copy drawn: the square at 0.8 beneath the circle at 0.8.
    XCTAssertEqual(H.run(two.script, then: "print L_Rep_3.alpha"), ["0.8"])
  }

  func testNoCopiesAHiddenRepeaterAndOneThatMoves() throws {
    // No copies: nothing of what it repeats is drawn.
    let none = try imported([square, fill, repeater(copies: "0")])
    XCTAssertFalse(none.script.contains("rect L_Sq"), none.script)
    XCTAssertEqual(none.notes, [])
    // A hidden repeater repeats nothing and draws what it would repeat once.
    let hidden = try imported([
      square, fill,
      repeater().replacingOccurrences(of: #""ty": "rp","#, with: #""ty": "rp", "hd": true,"#),
    ])
    XCTAssertEqual(hidden.script.components(separatedBy: "rect L_Sq").count - 1, 1)
    XCTAssertEqual(hidden.notes, [])
  }

  func testACountThatMovesShowsEachCopyFromTheFrameItIsCounted() throws {
    // 2 copies at frame 0 to 6 at frame 30, linear, at 30 fps: copy i is
    // drawn from the first frame where the count, truncated as ThorVG
    // counts, passes i (2 + 4f/30 ≥ i + 1: copy 2 from frame 8, copy 5
    // from frame 30), at 100 % + (40 − 100 %)·(i + 1)/count.
    let moving = try imported([
      square, fill,
      repeater(
        copies:
          #"[{"t": 0, "s": [2], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [6]}]"#
      ),
    ])
    XCTAssertEqual(moving.notes, [])
    XCTAssertEqual(moving.script.components(separatedBy: "rect L_Sq").count - 1, 6)
    // The first copy on top: copy i is the (6 − i)-th group declared.
    let names = ["L_Rep_6", "L_Rep_5", "L_Rep_4", "L_Rep_3", "L_Rep_2", "L_Rep"]
    func alphas(atFrame f: Int) -> [String] {
      H.run(
        moving.script,
        then: "step to \(Double(f) / 30)\n"
          + names.map { "print \($0).alpha" }.joined(separator: "\n"))
    }
    // Frame 7: 2 + 28/30 copies, so 2: 100 − 60·1/2, 100 − 60·2/2.
    XCTAssertEqual(alphas(atFrame: 7), ["0.7", "0.4", "0", "0", "0", "0"])
    // Frame 8: 3 copies.
    XCTAssertEqual(alphas(atFrame: 8), ["0.8", "0.6", "0.4", "0", "0", "0"])
    // Frame 30: 6.
    XCTAssertEqual(alphas(atFrame: 30), ["0.9", "0.8", "0.7", "0.6", "0.5", "0.4"])
  }

  func testATransformThatMovesMovesEachCopy() throws {
    // The rotation moves 0 → 90° over frames 0…30 with an ease: copy k
    // turns r·k with the same keyframes and ease, exactly.
    let turning = repeater().replacingOccurrences(
      of: #""r": {"a": 0, "k": 30}"#,
      with:
        #""r": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.4], "y": [0]}, "i": {"x": [0.2], "y": [1]}}, {"t": 30, "s": [90]}]}"#
    )
    let turned = try imported([square, fill, turning])
    XCTAssertEqual(turned.notes, [])
    XCTAssertTrue(
      turned.script.contains(
        "run tween(rotation: 180, 1, ease: cubicBezier(0.4, 0, 0.2, 1)) on L_Rep\n"),
      turned.script)
    XCTAssertTrue(
      turned.script.contains(
        "run tween(rotation: 90, 1, ease: cubicBezier(0.4, 0, 0.2, 1)) on L_Rep_2\n"),
      turned.script)
    // The offset moves 0 → 1 over frames 0…10: copy i's k = o + i, so its
    // position 20·k, its scale 0.5^k and its rotation 30·k are taken at
    // each frame (exact there, straight between).
    let shifting = repeater(offsetTo1At: "10")
    let shifted = try imported([square, fill, shifting])
    XCTAssertEqual(shifted.notes, [])
    let printed = H.run(
      shifted.script,
      then: "step to \(5.0 / 30)\nprint L_Rep_3.x, L_Rep_3.scale, L_Rep_3.rotation\n"
        + "print L_Rep.x, L_Rep.rotation\nstep to 1\nprint L_Rep.x, L_Rep.scale, L_Rep.rotation")
    // Frame 5: k = 0.5 for copy 0, 2.5 for copy 2 (declared first).
    XCTAssertEqual(printed[0], "10 0.707107 15")  // 0.5^0.5, printed to 6 digits
    XCTAssertEqual(printed[1], "50 75")
    XCTAssertEqual(printed[2], "60 0.125 90")
  }

  func testAMovingOffsetAloneKeepsItsKeyframesAndEase() throws {
    // Only the offset moves (0 → 1 over frames 0…10, eased), the scale is
    // 100 %: each copy's position 20·(o + i) and rotation 30·(o + i) are
    // lines of the offset, one tween with its ease.
    let shifting = repeater(offsetTo1At: "10", ease: ("0.3", "0.7")).replacingOccurrences(
      of: #""s": {"a": 0, "k": [50, 50]}"#, with: #""s": {"a": 0, "k": [100, 100]}"#)
    let result = try imported([square, fill, shifting])
    XCTAssertTrue(
      result.script.contains(
        "run tween(x: 20, y: 0, rotation: 30, 0.3333333333333333, ease: cubicBezier(0.3, 0, 0.7, 1)) on L_Rep_3\n"
      ), result.script)
    XCTAssertTrue(
      result.script.contains(
        "run tween(x: 60, y: 0, rotation: 90, 0.3333333333333333, ease: cubicBezier(0.3, 0, 0.7, 1)) on L_Rep\n"
      ), result.script)
  }

  func testARepeaterThatMovesPastItsBoundsIsDrawnAsAtItsFirstKeyframe() throws {
    // Moving over more than 2 000 frames: taken at its first keyframes.
    let long = repeater(offsetTo1At: "1e9")
    let result = try imported([square, fill, long])
    XCTAssertEqual(result.script.components(separatedBy: "rect L_Sq").count - 1, 3)
    XCTAssertEqual(
      result.notes.map(\.description),
      [
        "/layers/0/shapes/2: a repeater that moves past the bounds of a moving one (2000 frames, 200000 keyframes of its copies, 1000 copies) drawn as at its first keyframe"
      ])
    // 1 000 copies over 1 000 frames are a million keyframes: also bounded.
    let many = repeater(
      copies:
        #"[{"t": 0, "s": [1000], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 999, "s": [999]}]"#
    )
    let bounded = try imported([square, fill, many])
    XCTAssertEqual(bounded.notes.count, 1)
    XCTAssertEqual(bounded.script.components(separatedBy: "rect L_Sq").count - 1, 1000)
  }

  func testTooManyCopiesAreNotedAndTheItemsDrawnOnce() throws {
    let many = try imported([square, fill, repeater(copies: "1001")])
    XCTAssertEqual(
      many.notes.map(\.description), ["/layers/0/shapes/2: shape item 'rp' (repeater) not imported"]
    )
    XCTAssertEqual(many.script.components(separatedBy: "rect L_Sq").count - 1, 1)
    // 1 000 copies of 1 000 copies would be a million items and more: the
    // outer repeater is refused, in bounded time and memory.
    let nested =
      #"{"ty": "gr", "nm": "G", "it": [\#(square), \#(fill), \#(repeater(copies: "1000"))]}"#
    let bomb = try imported([nested, repeater(copies: "1000")])
    XCTAssertEqual(
      bomb.notes.map(\.description), ["/layers/0/shapes/1: shape item 'rp' (repeater) not imported"]
    )
  }
}
