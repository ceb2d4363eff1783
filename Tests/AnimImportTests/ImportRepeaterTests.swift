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
    // Moving copies: drawn as at the first keyframe, noted.
    let moving = try imported([
      square, fill,
      repeater(
        copies:
          #"[{"t": 0, "s": [2], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [6]}]"#
      ),
    ])
    XCTAssertEqual(moving.script.components(separatedBy: "rect L_Sq").count - 1, 2)
    XCTAssertEqual(
      moving.notes.map(\.description),
      [
        "/layers/0/shapes/2: a repeater whose copies or transform move drawn as at its first keyframe"
      ])
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
