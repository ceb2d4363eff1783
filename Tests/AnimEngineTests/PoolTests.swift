import XCTest

@testable import AnimEngine

/// The pool of SPEC §6.2: live runs only, recycled slots, generation checks.
final class PoolTests: XCTestCase {
  private func makeClock() -> (Clock, ViewID) {
    let scene = Scene()
    let v = scene.declare("view")
    return (Clock(scene: scene, defaultView: v), v)
  }

  private func fade(_ d: Double) throws -> Motion {
    try .leaf(Leaf(duration: d, changes: [Change(.alpha, .to(PropertyValue(0, 0, 0, 0)))]))
  }

  func testEndedRunLeavesThePoolAndItsSlotIsReused() throws {
    let (clock, _) = makeClock()
    let first = try clock.run(fade(1), label: "a")
    try clock.advance(by: 2)
    XCTAssertEqual(first.record.state, .finished)
    XCTAssertEqual(clock.liveCount, 0)
    let second = try clock.run(fade(1), label: "b")
    XCTAssertEqual(clock.poolCapacity, 1, "the ended run's slot is recycled")
    XCTAssertEqual(second.record.id, 2)
    XCTAssertNil(
      clock.handle(of: first.record), "a stale record never reaches the run in its old slot")
    XCTAssertTrue(clock.handle(of: second.record) === second)
  }

  /// Live tracks are counted as runs start and end; a run that would pass
  /// the limit is refused before anything of it starts.
  func testLiveTracksAreCountedAndLimited() throws {
    let (clock, _) = makeClock()
    clock.liveTrackLimit = 3
    let move = try Motion.leaf(
      Leaf(
        duration: 1,
        changes: [
          Change(.x, .to(PropertyValue(10, 0, 0, 0))), Change(.y, .to(PropertyValue(10, 0, 0, 0))),
        ]))
    let a = try clock.run(move, label: "a")
    XCTAssertEqual(clock.liveTracks, 2)
    XCTAssertThrowsError(try clock.run(move, label: "b")) { error in
      XCTAssertEqual(
        (error as? EngineError)?.message,
        "too many animated properties: this run adds 2 to the 2 live (limit 3)")
    }
    XCTAssertEqual(clock.liveCount, 1)
    _ = try clock.run(fade(1), label: "c")
    XCTAssertEqual(clock.liveTracks, 3)
    try clock.clear(a)
    XCTAssertEqual(clock.liveTracks, 1)
    try clock.advance(by: 2)
    XCTAssertEqual(clock.liveTracks, 0)
    _ = try clock.run(move, label: "d")
    XCTAssertEqual(clock.liveTracks, 2)
  }

  /// Restarting a live run over and over without stepping keeps one run
  /// in the pool, not every run it cleared (that kept 1.7 KB a restart).
  func testRestartsWithoutSteppingKeepOneRun() throws {
    let (clock, _) = makeClock()
    let h = try clock.run(fade(2), label: "a")
    for _ in 0..<1_000 { try clock.restart(h) }
    XCTAssertEqual(clock.pool.live.count, 1)
    XCTAssertEqual(clock.liveCount, 1)
    XCTAssertEqual(clock.poolCapacity, 1)
    XCTAssertEqual(h.record.id, 1_001)
  }

  func testAThousandChainedRunsUseOneSlot() throws {
    let (clock, _) = makeClock()
    let h = try clock.run(fade(0.25), label: "a")
    var ended = 0
    h.listen(
      RunListener(filter: .done) { _ in
        ended += 1
        if ended < 1000 { try clock.restart(h) }
      })
    try clock.settle()
    XCTAssertEqual(ended, 1000)
    XCTAssertEqual(clock.poolCapacity, 1)
    XCTAssertEqual(clock.now, 250, accuracy: 1e-9)
  }

  func testEndedHandlesAnswerQueriesAndRefuseVerbs() throws {
    let (clock, _) = makeClock()
    let h = try clock.run(fade(1), label: "a")
    try clock.advance(by: 0.25)
    try clock.clear(h)
    XCTAssertEqual(h.record.state, .cleared)
    XCTAssertEqual(h.record.localTime, 0.25, accuracy: 1e-12)
    for verb in [clock.pause, clock.resume, clock.finish, clock.cancel, clock.clear] {
      XCTAssertThrowsError(try verb(h)) { error in
        XCTAssertTrue("\(error)".contains("run #1"), "\(error)")
        XCTAssertTrue("\(error)".contains("cleared"), "\(error)")
      }
    }
    XCTAssertThrowsError(try clock.restart(h))
  }

  func testCancelRestoresAndFiresDone() throws {
    let (clock, v) = makeClock()
    var states: [RunState] = []
    let h = try clock.run(fade(2), label: "a")
    h.listen(RunListener(filter: .done) { event in states.append(event.record.state) })
    try clock.advance(by: 1)
    XCTAssertEqual(clock.scene.value(v, .alpha)[0], 0.5, accuracy: 1e-12)
    try clock.cancel(h)
    XCTAssertEqual(clock.scene.value(v, .alpha)[0], 1)
    XCTAssertEqual(states, [.cancelled])
  }

  func testPausedRunKeepsItsTimeAndResumes() throws {
    let (clock, v) = makeClock()
    let h = try clock.run(fade(2), label: "a")
    try clock.advance(by: 0.5)
    try clock.pause(h)
    try clock.advance(by: 5)
    XCTAssertEqual(h.record.localTime, 0.5, accuracy: 1e-12)
    try clock.resume(h)
    try clock.advance(by: 0.5)
    XCTAssertEqual(clock.scene.value(v, .alpha)[0], 0.5, accuracy: 1e-12)
  }

  func testCascadeWithoutEndIsStopped() throws {
    let (clock, _) = makeClock()
    let h = try clock.run(Motion.wait(0), label: "w")
    h.listen(RunListener(filter: .done) { _ in try clock.restart(h) })
    XCTAssertThrowsError(try clock.advance(by: 1)) { error in
      XCTAssertTrue("\(error)".contains("more than 10000 events"), "\(error)")
    }
  }

  func testTheClockCannotMoveInsideAHandler() throws {
    let (clock, _) = makeClock()
    let h = try clock.run(fade(1), label: "a")
    h.listen(RunListener(filter: .done) { _ in try clock.advance(by: 1) })
    XCTAssertThrowsError(try clock.advance(by: 2)) { error in
      XCTAssertTrue("\(error)".contains("inside a handler"), "\(error)")
    }
  }
}
