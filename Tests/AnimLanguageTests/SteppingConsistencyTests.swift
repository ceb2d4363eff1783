import XCTest

@testable import AnimEngine
@testable import AnimLanguage

/// The contract between the clock's rules and its stepper: reaching a time
/// frame by frame and reaching it in one jump give the same scene, the same
/// handler output, the same run states and the same count of events passed.
///
/// Frame stepping samples every run at each frame and starts segments one by
/// one; a jump lets the stepper skip whole alike plays of a repeat and compute
/// the segment in force directly. Every kind of repeat is pinned here: finite,
/// fractional, forever, nested, of parallels and of sequences, springs,
/// staggers, takeover in the middle of a repeat, events (marks, repeat
/// counts) and pause/resume.
final class SteppingConsistencyTests: XCTestCase {
  /// What one way of stepping produced at one time.
  private struct Observed: Equatable {
    var values: [Double]
    var output: [String]
    var runs: [String]
    var eventsPassed: Int
  }

  /// Statements executed at an instant: `at` 0 is the setup.
  private typealias Phase = (at: Double, source: String)

  /// An interpreter that has run nothing, its output and its passed events.
  private final class Side {
    let interpreter: Interpreter
    var output: [String] = []
    var events = 0
    init() {
      let file = SourceFile(path: "contract.anim", text: "")
      interpreter = Interpreter(file: file, output: { _ in })
      interpreter.output = { [unowned self] in self.output.append($0) }
      interpreter.clock.observer = { [unowned self] _ in self.events += 1 }
    }
    var clock: Clock { interpreter.clock }
    func execute(_ source: String) throws {
      let file = SourceFile(path: "contract.anim", text: source)
      let parsed = Parser.parse(file)
      XCTAssertTrue(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
      try interpreter.execute(parsed.statements, in: file)
    }
    func observed() -> Observed {
      let runs = clock.liveRuns.map {
        "#\($0.id) \($0.state) t=\($0.localTime) i=\($0.iteration)"
      }
      return Observed(
        values: clock.scene.values, output: output, runs: runs,
        eventsPassed: events + clock.eventsSkipped)
    }
  }

  /// Runs `phases` both ways and compares at every phase and every time in
  /// `times`. The stepper moves one frame at a time (then exactly to the
  /// time); the jumper starts afresh for each sample and moves straight
  /// from phase to phase.
  private func assertAgree(
    _ phases: [Phase], times: [Double], fps: Double = 60, accuracy: Double = 1e-9,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    precondition(phases.first?.at == 0)
    let stepper = Side()
    try stepper.execute("fps \(fps)")
    var pending = phases[...]
    func reach(_ side: Side, _ t: Double, frameByFrame: Bool, _ pending: inout ArraySlice<Phase>)
      throws
    {
      while true {
        let phase = pending.first
        let stop = phase.map { min($0.at, t) } ?? t
        if frameByFrame {
          while side.clock.now + 1 / fps <= stop { try side.clock.advance(frames: 1) }
        }
        try side.clock.advance(to: stop)
        guard let phase, phase.at <= t else { return }
        try side.execute(phase.source)
        pending.removeFirst()
      }
    }
    for t in times.sorted() {
      try reach(stepper, t, frameByFrame: true, &pending)
      let jumper = Side()
      try jumper.execute("fps \(fps)")
      var jumperPending = phases[...]
      try reach(jumper, t, frameByFrame: false, &jumperPending)
      let a = stepper.observed()
      let b = jumper.observed()
      XCTAssertEqual(a.values.count, b.values.count, "at t=\(t)", file: file, line: line)
      for (i, (x, y)) in zip(a.values, b.values).enumerated() {
        let scale = max(1, abs(x), abs(y))
        if !(abs(x - y) <= accuracy * scale) {
          XCTFail(
            "at t=\(t): value \(i) (view \(i / Property.recordWidth)) is \(x) frame by frame, \(y) in one jump",
            file: file, line: line)
          return
        }
      }
      XCTAssertEqual(a.output, b.output, "handler output at t=\(t)", file: file, line: line)
      XCTAssertEqual(a.runs.count, b.runs.count, "live runs at t=\(t)", file: file, line: line)
      for (x, y) in zip(a.runs, b.runs) where x != y {
        // Local times agree to the clock's tolerance; states and plays exactly.
        XCTAssertEqual(
          x.split(separator: " t=").first, y.split(separator: " t=").first, "at t=\(t)",
          file: file, line: line)
        XCTAssertEqual(
          x.split(separator: " i=").last, y.split(separator: " i=").last, "at t=\(t)",
          file: file, line: line)
      }
      XCTAssertEqual(
        a.eventsPassed, b.eventsPassed, "events passed at t=\(t)", file: file, line: line)
    }
  }

