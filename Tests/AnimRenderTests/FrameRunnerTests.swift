import AnimEngine
import AnimLanguage
import AnimStage
import XCTest

/// Frames taken as the clock passes their times (SPEC §12.3).
final class FrameRunnerTests: XCTestCase {
  struct Taken: Equatable {
    var index: Int
    var time: Double
    var x: Double
  }

  /// Surveys and plays `text`, recording `box.x` (or `view.x`) at each frame.
  private func frames(
    _ text: String, _ selection: FrameSelection, view name: String = "box",
    output: inout [String]
  ) throws -> (FramePlan, [Taken]) {
    let runner = FrameRunner(source: SourceFile(path: "t.anim", text: text), selection: selection)
    var lines: [String] = []
    let (result, found) = runner.survey { lines.append($0) }
    output = lines
    XCTAssertTrue(result.errors.isEmpty, "\(result.errors.map(\.0.message))")
    let plan = try XCTUnwrap(found)
    var taken: [Taken] = []
    try runner.play(plan) { frame in
      let id = frame.scene.view(named: name)!
      taken.append(
        Taken(index: frame.index, time: frame.time, x: frame.scene.value(id, .x)[0]))
      XCTAssertEqual(frame.clock.now, frame.time, accuracy: 1e-9)
    }
    return (plan, taken)
  }

  private func frames(_ text: String, _ selection: FrameSelection, view name: String = "box")
    throws -> (FramePlan, [Taken])
  {
    var output: [String] = []
    return try frames(text, selection, view: name, output: &output)
  }

  func testFramesInsideOneBigStepAreTakenAsTheClockPasses() throws {
    let (plan, taken) = try frames(
      "view box\nrun move(to: (100, 0), 1) on box\nstep 2\n", .range(from: nil, to: nil, fps: 4))
    XCTAssertEqual(plan.schedule.count, 9)
    XCTAssertEqual(taken.map(\.x), [0, 25, 50, 75, 100, 100, 100, 100, 100])
    XCTAssertEqual(taken.map(\.time), (0..<9).map { Double($0) / 4 })
  }

  func testFramesAfterTheScriptsEndAreTakenBySteppingOn() throws {
    let (_, taken) = try frames(
      "view box\nrun move(to: (100, 0), 1) on box\nstep 0.5\n", .range(from: nil, to: 1, fps: 2))
    XCTAssertEqual(taken.map(\.x), [0, 50, 100])
  }

  func testARunEndingAHairBeforeAFrameStillHasThatFrame() throws {
    // 0.3333333333333333 + 0.6499999999999999 ends 1.1e-16 before 59/60:
    // within SPEC §12.3's 1e-9 s, so frame 59 is the last one (an imported
    // Lottie of 60 frames rendered 59; its export wrote op 59).
    let text =
      "fps 60\nview box\nrun wait(0.3333333333333333) + move(to: (30, 0), 0.6499999999999999) on box\n"
    let (plan, taken) = try frames(text, .range(from: nil, to: nil, fps: nil))
    XCTAssertEqual(plan.schedule.count, 60)
    XCTAssertEqual(taken.count, 60)
    XCTAssertEqual(taken.last?.time, 59.0 / 60)
    XCTAssertEqual(taken.last?.x, 30)
    // A run ending 1e-8 s before the frame (past the tolerance) does not.
    let (_, short) = try frames(
      "fps 60\nview box\nrun move(to: (30, 0), 0.98333332) on box\n",
      .range(from: nil, to: nil, fps: nil))
    XCTAssertEqual(short.count, 59)
  }

  func testTheDefaultEndIsWhenEveryRunHasEndedWithoutSteps() throws {
    let (plan, taken) = try frames(
      "view box\nrun move(to: (30, 0), 1.5) on box\n", .range(from: nil, to: nil, fps: 2))
    XCTAssertFalse(plan.capped)
    XCTAssertEqual(taken.map(\.x), [0, 10, 20, 30])
  }

