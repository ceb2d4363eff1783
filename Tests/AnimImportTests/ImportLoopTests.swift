import XCTest

@testable import AnimImport

/// `loopOut` expressions (`x`, docs/spec.md §25.1): a property whose
/// keyframes repeat past the last one, from the first (`cycle`) or back and
/// forth (`pingpong`), as lottie-web's `loopOut` and ThorVG play them
/// (tests/checkers/test_import_loops.py compares the pixels with ThorVG).
/// The square is keyed along x: 10 at frame 0, 110 at frame 10 (straight),
/// 60 at frame 15 (straight), at 10 frames a second, in a composition of 60
/// frames, so its loop is 1.5 s long and ends with a jump back to 10.
final class ImportLoopTests: XCTestCase {
  typealias H = ImportHarness

  private let linear = #", "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}"#

  private func looped(_ expression: String?, op: Double = 60) throws -> LottieImporter.Result {
    let x = expression.map { #", "x": "\#($0)""# } ?? ""
    let ks = #"""
      {"p": {"a": 1, "k": [{"t": 0, "s": [10, 50]\#(linear)}, {"t": 10, "s": [110, 50]\#(linear)},
       {"t": 15, "s": [60, 50]}]\#(x)}}
      """#
    return try H.importing(H.document([H.shapeLayer("Sq", ks: ks)], fr: 10, op: op))
  }

  /// Sq.x at each time, through the script run by the engine.
  private func xs(_ result: LottieImporter.Result, at times: [Double]) -> [Double] {
    H.run(result.script, then: times.map { "step to \($0)\nprint Sq.x" }.joined(separator: "\n"))
      .map { Double($0)! }
  }

  /// x at frame f of the keyframes (0 ≤ f ≤ 15).
  private func keyed(_ f: Double) -> Double { f <= 10 ? 10 + 10 * f : 110 - 10 * (f - 10) }

  func testACycleStartsAgainFromTheFirstKeyframeUntilTheEnd() throws {
    let result = try looped(#"var $bm_rt;\n$bm_rt = loopOut('cycle');"#)
    XCTAssertEqual(result.notes, [])
    // Frames 16, 20, 25, 31, 37.5, 45, 52, 59: frame f shows frame f mod 15.
    let frames: [Double] = [16, 20, 25, 31, 37.5, 45, 52, 59]
    let x = xs(result, at: frames.map { $0 / 10 })
    for (got, f) in zip(x, frames) {
      XCTAssertEqual(got, keyed(f.truncatingRemainder(dividingBy: 15)), accuracy: 1e-9, "\(f)")
    }
  }

  func testAPingpongPlaysItsKeyframesBackwardsEveryOtherTime() throws {
    let result = try looped(#"var $bm_rt;\n$bm_rt = loopOut('pingpong');"#)
    XCTAssertEqual(result.notes, [])
    // Frames 15–30 play 15 back to 0, 30–45 forwards again, 45–60 back.
    let frames: [Double] = [16, 20, 29, 31, 42, 46, 55]
    let x = xs(result, at: frames.map { $0 / 10 })
    let expected = [keyed(14), keyed(10), keyed(1), keyed(1), keyed(12), keyed(14), keyed(5)]
    for (got, want) in zip(x, expected) { XCTAssertEqual(got, want, accuracy: 1e-9) }
  }

  func testTheTypeIsReadInAnyCaseAndOmittedItIsACycle() throws {
    let cycle = try looped(#"var $bm_rt;\n$bm_rt = loopOut('cycle');"#).script
    for expression in [
      #"var $bm_rt;\n$bm_rt = loopOut('Cycle');"#, #"$bm_rt = loopOut();"#,
      #"var $bm_rt;\n$bm_rt = loopOut('cycle', 0);"#,
      #"$bm_rt = loopOut(type = 'cycle', numKeyframes = 2)"#,
      #"var $bm_rt; $bm_rt = loopOut(\"sideways\");"#,
    ] {
      let result = try looped(expression)
      XCTAssertEqual(result.notes, [], expression)
      XCTAssertEqual(result.script, cycle, expression)
    }
  }

  func testOtherLoopsAndExpressionsAreNotedAndHoldTheLastKeyframe() throws {
    let plain = try looped(nil).script
    for expression in [
      #"var $bm_rt;\n$bm_rt = loopOut('offset');"#, #"$bm_rt = loopOut('continue');"#,
      // A loop of the last segment: lottie-web loops frames 10–15, ThorVG 0–10.
      #"var $bm_rt;\n$bm_rt = loopOut('cycle', 1);"#,
      // No $bm_rt: lottie-web and ThorVG take no value from it.
      #"loopOut('cycle')"#,
      #"var $bm_rt;\n$bm_rt = loopIn('cycle');"#, #"$bm_rt = loopOut('cycle') + 1;"#,
      #"$bm_rt = loopOut('cycle'"#, #"$bm_rt = loopOut('cycle, 0);"#,
      #"$bm_rt = loopOut('cycle', -1);"#, #"$bm_rt = loopOut('cycle', 99999999999);"#,
    ] {
      let result = try looped(expression)
      let note = "expression not evaluated (its keyframes or value are used)"
      XCTAssertEqual(result.notes, [ImportNote("/layers/0/ks/p", note)], expression)
      XCTAssertEqual(result.script, plain, expression)
    }
  }

  func testALoopOnAFixedValueIsTheValue() throws {
    let ks = #"{"p": {"a": 0, "k": [40, 50], "x": "var $bm_rt;\n$bm_rt = loopOut('cycle');"}}"#
    let result = try H.importing(H.document([H.shapeLayer("Sq", ks: ks)], fr: 10, op: 60))
    XCTAssertEqual(result.notes, [])
    XCTAssertEqual(xs(result, at: [0, 3]), [40, 40])
  }

  func testALoopInAStretchedPrecompositionRepeatsOnItsClock() throws {
    // The precomposition starts at frame 5 and plays at half speed
    // (sr 2): its frame g shows at frame 5 + 2g, so its loop of 15 frames
    // takes 30 of the composition's.
    let ks = #"""
      {"p": {"a": 1, "k": [{"t": 0, "s": [10, 50]\#(linear)}, {"t": 10, "s": [110, 50]\#(linear)},
       {"t": 15, "s": [60, 50]}], "x": "var $bm_rt;\n$bm_rt = loopOut('cycle');"}}
      """#
    let asset = #"{"id": "p", "layers": [\#(H.shapeLayer("Sq", ks: ks))]}"#
    let layer =
      #"{"ty": 0, "nm": "Pre", "refId": "p", "w": 200, "h": 100, "ks": {}, "ip": 0, "op": 60, "st": 5, "sr": 2}"#
    let result = try H.importing(H.document([layer], assets: [asset], fr: 10, op: 60))
    XCTAssertEqual(result.notes, [])
    // The square's own op (60) ends its frames at the composition's 125:
    // within the 60 frames it shows g = 17.5, 22.5, 26.5 at frames 40, 50, 58.
    let x = xs(result, at: [4, 5, 5.8])
    for (got, g) in zip(x, [17.5, 22.5, 26.5]) {
      XCTAssertEqual(got, keyed(g.truncatingRemainder(dividingBy: 15)), accuracy: 1e-9)
    }
  }

  func testALoopPastItsBoundIsNotedAndHoldsItsLastKeyframe() throws {
    // A loop of a thousandth of a frame up to the layer's out point, frame
    // 60, would be 60 000 copies: past 10 000 keyframes the property holds,
    // noted.
    let ks = #"""
      {"r": {"a": 1, "k": [{"t": 0, "s": [0]\#(linear)}, {"t": 0.001, "s": [90]}],
       "x": "var $bm_rt;\n$bm_rt = loopOut('cycle');"}}
      """#
    let result = try H.importing(H.document([H.shapeLayer("Sq", ks: ks)], fr: 10, op: 1e6))
    XCTAssertEqual(result.script.components(separatedBy: "tween(rotation").count - 1, 1)
    XCTAssertEqual(
      result.notes,
      [
        ImportNote(
          "/layers/0/ks/r",
          "loopOut not repeated: more than 10000 keyframes for it or 50000 for the file's loops "
            + "(the last keyframe holds)")
      ])
  }

  func testLoopsStopAtTheFilesBound() throws {
    // 25 layers each looping a cycle of one frame up to their out point,
    // frame 4 500: 4 499 copies of two keyframes, 8 998 each, of which the
    // file's 50 000 hold 5; the other 20 hold their last keyframe, noted.
    let layers = (0..<25).map { n in
      #"""
      {"ty": 4, "nm": "L\#(n)", "ip": 0, "op": 4500, "st": 0, "shapes": [\#(H.dot.joined(separator: ","))],
       "ks": {"r": {"a": 1, "k": [{"t": 0, "s": [0]\#(linear)}, {"t": 1, "s": [90]}],
              "x": "var $bm_rt;\n$bm_rt = loopOut('cycle');"}}}
      """#
    }
    let result = try H.importing(H.document(layers, fr: 10, op: 4500))
    XCTAssertEqual(result.notes.count, 20)
    XCTAssertEqual(Set(result.notes.map(\.message)).count, 1)
  }

  func testALoopOfNoLengthIsLeftAsItIs() throws {
    // Two keyframes at one frame: no time to repeat.
    let ks = #"""
      {"r": {"a": 1, "k": [{"t": 5, "s": [0]\#(linear)}, {"t": 5, "s": [90]}],
       "x": "var $bm_rt;\n$bm_rt = loopOut('pingpong');"}}
      """#
    let result = try H.importing(H.document([H.shapeLayer("Sq", ks: ks)], fr: 10, op: 60))
    XCTAssertEqual(result.notes, [])
    let lines = H.run(
      result.script, then: "step to 0.4\nprint Sq.rotation\nstep to 5\nprint Sq.rotation")
    XCTAssertEqual(lines, ["0", "90"])
  }
}
