import XCTest

@testable import AnimEngine

/// Stepping frame by frame and jumping straight to a time take different paths
/// through the clock (segment starts, periodic programs stepped part by part,
/// programs entered mid-way, repeats skipped whole); they must agree exactly.
final class SteppingConsistencyTests: XCTestCase {
  private func to(_ p: Property, _ v: Double, _ d: Double, _ e: Easing = .linear) throws -> Motion {
    try .leaf(Leaf(duration: d, easing: e, changes: [Change(p, .to(PropertyValue(v, 0, 0, 0)))]))
  }

  private func by(_ p: Property, _ v: Double, _ d: Double) throws -> Motion {
    try .leaf(Leaf(duration: d, changes: [Change(p, .by(PropertyValue(v, 0, 0, 0)))]))
  }

  /// Runs `motion` on a view whose alpha starts at `alpha`, samples `property`
  /// at `times` both ways, and compares.
  private func assertConsistent(
    _ motion: Motion, _ property: Property, alpha: Double = 1, times: [Double],
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    func makeClock() throws -> (Clock, ViewID) {
      let scene = Scene()
      var state = ViewState()
      state.alpha = alpha
      let v = scene.declare("view", state: state)
      let clock = Clock(scene: scene, defaultView: v)
      try clock.run(motion, label: "m")
      return (clock, v)
    }
    let (stepper, v) = try makeClock()
    for t in times {
      while stepper.now + 1e-12 < t - 1.0 / 60 { try stepper.advance(frames: 1) }
      try stepper.advance(to: t)
      let (jumper, w) = try makeClock()
      try jumper.advance(to: t)
      XCTAssertEqual(
        stepper.scene.value(v, property)[0], jumper.scene.value(w, property)[0], accuracy: 1e-9,
        "at t=\(t)", file: file, line: line)
    }
  }

  private let times = [
    0, 0.5, 1, 1.25, 2, 2.999, 3, 4.5, 7, 10, 10.5, 19.75, 20, 23, 40, 100.25, 1000.5,
  ]

  func testBlinkRepeatsAgree() throws {
    let blink = try Motion.sequence([to(.alpha, 0, 1), to(.alpha, 1, 1)])
    try assertConsistent(Motion.repeating(blink, count: 10), .alpha, times: times)
    try assertConsistent(
      Motion.repeating(blink, count: .infinity), .alpha, alpha: 0.5, times: times)
  }

  func testGapsEasingAndFractionalCountsAgree() throws {
    let body = try Motion.sequence([
      Motion.wait(0.5), to(.x, 100, 1, .outQuad), Motion.wait(0.25), to(.x, 20, 0.5, .inOutCubic),
    ])
    try assertConsistent(Motion.repeating(body, count: 7.5), .x, times: times)
  }

  func testRepeatFollowedByMoreAgrees() throws {
    let blink = try Motion.sequence([to(.alpha, 0, 1), to(.alpha, 1, 1)])
    let m = try Motion.sequence([Motion.repeating(blink, count: 5), to(.alpha, 0.25, 4)])
    try assertConsistent(m, .alpha, times: times)
  }

  func testDriftingRepeatAgrees() throws {
    try assertConsistent(Motion.repeating(by(.x, 10, 1), count: 50), .x, times: times)
  }

  func testNestedRepeatAgrees() throws {
    let inner = try Motion.repeating(Motion.sequence([to(.y, 10, 0.5), to(.y, 0, 0.5)]), count: 3)
    let outer = try Motion.repeating(Motion.sequence([inner, to(.y, 50, 1)]), count: .infinity)
    try assertConsistent(outer, .y, times: times)
  }

  func testTakeoverFromAProgrammedTrackStartsWhereItWas() throws {
    let scene = Scene()
    let v = scene.declare("view")
    let clock = Clock(scene: scene, defaultView: v)
    let blink = try Motion.sequence([to(.alpha, 0, 1), to(.alpha, 1, 1)])
    let first = try clock.run(Motion.repeating(blink, count: .infinity), label: "blink")
    for _ in 0..<(60 * 9 + 15) { try clock.advance(frames: 1) }  // t = 9.25: fading in, 0.25
    XCTAssertEqual(scene.value(v, .alpha)[0], 0.25, accuracy: 1e-9)
    try clock.run(to(.alpha, 1, 1), label: "up")
    try clock.advance(by: 0.5)
    XCTAssertEqual(scene.value(v, .alpha)[0], 0.625, accuracy: 1e-9)
    XCTAssertEqual(first.record.state, .running)
  }
}