  func testRunsThatNeverEndAreCappedAtTenSeconds() throws {
    let (plan, taken) = try frames(
      "view box\nrun move(by: (1, 0), 1) * forever on box\n", .range(from: nil, to: nil, fps: 1))
    XCTAssertTrue(plan.capped)
    XCTAssertEqual(plan.schedule.count, 11)
    XCTAssertEqual(taken.last?.time, 10)
    XCTAssertEqual(taken.last?.x, 10)
  }

  func testARunLongerThanTenSecondsIsCapped() throws {
    let (plan, taken) = try frames(
      "view box\nrun move(to: (200, 0), 20) on box\n", .range(from: nil, to: nil, fps: 1))
    XCTAssertTrue(plan.capped)
    XCTAssertEqual(taken.count, 11)
    XCTAssertEqual(taken.last?.x, 100)
  }

  func testResetDiscardsTheFramesTakenSoFar() throws {
    let text = """
      view box
      run move(to: (100, 0), 1) on box
      step 1
      reset
      run move(to: (-40, 0), 1) on box
      step 0.5
      """
    let (plan, taken) = try frames(text, .range(from: nil, to: nil, fps: 4))
    XCTAssertEqual(plan.schedule.count, 3)
    XCTAssertEqual(taken.map(\.x), [0, -10, -20])
    XCTAssertEqual(taken.map(\.index), [0, 1, 2])
  }

  func testTheScriptsFrameRateIsTheDefault() throws {
    let (plan, taken) = try frames(
      "view box\nrun move(to: (10, 0), 1) on box\nstep 0.5\nfps 4\nstep 0.5\n",
      .range(from: nil, to: nil, fps: nil))
    XCTAssertEqual(plan.schedule.rate, 4)
    XCTAssertEqual(taken.map(\.x), [0, 2.5, 5, 7.5, 10])
  }

  func testTheSurveyTakesFramesAtTheRateTheScriptWritesSoItRunsOnce() throws {
    // `fps 4` written as a number: the survey takes its frames at 4 fps
    // from the start, and they are the plan's (one survey, and a preview
    // need not run the script again).
    let text = "view box\nfps 4\nrun move(to: (10, 0), 1) on box\nstep 1\n"
    let runner = FrameRunner(
      source: SourceFile(path: "t.anim", text: text),
      selection: .range(from: nil, to: nil, fps: nil))
    XCTAssertEqual(runner.surveyRate, 4)
    var times: [Double] = []
    let (result, plan, played) = runner.survey(output: { _ in }) { times.append($0.time) }
    XCTAssertTrue(result.errors.isEmpty)
    XCTAssertEqual(plan?.schedule.rate, 4)
    XCTAssertTrue(played)
    XCTAssertEqual(times, [0, 0.25, 0.5, 0.75, 1])
    // The last one written counts; one set otherwise is only found by
    // running, and the frames are then taken again at it.
    let cases: [(script: String, guess: Double, rate: Double?, played: Bool)] = [
      ("view box\nfps 4\nfps 2\nrun move(to: (10, 0), 1) on box\nstep 1\n", 2, 2, true),
      (
        "view box\nfps 4\nlet r = 2\nfps r\nrun move(to: (10, 0), 1) on box\nstep 1\n", 60, 2, false
      ),
      // A rate the clock refuses is the script's error, as before.
      ("view box\nfps 2e6\nrun move(to: (10, 0), 1) on box\nstep 1\n", 60, nil, false),
    ]
    for c in cases {
      let runner = FrameRunner(
        source: SourceFile(path: "t.anim", text: c.script),
        selection: .range(from: nil, to: nil, fps: nil))
      XCTAssertEqual(runner.surveyRate, c.guess, c.script)
      let (result, plan, played) = runner.survey(output: { _ in }) { _ in }
      XCTAssertEqual(plan?.schedule.rate, c.rate, c.script)
      XCTAssertEqual(played, c.played, c.script)
      XCTAssertEqual(result.errors.isEmpty, c.rate != nil, c.script)
    }
  }

