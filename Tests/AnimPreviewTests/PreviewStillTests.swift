import AnimEngine
import AnimLanguage
import XCTest

@testable import AnimPreview

/// A slow build's still (SPEC §24): the scene at the page's time, sent as
/// soon as the build's run reaches it, before the player is recorded.
final class PreviewStillTests: XCTestCase {
  private let script = "view a(x: 0, y: 0, width: 10, height: 10)\nrun fade(out, 2) on a\n"

  private func build(stillAt time: Double?, sent: inout [(Double, Double)]) -> PreviewBuild? {
    var got: [(Double, Double)] = []
    var asked = 0
    let build = PreviewBuilder.build(
      SourceFile(path: "t.anim", text: script), readFile: { _ in [] },
      still: PreviewStill(
        time: {
          asked += 1
          return time
        },
        send: { t, scene in
          got.append((t, scene.value(ViewID(1), .alpha)[0]))
        }))
    XCTAssertEqual(asked, 1, "the time is asked once, at the first frame")
    sent = got
    return build
  }

  func testTheStillIsTheSceneAtTheFirstFrameAtThePagesTime() throws {
    var sent: [(Double, Double)] = []
    let build = try XCTUnwrap(build(stillAt: 0.5, sent: &sent))
    XCTAssertNotNil(build.player)
    XCTAssertEqual(sent.count, 1)
    // 0.5 s is frame 30 at 60 fps: alpha 1 − 0.5 / 2.
    XCTAssertEqual(sent.first?.0, 0.5)
    XCTAssertEqual(sent.first?.1 ?? -1, 0.75, accuracy: 1e-12)
    XCTAssertNotNil(build.layout, "the next build draws its still on this stage")
  }

  func testATimeBetweenFramesTakesTheNextFrame() {
    var sent: [(Double, Double)] = []
    _ = build(stillAt: 0.501, sent: &sent)
    XCTAssertEqual(sent.count, 1)
    XCTAssertEqual(sent.first?.0 ?? -1, 31.0 / 60, accuracy: 1e-12)
  }

  func testNoTimeOrATimePastTheEndSendsNothing() {
    var sent: [(Double, Double)] = []
    _ = build(stillAt: nil, sent: &sent)
    XCTAssertTrue(sent.isEmpty)
    _ = build(stillAt: 1e9, sent: &sent)
    XCTAssertTrue(sent.isEmpty)
  }

  func testATimeBeforeTheStartTakesTheFirstFrame() {
    var sent: [(Double, Double)] = []
    _ = build(stillAt: -5, sent: &sent)
    XCTAssertEqual(sent.count, 1)
    XCTAssertEqual(sent.first?.0, 0)
    XCTAssertEqual(sent.first?.1, 1)
  }

  func testAPagesTimeIsKeptInMillisecondsWithinBounds() {
    let state = PreviewState()
    XCTAssertNil(state.playhead)
    state.notePlayhead(milliseconds: 1500)
    XCTAssertEqual(state.playhead, 1.5)
    state.notePlayhead(milliseconds: -250)
    XCTAssertEqual(state.playhead, -0.25)
    // Not a page's: ignored, the last time kept.
    state.notePlayhead(milliseconds: Int.max)
    state.notePlayhead(milliseconds: Int.min)
    XCTAssertEqual(state.playhead, -0.25)
  }

  func testAPagesMessageSaysItsTime() {
    XCTAssertEqual(PreviewStream.request(#"{"at": 500}"#)?["at"], 500)
    XCTAssertNil(PreviewStream.request(#"{"at": 0.5}"#)?["at"], "whole milliseconds only")
  }
}
