import AnimLanguage
import XCTest

/// `+` and `|` bind tighter than `on`: `m on a + m2 on b` reads as
/// `m on (a + m2) on b`. The checker finds it with the brackets meant, and
/// where only the run finds it, the error's hint shows them (SPEC §23.3).
final class BoundMotionOperatorTests: XCTestCase {
  private let views = "rect a(width: 10, height: 10)\nrect b(width: 10, height: 10)\n"

  private func error(_ text: String) -> (message: String, hint: String?, line: Int, column: Int)? {
    let result = ScriptRunner.run(SourceFile(path: "t.anim", text: views + text), output: { _ in })
    return result.errors.first.map {
      ($0.0.message, $0.0.hint, $0.0.range.line, $0.0.range.column)
    }
  }

  func testASequenceOfBoundMotionsIsFoundByTheChecker() {
    let text = views + "print \"never\"\nrun fade(out, 1) on a + fade(in, 1) on b\n"
    let found = ScriptRunner.check(SourceFile(path: "t.anim", text: text)).errors.first?.0
    XCTAssertEqual(
      found?.message, "'+' binds tighter than 'on': this binds a motion to 'a + fade(in, 1)'")
    XCTAssertEqual(
      found?.hint, "bracket each bound motion: (fade(out, 1) on a) + (fade(in, 1) on b)")
    XCTAssertEqual(found?.range.line, 4)
    XCTAssertEqual(found?.range.column, 21)
  }

  func testAParallelOfBoundMotionsIsStillFound() {
    let found = error("run fade(out, 1) on a | fade(out, 2) on b\n")
    XCTAssertEqual(
      found?.message, "'|' binds tighter than 'on': this binds a motion to 'a | fade(out, 2)'")
    XCTAssertEqual(
      found?.hint, "bracket each bound motion: (fade(out, 1) on a) | (fade(out, 2) on b)")
  }

  func testBracketedBoundMotionsRun() {
    var printed: [String] = []
    let result = ScriptRunner.run(
      SourceFile(
        path: "t.anim",
        text: views
          + "run (fade(out, 1) on a) + (fade(out, 1) on b)\nstep 1.5\nprint a.alpha, b.alpha\n"),
      output: { printed.append($0) })
    XCTAssertTrue(result.errors.isEmpty)
    XCTAssertEqual(printed, ["0 0.5"])
  }

  /// `on [a] + [b]` joins two lists of views: not the mistake.
  func testJoinedListsOfViewsAreATarget() {
    var printed: [String] = []
    let result = ScriptRunner.run(
      SourceFile(
        path: "t.anim",
        text: views + "run fade(out, 1) on [a] + [b]\nstep 0.25\nprint a.alpha, b.alpha\n"),
      output: { printed.append($0) })
    XCTAssertTrue(result.errors.isEmpty)
    XCTAssertEqual(printed, ["0.75 0.75"])
  }

  /// The run's error beside a view: "cannot '+' …" or "'|' needs
  /// motions …", with the hint to bracket each bound motion.
  private func assertBracketHint(
    _ text: String, _ message: String, _ op: String, _ verb: String, column: Int
  ) {
    let found = error(text)
    XCTAssertEqual(found?.message, message)
    XCTAssertEqual(
      found?.hint,
      "to \(verb) motions bound to views, bracket each: (fade(out, 1) on a) \(op) (fade(in, 1) on b)"
        + " ('\(op)' binds tighter than 'on')")
    XCTAssertEqual(found?.line, 3)
    XCTAssertEqual(found?.column, column)
  }

  /// With one `on`, only the run can tell a view from a list: its error
  /// says how to bracket; so does a view in a parallel.
  func testAViewBesideAMotionGetsTheHintAtRunTime() {
    assertBracketHint(
      "run fade(out, 1) on a + fade(in, 1)\n", "cannot '+' a view and a motion", "+", "chain",
      column: 21)
    assertBracketHint(
      "x = a | fade(out, 1)\n", "'|' needs motions, not view", "|", "join", column: 5)
  }

  func testOtherOperandsGetNoSuchHint() {
    XCTAssertNil(error("x = a + 1\n")?.hint)
    XCTAssertEqual(error("x = a + 1\n")?.message, "cannot '+' a view and a number")
    XCTAssertNil(error("x = 1 | fade(out, 1)\n")?.hint)
  }
}