  private func assertAgree(
    _ setup: String, times: [Double], fps: Double = 60, accuracy: Double = 1e-9,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    try assertAgree(
      [(0, setup)], times: times, fps: fps, accuracy: accuracy, file: file, line: line)
  }

  private let times: [Double] = [
    0, 0.5, 1, 1.25, 2, 2.999, 3, 4.5, 7, 10, 10.5, 19.75, 20, 23, 40, 100.25,
  ]

  private let blink = "blink = fade(out, 1) + fade(in, 1)\n"

  // MARK: Repeats of one sequence

  func testFiniteRepeat() throws {
    try assertAgree(blink + "run blink * 10", times: times)
  }

  func testForeverFromAnOddStart() throws {
    try assertAgree("view.alpha = 0.5\n" + blink + "run blink * forever", times: times + [1000.5])
  }

  func testFractionalRepeatCutsMidPlay() throws {
    try assertAgree(blink + "run blink * 7.25", times: times)
    try assertAgree(
      "run (wait(0.5) + move(to: (100, 0), 1, ease: outQuad) + wait(0.25) + move(to: (20, 0), 0.5, ease: inOutCubic)) * 7.5",
      times: times)
  }

  func testRepeatThenMore() throws {
    try assertAgree(blink + "run blink * 5 + fade(0.25, 4)", times: times)
  }

  func testDriftingRepeat() throws {
    try assertAgree("run move(by: (10, 0), 1) * 50", times: times)
    try assertAgree("run (move(by: (10, 5), 0.5) + wait(0.5)) * forever", times: times + [1000.25])
  }

  func testRepeatOfOnePartShorterThanAFrame() throws {
    try assertAgree("run (fade(out, 0.004) + fade(in, 0.003)) * forever", times: times)
    try assertAgree("run (fade(out, 0.004) + fade(in, 0.003)) * 1000.5", times: times)
  }

  func testARepeatAfterOtherParts() throws {
    try assertAgree(
      blink + "run fade(out, 1) + blink * forever", times: times + [1000.5])
    try assertAgree(
      "run mark(\"in\") + fade(0.5, 0.25) + (mark(\"b\") + move(by: (1, 0), 0.5)) * forever",
      times: times + [1000.5])
    try assertAgree(
      "run (fade(out, 0.5) + fade(in, 0.5)) * forever | move(to: (10, 0), 3) + rotate(to: 90, 1)",
      times: times)
  }

  /// A jump far into a repeat that never ends costs a few segment starts,
  /// not one per play, once the plays are alike (what a seek builds on).
  func testAJumpFarIntoAForeverRepeatStartsFewSegments() throws {
    for setup in [
      blink + "run blink * forever",
      blink + "run fade(out, 1) + blink * forever",
      "run wait(0.3) + (move(by: (1, 0), 0.5) + mark(\"m\")) * forever",
    ] {
      let side = Side()
      try side.execute(setup)
      try side.clock.advance(to: 1e9 + 0.25)
      XCTAssertLessThan(side.clock.segmentsStarted, 100, setup)
      // And seeking it there from the start, once its plays are alike.
      let seeker = Side()
      try seeker.execute(setup.replacingOccurrences(of: "run ", with: "h = run "))
      try seeker.clock.advance(to: 10)
      try seeker.execute("seek h to 1e9")
      XCTAssertLessThan(seeker.clock.segmentsStarted, 100, setup)
    }
  }

