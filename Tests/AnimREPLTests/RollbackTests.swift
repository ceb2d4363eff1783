import AnimLanguage
import AnimREPL
import XCTest

/// An error prints its diagnostic and leaves the session exactly as it was.
final class RollbackTests: XCTestCase {
  private let setup = [
    "blink = fade(out, 1) + fade(in, 1)", "h = run blink * 100", "step 1.5",
  ]

  func testARuntimeErrorAfterSomeStatementsRanChangesNothing() {
    let session = ScriptedSession()
    session.type(setup)
    let before = sceneState(session.session.interpreter)
    // `step 1` and `run` run before `step -1` fails: all of it is undone.
    let transcript = session.type([
      "x = 5; run fade(in, 3); step 1; step -1", "print view.alpha, time, h.id",
    ])
    XCTAssertEqual(
      transcript,
      """
      anim 1.500s> x = 5; run fade(in, 3); step 1; step -1
      <repl>:1:38: error: cannot step back in time: step -1
      1 | x = 5; run fade(in, 3); step 1; step -1
        |                                      ^~
      anim 1.500s> print view.alpha, time, h.id
      0.5 1.5 1

      """)
    XCTAssertEqual(sceneState(session.session.interpreter), before)
    // `x` was never bound, and the next run is #2, not #3.
    let after = session.type(["print x", "run wait(1) as w", "print w.id"])
    XCTAssertEqual(
      after,
      """
      anim 1.500s> print x
      x
      anim 1.500s> run wait(1) as w
      anim 1.500s> print w.id
      2

      """)
  }

  func testACompileErrorRunsNothing() {
    let session = ScriptedSession()
    session.type(setup)
    let transcript = session.type(["step 1; print vew.alpha", "print time"])
    XCTAssertEqual(
      transcript,
      """
      anim 1.500s> step 1; print vew.alpha
      <repl>:1:15: error: unknown name 'vew'
      1 | step 1; print vew.alpha
        |               ^~~
        = hint: did you mean 'view'?
      anim 1.500s> print time
      1.5

      """)
  }

  func testLaterOutputIsTheSameAsIfTheErrorHadNeverBeenTyped() {
    let withError = ScriptedSession()
    withError.type(
      setup + ["seed 7", "random(0, 1)", "step 1; random(0, 1); bogus()", "step 0.25"])
    let clean = ScriptedSession()
    clean.type(setup + ["seed 7", "random(0, 1)", "step 0.25"])
    XCTAssertEqual(sceneState(withError.session.interpreter), sceneState(clean.session.interpreter))
    XCTAssertEqual(
      withError.type(["random(0, 1)", "print view.alpha, time"]),
      clean.type(["random(0, 1)", "print view.alpha, time"]))
  }

  func testAFailedExpectationIsReportedButKept() {
    let session = ScriptedSession()
    let transcript = session.type(["x = 1; expect x == 2; y = 3", "print x, y"])
    XCTAssertEqual(
      transcript,
      """
      anim 0.000s> x = 1; expect x == 2; y = 3
      <repl>:1:15: expectation failed: x is 1, expected 2 (t=0)
      1 | x = 1; expect x == 2; y = 3
        |               ^~~~~~
      anim 0.000s> print x, y
      1 3

      """)
  }

  func testHandlersSurviveARollback() {
    let session = ScriptedSession()
    session.type(["h = run wait(1)", "on h done { print \"done at\", time }"])
    let transcript = session.type(["step 2; bogus()", "step 2"])
    XCTAssertEqual(
      transcript,
      """
      anim 0.000s> step 2; bogus()
      <repl>:1:9: error: unknown function 'bogus'
      1 | step 2; bogus()
        |         ^~~~~
      anim 0.000s> step 2
      done at 1
        0.000s  #1 start
        1.000s  #1 done

      """)
  }
}

/// The work limit applies to each entry: an entry past it rolls back like
/// any runtime error, and the next entry has the whole limit again.
final class WorkLimitRollbackTests: XCTestCase {
  func testEachEntryHasTheWholeLimitAndAnEntryPastItRollsBack() {
    let session = ScriptedSession()
    session.session.workLimit = 100
    // 2 steps an iteration: 40 iterations fit in 100 steps, 60 do not.
    session.type(["n = 0", "for i in 0..<40 { n = n + 1 }", "for i in 0..<40 { n = n + 1 }"])
    let before = sceneState(session.session.interpreter)
    let transcript = session.type(["step 1; for i in 0..<60 { n = n + 1 }", "print n, time"])
    XCTAssertEqual(
      transcript,
      """
      anim 0.000s> step 1; for i in 0..<60 { n = n + 1 }
      <repl>:1:18: error: work limit reached: more than 100 steps
      1 | step 1; for i in 0..<60 { n = n + 1 }
        |                  ^~~~~~
        = hint: a loop, a chain of handlers or a repeat of very short plays that does not end? --work-limit N raises the limit
      anim 0.000s> print n, time
      80 0

      """)
    XCTAssertEqual(sceneState(session.session.interpreter), before)
  }
}
