import XCTest

@testable import AnimImport

/// Keyframes a file lists out of time order (lottie-data-model's
/// `BOGOTA-DODGE`: a keyframe at frame 135 after one at 162), read as
/// ThorVG and rlottie draw them: at frame f the first segment whose next
/// keyframe lies after f, the first value before the first keyframe. The
/// expected positions are the centres ThorVG and rlottie drew a 10-pixel
/// square at (thorvg-python, rlottie-python), and the first test is the
/// one both players were tried on.
final class ImportKeyframeOrderTests: XCTestCase {
  typealias H = ImportHarness

  /// A square keyed along x at these (frame, x, ease) keyframes, at 10
  /// frames a second, imported: the script and its notes.
  private func keyed(_ keys: [(Double, Double, String)]) throws -> LottieImporter.Result {
    let k = keys.map { t, x, ease in #"{"t": \#(t), "s": [\#(x), 50]\#(ease)}"# }
    let ks = #"{"p": {"a": 1, "k": [\#(k.joined(separator: ", "))]}}"#
    return try H.importing(H.document([H.shapeLayer("Sq", ks: ks)], fr: 10, op: 60))
  }

  private let linear = #", "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}"#

  /// Sq.x at each time, through the script run by the engine (`print`
  /// writes six significant digits: compared within 1e-3).
  private func xs(_ result: LottieImporter.Result, at times: [Double]) -> [Double] {
    H.run(result.script, then: times.map { "step to \($0)\nprint Sq.x" }.joined(separator: "\n"))
      .map { Double($0)! }
  }

  func testASegmentWhoseStartComesEarlierShowsFromWhereTheOneBeforeEnds() throws {
    // Frames 0, 20, 10, 40: 0 → 20 as written; 20 → 10 never shows; 10 → 40
    // shows from frame 20 on, a third of the way. ThorVG and rlottie: 35,
    // 85, 110, 143, 177 at frames 5, 15, 25, 30, 35.
    let result = try keyed([(0, 10, linear), (20, 110, linear), (10, 10, linear), (40, 210, "")])
    let x = xs(result, at: [0.5, 1.5, 1.99, 2, 2.5, 3, 3.5, 4, 5])
    let expected = [35, 85, 109.5, 10 + 200 / 3.0, 110, 10 + 400 / 3.0, 10 + 500 / 3.0, 210, 210]
    for (got, want) in zip(x, expected) { XCTAssertEqual(got, want, accuracy: 1e-3) }
    XCTAssertEqual(
      result.notes,
      [ImportNote("/layers/0/ks/p", "keyframes out of time order, read as the players read them")])
  }

  func testTheRestOfAnEasedSegmentKeepsItsCurve() throws {
    // 10 → 40 eased cubicBezier(0.5, 0, 0.5, 1), shown from frame 20 (a
    // third of its time): ThorVG and rlottie 105 at frame 19, 50.7 at
    // 20, 110 at 25, 169.3 at 30, 201.3 at 35.
    let ease = #", "o": {"x": 0.5, "y": 0}, "i": {"x": 0.5, "y": 1}"#
    let result = try keyed([(0, 10, linear), (20, 110, linear), (10, 10, ease), (40, 210, "")])
    let x = xs(result, at: [1.9, 2, 2.5, 3, 3.5])
    let curve = { (u: Double) in 10 + 200 * ImportTransformTests.bezier(0.5, 0, 0.5, 1, at: u) }
    let expected = [105, curve(1 / 3.0), 110, curve(2 / 3.0), curve(5 / 6.0)]
    for (got, want) in zip(x, expected) { XCTAssertEqual(got, want, accuracy: 1e-3) }
    // The players' squares' centres, to their pixels' share of alpha.
    XCTAssertEqual(x[1], 50.72, accuracy: 0.05)
    XCTAssertEqual(x[3], 169.26, accuracy: 0.05)
  }

  func testNothingMovesBeforeTheFirstKeyframesTime() throws {
    // Frames 10, 5, 30, 40: the first value until frame 10, whatever the
    // second keyframe's time; then 5 → 30 from a fifth of the way. ThorVG
    // and rlottie: 10 at frames 2 to 8, 74 at 12, 84 at 17, 108 at 29.
    let result = try keyed([(10, 10, linear), (5, 60, linear), (30, 110, linear), (40, 110, "")])
    let x = xs(result, at: [0.2, 0.8, 0.99, 1, 1.2, 1.7, 2.9, 3.5])
    let expected: [Double] = [10, 10, 10, 70, 74, 84, 108, 110]
    for (got, want) in zip(x, expected) { XCTAssertEqual(got, want, accuracy: 1e-3) }
  }

  func testKeyframesInOrderAreReadAsBeforeWithoutANote() throws {
    let result = try keyed([(0, 10, linear), (10, 10, linear), (10, 60, linear), (40, 210, "")])
    XCTAssertEqual(result.notes, [])
    XCTAssertEqual(xs(result, at: [0.5, 1, 2.5]), [10, 60, 135])
  }

  func testTheLastKeyframeEarlierThanAnotherHoldsFromTheLatestTime() throws {
    // Frames 0, 30, 20: 0 → 30 as written, 30 → 20 never; from frame 30
    // the last keyframe's value.
    let result = try keyed([(0, 0, linear), (30, 90, linear), (20, 40, "")])
    XCTAssertEqual(xs(result, at: [1, 2.9, 3, 5]), [30, 87, 40, 40].map(Double.init))
  }

  func testOutOfOrderOpacityAndPathKeyframesImport() throws {
    let o = #"{"a": 1, "k": [{"t": 5, "s": [0]}, {"t": 2, "s": [100]}]}"#
    let path = { (x: Int) in
      #"{"c": true, "v": [[0, 0], [\#(x), 0], [0, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}"#
    }
    let sh =
      #"{"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [\#(path(10))]}, {"t": 20, "s": [\#(path(30))]}, {"t": 10, "s": [\#(path(20))]}, {"t": 30, "s": [\#(path(40))]}]}}"#
    let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#
    let result = try H.importing(
      H.document([H.shapeLayer("L", ks: #"{"o": \#(o)}"#, shapes: [sh, fill])], fr: 10))
    // Opacity: 0 until frame 5, then the last keyframe's 100.
    XCTAssertEqual(
      H.run(result.script, then: "step to 0.4\nprint L.alpha\nstep to 0.5\nprint L.alpha"),
      ["0", "1"])
    XCTAssertEqual(
      result.notes,
      [
        ImportNote("/layers/0/ks/o", "keyframes out of time order, read as the players read them"),
        ImportNote(
          "/layers/0/shapes/0/ks", "keyframes out of time order, read as the players read them"),
      ])
  }
}
