import AnimEngine
import AnimExport
import XCTest

/// Lottie shape items of an outline: paths, fill, and a trimmed stroke in a
/// group of its own above the fill.
final class LottieShapesTests: XCTestCase {
  func testAnOpenPathIsOneShItem() throws {
    let outline = try PathDataParser.parse("M0 0 C1 0 2 1 2 2")
    XCTAssertEqual(
      JSONValue.array(LottieShapes.paths(outline)).text,
      "[{\"ty\":\"sh\",\"nm\":\"path\",\"ks\":{\"a\":0,\"k\":{\"i\":[[0,0],[0,-1]],"
        + "\"o\":[[1,0],[0,0]],\"v\":[[0,0],[2,2]],\"c\":false}}}]")
  }

  func testStrokeGroupComesFirstWithItsTrim() {
    let paths = LottieShapes.paths(.rectangle(width: 2, height: 2))
    let items = LottieShapes.items(
      paths, fill: Color(r: 1, g: 0, b: 0), stroke: Color(r: 0, g: 0, b: 1, a: 0.5),
      strokeWidth: 3, cap: .round, join: .bevel, trim: (0.75, 0.25, 0.5))
    XCTAssertEqual(items.count, 2)
    let stroke = items[0].text
    XCTAssertTrue(stroke.hasPrefix("{\"ty\":\"gr\",\"nm\":\"stroke\""), stroke)
    XCTAssertTrue(
      stroke.contains(
        "{\"ty\":\"tm\",\"nm\":\"trim\",\"s\":{\"a\":0,\"k\":25},\"e\":{\"a\":0,\"k\":75},"
          + "\"o\":{\"a\":0,\"k\":180},\"m\":1}"), stroke)
    XCTAssertTrue(
      stroke.contains(
        "\"o\":{\"a\":0,\"k\":50},\"w\":{\"a\":0,\"k\":3},\"lc\":2,\"lj\":3,\"ml\":4}"), stroke)
    let fill = items[1].text
    XCTAssertTrue(fill.hasPrefix("{\"ty\":\"gr\",\"nm\":\"fill\""), fill)
    XCTAssertFalse(fill.contains("\"tm\""))
    // Untrimmed strokes have no tm; no stroke, no stroke group.
    let whole = LottieShapes.items(
      paths, fill: nil, stroke: Color(r: 0, g: 0, b: 0), strokeWidth: 1, cap: .butt,
      join: .miter, trim: (1.2, -0.1, 0.3))
    XCTAssertEqual(whole.count, 1)
    XCTAssertFalse(whole[0].text.contains("\"tm\""))
    XCTAssertTrue(
      LottieShapes.items(
        paths, fill: nil, stroke: nil, strokeWidth: 1, cap: .butt, join: .miter, trim: (0, 1, 0)
      ).isEmpty)
  }
}
