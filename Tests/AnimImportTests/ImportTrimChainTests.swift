import XCTest

@testable import AnimImport

private typealias H = ImportHarness

/// Trim paths one after another on the same shape (SPEC §25.1,
/// ``TrimChain``): one trim, each cutting the piece the ones before left.
final class ImportTrimChainTests: XCTestCase {
  private func trim(
    _ start: Animated<Double>, _ end: Animated<Double>, offset: Double = 0, mode: Int = 1
  ) -> ShapeItem.Trim {
    ShapeItem.Trim(start: start, end: end, offset: Animated(fixed: offset), mode: mode)
  }

  private func moving(_ from: Double, _ to: Double, over frames: Double = 10) -> Animated<Double> {
    Animated(
      keyframes: [
        Keyframe(
          time: 0, value: from, end: nil, hold: false, eases: [.linear], outTangent: nil,
          inTangent: nil),
        Keyframe(
          time: frames, value: to, end: nil, hold: false, eases: [.linear], outTangent: nil,
          inTangent: nil),
      ], ref: nil)
  }

  func testEachTrimCutsThePieceTheOnesBeforeLeft() {
    func piece(_ starts: [Double], _ ends: [Double]) -> [Double] {
      let (lo, hi) = TrimChain.piece(starts, ends)
      return [lo, hi]
    }
    // The second half, then its first 40 %: 50 % to 70 % of the path.
    XCTAssertEqual(piece([50, 0], [100, 40]), [0.5, 0.7])
    // A start past its end is the same piece; past 0…100 % clamped.
    XCTAssertEqual(piece([100, 40], [50, 0]), [0.5, 0.7])
    XCTAssertEqual(piece([-20, 25], [180, 75]), [0.25, 0.75])
    // A whole trim leaves the piece as it is; an empty one leaves none.
    XCTAssertEqual(piece([20, 0, 50], [60, 100, 50]), [0.4, 0.4])
    // Three: 0–80 %, its 50–100 % (40–80 %), its first quarter (40–50 %).
    XCTAssertEqual(piece([0, 50, 0], [80, 100, 25]), [0.4, 0.5])
    // NaN and infinities stay within the path.
    XCTAssertEqual(piece([.nan, 0], [.infinity, -.infinity]), [0, 0])
  }

  func testAChainIsOneTrimFixedOrTakenAtEveryFrame() throws {
    // Both fixed: one fixed trim, the first one's offset kept.
    let fixed = try XCTUnwrap(
      TrimChain.combined([
        trim(Animated(fixed: 50), Animated(fixed: 100), offset: 30),
        trim(Animated(fixed: 0), Animated(fixed: 40)),
      ]))
    XCTAssertFalse(fixed.start.isAnimated || fixed.end.isAnimated || fixed.offset.isAnimated)
    XCTAssertEqual([fixed.start.first, fixed.end.first, fixed.offset.first], [50, 70, 30])
    // The second's end moving over frames 0–10: its value at each frame.
    let chain = try XCTUnwrap(
      TrimChain.combined([
        trim(Animated(fixed: 50), Animated(fixed: 100)), trim(Animated(fixed: 0), moving(0, 100)),
      ]))
    XCTAssertFalse(chain.start.isAnimated)
    XCTAssertEqual(chain.start.first, 50)
    XCTAssertEqual(chain.end.keyframes.map(\.time), (0...10).map(Double.init))
    for (k, key) in chain.end.keyframes.enumerated() {
      XCTAssertEqual(key.value, 50 + 5 * Double(k), accuracy: 1e-12)
    }
    XCTAssertTrue(chain.end.keyframes.allSatisfy { $0.eases == [.linear] && !$0.hold })
  }

  func testWhatIsNotOneTrimIsRefused() {
    let first = trim(Animated(fixed: 10), Animated(fixed: 90))
    // A later trim with an offset, or one cutting shapes individually.
    XCTAssertNil(
      TrimChain.combined([first, trim(Animated(fixed: 0), Animated(fixed: 50), offset: 90)]))
    XCTAssertNil(
      TrimChain.combined([first, trim(Animated(fixed: 0), Animated(fixed: 50), mode: 2)]))
    XCTAssertNil(
      TrimChain.combined([trim(Animated(fixed: 0), Animated(fixed: 50), mode: 2), first]))
    // Moving over more than 10 000 frames.
    XCTAssertNil(
      TrimChain.combined([first, trim(Animated(fixed: 0), moving(0, 100, over: 20_000))]))
    XCTAssertNotNil(
      TrimChain.combined([first, trim(Animated(fixed: 0), moving(0, 100, over: 9_000))]))
  }

  private func stroked(_ trims: [String]) throws -> LottieImporter.Result {
    let shapes = [
      #"{"ty": "el", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 40]}}"#,
      #"{"ty": "st", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 4}}"#,
    ]
    return try H.importing(H.document([H.shapeLayer("L", shapes: shapes + trims)]))
  }

  func testTwoTrimsOnAStrokeAreOneAndAnOffsetOnTheSecondIsNoted() throws {
    let half =
      #"{"ty": "tm", "s": {"a": 0, "k": 50}, "e": {"a": 0, "k": 100}, "o": {"a": 0, "k": 0}, "m": 1}"#
    let quarter =
      #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 0}, "m": 1}"#
    let both = try stroked([half, quarter])
    XCTAssertEqual(both.notes, [])
    XCTAssertTrue(both.script.contains("trimStart: 0.5, trimEnd: 0.75"), both.script)
    let turned = quarter.replacingOccurrences(
      of: #""o": {"a": 0, "k": 0}"#, with: #""o": {"a": 0, "k": 45}"#)
    let noted = try stroked([half, turned])
    XCTAssertEqual(
      noted.notes.map(\.description),
      [
        "/layers/0/shapes/3: a second trim on the same shape not drawn (it has an offset or cuts shapes individually, or they move over more than 10000 frames)"
      ])
    XCTAssertTrue(noted.script.contains("trimStart: 0.5"), noted.script)
    // A whole first trim with an offset turns where the second starts.
    let whole =
      #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 100}, "o": {"a": 0, "k": 90}, "m": 1}"#
    let turnedChain = try stroked([whole, quarter])
    XCTAssertEqual(turnedChain.notes, [])
    XCTAssertTrue(turnedChain.script.contains("trimEnd: 0.5, trimOffset: 0.25"), turnedChain.script)
    // A whole trim turning one that cuts with its own offset: the one that
    // cuts is drawn alone, the whole one noted.
    let cutTurned = try stroked([whole, turned])
    XCTAssertEqual(cutTurned.notes.map(\.pointer), ["/layers/0/shapes/2"])
    XCTAssertTrue(
      cutTurned.script.contains("trimEnd: 0.5, trimOffset: 0.125"), cutTurned.script)
    // Alone, a whole trim draws the whole path, whatever its offset.
    XCTAssertFalse(try stroked([whole]).script.contains("trim"))
  }
}
