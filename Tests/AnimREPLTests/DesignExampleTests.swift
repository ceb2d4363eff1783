import AnimREPL
import XCTest

/// The SPEC §1 design example, typed line by line.
final class DesignExampleTests: XCTestCase {
  func testDesignExampleLineByLine() {
    let session = ScriptedSession()
    let transcript = session.type([
      "blink = fade(out, 1) + fade(in, 1); run blink * 100",
      "step 1.5",
      "print view.alpha",
      "expect view.alpha == 0.5",
      "view.alpha",
    ])
    XCTAssertEqual(
      transcript,
      """
      anim 0.000s> blink = fade(out, 1) + fade(in, 1); run blink * 100
      anim 0.000s> step 1.5
        0.000s  #1 start
        view.alpha 1 → 0.5
      anim 1.500s> print view.alpha
      0.5
      anim 1.500s> expect view.alpha == 0.5
      anim 1.500s> view.alpha
      0.5

      """)
  }

  func testPromptShowsTheClockWithThreeDecimals() {
    let session = ScriptedSession()
    session.type(["step 1/3"])
    XCTAssertEqual(session.session.prompt, "anim 0.333s> ")
    session.type(["step 2.5"])
    XCTAssertEqual(session.session.prompt, "anim 2.833s> ")
  }

  func testABareExpressionEchoesItsValue() {
    let session = ScriptedSession()
    let transcript = session.type([
      "1 + 2", "fade(out, 1) + fade(in, 1)", "\"hi\"", "(1, 2)", "red",
    ])
    XCTAssertEqual(
      transcript,
      """
      anim 0.000s> 1 + 2
      3
      anim 0.000s> fade(out, 1) + fade(in, 1)
      motion (2s)
      anim 0.000s> "hi"
      "hi"
      anim 0.000s> (1, 2)
      (1, 2)
      anim 0.000s> red
      #ff0000

      """)
  }

  func testStatementsPrintWhatAScriptPrints() {
    let session = ScriptedSession()
    let transcript = session.type(["view box(x: 10)", "print box", "pool"])
    XCTAssertEqual(
      transcript,
      """
      anim 0.000s> view box(x: 10)
      anim 0.000s> print box
      box: x=10 y=0 width=100 height=100 alpha=1 rotation=0 scaleX=1 scaleY=1 color=#ffffff
      anim 0.000s> pool
      pool: no live runs

      """)
  }
}
