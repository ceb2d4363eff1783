import XCTest

@testable import AnimTestRunner

final class TAPWriterTests: TemporaryDirectoryTestCase {
  func testTAPOutput() throws {
    try directory.write("tests/a.anim", "# expect: 1\n")
    try directory.write("tests/b.anim", "# expect: 0.5\n")
    try directory.write("tests/c.anim", "# skip: needs springs\n")
    let (report, output) = run(
      TestOptions(format: .tap),
      [
        "tests/a.anim": ScriptOutcome(stdout: "1\n"),
        "tests/b.anim": ScriptOutcome(stdout: "0.25\n"),
      ])
    XCTAssertEqual(
      output.standardOutput,
      [
        "TAP version 13",
        "1..3",
        "ok 1 - tests/a.anim",
        "not ok 2 - tests/b.anim",
        #"# line 1: expected "0.5", got "0.25""#,
        "ok 3 - tests/c.anim # SKIP needs springs",
        "# 1 passed, 1 failed, 1 skipped",
      ])
    XCTAssertEqual(report.exitCode, 1)
  }

  func testTAPWithNoFiles() throws {
    try FileManager.default.createDirectory(atPath: "tests", withIntermediateDirectories: true)
    let (_, output) = run(TestOptions(format: .tap))
    XCTAssertEqual(output.standardOutput, ["TAP version 13", "1..0", "# 0 passed, 0 failed"])
  }

  func testSkipWithoutReasonAndHashInPath() {
    let writer = TAPWriter()
    XCTAssertEqual(
      writer.lines(for: TestResult(path: "a#1.anim", status: .skipped(reason: "")), number: 4),
      [##"ok 4 - a\#1.anim # SKIP"##])
  }
}
