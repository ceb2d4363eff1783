import XCTest

@testable import AnimImport

private typealias H = ImportHarness

/// A track matte whose fill is trimmed (SPEC §25.1): the players fill the
/// piece the trim leaves, closed straight back to its start, and matte with
/// that (lottie-ios' `issue_1125`: a gauge's colour shown through a wedge
/// whose fill is drawn on by trim paths).
final class ImportTrimmedMatteTests: XCTestCase {
  /// A 100-point square from (0, 0), clockwise on screen.
  private let square =
    #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [100, 0], [100, 100], [0, 100]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}"#
  private let fill = #"{"ty": "fl", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#

  private func trim(end: String) -> String {
    #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": \#(end), "o": {"a": 0, "k": 0}, "m": 1}"#
  }

  /// The square, trimmed and filled, in a group moved by (10, 20).
  private func matte(end: String) -> String {
    let moved =
      #"{"ty": "tr", "p": {"a": 0, "k": [10, 20]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}"#
    let group = #"{"ty": "gr", "it": [\#(square), \#(fill), \#(moved)]}"#
    return H.shapeLayer("Wedge", shapes: [group, trim(end: end)], extra: #", "td": 1"#)
  }

  /// The `d` of the clip's `n`th keyframe outline (a moving clip), or of
  /// the clip itself.
  private func clip(_ script: String, key n: Int? = nil) -> String? {
    let prefix = n.map { "shape matte_key_\($0)(d: \"" } ?? "shape matte(parent: "
    guard let line = script.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }),
      let start = line.range(of: "d: \"")
    else { return nil }
    return String(line[start.upperBound...].prefix { $0 != "\"" })
  }

  func testAFixedTrimClipsWithThePieceClosedStraightBack() throws {
    // Half of the 400-point outline: along the top and down the right
    // side, then straight back to the start, a triangle, moved by its
    // group: (10, 20), (110, 20), (110, 120).
    let body = H.shapeLayer("Body", extra: #", "tt": 1"#)
    let result = try H.importing(H.document([matte(end: H.fixed("50")), body]))
    XCTAssertEqual(result.notes, [])
    XCTAssertEqual(
      clip(result.script),
      "M10 20 C10 20 110 20 110 20 C110 20 110 120 110 120 C110 120 10 20 10 20 Z",
      result.script)
    XCTAssertTrue(result.script.contains("clip: true"), result.script)
  }

  func testAMovingTrimClipsWithItsPieceAtEveryFrame() throws {
    let end =
      #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [100]}]}"#
    let body = H.shapeLayer("Body", extra: #", "tt": 1"#)
    let result = try H.importing(H.document([matte(end: end), body]))
    // Taken at every frame: no note that a morph is approximate.
    XCTAssertEqual(result.notes, [])
    XCTAssertEqual(result.script.components(separatedBy: "morph(to: matte_key").count - 1, 30)
    // Frame 15 (the key after frame 0's outline: 16), half the outline:
    // the triangle of the fixed trim above.
    XCTAssertEqual(
      clip(result.script, key: 16),
      "M10 20 C10 20 110 20 110 20 C110 20 110 120 110 120 C110 120 10 20 10 20 Z",
      result.script)
    // Frame 30 on: the whole square.
    let lines = H.run(
      result.script, then: "step to 0.5\nprint matte.outline\nstep to 1.5\nprint matte.outline")
    XCTAssertEqual(lines.count, 2)
    XCTAssertNotEqual(lines[0], lines[1])
  }

  func testAMatteTrimMovingOverTooManyFramesClipsWithTheWholeFillAndANote() throws {
    let end =
      #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 20000, "s": [100]}]}"#
    let body = H.shapeLayer("Body", extra: #", "tt": 1"#)
    let result = try H.importing(H.document([matte(end: end), body], op: 20000))
    XCTAssertEqual(
      result.notes.map(\.description),
      [
        "/layers/0/shapes/1: trim paths on a fill moving over more than 10000 frames or 500000"
          + " vertices in all: the fill is drawn untrimmed"
      ])
    XCTAssertEqual(
      clip(result.script),
      "M10 20 C10 20 110 20 110 20 C110 20 110 120 110 120 C110 120 10 120 10 120 C10 120 10 20 10 20 Z",
      result.script)
  }
}
