import XCTest

@testable import AnimTestRunner

/// The verdict on one file: its first difference, exactly as printed under `FAIL`.
final class DifferenceTests: XCTestCase {
  private func differences(_ source: String, _ outcome: ScriptOutcome) -> [String] {
    Difference.all(expecting: Expectations(source: source), got: outcome).map(\.text)
  }

  private func first(_ source: String, _ outcome: ScriptOutcome) -> String? {
    differences(source, outcome).first
  }

  // MARK: Output

  func testMatchingOutputPasses() {
    let source = "print 1  # expect: 1\nprint 2\n# expect: 2\n"
    XCTAssertEqual(differences(source, ScriptOutcome(stdout: "1\n2\n")), [])
  }

  func testNoExpectationsAndNoOutputPasses() {
    XCTAssertEqual(differences("x = 1\n", ScriptOutcome(stdout: "")), [])
  }

  func testEmptyExpectMatchesEmptyLine() {
    XCTAssertEqual(
      differences("# expect: a\n# expect:\n# expect: b\n", ScriptOutcome(stdout: "a\n\nb\n")), [])
  }

  func testTrailingWhitespaceOfOutputIsIgnored() {
    XCTAssertEqual(differences("# expect: a\n", ScriptOutcome(stdout: "a  \n")), [])
  }

  /// What docs/testing.md says the comparison forgives, exactly.
  func testWhatTheComparisonIgnoresAndWhatItKeeps() {
    // Trailing white space of any Unicode kind, on either side.
    let spaces = " \t\u{0B}\u{0C}\u{85}\u{A0}\u{2003}\u{2028}\u{3000}"
    XCTAssertEqual(differences("# expect: a\n", ScriptOutcome(stdout: "a\(spaces)\n")), [])
    XCTAssertEqual(differences("# expect: a \t\u{A0}\n", ScriptOutcome(stdout: "a\n")), [])
    // Leading white space counts; one space after the colon is the separator.
    XCTAssertEqual(differences("# expect:   a\n", ScriptOutcome(stdout: "  a\n")), [])
    XCTAssertEqual(
      differences("# expect: a\n", ScriptOutcome(stdout: " a\n")),
      ["line 1: expected \"a\", got \" a\""])
    // A line of white space only is an empty line.
    XCTAssertEqual(differences("# expect:\n", ScriptOutcome(stdout: " \t\n")), [])
    // Output lines end at \n, \r\n or a lone \r.
    XCTAssertEqual(
      differences("# expect: a\n# expect: b\n# expect: c\n", ScriptOutcome(stdout: "a\r\nb\rc\n")),
      [])
    // Canonically equivalent spellings are equal: é as one scalar or two.
    XCTAssertEqual(differences("# expect: \u{E9}\n", ScriptOutcome(stdout: "e\u{301}\n")), [])
  }

  func testOutputWithoutFinalLineBreak() {
    XCTAssertEqual(differences("# expect: a\n# expect: b\n", ScriptOutcome(stdout: "a\nb")), [])
  }