  func testAStillTakenOnceByTheSurveyIsThePlansFrame() throws {
    // `--at T` (`anim render`'s one-pass still): the survey's frame at T
    // is the plan's when the clock passed T once, and `play` takes the
    // same one.
    let cases: [(script: String, at: Double, played: Bool, x: Double?)] = [
      ("view box\nrun move(to: (100, 0), 1) on box\n", 0.5, true, 50),
      ("view box\nrun move(to: (100, 0), 1) on box\n", 0, true, 0),
      // Past the end: taken as the clock settles there.
      ("view box\nrun move(to: (100, 0), 1) on box\n", 3, true, 100),
      ("view box\nbox.x = 7\n", 0.25, true, 7),
      // A `reset` before T: the survey cannot vouch for its frame.
      ("view box\nstep 0.2\nreset\nrun move(to: (100, 0), 1) on box\n", 0.5, false, 50),
      // Past T, then back to 0 by `reset`: T is passed twice.
      (
        "view box\nrun move(to: (100, 0), 1) on box\nstep 1\nreset\n"
          + "run move(to: (10, 0), 1) on box\n", 0.5, false, 5
      ),
      // Stopped by an error: no plan.
      ("view box\nstep 1\nstep -1\n", 0.5, false, nil),
    ]
    for c in cases {
      let runner = FrameRunner(
        source: SourceFile(path: "t.anim", text: c.script), selection: .at(c.at))
      var seen: [Double] = []
      let (_, found, played) = runner.survey(output: { _ in }) { frame in
        seen.append(frame.scene.value(frame.scene.view(named: "box")!, .x)[0])
      }
      XCTAssertEqual(played, c.played, c.script)
      guard let x = c.x else {
        XCTAssertNil(found, c.script)
        continue
      }
      let plan = try XCTUnwrap(found, c.script)
      XCTAssertEqual(plan.schedule.count, 1, c.script)
      var drawn: [Double] = []
      try runner.play(plan) { frame in
        drawn.append(frame.scene.value(frame.scene.view(named: "box")!, .x)[0])
      }
      XCTAssertEqual(drawn.last, x, c.script)
      if c.played { XCTAssertEqual(seen, [x], c.script) }
    }
  }

  func testTheSurveysAndThePlaysScenesAreFreedWhenTheyReturn() throws {
    // The frame callback holds the interpreter, whose clock holds the
    // stops: unbroken, every survey kept its scene and runs alive (a
    // render held the survey's beside the play's; a preview, one more at
    // every edit).
    final class Seen {
      weak var scene: Scene?
    }
    let text = "view box\nrun move(to: (10, 0), 1) on box\nstep 1\n"
    let runner = FrameRunner(
      source: SourceFile(path: "t.anim", text: text),
      selection: .range(from: nil, to: nil, fps: nil))
    var surveyed: [Seen] = []
    let (result, found, played) = runner.survey(output: { _ in }) { frame in
      if surveyed.last?.scene !== frame.scene {
        let seen = Seen()
        seen.scene = frame.scene
        surveyed.append(seen)
      }
    }
    XCTAssertTrue(result.errors.isEmpty)
    XCTAssertTrue(played)
    XCTAssertEqual(surveyed.count, 1)
    XCTAssertNil(surveyed[0].scene)
    let plan = try XCTUnwrap(found)
    let playedScene = Seen()
    try runner.play(plan) { frame in playedScene.scene = frame.scene }
    XCTAssertNil(playedScene.scene)
  }

  func testFromSkipsEarlierFrames() throws {
    let (_, taken) = try frames(
      "view box\nrun move(to: (100, 0), 1) on box\nstep 1\n", .range(from: 0.5, to: nil, fps: 4))
    XCTAssertEqual(taken.map(\.x), [50, 75, 100])
    XCTAssertEqual(taken.map(\.index), [0, 1, 2])
  }

  func testAFrameShowsTheInstantAfterItsEventsAndHandlers() throws {
    let text = """
      view box
      h = run move(to: (100, 0), 1) on box
      on h done { box.x = 7 }
      step 2
      """
    let (_, taken) = try frames(text, .range(from: 0, to: 1, fps: 1))
    XCTAssertEqual(taken.map(\.x), [0, 7])
  }

