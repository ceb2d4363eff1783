import AnimLanguage
import XCTest

final class DiagnosticTests: XCTestCase {
  private func renderErrors(_ text: String, path: String = "blink.anim", useColor: Bool = false)
    -> String
  {
    let source = SourceFile(path: path, text: text)
    let result = Parser.parse(source)
    return DiagnosticRenderer(useColor: useColor).render(result.diagnostics, in: source)
  }

  /// SPEC §8's example. The `)` closing `fade(` is missing; the error is put
  /// where the `)` belongs, right after `wait(2)` (column 26), not at the start
  /// of the next line, and the hint says which `(` is open.
  func testMissingParenthesisFromTheSpecification() {
    let text = "blink = fade(out, 1) + fade(in, 1)\nview box\nrun fade(out, 1 + wait(2)\nstep 1\n"
    XCTAssertEqual(
      renderErrors(text),
      """
      blink.anim:3:26: error: expected ')' after arguments
      3 | run fade(out, 1 + wait(2)
        |                          ^
        = hint: the '(' opened at 3:9 is not closed

      """)
  }

  func testMissingParenthesisAtEndOfInputPointsAfterTheLastToken() {
    XCTAssertEqual(
      renderErrors("run fade(out, 1 + wait(2)"),
      """
      blink.anim:1:26: error: expected ')' after arguments
      1 | run fade(out, 1 + wait(2)
        |                          ^
        = hint: the '(' opened at 1:9 is not closed

      """)
  }

  func testFoundTokenIsNamedAndUnderlined() {
    XCTAssertEqual(
      renderErrors("on h dne { print 1 }"),
      """
      blink.anim:1:6: error: unknown handler event 'dne'; expected done, start, repeat or mark
      1 | on h dne { print 1 }
        |      ^~~
        = hint: did you mean 'done'?

      """)
  }

  func testExpectedExpressionFoundBrace() {
    XCTAssertEqual(
      renderErrors("on h done { x = }"),
      """
      blink.anim:1:17: error: expected expression, found '}'
      1 | on h done { x = }
        |                 ^

      """)
  }

  func testMissingCommaHint() {
    XCTAssertEqual(
      renderErrors("run fade(out 1)"),
      """
      blink.anim:1:14: error: expected ')' after arguments, found '1'
      1 | run fade(out 1)
        |              ^
        = hint: separate arguments with ','

      """)
  }

  func testUnterminatedStringUnderlinesToTheEndOfLine() {
    XCTAssertEqual(
      renderErrors("print \"abc\n"),
      """
      blink.anim:1:7: error: unterminated string
      1 | print "abc
        |       ^~~~

      """)
  }

  func testCaretKeepsTabsForAlignment() {
    XCTAssertEqual(
      renderErrors("\tx = )"),
      "blink.anim:1:6: error: expected expression, found ')'\n1 | \tx = )\n  | \t    ^\n")
  }

  func testWideLineNumbersWidenTheGutter() {
    let text = String(repeating: "\n", count: 11) + "x = ]"
    XCTAssertEqual(
      renderErrors(text),
      """
      blink.anim:12:5: error: expected expression, found ']'
      12 | x = ]
         |     ^

      """)
  }

  func testColorOnlyWhenAsked() {
    let plain = renderErrors("x = )")
    XCTAssertFalse(plain.contains("\u{1B}"))
    let colored = renderErrors("x = )", useColor: true)
    XCTAssertTrue(colored.contains("\u{1B}[1m\u{1B}[31merror:\u{1B}[0m"))
    XCTAssertTrue(colored.contains("\u{1B}[0m"))
  }

  func testNoteAndWarningSeverities() {
    let source = SourceFile(path: "a.anim", text: "step 1\n")
    let range = SourceRange(start: 0, end: 4, line: 1, column: 1)
    let renderer = DiagnosticRenderer()
    XCTAssertEqual(
      renderer.render(Diagnostic(.warning, "slow", at: range), in: source),
      "a.anim:1:1: warning: slow\n1 | step 1\n  | ^~~~\n")
    XCTAssertEqual(
      renderer.render(.note("see here", at: range.startOnly), in: source),
      "a.anim:1:1: note: see here\n1 | step 1\n  | ^\n")
  }

  func testShouldUseColor() {
    XCTAssertTrue(DiagnosticRenderer.shouldUseColor(isTerminal: true, environment: [:]))
    XCTAssertFalse(DiagnosticRenderer.shouldUseColor(isTerminal: false, environment: [:]))
    XCTAssertFalse(
      DiagnosticRenderer.shouldUseColor(isTerminal: true, environment: ["NO_COLOR": "1"]))
    XCTAssertTrue(
      DiagnosticRenderer.shouldUseColor(isTerminal: true, environment: ["NO_COLOR": ""]))
    XCTAssertFalse(
      DiagnosticRenderer.shouldUseColor(isTerminal: true, environment: ["TERM": "dumb"]))
  }

  func testSourceFileLocationsAndLines() {
    let source = SourceFile(path: "s", text: "ab\r\né→x\n")
    XCTAssertEqual(source.lineCount, 3)
    XCTAssertEqual(source.lineText(1), "ab")
    XCTAssertEqual(source.lineText(2), "é→x")
    XCTAssertEqual(source.lineText(3), "")
    XCTAssertEqual(source.lineText(9), "")
    XCTAssertEqual(source.location(ofOffset: 0), SourceLocation(line: 1, column: 1))
    XCTAssertEqual(source.location(ofOffset: 4), SourceLocation(line: 2, column: 1))
    XCTAssertEqual(source.location(ofOffset: 9), SourceLocation(line: 2, column: 3))
    XCTAssertEqual(source.location(ofOffset: 11), SourceLocation(line: 3, column: 1))
  }

  func testSpellingSuggestions() {
    XCTAssertEqual(Spelling.closest(to: "fdae", among: ["fade", "move"]), "fade")
    XCTAssertEqual(Spelling.closest(to: "outQaud", among: ["outQuad", "inQuad"]), "outQuad")
    XCTAssertNil(Spelling.closest(to: "zzz", among: ["fade", "move"]))
  }
}