  // MARK: Nested repeats, parallels, sequences

  func testNestedRepeats() throws {
    try assertAgree(
      "inner = (move(to: (0, 10), 0.5) + move(to: (0, 0), 0.5)) * 3\nrun (inner + move(to: (0, 50), 1)) * forever",
      times: times)
    try assertAgree(
      "run ((fade(out, 0.25) + fade(in, 0.25)) * 2.5 + wait(0.5)) * 4.5", times: times)
  }

  func testRepeatOfAParallel() throws {
    try assertAgree(
      "run (fade(out, 1) | move(by: (3, 0), 2) | rotate(to: 90, 0.5, ease: inOutSine)) * 20",
      times: times)
  }

  func testRepeatOfASequenceOfParallels() throws {
    try assertAgree(
      "up = move(to: (0, 100), 0.5, ease: outCubic) | fade(0.5, 0.5)\ndown = move(to: (0, 0), 0.75) | fade(in, 0.25)\nrun (up + down) * forever",
      times: times)
  }

  func testRepeatsInParallelWithDifferentPeriods() throws {
    try assertAgree(
      "run (fade(out, 0.3) + fade(in, 0.3)) * forever | (move(by: (1, 0), 0.7)) * 40",
      times: times)
  }

  func testReversedYoyoAndEasedPlaysInARepeat() throws {
    try assertAgree(
      "run reverse(move(to: (100, 0), 1)) * 10 | yoyo(rotate(by: 30, 0.5)) * forever",
      times: times)
    try assertAgree(
      "run ease(blink2, inOutQuad) * 8".replacingOccurrences(
        of: "blink2", with: "(fade(out, 1) + fade(in, 1))"), times: times)
  }

  // MARK: Springs and staggers

  func testSpringsInARepeat() throws {
    try assertAgree(
      "run (spring(y: 50, stiffness: 120, damping: 12) + spring(y: 0, stiffness: 200, damping: 8)) * 12",
      times: times, accuracy: 1e-7)
    try assertAgree(
      "run scale(to: 2, 1, ease: spring(duration: 0.5, bounce: 0.3)) + scale(to: 1, 1) * forever",
      times: times)
  }

  func testStaggeredRepeats() throws {
    try assertAgree(
      "grid tiles(cols: 4, rows: 3, size: 10, gap: 2)\n" + blink
        + "run stagger(tiles, blink * 10, sort: default, total: 1)",
      times: times)
    try assertAgree(
      "grid tiles(cols: 3, rows: 3, size: 10, gap: 2)\n"
        + "run stagger(tiles, (spring(y: 50, stiffness: 120, damping: 12) + move(to: (0, 0), 0.5)) * forever, sort: radial(middle), each: 0.07)",
      times: times, accuracy: 1e-7)
  }

  // MARK: Takeover

  func testTakeoverInTheMiddleOfARepeat() throws {
    try assertAgree(
      [(0, blink + "h = run blink * forever"), (9.25, "run fade(in, 1)")],
      times: [0, 9, 9.25, 9.5, 9.75, 10, 10.25, 12, 40])
    try assertAgree(
      [(0, blink + "h = run blink * forever"), (3.4, "run blink * 2.5")],
      times: [3, 3.4, 3.5, 4.4, 5, 8.4, 8.9, 9, 20])
  }

  func testARepeatTakesOverAndIsTakenOver() throws {
    try assertAgree(
      [
        (0, "run move(to: (100, 0), 10)"),
        (2.5, "run (move(by: (5, 0), 0.25) + move(by: (-2, 0), 0.25)) * forever"),
        (30.1, "run move(to: (0, 0), 1)"),
      ],
      times: [2, 2.5, 3, 10, 30.1, 30.5, 31.1, 50])
  }

  // MARK: Events