  func testAtTakesOneFrameAsTheClockPasses() throws {
    let text = "view box\nrun move(to: (100, 0), 1) on box\nstep 1\nbox.x = 500\n"
    let (_, taken) = try frames(text, .at(0.25))
    XCTAssertEqual(taken, [Taken(index: 0, time: 0.25, x: 25)])
    let (_, end) = try frames(text, .end)
    XCTAssertEqual(end, [Taken(index: 0, time: 1, x: 500)])
  }

  func testTheOutputIsPrintedOnceAndTheScriptIsUnchanged() throws {
    var output: [String] = []
    let text = "view box\nrun move(to: (100, 0), 1) on box\nstep 0.3\nprint box.x, time\n"
    _ = try frames(text, .range(from: nil, to: nil, fps: 7), output: &output)
    XCTAssertEqual(output, ["30 0.3"])
  }

  func testTheFittedStageIsTheUnionOfEveryFramesViews() throws {
    let (plan, _) = try frames(
      "view box(width: 10, height: 10)\nrun move(to: (100, 50), 1) on box\nstep 1\n",
      .range(from: nil, to: nil, fps: 2))
    XCTAssertEqual(plan.drawnBounds, StageRect(minX: -5, minY: -5, maxX: 105, maxY: 55))
    let layout = try plan.layout()
    XCTAssertEqual(layout.world, StageRect(minX: -21, minY: -21, maxX: 121, maxY: 71))
    XCTAssertEqual(layout.pixelWidth, 142)
    XCTAssertEqual(layout.pixelHeight, 92)
  }

  func testAStageWithoutASizeSetLaterIsFittedToTheFramesBeforeItToo() throws {
    // Frames at 0 and 0.5 are taken while the stage has a size; the stage
    // set at 0.5 has none, so it is fitted to every frame's views, from
    // x = 0 to 100 (SPEC §12.2), not to those after it alone. The script's
    // output is printed once.
    var output: [String] = []
    let text = """
      stage(width: 90, height: 60)
      view box(width: 10, height: 10)
      run move(to: (100, 50), 0.5) on box
      step 0.5
      stage(background: black)
      print box.x
      step 0.5
      """
    let (plan, taken) = try frames(text, .range(from: nil, to: nil, fps: 2), output: &output)
    XCTAssertEqual(output, ["100"])
    XCTAssertEqual(taken.map(\.x), [0, 100, 100])
    XCTAssertEqual(plan.drawnBounds, StageRect(minX: -5, minY: -5, maxX: 105, maxY: 55))
    // One frame, at 0.2: its own views.
    let (at, _) = try frames(text, .at(0.2), output: &output)
    XCTAssertEqual(at.drawnBounds, StageRect(minX: 35, minY: 15, maxX: 45, maxY: 25))
    // A stage that keeps its size reads no bounds.
    let (sized, _) = try frames(
      "stage(width: 90, height: 60)\nview box\nrun move(to: (9, 0), 1) on box\nstep 1\n",
      .range(from: nil, to: nil, fps: 2), output: &output)
    XCTAssertNil(sized.drawnBounds)
  }

  func testTheDefaultViewIsDrawnOnlyWhenUsed() throws {
    func drawn(_ text: String) throws -> [String] {
      let runner = FrameRunner(source: SourceFile(path: "t.anim", text: text), selection: .end)
      let (_, plan) = runner.survey { _ in }
      var names: [String] = []
      try runner.play(XCTUnwrap(plan)) { frame in
        names = (0..<frame.scene.count).map(ViewID.init).filter(frame.scene.isDrawn).map(
          frame.scene.name(of:))
      }
      return names
    }
    XCTAssertEqual(try drawn("view a\ngrid g(cols: 2, rows: 1)\n"), ["a", "g[0]", "g[1]"])
    XCTAssertEqual(try drawn("view a\nrun fade(out, 1)\n"), ["view", "a"])
    XCTAssertEqual(try drawn("view a\nprint view.alpha\n"), ["view", "a"])
    XCTAssertEqual(try drawn("view a\nrun fade(out, 1) on a\nrun wait(1) + mark(\"m\")\n"), ["a"])
  }
}
