import XCTest

@testable import AnimEngine

/// SPEC §22: a play is a run like any other; the clock logs where each run
/// that plays sounds was in its own time, and the score finds where each
/// play is heard from that log, at exact virtual times.
final class SoundScoreTests: XCTestCase {
  private func makeClock() -> Clock {
    let scene = Scene()
    return Clock(scene: scene, defaultView: scene.declare("view"))
  }

  private func play(_ d: Double, from: Double = 0) throws -> Motion {
    try Motion.play(SoundCue(sound: 0, name: "a", from: from, duration: d))
  }

  private func placements(_ clock: Clock, from: Double = 0, to: Double = 1e9) throws
    -> [SoundPlacement]
  {
    try SoundScore.placements(of: clock.soundRuns, from: from, to: to, now: clock.now)
  }

  func testAPlayIsAMotionThatAnimatesNothing() throws {
    let m = try play(2)
    XCTAssertEqual(m.duration, 2)
    XCTAssertTrue(m.hasSound)
    XCTAssertFalse(m.animatesProperties)
    XCTAssertFalse(m.animatesDefaultView)
    XCTAssertFalse(try Motion.wait(1).hasSound)
    XCTAssertTrue(try Motion.sequence([Motion.wait(1), m]).hasSound)
  }

  func testAPlayRefusesNegativeAndNonFiniteNumbers() {
    for cue in [
      SoundCue(sound: 0, name: "a", from: -1, duration: 1),
      SoundCue(sound: 0, name: "a", from: 0, duration: -1),
      SoundCue(sound: 0, name: "a", from: 0, duration: 1, volume: .nan),
      SoundCue(sound: 0, name: "a", from: 0, duration: 1, volume: -0.5),
      SoundCue(sound: 0, name: "a", from: 0, duration: 1, fadeIn: .infinity),
      SoundCue(sound: 0, name: "a", from: 0, duration: 1, fadeOut: -1),
    ] {
      XCTAssertThrowsError(try Motion.play(cue))
    }
  }

  func testARunOfAPlayEndsAfterItsDurationAndIsLoggedOnce() throws {
    let clock = makeClock()
    try clock.advance(to: 0.25)
    let h = try clock.run(play(1.5), label: "p")
    try clock.advance(to: 3)
    XCTAssertEqual(h.record.state, .finished)
    let found = try placements(clock)
    XCTAssertEqual(found.count, 1)
    XCTAssertEqual(found[0].start, 0.25)
    XCTAssertEqual(found[0].end, 1.75)
    XCTAssertEqual(found[0].tau, 0)
    XCTAssertEqual(found[0].rate, 1)
  }

  func testASequenceRepeatAndSpeedPlaceEachPlayAtItsTime() throws {
    let clock = makeClock()
    // wait 0.5, then the play at double speed (0.25 s of clock for 0.5 s of sound), three times.
    let body = try Motion.sequence([Motion.wait(0.5), Motion.speed(play(0.5), 2)])
    try clock.run(Motion.repeating(body, count: 3), label: "r")
    try clock.advance(to: 10)
    let found = try placements(clock)
    XCTAssertEqual(found.map(\.start), [0.5, 1.25, 2.0])
    XCTAssertEqual(found.map(\.end), [0.75, 1.5, 2.25])
    XCTAssertEqual(found.map(\.rate), [2, 2, 2])
    XCTAssertEqual(found.map(\.tau), [0, 0, 0])
  }

  func testAForeverRepeatIsWalkedOnlyOverTheRange() throws {
    let clock = makeClock()
    try clock.run(Motion.repeating(play(0.1), count: .infinity), label: "r")
    try clock.advance(to: 1e6)
    let found = try placements(clock, from: 500_000, to: 500_000.35)
    XCTAssertEqual(found.count, 4)
    XCTAssertEqual(found[0].start, 500_000, accuracy: 1e-6)
    XCTAssertEqual(found[3].end, 500_000.35, accuracy: 1e-6)
  }

