import XCTest

@testable import AnimTestRunner

final class ExpectationUpdaterTests: TemporaryDirectoryTestCase {
  private func update(_ source: String, _ output: [String]) -> String {
    ExpectationUpdater.updatedSource(source, output: output)
  }

  func testEqualCountReplacesTextsInPlace() {
    XCTAssertEqual(
      update(
        "print a\n# expect: old a\n  #expect: old b\nprint c  # expect: old c\n", ["1", "2", "3"]),
      "print a\n# expect: 1\n  #expect: 2\nprint c  # expect: 3\n")
  }

  func testMoreOutputIsAppendedAfterLastExpectLine() {
    XCTAssertEqual(
      update("x\n  # expect: 1\ny\n", ["1", "2", "", "3"]),
      "x\n  # expect: 1\n  # expect: 2\n  # expect:\n  # expect: 3\ny\n")
  }

  func testMoreOutputAfterTrailingExpect() {
    XCTAssertEqual(
      update("print 1  # expect: 1\nz\n", ["1", "2"]),
      "print 1  # expect: 1\n# expect: 2\nz\n")
  }

  func testNewLinesGoAfterTheStatementThatPrintedThem() {
    // Output 2 and 3 come from lines 3 and 4, below the only slot.
    XCTAssertEqual(
      ExpectationUpdater.updatedSource(
        "print 1\n# expect: 1\nprint 2\nprint 3\nview box\n", output: ["1", "2", "3"],
        origins: [1, 3, 4]),
      "print 1\n# expect: 1\nprint 2\n# expect: 2\nprint 3\n# expect: 3\nview box\n")
    // With no slot at all; a loop's lines go after its closing line, two from
    // one statement keep their order, and a last line without a break gets one.
    XCTAssertEqual(
      ExpectationUpdater.updatedSource(
        "for i in 1...2 {\n  print i\n}\n  step 1\nprint 9", output: ["1", "2", "h", "9"],
        origins: [3, 3, 4, 5]),
      "for i in 1...2 {\n  print i\n}\n# expect: 1\n# expect: 2\n  step 1\n  # expect: h\n"
        + "print 9\n# expect: 9\n")
  }

  func testANewLineNeverGoesAboveTheLastSlot() {
    // Output 2 comes from line 1, but the slot at line 3 holds output 1:
    // output 2 must follow it.
    XCTAssertEqual(
      ExpectationUpdater.updatedSource(
        "print 1; print 2\nx = 1\n  # expect: 1\n", output: ["1", "2"], origins: [1, 1]),
      "print 1; print 2\nx = 1\n  # expect: 1\n  # expect: 2\n")
  }

  func testNoExpectLinesAppendsAtEnd() {
    XCTAssertEqual(
      update("print 1\nprint 2", ["1", "2"]), "print 1\nprint 2\n# expect: 1\n# expect: 2\n")
    XCTAssertEqual(update("", ["1"]), "# expect: 1\n")
  }

  func testFewerOutputRemovesSurplusExpectLines() {
    XCTAssertEqual(
      update("# expect: 1\nprint 2  # expect: 2\n# expect: 3\nend\n", ["1"]),
      "# expect: 1\nprint 2\nend\n")
  }

  func testNoOutputRemovesEveryExpectLine() {
    XCTAssertEqual(update("# expect: 1\nx\n", []), "x\n")
  }

  func testOtherDirectivesAndLinesAreKept() {
    let source =
      "# skip: no\nc = \"#ff\"  # expect: old\nboom  # expect runtime error: boom\n# expect error line 9: x\n"
    XCTAssertEqual(
      update(source, ["new"]),
      "# skip: no\nc = \"#ff\"  # expect: new\nboom  # expect runtime error: boom\n# expect error line 9: x\n"
    )
  }

  func testCarriageReturnLineBreaksAreKept() {
    XCTAssertEqual(
      update("a\r\n# expect: 1\r\n", ["1", "2"]), "a\r\n# expect: 1\r\n# expect: 2\r\n")
  }

  func testOutputLinesLoseTrailingWhitespace() {
    XCTAssertEqual(update("# expect: x\n", [" y  "]), "# expect:  y\n")
  }

  func testUpdatedSourceParsesBackToTheOutput() {
    let output = ["", " lead", "#ff0000", "a # b", "\"q\""]
    let updated = update("print 1 # expect: 1\n", output)
    XCTAssertEqual(Expectations(source: updated).outputs.map(\.text), output)
  }

  // MARK: Through the runner