  func testMarksAndRepeatCountsHeardByHandlers() throws {
    try assertAgree(
      "h = run (fade(out, 0.5) + mark(\"low\") + fade(in, 0.5)) * 40\n"
        + "on h mark \"low\" { print \"low\", time, h.iteration }\n"
        + "on h repeat { print \"repeat\", time, h.iteration }\n"
        + "on h done { print \"done\", time }",
      times: times + [45])
  }

  func testEventsNobodyHearsAreCountedTheSame() throws {
    try assertAgree(
      "run (fade(out, 0.5) + mark(\"low\") + fade(in, 0.5)) * forever", times: times + [1000.5])
    try assertAgree(
      "run (mark(\"a\") + wait(0.25) + mark(\"b\") + wait(0.25)) * 100.5", times: times)
  }

  func testHandlersStartRunsAtRepeatBoundaries() throws {
    try assertAgree(
      "h = run (move(by: (1, 0), 0.5)) * 30\n"
        + "on h repeat { run rotate(by: 10, 0.1) }\n"
        + "on h done { run fade(out, 2) }",
      times: times)
  }

  func testRestartFromADoneHandlerOfARepeat() throws {
    try assertAgree(
      "x = fade(out, 0.25) + fade(in, 0.25)\nh = run x * 3\n"
        + "on h done { print \"first\", time; g = run x * 2.5; on g done { print \"again\", time; restart g } }",
      times: times)
  }

  // MARK: Pause and resume

  func testPauseAndResumeInTheMiddleOfARepeat() throws {
    try assertAgree(
      [
        (0, blink + "h = run blink * 20\non h repeat { print \"repeat\", time }"),
        (3.3, "pause h"), (7.9, "resume h"), (12.05, "pause h"), (12.5, "resume h"),
      ],
      times: [1, 3.3, 5, 7.9, 8, 12.05, 12.3, 12.5, 20, 50])
  }

  func testPauseAForeverRepeatAndResumeFarLater() throws {
    try assertAgree(
      [
        (0, "h = run (move(by: (2, 0), 0.5) + wait(0.25)) * forever"),
        (10.1, "pause h"), (500.2, "resume h"),
      ],
      times: [10, 10.1, 200, 500.2, 500.5, 1000.75])
  }

  func testTakeoverFromAnAlikePlayStartsWhereItWas() throws {
    let side = Side()
    try side.execute(blink + "h = run blink * forever")
    for _ in 0..<(60 * 9 + 15) { try side.clock.advance(frames: 1) }  // t = 9.25: fading in, 0.25
    XCTAssertEqual(side.clock.scene.value(0, .alpha)[0], 0.25, accuracy: 1e-9)
    try side.execute("run fade(in, 1)\nstep 0.5\nprint view.alpha, h.state")
    XCTAssertEqual(side.output, ["0.625 running"])
  }

  // MARK: Seek, speed, reverse (SPEC §14.2): local times that go back

  func testSeekingBackAndFarInARepeat() throws {
    try assertAgree(
      [
        (0, "h = run (move(by: (10, 0), 1) + fade(out, 0.5) + fade(in, 0.25)) * forever"),
        (20.3, "seek h to 3.7"), (30, "seek h to 100000.25"), (31.5, "seek h to 0"),
      ],
      times: [20, 20.3, 25, 30, 31, 31.5, 33, 60])
  }

  func testReversingAndSpeedingUpARepeatWithHandlers() throws {
    try assertAgree(
      [
        (
          0,
          blink
            + "h = run blink * 6\non h repeat { print \"repeat\", time, h.iteration }\non h done { print \"done\", time }"
        ),
        (7.3, "reverse h"), (9, "h.speed = -2"), (10.5, "h.speed = 0.5"),
      ],
      times: [7, 7.3, 8, 9, 9.6, 10.5, 12, 30])
  }

  func testFrameRatesThatDoNotDivideThePlay() throws {
    try assertAgree(blink + "run blink * forever", times: times, fps: 7)
    try assertAgree("run (fade(out, 0.1) + fade(in, 0.2)) * 300", times: times, fps: 24)
  }
}
