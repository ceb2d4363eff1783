import XCTest

@testable import AnimEngine

/// Timing rules of SPEC §6.3, exercised on the engine directly.
final class ClockTimingTests: XCTestCase {
  private func alpha(_ a: Double, _ d: Double) throws -> Motion {
    try .leaf(Leaf(duration: d, changes: [Change(.alpha, .to(PropertyValue(a, 0, 0, 0)))]))
  }

  private func makeClock() -> (Clock, ViewID) {
    let scene = Scene()
    let v = scene.declare("view")
    return (Clock(scene: scene, defaultView: v), v)
  }

  func testBlinkRepeatsAndHoldsBoundaries() throws {
    let (clock, v) = makeClock()
    let blink = try Motion.sequence([alpha(0, 1), alpha(1, 1)])
    try clock.run(Motion.repeating(blink, count: 100), label: "blink * 100")
    try clock.advance(by: 1.5)
    XCTAssertEqual(clock.scene.value(v, .alpha)[0], 0.5, accuracy: 1e-12)
    try clock.advance(to: 2)
    XCTAssertEqual(clock.scene.value(v, .alpha)[0], 1, accuracy: 1e-12)
    try clock.advance(to: 3)
    XCTAssertEqual(clock.scene.value(v, .alpha)[0], 0, accuracy: 1e-12)
  }

  func testSameMotionThreeTimesPlaysThreeTimes() throws {
    let (clock, v) = makeClock()
    let blink = try Motion.sequence([alpha(0, 1), alpha(1, 1)])
    let h = try clock.run(Motion.sequence([blink, blink, blink]), label: "b")
    try clock.advance(to: 4.5)
    XCTAssertEqual(clock.scene.value(v, .alpha)[0], 0.5, accuracy: 1e-12)
    try clock.advance(to: 6)
    XCTAssertEqual(h.record.state, .finished)
  }

  func testFractionalRepeatCutsMidPlay() throws {
    let (clock, v) = makeClock()
    let blink = try Motion.sequence([alpha(0, 1), alpha(1, 1)])
    let h = try clock.run(Motion.repeating(blink, count: 2.5), label: "b")
    try clock.advance(to: 10)
    XCTAssertEqual(h.record.state, .finished)
    XCTAssertEqual(clock.scene.value(v, .alpha)[0], 0, accuracy: 1e-12)
    XCTAssertEqual(h.record.localTime, 5, accuracy: 1e-12)
  }

  func testForeverSkipsPeriodicPlays() throws {
    let (clock, v) = makeClock()
    let blink = try Motion.sequence([alpha(0, 1), alpha(1, 1)])
    try clock.run(Motion.repeating(blink, count: .infinity), label: "b")
    try clock.advance(to: 1_000_000.25)
    XCTAssertEqual(clock.scene.value(v, .alpha)[0], 0.75, accuracy: 1e-9)
    // Its repeat events (no handler listens) are passed whole plays at a time.
    XCTAssertGreaterThan(clock.eventsSkipped, 400_000)
  }

  func testNewerRunTakesPropertyOver() throws {
    let (clock, v) = makeClock()
    let a = try clock.run(alpha(0, 2), label: "a")
    try clock.advance(to: 1)
    try clock.run(alpha(1, 1), label: "b")
    try clock.advance(to: 1.5)
    XCTAssertEqual(clock.scene.value(v, .alpha)[0], 0.75, accuracy: 1e-12)
    try clock.advance(to: 3)
    XCTAssertEqual(clock.scene.value(v, .alpha)[0], 1, accuracy: 1e-12)
    XCTAssertEqual(a.record.state, .finished)
  }

  func testReverseGoesBackFromEnd() throws {
    let (clock, v) = makeClock()
    let move = try Motion.leaf(
      Leaf(duration: 1, changes: [Change(.x, .to(PropertyValue(100, 0, 0, 0)))]))
    try clock.run(Motion.reversed(move), label: "r")
    XCTAssertEqual(clock.scene.value(v, .x)[0], 100, accuracy: 1e-12)
    try clock.advance(to: 0.25)
    XCTAssertEqual(clock.scene.value(v, .x)[0], 75, accuracy: 1e-12)
    try clock.advance(to: 2)
    XCTAssertEqual(clock.scene.value(v, .x)[0], 0, accuracy: 1e-12)
  }

  func testEventsInOrderWithHandlerChain() throws {
    let (clock, v) = makeClock()
    var log: [String] = []
    clock.observer = { log.append("\($0.record.id) \($0.kind) \($0.time)") }
    let h = try clock.run(alpha(0, 1), label: "a")
    h.listen(RunListener(filter: .done) { _ in try clock.run(self.alpha(1, 1), label: "b") })
    try clock.advance(to: 1.5)
    XCTAssertEqual(log, ["1 start 0.0", "1 done 1.0", "2 start 1.0"])
    XCTAssertEqual(clock.scene.value(v, .alpha)[0], 0.5, accuracy: 1e-12)
  }
}
