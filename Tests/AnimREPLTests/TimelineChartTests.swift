import AnimREPL
import XCTest

/// `:timeline`: the chart of runs over time, pinned at a fixed width.
final class TimelineChartTests: XCTestCase {
  func testAChartOfPartsMarksACancelAndAForeverRun() {
    let session = ScriptedSession(width: 60)
    session.type([
      "run fade(out, 1) + wait(0.5) + mark(\"half\") + fade(in, 1)",
      "h = run move(to: (100, 0), 2) | rotate(to: 90, 1)",
      "spinner = run rotate(by: 90, 1) * forever",
      "step 1.25",
      "cancel h",
      "step 0.5",
    ])
    // One row per part of the top-level sequence and parallel; the chart
    // looks 10 s ahead of the clock, so the forever run goes off the edge.
    XCTAssertEqual(
      session.type([":timeline"]),
      """
      anim 1.750s> :timeline
      #1.1 fade(out, 1)    ████ │
      #1.2 wait(0.5)            │
      #1.3 mark("half")        |│
      #1.4 fade(in, 1)         █│██*
      #2.1 move(to: (100,… ████x│
      #2.2 rotate(to: 90,… ████ │
      #3 rotate(by: 90, 1… ███:█│:██:██:███:██:██:██:███:██:██:█→
                           ┬────▲──────────┬───────────────┬─────
                           0s              5s              10s
      now 1.750s ▲  █ active  | mark  : repeat  * done  x stopped

      """)
    // Every line fits the width.
    for line in session.transcript.lines where !line.hasPrefix("anim ") {
      XCTAssertLessThanOrEqual(line.count, 60, line)
    }
  }

  func testOneRunByHandleOrId() {
    let session = ScriptedSession(width: 50)
    session.type(["h = run fade(out, 0.5) * 3", "run wait(1)", "step 0.75"])
    XCTAssertEqual(
      session.type([":timeline h", ":timeline #2"]),
      """
      anim 0.750s> :timeline h
      #1 fade(out, 0.… ██████████:█████│████:█████████*
                       ┬─────────┬─────▲────┬─────────┬
                       0s        0.5s       1s     1.5s
      now 0.750s ▲  █ active  : repeat  * done
      anim 0.750s> :timeline #2
      #2 wait(1)                             │        *
                 ┬──────┬───────┬──────┬─────▲─┬──────┬
                 0s     0.2s    0.4s   0.6s    0.8s  1s
      now 0.750s ▲  * done

      """)
  }

  func testARunThatEndedLongAgoFillsTheChartAndTheClockIsOffIt() {
    let session = ScriptedSession(width: 50)
    session.type(["h = run fade(out, 1) + fade(in, 1)", "step 100"])
    // From the run's start to its end: the clock (98 s later) is not
    // stretched in, so the run is not squeezed into a column or two.
    XCTAssertEqual(
      session.type([":timeline h"]),
      """
      anim 100.000s> :timeline h
      #1.1 fade(out, … ████████████████
      #1.2 fade(in, 1)                 ███████████████*
                       ┬───────┬───────┬───────┬──────┬
                       0s      0.5s    1s      1.5s  2s
      now 100.000s (after the chart)  █ active  * done

      """)
  }

  func testAPausedRunShowsWhereItWouldEndIfResumedNow() {
    let session = ScriptedSession(width: 60)
    session.type(["h = run fade(out, 2)", "step 0.5", "pause h", "step 1"])
    // 1.5 s of the fade are left: resumed at 1.5 s it would end at 3 s.
    XCTAssertEqual(
      session.type([":timeline"]),
      """
      anim 1.500s> :timeline
      #1 fade(out, 2) (pa…             ███████│█████████████████*
                           ┬─────┬─────┬──────▲─────┬─────┬─────┬
                           0s    0.5s  1s     1.5s  2s    2.5s 3s
      now 1.500s ▲  █ active  * done

      """)
  }

  func testTheChartFollowsTheTerminalWidth() {
    for width in [40, 80, 120] {
      let session = ScriptedSession(width: width)
      session.type(["run fade(out, 1) * 4", "step 1"])
      let lines = session.type([":timeline"]).split(separator: "\n").dropFirst()
      XCTAssertEqual(lines.count, 4)
      XCTAssertEqual(lines.map(\.count).max(), width - 1, "\(width)")
    }
  }

  func testAnUnknownRunIsAnError() {
    let session = ScriptedSession(width: 50)
    session.type(["x = 1", "run wait(1)"])
    XCTAssertEqual(
      session.type([":timeline #9", ":timeline x"]),
      """
      anim 0.000s> :timeline #9
      <repl>:1:11: error: no run #9
      1 | :timeline #9
        |           ^~
      anim 0.000s> :timeline x
      <repl>:1:11: error: 'x' is a number, not a run handle
      1 | :timeline x
        |           ^

      """)
  }

  func testNoRunsYet() {
    XCTAssertEqual(
      ScriptedSession().type([":timeline"]), "anim 0.000s> :timeline\ntimeline: no runs yet\n")
  }
}
