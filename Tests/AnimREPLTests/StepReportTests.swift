import AnimREPL
import XCTest

/// The report after an input that moved the clock.
final class StepReportTests: XCTestCase {
  func testEventsAndChangesAreListedWithTheirTimes() {
    let session = ScriptedSession()
    session.type(["view box", "run fade(out, 1) + mark(\"half\") + move(to: (50, 0), 1) on box"])
    XCTAssertEqual(
      session.type(["step 1.5"]),
      """
      anim 0.000s> step 1.5
        0.000s  #1 start
        1.000s  #1 mark "half"
        box.x 0 → 25
        box.alpha 1 → 0

      """)
  }

  func testLongListsAreCapped() {
    let session = ScriptedSession()
    session.type([
      "grid tiles(cols: 4, rows: 2)", "for v in tiles {", "  run fade(out, 1) + fade(in, 1) on v",
      "}",
    ])
    let report = session.type(["step 1.5"]).split(separator: "\n").dropFirst().map(String.init)
    XCTAssertEqual(
      report,
      [
        "  0.000s  #1 start",
        "  0.000s  #2 start",
        "  0.000s  #3 start",
        "  0.000s  #4 start",
        "  0.000s  #5 start",
        "  … and 3 more events",
        "  tiles[0].alpha 1 → 0.5",
        "  tiles[1].alpha 1 → 0.5",
        "  tiles[2].alpha 1 → 0.5",
        "  tiles[3].alpha 1 → 0.5",
        "  tiles[4].alpha 1 → 0.5",
        "  … and 3 more changes",
      ])
  }

  func testTimesAreAlignedAndSkippedRepeatsCounted() {
    let session = ScriptedSession()
    session.type(["run fade(to: 0.5, 1) * 1000"])
    XCTAssertEqual(
      session.type(["step 500.5"]),
      """
      anim 0.000s> step 500.5
          0.000s  #1 start
          1.000s  #1 repeat 2
        499.000s  #1 repeat 500
        500.000s  #1 repeat 501
        … and 497 more events
        view.alpha 1 → 0.5

      """)
  }

  func testStepsThatChangeNothingPrintNothing() {
    XCTAssertEqual(
      ScriptedSession().type(["step 1", "tick"]), "anim 0.000s> step 1\nanim 1.000s> tick\n")
  }

  func testTraceReportsToo() {
    let session = ScriptedSession()
    session.type(["run fade(out, 1)"])
    XCTAssertEqual(
      session.type(["trace view.alpha every 0.5 for 1"]),
      """
      anim 0.000s> trace view.alpha every 0.5 for 1
      t=0 view.alpha=1
      t=0.5 view.alpha=0.5
      t=1 view.alpha=0
        0.000s  #1 start
        1.000s  #1 done
        view.alpha 1 → 0

      """)
  }
}
