import XCTest

@testable import AnimImport

/// A stroke's dashes (`d`, SPEC §21.3): the lengths as `dash`, the offset
/// as `dashOffset`; a pattern anim does not accept drawn solid with a
/// note, and no lengths at all solid without one.
final class ImportDashTests: XCTestCase {
  typealias H = ImportHarness

  /// A square layer `name` stroked with the dash entries `d` (JSON text).
  private func dashed(_ name: String, _ d: String) -> String {
    H.shapeLayer(
      name,
      shapes: [
        #"{"ty": "rc", "nm": "R", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 40]}}"#,
        #"{"ty": "st", "nm": "S", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}, "lc": 1, "lj": 1, "d": \#(d)}"#,
      ])
  }

  private func entry(_ n: String, _ k: Double) -> String {
    #"{"n": "\#(n)", "v": {"a": 0, "k": \#(k)}}"#
  }

  func testLengthsAndOffsetAreWritten() throws {
    let result = try H.importing(
      H.document([dashed("N", "[\(entry("d", 4)), \(entry("g", 2)), \(entry("o", 1))]")]))
    XCTAssertEqual(result.notes, [])
    XCTAssertTrue(result.script.contains("dash: [4, 2], dashOffset: 1)"), result.script)
  }

  func testOnlyAnOffsetIsASolidStrokeWithoutANote() throws {
    // lottie-ios' issue_1847: `"d"` holds an offset and no lengths. After
    // Effects and lottie-web draw a solid stroke; anim noted "a negative
    // or all-zero pattern", which it is not.
    let result = try H.importing(H.document([dashed("L", "[\(entry("o", 0))]")]))
    XCTAssertEqual(result.notes, [])
    XCTAssertFalse(result.script.contains("dash"), result.script)
    XCTAssertTrue(result.script.contains(##"stroke: "#000000""##), result.script)
  }

  func testAnAllZeroPatternIsNotedAndDrawnSolid() throws {
    let result = try H.importing(
      H.document([dashed("M", "[\(entry("d", 0)), \(entry("g", 0)), \(entry("o", 3))]")]))
    XCTAssertEqual(
      result.notes.map(\.description),
      [
        "/layers/0/shapes/1/d: dashes anim does not draw (a negative or all-zero pattern): drawn solid"
      ])
    XCTAssertFalse(result.script.contains("dash"), result.script)
  }
}
