import XCTest

/// `anim repl` with standard input from a pipe: no prompts, no editing, so a
/// session's output can be compared as text.
final class PipedBinaryTests: XCTestCase {
  func testTheDesignExamplePipedIn() throws {
    let result = try runProcess(
      try animBinary(), ["repl"],
      input: """
        blink = fade(out, 1) + fade(in, 1); run blink * 100
        step 1.5
        print view.alpha
        expect view.alpha == 0.5
        view.alpha

        """)
    XCTAssertEqual(
      result.standardOutput,
      """
        0.000s  #1 start
        view.alpha 1 → 0.5
      0.5
      0.5

      """)
    XCTAssertEqual(result.standardError, "")
    XCTAssertEqual(result.status, 0)
  }

  func testErrorsGoToStandardErrorAndChangeNothing() throws {
    let result = try runProcess(
      try animBinary(), ["repl"],
      input: "run fade(out,\n  2)\nstep 1; step -1\nstep 1\nprint view.alpha, time\n:bogus\n")
    XCTAssertEqual(
      result.standardOutput,
      """
        0.000s  #1 start
        view.alpha 1 → 0.5
      0.5 1

      """)
    XCTAssertEqual(
      result.standardError,
      """
      <repl>:1:14: error: cannot step back in time: step -1
      1 | step 1; step -1
        |              ^~
      <repl>:1:1: error: unknown meta-command ':bogus'
      1 | :bogus
        | ^~~~~~
        = hint: type :help meta for the list

      """)
    XCTAssertEqual(result.status, 0)
  }

  /// `--work-limit` reaches the interpreter of `anim run` and of the REPL;
  /// a value that is not a whole number ≥ 1 is a usage error.
  func testTheWorkLimitOptionStopsALoopThatDoesNotEnd() throws {
    let directory = try temporaryDirectory(self)
    let file = directory.appendingPathComponent("spin.anim")
    try "n = 0\nfor i in 0..<1e7 { for j in 0..<1e7 { n = n + 1 } }\n".write(
      to: file, atomically: true, encoding: .utf8)
    let run = try runProcess(
      try animBinary(), ["run", "--work-limit", "1e3", file.path], input: "")
    XCTAssertEqual(run.status, 70)
    XCTAssertTrue(
      run.standardError.hasPrefix(
        "\(file.path):2:29: error: work limit reached: more than 1000 steps"),
      run.standardError)
    let repl = try runProcess(
      try animBinary(), ["repl", "--work-limit", "50"],
      input: "n = 0\nfor i in 0..<1e7 { n = n + 1 }\nprint n\n")
    XCTAssertEqual(repl.standardOutput, "0\n")
    XCTAssertTrue(repl.standardError.contains("more than 50 steps"), repl.standardError)
    XCTAssertEqual(repl.status, 0)
    let bad = try runProcess(try animBinary(), ["run", "--work-limit", "-3", file.path], input: "")
    XCTAssertEqual(bad.status, 64)
  }

  func testAFileGivenOnTheCommandLineIsLoadedFirst() throws {
    let directory = try temporaryDirectory(self)
    let file = directory.appendingPathComponent("start.anim")
    try "view box(x: 3)\nrun fade(out, 2) on box\n".write(
      to: file, atomically: true, encoding: .utf8)
    let result = try runProcess(
      try animBinary(), ["repl", file.path], input: "step 1\nprint box.x, box.alpha\n")
    XCTAssertEqual(
      result.standardOutput,
      """
      loaded \(file.path)
        0.000s  #1 start
        box.alpha 1 → 0.5
      3 0.5

      """)
    XCTAssertEqual(result.status, 0)
  }

  func testABrokenFileLeavesAnEmptySession() throws {
    let directory = try temporaryDirectory(self)
    let file = directory.appendingPathComponent("broken.anim")
    try "view box\nrun fade(out,\n".write(to: file, atomically: true, encoding: .utf8)
    let result = try runProcess(try animBinary(), ["repl", file.path], input: "print box\n")
    XCTAssertEqual(result.standardOutput, "box\n")
    XCTAssertEqual(
      result.standardError,
      """
      \(file.path):2:14: error: expected expression
      2 | run fade(out,
        |              ^

      """)
    XCTAssertEqual(result.status, 0)
  }

  func testAPipedSessionKeepsNoHistoryFile() throws {
    let directory = try temporaryDirectory(self)
    let history = directory.appendingPathComponent("history")
    let result = try runProcess(
      try animBinary(), ["repl"], input: "print 1\n:history\n",
      environment: ["ANIM_HISTORY": history.path])
    XCTAssertEqual(result.standardOutput, "1\n    1  print 1\n    2  :history\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: history.path))
  }
}
