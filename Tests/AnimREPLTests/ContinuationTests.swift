import AnimREPL
import XCTest

/// `...> `: an unfinished statement reads more lines (Lua's rule: the parse
/// failed at the end of the input).
final class ContinuationTests: XCTestCase {
  func testAnOpenBracketContinuesTheStatement() {
    let session = ScriptedSession()
    let transcript = session.type(["run fade(out,", "  1)", "step 0.5", "view.alpha"])
    XCTAssertEqual(
      transcript,
      """
      anim 0.000s> run fade(out,
      ...>   1)
      anim 0.000s> step 0.5
        0.000s  #1 start
        view.alpha 1 → 0.5
      anim 0.500s> view.alpha
      0.5

      """)
  }

  func testATrailingOperatorAndABraceContinue() {
    let session = ScriptedSession()
    let transcript = session.type([
      "m = fade(out, 1) +", "  fade(in, 1)", "for i in 0..<2 {", "  print i", "}", "m.duration",
    ])
    XCTAssertEqual(
      transcript,
      """
      anim 0.000s> m = fade(out, 1) +
      ...>   fade(in, 1)
      anim 0.000s> for i in 0..<2 {
      ...>   print i
      ...> }
      0
      1
      anim 0.000s> m.duration
      2

      """)
  }

  func testAnIfBlockAndATrailingAndContinue() {
    let session = ScriptedSession()
    let transcript = session.type([
      "x = 3", "if x > 2 and", "  x < 5 {", "  print \"in\"", "} else if x > 5 {",
      "  print \"over\"", "} else {", "  print \"under\"", "}", "if x == 3", "{ print x }",
    ])
    XCTAssertEqual(
      transcript,
      """
      anim 0.000s> x = 3
      anim 0.000s> if x > 2 and
      ...>   x < 5 {
      ...>   print "in"
      ...> } else if x > 5 {
      ...>   print "over"
      ...> } else {
      ...>   print "under"
      ...> }
      in
      anim 0.000s> if x == 3
      ...> { print x }
      3

      """)
  }

  func testCtrlCDropsTheUnfinishedStatement() {
    let session = ScriptedSession()
    let transcript = session.type([.line("print (1 +"), .interrupted, .line("print 2")])
    XCTAssertEqual(
      transcript,
      """
      anim 0.000s> print (1 +
      ...> ^C
      anim 0.000s> print 2
      2

      """)
  }

  func testInputEndingInsideAStatementReportsIt() {
    let session = ScriptedSession()
    let transcript = session.type(["print (1 +"])
    XCTAssertEqual(
      transcript,
      """
      anim 0.000s> print (1 +
      <repl>:1:11: error: expected expression
      1 | print (1 +
        |           ^

      """)
  }

  func testTheDesignExampleRunsOnOneLine() {
    let session = ScriptedSession()
    let transcript = session.type([
      "blink = fade(out,1) + fade(in,1); run blink * 100; step 1.5; print view.alpha"
    ])
    XCTAssertEqual(
      transcript,
      """
      anim 0.000s> blink = fade(out,1) + fade(in,1); run blink * 100; step 1.5; print view.alpha
      0.5
        0.000s  #1 start
        view.alpha 1 → 0.5

      """)
  }
}
