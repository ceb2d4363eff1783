import AnimEngine
import XCTest

@testable import AnimImport

/// Time remapping (`tm`) of a precomposition layer: the precomposition
/// shows its frame fr · tm(F) at its parent's frame F (ThorVG's reading).
/// Straight stretches play on an affine clock (backwards where tm falls);
/// holds, and before the first keyframe and after the last, stand still;
/// eased stretches are sampled at every frame.
final class ImportTimeRemapTests: XCTestCase {
  typealias H = ImportHarness

  /// A precomposition "inner" whose square moves x from 0 at its frame 0 to
  /// 100 at its frame 10 (linearly), shown by a layer with time remap `tm`,
  /// in a 10 fps composition of 40 frames.
  private func remapped(_ tm: String, extra: String = "") throws -> LottieImporter.Result {
    let mover = H.shapeLayer(
      "Mover",
      ks:
        #"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": 10, "s": [100, 0]}]}}"#
    )
    let asset = #"{"id": "inner", "w": 200, "h": 100, "layers": [\#(mover)]}"#
    let layer =
      #"{"ty": 0, "nm": "Remapped", "refId": "inner", "w": 200, "h": 100, "ks": {}, "ip": 0, "op": 40, "st": 0, "tm": \#(tm)\#(extra)}"#
    return try H.importing(H.document([layer], assets: [asset], fr: 10, op: 40))
  }

  /// A keyframe of tm at frame `t` of value `s` seconds, straight (AE's
  /// linear: both handles on the diagonal) or held.
  private func key(_ t: Double, _ s: Double, hold: Bool = false) -> String {
    hold
      ? #"{"t": \#(t), "s": [\#(s)], "h": 1}"#
      : #"{"t": \#(t), "s": [\#(s)], "o": {"x": [0.167], "y": [0.167]}, "i": {"x": [0.833], "y": [0.833]}}"#
  }

  /// The world x of the square shown at each of `times`, as the script
  /// runs: each stretch's copy (`Remapped_remap_k`, its square `Mover`,
  /// `Mover_2`, …) is shown only in its stretch, and exactly one is.
  private func xs(_ script: String, at times: [Double], line: UInt = #line) -> [Double] {
    let copies = script.components(separatedBy: "Time remap (").count - 1
    let squares = (1...max(copies, 1)).map { $0 == 1 ? "Mover" : "Mover_\($0)" }
    let tail = times.map { time in
      "step to \(time)\n"
        + (1...max(copies, 1)).map { k in
          copies == 0
            ? "print 1, Mover.worldX"
            : "print Remapped_remap_\(k).alpha, \(squares[k - 1]).worldX"
        }.joined(separator: "\n")
    }.joined(separator: "\n")
    let lines = H.run(script, then: tail, line: line)
    guard lines.count == times.count * max(copies, 1) else {
      XCTFail("printed \(lines)", line: line)
      return []
    }
    var result: [Double] = []
    for i in times.indices {
      let shown = lines[(i * max(copies, 1))..<((i + 1) * max(copies, 1))].filter {
        $0.hasPrefix("1 ")
      }
      XCTAssertEqual(shown.count, 1, "at \(times[i]): \(lines)", line: line)
      result.append(shown.first.flatMap { Double($0.dropFirst(2)) } ?? .nan)
    }
    return result
  }