  func testDifferentLine() {
    let source = "x = 1\n\n\n\n\n\nprint view.alpha  # expect: 0.5\n"
    XCTAssertEqual(
      differences(source, ScriptOutcome(stdout: "0.25\n")),
      [#"line 7: expected "0.5", got "0.25""#])
  }

  func testEveryDifferentLineIsKeptFirstOneFirst() {
    XCTAssertEqual(
      differences("# expect: a\n# expect: b\n", ScriptOutcome(stdout: "x\ny\n")),
      [#"line 1: expected "a", got "x""#, #"line 2: expected "b", got "y""#])
  }

  func testMissingOutput() {
    let source = "# expect: a\n\n\n\n\n\n\n\n# expect: x\n"
    XCTAssertEqual(
      first(source, ScriptOutcome(stdout: "a\n")),
      #"line 9: expected output "x", got end of output"#)
  }

  func testExtraOutput() {
    XCTAssertEqual(
      differences("# expect: x\n", ScriptOutcome(stdout: "x\ny\nz\n")), [#"extra output "y""#])
  }

  func testQuotesAndBackslashesAreEscaped() {
    XCTAssertEqual(
      first(#"# expect: say "hi""#, ScriptOutcome(stdout: "a\\b\n")),
      #"line 1: expected "say \"hi\"", got "a\\b""#)
  }

  // MARK: expect statements

  func testFailedExpectation() {
    let failure = ScriptOutcome.FailedExpectation(
      line: 4, column: 1,
      message: "expectation failed: view.alpha is 0.25, expected 0.5 (t=1.5)")
    XCTAssertEqual(
      differences("", ScriptOutcome(stdout: "", failedExpectations: [failure], exitCode: 1)),
      ["line 4: expectation failed: view.alpha is 0.25, expected 0.5 (t=1.5)"])
  }

  func testOutputAndFailedExpectationsAreShownInLineOrder() {
    let failure = ScriptOutcome.FailedExpectation(
      line: 4, column: 1, message: "expectation failed: late")
    let source = "\n\n\n\n\n# expect: a\n"
    XCTAssertEqual(
      differences(source, ScriptOutcome(stdout: "b\n", failedExpectations: [failure], exitCode: 1)),
      ["line 4: expectation failed: late", #"line 6: expected "a", got "b""#])
  }

  // MARK: Unexpected errors

  func testUnexpectedCompileErrorComesFirst() {
    let outcome = ScriptOutcome(
      stdout: "", errors: [compileError(3, 5, "unknown name 'fdae'")], exitCode: 65)
    XCTAssertEqual(
      differences("# expect: 1\n", outcome),
      [
        "unexpected error at 3:5: unknown name 'fdae'",
        #"line 1: expected output "1", got end of output"#,
      ])
  }

  func testUnexpectedRuntimeError() {
    let outcome = ScriptOutcome(stdout: "", errors: [runtimeError(2, 1, "boom")], exitCode: 70)
    XCTAssertEqual(first("", outcome), "unexpected runtime error at 2:1: boom")
  }

  func testUnexpectedIOErrorWithoutPlace() {
    let failure = ScriptOutcome.Failure(
      kind: .io, line: 0, column: 0, message: "cannot read x.anim")
    let outcome = ScriptOutcome(stdout: "", errors: [failure], exitCode: 74)
    XCTAssertEqual(first("", outcome), "unexpected I/O error: cannot read x.anim")
  }

  func testUnexplainedExitCode() {
    XCTAssertEqual(
      differences("", ScriptOutcome(stdout: "", exitCode: 1)), ["exited with status 1, expected 0"])
  }

  // MARK: Expected errors

  func testExpectedCompileErrorPasses() {
    let source = "x = 1\nrun fade(out, 1 + wait(2)  # expect error: expected ')'\n"
    let outcome = ScriptOutcome(
      stdout: "", errors: [compileError(2, 19, "expected ')' after arguments")], exitCode: 65)
    XCTAssertEqual(differences(source, outcome), [])
  }

  func testExpectedCompileErrorAtLinePasses() {
    let source = "# expect error line 3: unknown name\n\nprint fdae\n"
    let outcome = ScriptOutcome(
      stdout: "", errors: [compileError(3, 7, "unknown name 'fdae'")], exitCode: 65)
    XCTAssertEqual(differences(source, outcome), [])
  }

  func testSeveralExpectedCompileErrorsPass() {
    let source = "a  # expect error: unknown name 'a'\nb  # expect error: unknown name 'b'\n"
    let outcome = ScriptOutcome(
      stdout: "",
      errors: [compileError(1, 1, "unknown name 'a'"), compileError(2, 1, "unknown name 'b'")],
      exitCode: 65)
    XCTAssertEqual(differences(source, outcome), [])
  }

  func testExpectedRuntimeErrorWithOutputBeforeItPasses() {
    let source = "print 1  # expect: 1\ncancel h  # expect runtime error: stale handle\n"
    let outcome = ScriptOutcome(
      stdout: "1\n", errors: [runtimeError(2, 1, "stale handle h")], exitCode: 70)
    XCTAssertEqual(differences(source, outcome), [])
  }

  func testExpectedRuntimeErrorThatDidNotHappen() {
    let source =
      String(repeating: "\n", count: 11) + "cancel h  # expect runtime error: stale handle\n"
    XCTAssertEqual(
      differences(source, ScriptOutcome(stdout: "")),
      [#"line 12: expected runtime error "stale handle", got none"#])
  }

  func testExpectedErrorAtOtherLineThatDidNotHappen() {
    XCTAssertEqual(
      first("# expect error line 5: oops\n", ScriptOutcome(stdout: "")),
      #"line 1: expected error "oops" at line 5, got none"#)
  }

  func testExpectedErrorWithAnotherMessage() {
    let outcome = ScriptOutcome(
      stdout: "", errors: [compileError(1, 7, "unknown name 'y'")], exitCode: 65)
    XCTAssertEqual(
      differences("print y  # expect error: unknown name 'x'\n", outcome),
      [#"line 1: expected error "unknown name 'x'", got error at 1:7: unknown name 'y'"#])
  }

  func testExpectedErrorAtAnotherLine() {
    let outcome = ScriptOutcome(stdout: "", errors: [compileError(2, 1, "oops")], exitCode: 65)
    XCTAssertEqual(
      first("x  # expect error: oops\ny\n", outcome),
      #"line 1: expected error "oops", got error at 2:1: oops"#)
  }

  func testExpectedCompileErrorButRuntimeErrorHappened() {
    let outcome = ScriptOutcome(stdout: "", errors: [runtimeError(1, 1, "oops")], exitCode: 70)
    XCTAssertEqual(
      first("x  # expect error: oops\n", outcome),
      #"line 1: expected error "oops", got runtime error at 1:1: oops"#)
  }

  func testUnexpectedSecondCompileErrorFails() {
    let source = "a  # expect error: unknown name 'a'\nb\n"
    let outcome = ScriptOutcome(
      stdout: "",
      errors: [compileError(1, 1, "unknown name 'a'"), compileError(2, 1, "unknown name 'b'")],
      exitCode: 65)
    XCTAssertEqual(differences(source, outcome), ["unexpected error at 2:1: unknown name 'b'"])
  }

  func testOutputBeforeExpectedErrorMustStillMatch() {
    let source = "print 1  # expect: 1\nboom  # expect runtime error: boom\n"
    let outcome = ScriptOutcome(stdout: "2\n", errors: [runtimeError(2, 1, "boom")], exitCode: 70)
    XCTAssertEqual(differences(source, outcome), [#"line 1: expected "1", got "2""#])
  }

  func testExpectedErrorWithWrongExitCode() {
    let outcome = ScriptOutcome(stdout: "", errors: [runtimeError(1, 1, "boom")], exitCode: 1)
    XCTAssertEqual(
      differences("boom  # expect runtime error: boom\n", outcome),
      ["exited with status 1, expected 70"])
  }

  func testMalformedDirectiveComesFirst() {
    XCTAssertEqual(
      first("# expect error line x: y\n", ScriptOutcome(stdout: "")),
      ##"line 1: malformed directive, expected "# expect error line N: MESSAGE""##)
  }
}
