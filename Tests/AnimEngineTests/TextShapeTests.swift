import AnimEngine
import XCTest

/// A text shaped at size 1 is scaled by its size and shifted by tracking and
/// alignment (SPEC §18); these pin the arithmetic on a hand-made shape.
final class TextShapeTests: XCTestCase {
  /// Two lines: "AB" (advances 0.5, 0.25) and "C" (advance 1); A has a unit
  /// square contour at (0.1, 0.2).
  let shape = TextShape(
    lines: [
      TextShape.Line(advance: 0.75, letterCount: 2), TextShape.Line(advance: 1, letterCount: 1),
    ],
    letters: [
      TextShape.Letter(
        text: "A", line: 0, index: 0, x: 0, advance: 0.5,
        outline: Outline([
          Subpath(
            start: OutlinePoint(0.1, 0.2),
            segments: [.line(from: OutlinePoint(0.1, 0.2), to: OutlinePoint(0.3, 0.2))],
            isClosed: true)
        ])),
      TextShape.Letter(text: "B", line: 0, index: 1, x: 0.5, advance: 0.25, outline: .empty),
      TextShape.Letter(text: "C", line: 1, index: 0, x: 0, advance: 1, outline: .empty),
    ])

  func testBoxIsTheLongestLineWithTrackingAndLinesTimesOnePointTwoSize() {
    let box = shape.box(size: 10, tracking: 0)
    XCTAssertEqual(box.width, 10)
    XCTAssertEqual(box.height, 24)
    // Tracking after each letter, the last included: "AB" = 7.5 + 2 × 3.
    XCTAssertEqual(shape.box(size: 10, tracking: 3).width, 13.5)
  }

  func testLetterBoxesFollowTrackingAndAlignment() {
    let right = shape.letterBoxes(size: 10, tracking: 3, align: 1)
    // Line 0 is 13.5 wide, line 1 is 13: line 1 moves right by 0.5.
    XCTAssertEqual(right.map(\.x), [0, 8, 0.5])
    XCTAssertEqual(right.map(\.y), [0, 0, 12])
    XCTAssertEqual(right.map(\.width), [8, 5.5, 13])
    XCTAssertEqual(right.map(\.height), [12, 12, 12])
    let centre = shape.letterBoxes(size: 10, tracking: 3, align: 0.5)
    XCTAssertEqual(centre[2].x, 0.25)
  }

  func testOutlineIsScaledAndPlacedAtItsLetter() {
    let outline = shape.outline(size: 10, tracking: 0, align: 0)
    XCTAssertEqual(outline.subpaths.count, 1)
    XCTAssertEqual(outline.subpaths[0].start, OutlinePoint(1, 2))
    XCTAssertEqual(outline.subpaths[0].segments[0].end, OutlinePoint(3, 2))
  }

  func testAnEmptyShapeIsOneEmptyLine() {
    let empty = TextShape(lines: [], letters: [])
    XCTAssertEqual(empty.box(size: 20, tracking: 5).width, 0)
    XCTAssertEqual(empty.box(size: 20, tracking: 5).height, 24)
  }

  func testNumberTextShowsItsValue() {
    var state = ViewState()
    state[object: .text] = .none
    state[.value] = -1234.5
    state[.digits] = 1
    state[object: .prefix] = .string("$")
    XCTAssertEqual(TextView(state).shown, "-$1,234.5")
    state[.grouping] = 0
    XCTAssertEqual(TextView(state).shown, "-$1234.5")
    state[object: .text] = .string("Go")
    XCTAssertEqual(TextView(state).shown, "Go")
  }
}