  func testRunnerUpdatesFilesThatDifferInOutputOnly() throws {
    try directory.write("tests/a.anim", "print 1\n# expect: 0\n# expect: 9\n")
    try directory.write("tests/b.anim", "print 1  # expect: 1\n")
    try directory.write("tests/c.anim", "print 1\n")
    let outcomes = [
      "tests/a.anim": ScriptOutcome(stdout: "1\n"),
      "tests/b.anim": ScriptOutcome(stdout: "1\n"),
      "tests/c.anim": ScriptOutcome(stdout: "1\n2\n"),
    ]
    let (report, output) = run(TestOptions(update: true), outcomes)
    XCTAssertEqual(
      output.standardOutput,
      [
        "PASS tests/a.anim (updated)", "PASS tests/b.anim", "PASS tests/c.anim (updated)",
        "3 passed, 0 failed",
      ])
    XCTAssertEqual(report.exitCode, 0)
    XCTAssertEqual(try directory.read("tests/a.anim"), "print 1\n# expect: 1\n")
    XCTAssertEqual(try directory.read("tests/b.anim"), "print 1  # expect: 1\n")
    XCTAssertEqual(try directory.read("tests/c.anim"), "print 1\n# expect: 1\n# expect: 2\n")
    // Nothing but the tests is left behind.
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: directory.path + "/tests").sorted(),
      ["a.anim", "b.anim", "c.anim"])
  }

  func testRunnerWritesNewLinesWhereTheOutcomeSaysTheyWerePrinted() throws {
    try directory.write("tests/a.anim", "print 1\nprint \"2\\n3\"\nx = 4\n")
    var outcome = ScriptOutcome(stdout: "1\n2\n3\n")
    outcome.outputOrigins = [1, 2, 2]
    _ = run(TestOptions(update: true), ["tests/a.anim": outcome])
    XCTAssertEqual(
      try directory.read("tests/a.anim"),
      "print 1\n# expect: 1\nprint \"2\\n3\"\n# expect: 2\n# expect: 3\nx = 4\n")
    // One printed line holding line breaks is several lines of output.
    XCTAssertEqual(ScriptOutcome.outputLineCount("a\nb\r\nc"), 3)
    XCTAssertEqual(ScriptOutcome.outputLineCount(""), 1)
  }

  func testRunnerDoesNotUpdateFileWithUnexpectedError() throws {
    let source = "print 1  # expect: 1\nprint y\n"
    try directory.write("tests/a.anim", source)
    let (report, output) = run(
      TestOptions(update: true),
      [
        "tests/a.anim": ScriptOutcome(
          stdout: "", errors: [compileError(2, 7, "unknown name 'y'")], exitCode: 65)
      ])
    XCTAssertEqual(
      output.standardOutput,
      ["FAIL tests/a.anim", "  unexpected error at 2:7: unknown name 'y'", "0 passed, 1 failed"])
    XCTAssertEqual(report.exitCode, 1)
    XCTAssertEqual(try directory.read("tests/a.anim"), source)
  }

  func testRunnerUpdatesOutputOfFileWithExpectedError() throws {
    try directory.write(
      "tests/a.anim", "print 1  # expect: 0\nboom  # expect runtime error: boom\n")
    let (_, output) = run(
      TestOptions(update: true),
      [
        "tests/a.anim": ScriptOutcome(
          stdout: "1\n", errors: [runtimeError(2, 1, "boom")], exitCode: 70)
      ])
    XCTAssertEqual(output.standardOutput, ["PASS tests/a.anim (updated)", "1 passed, 0 failed"])
    XCTAssertEqual(
      try directory.read("tests/a.anim"),
      "print 1  # expect: 1\nboom  # expect runtime error: boom\n")
  }

  func testUpdatedFileWithFailedExpectationStillFails() throws {
    try directory.write("tests/a.anim", "print 1\nexpect 1 == 2\n")
    let failure = ScriptOutcome.FailedExpectation(
      line: 2, column: 1, message: "expectation failed: 1 is 1, expected 2 (t=0)")
    let (report, output) = run(
      TestOptions(update: true),
      ["tests/a.anim": ScriptOutcome(stdout: "1\n", failedExpectations: [failure], exitCode: 1)])
    XCTAssertEqual(
      output.standardOutput,
      [
        "FAIL tests/a.anim (updated)", "  line 2: expectation failed: 1 is 1, expected 2 (t=0)",
        "0 passed, 1 failed",
      ])
    XCTAssertEqual(report.exitCode, 1)
    XCTAssertEqual(try directory.read("tests/a.anim"), "print 1\nexpect 1 == 2\n# expect: 1\n")
  }

  func testUpdateKeepsPermissions() throws {
    let path = try directory.write("tests/a.anim", "# expect: 0\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    _ = run(TestOptions(update: true), ["tests/a.anim": ScriptOutcome(stdout: "1\n")])
    let permissions =
      try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    XCTAssertEqual(permissions, 0o600)
    XCTAssertEqual(try directory.read("tests/a.anim"), "# expect: 1\n")
  }

  func testWithoutUpdateNothingIsWritten() throws {
    try directory.write("tests/a.anim", "# expect: 0\n")
    let (report, _) = run(TestOptions(), ["tests/a.anim": ScriptOutcome(stdout: "1\n")])
    XCTAssertEqual(report.exitCode, 1)
    XCTAssertEqual(try directory.read("tests/a.anim"), "# expect: 0\n")
  }
}