  func testPauseSeekSpeedAndCancelSplitAndCutThePlay() throws {
    let clock = makeClock()
    let h = try clock.run(play(4, from: 1), label: "p")
    try clock.advance(to: 1)
    try clock.pause(h)
    try clock.advance(to: 2)
    try clock.resume(h)
    try clock.advance(to: 2.5)
    try clock.setSpeed(h, 2)
    try clock.advance(to: 3)
    try clock.seek(h, to: 0.5)
    try clock.advance(to: 3.25)
    try clock.cancel(h)
    try clock.advance(to: 5)
    let found = try placements(clock)
    XCTAssertEqual(found.map(\.start), [0, 2, 2.5, 3])
    XCTAssertEqual(found.map(\.end), [1, 2.5, 3, 3.25])
    XCTAssertEqual(found.map(\.tau), [0, 1, 1.5, 0.5])
    XCTAssertEqual(found.map(\.rate), [1, 1, 2, 2])
  }

  func testANegativeSpeedPlaysTheSoundBackwards() throws {
    let clock = makeClock()
    let h = try clock.run(play(2), label: "p")
    try clock.advance(to: 1.5)
    try clock.setSpeed(h, -1)
    try clock.advance(to: 4)
    XCTAssertEqual(h.record.state, .finished)
    let found = try placements(clock)
    XCTAssertEqual(found.map(\.start), [0, 1.5])
    XCTAssertEqual(found.map(\.end), [1.5, 3])
    XCTAssertEqual(found[1].tau, 1.5)
    XCTAssertEqual(found[1].rate, -1)
  }

  func testReverseAndYoyoTurnThePlayBack() throws {
    let clock = makeClock()
    try clock.run(Motion.yoyo(Motion.sequence([play(1), Motion.wait(1)])), label: "y")
    try clock.advance(to: 10)
    let found = try placements(clock)
    XCTAssertEqual(found.map(\.start), [0, 3])
    XCTAssertEqual(found.map(\.end), [1, 4])
    XCTAssertEqual(found.map(\.tau), [0, 1])
    XCTAssertEqual(found.map(\.rate), [1, -1])
  }

  func testAnEasedPlayIsWarpedThroughItsCurve() throws {
    let clock = makeClock()
    try clock.run(Motion.eased(play(2), .inQuad), label: "e")
    try clock.advance(to: 5)
    let found = try placements(clock)
    XCTAssertEqual(found.count, 1)
    XCTAssertNotNil(found[0].warp)
    XCTAssertEqual(found[0].tau(at: 1), 0.5, accuracy: 1e-12)  // 2·(1/2)²
    XCTAssertEqual(found[0].tau(at: 2), 2, accuracy: 1e-12)
  }

  func testClearEndsAndResetForgetsTheLog() throws {
    let clock = makeClock()
    let h = try clock.run(play(3), label: "p")
    try clock.advance(to: 0.75)
    try clock.clear(h)
    XCTAssertEqual(try placements(clock).map(\.end), [0.75])
    clock.reset()
    XCTAssertTrue(clock.soundRuns.isEmpty)
  }

  func testTheOpenSpanEndsAtNow() throws {
    let clock = makeClock()
    try clock.run(play(3), label: "p")
    try clock.advance(to: 1.25)
    XCTAssertEqual(try placements(clock).map(\.end), [1.25])
  }

  func testRunsWithoutPlaysAreNotLogged() throws {
    let clock = makeClock()
    try clock.run(Motion.wait(1), label: "w")
    XCTAssertTrue(clock.soundRuns.isEmpty)
  }

  func testTheGainIsTheVolumeTimesLinearFades() {
    let cue = SoundCue(
      sound: 0, name: "a", from: 0, duration: 2, volume: 0.5, fadeIn: 0.5, fadeOut: 1)
    XCTAssertEqual(cue.gain(at: 0), 0)
    XCTAssertEqual(cue.gain(at: 0.25), 0.25)
    XCTAssertEqual(cue.gain(at: 0.75), 0.5)
    XCTAssertEqual(cue.gain(at: 1.5), 0.25)
    XCTAssertEqual(cue.gain(at: 2), 0)
  }
}