  func testAStraightRemapPlaysFasterAndTheLastValueHolds() throws {
    // tm 0 s at frame 0 to 1 s at frame 5: the ten inner frames over five,
    // then frame 10 held to the end.
    let result = try remapped(#"{"a": 1, "k": [\#(key(0, 0)), \#(key(5, 1))]}"#)
    XCTAssertEqual(result.notes, [])
    XCTAssertEqual(
      xs(result.script, at: [0, 0.1, 0.25, 0.45, 0.5, 0.7, 3.9]),
      [0, 20, 50, 90, 100, 100, 100])
  }

  func testAHoldInTheMiddleStandsStillThenPlaysOn() throws {
    // Frames 0–10 play 0–0.4 s (inner 0–4), hold there until frame 20,
    // then play inner 4–10 over frames 20–26.
    let tm =
      #"{"a": 1, "k": [\#(key(0, 0)), \#(key(10, 0.4, hold: true)), \#(key(20, 0.4)), \#(key(26, 1))]}"#
    let result = try remapped(tm)
    XCTAssertEqual(result.notes, [])
    XCTAssertEqual(
      xs(result.script, at: [0.5, 1.0, 1.5, 1.99, 2.0, 2.3, 2.6, 3.5]),
      [20, 40, 40, 40, 40, 70, 100, 100])
  }

  func testBeforeTheFirstKeyframeTheFirstValueHolds() throws {
    // tm starts at frame 10 at 0.5 s: frames 0–10 show inner frame 5.
    let result = try remapped(#"{"a": 1, "k": [\#(key(10, 0.5)), \#(key(15, 1))]}"#)
    XCTAssertEqual(result.notes, [])
    XCTAssertEqual(xs(result.script, at: [0, 0.5, 1.0, 1.25, 1.5, 2]), [50, 50, 50, 75, 100, 100])
    // One copy holds, one plays, one holds the end.
    XCTAssertEqual(result.script.components(separatedBy: "Time remap (").count - 1, 3)
  }

  func testAFixedRemapHoldsOneFrame() throws {
    let result = try remapped(#"{"a": 0, "k": 0.3}"#)
    XCTAssertEqual(result.notes, [])
    XCTAssertEqual(xs(result.script, at: [0, 1, 3.9]), [30, 30, 30])
  }

  func testStretchesThatGoOnAsBeforeShareOneCopy() throws {
    // Three keyframes on one straight line: one copy plays them all.
    let result = try remapped(#"{"a": 1, "k": [\#(key(0, 0)), \#(key(4, 0.4)), \#(key(10, 1))]}"#)
    XCTAssertEqual(result.script.components(separatedBy: "Time remap (").count - 1, 2)
    XCTAssertEqual(xs(result.script, at: [0.2, 0.6, 0.9]), [20, 60, 90])
  }

  func testARemapThatFallsPlaysBackwards() throws {
    // Inner frame 10 at frame 0 down to 0 at frame 10, then frame 0 held.
    let result = try remapped(#"{"a": 1, "k": [\#(key(0, 1)), \#(key(10, 0))]}"#)
    XCTAssertEqual(result.notes, [])
    XCTAssertEqual(
      xs(result.script, at: [0, 0.25, 0.5, 0.9, 1.0, 2.0]), [100, 75, 50, 10, 0, 0])
  }

  func testAHeldKeyframePlayedBackwardsJumpsWhereItEnds() throws {
    // The square holds x 0 over inner frames 0–10, then jumps to 100.
    let mover = H.shapeLayer(
      "Mover",
      ks: #"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0], "h": 1}, {"t": 10, "s": [100, 0]}]}}"#)
    let asset = #"{"id": "inner", "w": 200, "h": 100, "layers": [\#(mover)]}"#
    let layer =
      #"{"ty": 0, "nm": "Remapped", "refId": "inner", "w": 200, "h": 100, "ks": {}, "ip": 0, "op": 40, "st": 0, "tm": {"a": 1, "k": [\#(key(0, 2)), \#(key(20, 0))]}}"#
    let result = try H.importing(H.document([layer], assets: [asset], fr: 10, op: 40))
    XCTAssertEqual(result.notes, [])
    // Inner frame 20 − F: 100 until inner frame 10 (F = 10), then 0.
    XCTAssertEqual(xs(result.script, at: [0, 0.5, 0.95, 1.05, 1.5, 3]), [100, 100, 100, 0, 0, 0])
  }

  func testARemapThatEasesIsSampledAtEveryFrame() throws {
    let eased =
      #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 10, "s": [1]}]}"#
    let result = try remapped(eased)
    XCTAssertEqual(result.notes, [])
    // At each frame the precomposition's frame 10·E(F/10), held until the
    // next frame; after frame 10, frame 10.
    let ease = Easing.cubicBezier(0.3, 0, 0.7, 1)
    let times = [0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 1.0, 2.5]
    let expected = times.map { 100 * ease.value(at: min($0, 1)) }
    for (x, e) in zip(xs(result.script, at: times), expected) {
      XCTAssertEqual(x, e, accuracy: 1e-3)
    }
    // Between frames it holds the last one's.
    XCTAssertEqual(xs(result.script, at: [0.35])[0], 100 * ease.value(at: 0.3), accuracy: 1e-3)
  }

  func testAnEasedRemapRunningPastTheEndIsSampledUpToTheLastFrame() throws {
    // Keyed past the composition's end (frame 40): the copies run to its
    // last frame, 39, which one copy shows. The frames were sampled only
    // before the last frame's time, which no copy showed: the players'
    // last frame came out blank (ThorVG's merging_shapes, 45 183 pixels).
    let eased =
      #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 60, "s": [4]}]}"#
    let result = try remapped(eased)
    XCTAssertEqual(result.notes, [])
    // By frame 38 the precomposition is past its frame 10: x holds 100.
    XCTAssertEqual(xs(result.script, at: [3.8, 3.9]), [100, 100])
  }

  func testARemapThatCrossesZeroShowsFrameZeroBelowIt() throws {
    let result = try remapped(#"{"a": 1, "k": [\#(key(0, -0.5)), \#(key(10, 0.5))]}"#)
    XCTAssertEqual(result.notes, [])
    XCTAssertEqual(xs(result.script, at: [0, 0.2, 0.5, 0.8, 1.5]), [0, 0, 0, 30, 50])
  }

  func testARemapThatIsNotNumbersIsNotedAndDrawnWithout() throws {
    let result = try remapped(#"{"a": 0, "k": "soon"}"#)
    XCTAssertEqual(
      result.notes.map(\.message),
      ["time remapping not imported (not a number or keyframes of numbers)"])
    XCTAssertEqual(result.notes.map(\.pointer), ["/layers/0/tm"])
    // Without it: the precomposition at its own pace.
    XCTAssertEqual(xs(result.script, at: [0.5]), [50])
  }

  func testAnEasedRemapOverTooManyFramesIsNoted() throws {
    // 150 000 frames of an eased remap: a copy a frame would pass 2 000.
    let mover = H.shapeLayer("Mover")
    let asset = #"{"id": "inner", "w": 200, "h": 100, "layers": [\#(mover)]}"#
    let tm =
      #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 150000, "s": [1]}]}"#
    let layer =
      #"{"ty": 0, "nm": "Remapped", "refId": "inner", "ks": {}, "ip": 0, "op": 150000, "st": 0, "tm": \#(tm)}"#
    let result = try H.importing(
      H.document([layer], assets: [asset], fr: 1000, op: 150_000))
    XCTAssertEqual(
      result.notes.map(\.message),
      [
        "time remapping that eases, drawn a copy a frame, past 2000 views (5000 in all): not imported (drawn without it)"
      ])
    XCTAssertFalse(result.script.contains("Time remap ("))
  }

  func testEasedCopiesThatWouldAddTooManyViewsAreRefusedBeforeTheyAreMade() throws {
    // 400 frames eased, each a copy of five squares: past 2 000 views.
    let movers = (1...5).map { H.shapeLayer("Mover\($0)") }.joined(separator: ",")
    let asset = #"{"id": "inner", "w": 200, "h": 100, "layers": [\#(movers)]}"#
    let tm =
      #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.7], "y": [1]}}, {"t": 400, "s": [40]}]}"#
    let layer =
      #"{"ty": 0, "nm": "Remapped", "refId": "inner", "ks": {}, "ip": 0, "op": 400, "st": 0, "tm": \#(tm)}"#
    let result = try H.importing(H.document([layer], assets: [asset], fr: 10, op: 400))
    XCTAssertEqual(
      result.notes.map(\.message),
      [
        "time remapping that eases, drawn a copy a frame, past 2000 views (5000 in all): not imported (drawn without it)"
      ])
    XCTAssertFalse(result.script.contains("Time remap ("))
    XCTAssertFalse(result.script.contains("Remapped_remap_"))
  }

  func testCopiesCountTowardTheLayerLimit() {
    // 1000 layers used by 500 layers whose remap has 1000 keyframes each:
    // up to 1001 copies a use, past a million.
    let nulls = Array(repeating: #"{"ty": 3}"#, count: 1000).joined(separator: ",")
    let keys = (0..<1000).map { key(Double($0), Double($0) / 10) }.joined(separator: ",")
    let use = #"{"ty": 0, "refId": "n", "tm": {"a": 1, "k": [\#(keys)]}}"#
    let uses = Array(repeating: use, count: 500).joined(separator: ",")
    let json = H.document([uses], assets: [#"{"id": "n", "layers": [\#(nulls)]}"#])
    XCTAssertThrowsError(try H.importing(json)) { error in
      XCTAssertEqual(
        (error as? ImportError)?.message,
        "more than 1000000 layers once precompositions are expanded (the limit of anim import)")
    }
  }
}
