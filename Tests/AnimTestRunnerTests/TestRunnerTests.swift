import XCTest

@testable import AnimTestRunner

final class TestRunnerTests: TemporaryDirectoryTestCase {
  func testPlainOutputAndSummary() throws {
    try directory.write("tests/a.anim", "print 1  # expect: 1\n")
    try directory.write("tests/b.anim", "print 1\n# expect: 0.5\n")
    try directory.write("tests/c.anim", "# skip: needs springs\n")
    let (report, output) = run(
      TestOptions(),
      [
        "tests/a.anim": ScriptOutcome(stdout: "1\n"),
        "tests/b.anim": ScriptOutcome(stdout: "0.25\n"),
      ])
    XCTAssertEqual(
      output.standardOutput,
      [
        "PASS tests/a.anim",
        "FAIL tests/b.anim",
        #"  line 2: expected "0.5", got "0.25""#,
        "SKIP tests/c.anim (needs springs)",
        "1 passed, 1 failed, 1 skipped",
      ])
    XCTAssertEqual(output.standardError, [])
    XCTAssertEqual(report.exitCode, 1)
    XCTAssertEqual(report.summaryLine, "1 passed, 1 failed, 1 skipped")
  }

  func testSummaryWithoutSkippedAndExitZero() throws {
    try directory.write("tests/a.anim")
    try directory.write("tests/b.anim")
    let (report, output) = run()
    XCTAssertEqual(
      output.standardOutput, ["PASS tests/a.anim", "PASS tests/b.anim", "2 passed, 0 failed"])
    XCTAssertEqual(report.exitCode, 0)
  }

  func testSkipWithoutReason() throws {
    try directory.write("tests/a.anim", "# skip:\n")
    let (report, output) = run()
    XCTAssertEqual(output.standardOutput, ["SKIP tests/a.anim", "0 passed, 0 failed, 1 skipped"])
    XCTAssertEqual(report.exitCode, 0)
  }

  func testSkippedFileIsNotRun() throws {
    try directory.write("tests/a.anim", "# skip: later\n")
    try directory.write("tests/b.anim")
    let executor = FakeExecutor()
    _ = TestRunner(executor: executor).run(output: CapturedOutput().sink)
    XCTAssertEqual(executor.executedPaths, ["tests/b.anim"])
  }

  func testFailureLinesForEachKind() throws {
    try directory.write("tests/1.anim", "x = 1\nprint y\n")
    try directory.write("tests/2.anim", "\n\n\nexpect view.alpha == 0.5\n")
    try directory.write("tests/3.anim", "cancel h  # expect runtime error: stale handle\n")
    try directory.write("tests/4.anim", "print 1  # expect: 1\n# expect: x\n")
    try directory.write("tests/5.anim", "print 1\n")
    let failure = ScriptOutcome.FailedExpectation(
      line: 4, column: 1, message: "expectation failed: view.alpha is 0.25, expected 0.5 (t=1.5)")
    let (report, output) = run(
      TestOptions(),
      [
        "tests/1.anim": ScriptOutcome(
          stdout: "", errors: [compileError(2, 7, "unknown name 'y'")], exitCode: 65),
        "tests/2.anim": ScriptOutcome(stdout: "", failedExpectations: [failure], exitCode: 1),
        "tests/4.anim": ScriptOutcome(stdout: "1\n"),
        "tests/5.anim": ScriptOutcome(stdout: "1\n"),
      ])
    XCTAssertEqual(
      output.standardOutput,
      [
        "FAIL tests/1.anim",
        "  unexpected error at 2:7: unknown name 'y'",
        "FAIL tests/2.anim",
        "  line 4: expectation failed: view.alpha is 0.25, expected 0.5 (t=1.5)",
        "FAIL tests/3.anim",
        #"  line 1: expected runtime error "stale handle", got none"#,
        "FAIL tests/4.anim",
        #"  line 2: expected output "x", got end of output"#,
        "FAIL tests/5.anim",
        #"  extra output "1""#,
        "0 passed, 5 failed",
      ])
    XCTAssertEqual(report.exitCode, 1)
  }

  func testExpectedErrorsPass() throws {
    try directory.write("tests/compile.anim", "print y  # expect error: unknown name\n")
    try directory.write(
      "tests/runtime.anim", "print 1  # expect: 1\n# expect runtime error line 3: boom\nboom()\n")
    let (report, output) = run(
      TestOptions(),
      [
        "tests/compile.anim": ScriptOutcome(
          stdout: "", errors: [compileError(1, 7, "unknown name 'y'")], exitCode: 65),
        "tests/runtime.anim": ScriptOutcome(
          stdout: "1\n", errors: [runtimeError(3, 1, "boom went the script")], exitCode: 70),
      ])
    XCTAssertEqual(
      output.standardOutput,
      ["PASS tests/compile.anim", "PASS tests/runtime.anim", "2 passed, 0 failed"])
    XCTAssertEqual(report.exitCode, 0)
  }

  func testFilter() throws {
    try directory.write("tests/fade.anim")
    try directory.write("tests/spring.anim")
    let (_, output) = run(TestOptions(filter: "spr"))
    XCTAssertEqual(output.standardOutput, ["PASS tests/spring.anim", "1 passed, 0 failed"])
  }

  func testAFilterThatSelectsNothingIsAnError() throws {
    try directory.write("tests/fade.anim")
    let (report, output) = run(TestOptions(filter: "zzz"))
    XCTAssertEqual(output.standardOutput, [])
    XCTAssertEqual(output.standardError, ["anim: --filter zzz selects no test file under tests"])
    XCTAssertEqual(report.exitCode, 66)
  }

  func testNoFilesFound() throws {
    try FileManager.default.createDirectory(atPath: "tests", withIntermediateDirectories: true)
    let (report, output) = run()
    XCTAssertEqual(output.standardOutput, ["0 passed, 0 failed"])
    XCTAssertEqual(report.exitCode, 0)
  }

  func testNonExistentPath() throws {
    try directory.write("tests/a.anim")
    let (report, output) = run(TestOptions(paths: ["tests", "missing"]))
    XCTAssertEqual(output.standardOutput, [])
    XCTAssertEqual(output.standardError, ["anim: missing: no such file or directory"])
    XCTAssertEqual(report.exitCode, 66)
    XCTAssertEqual(report.results, [])
  }

  func testInvalidUTF8FileIsRunAndJudgedByItsDirectives() throws {
    // `print "caf<FF>"  # expect error: invalid UTF-8`: the directive is read
    // (the bad byte as U+FFFD) and holds against the script's compile error.
    var bytes = Array(#"print "caf"#.utf8) + [0xFF]
    bytes += Array(#""  # expect error: invalid UTF-8"#.utf8) + [0x0A]
    try directory.write("tests/a.anim")
    try Data(bytes).write(to: URL(fileURLWithPath: "tests/b.anim"))
    let outcomes = [
      "tests/b.anim": ScriptOutcome(
        stdout: "", errors: [compileError(1, 11, "invalid UTF-8 in source")], exitCode: 65)
    ]
    let (report, output) = run(TestOptions(), outcomes)
    XCTAssertEqual(
      output.standardOutput, ["PASS tests/a.anim", "PASS tests/b.anim", "2 passed, 0 failed"])
    XCTAssertEqual(report.exitCode, 0)
  }

  func testInvalidUTF8FileWithoutDirectivesFailsOnItsError() throws {
    try directory.write("tests/a.anim")
    try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: "tests/b.anim"))
    let outcomes = [
      "tests/b.anim": ScriptOutcome(
        stdout: "", errors: [compileError(1, 1, "invalid UTF-8 in source")], exitCode: 65)
    ]
    let (report, output) = run(TestOptions(), outcomes)
    XCTAssertEqual(output.standardOutput.first, "PASS tests/a.anim")
    XCTAssertEqual(output.standardOutput.dropFirst().first, "FAIL tests/b.anim")
    XCTAssertEqual(output.standardOutput.last, "1 passed, 1 failed")
    XCTAssertEqual(report.exitCode, 1)
  }

  func testUpdateNeverRewritesAnInvalidUTF8File() throws {
    // Its output differs from its `# expect:`, which `--update` would fix in any other file.
    let bytes: [UInt8] = Array("print 1  # expect: 2\n# ".utf8) + [0xFF, 0x0A]
    try directory.write("tests/x.anim")
    try Data(bytes).write(to: URL(fileURLWithPath: "tests/b.anim"))
    let outcomes = ["tests/b.anim": ScriptOutcome(stdout: "1\n")]
    let (report, _) = run(TestOptions(update: true), outcomes)
    XCTAssertEqual(report.exitCode, 1)
    XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: "tests/b.anim"))), bytes)
  }

  func testManyFilesInParallelAreReportedInSortedOrder() throws {
    var outcomes: [String: ScriptOutcome] = [:]
    var expected: [String] = []
    for index in 0..<40 {
      let name = String(format: "tests/f%02d.anim", index)
      try directory.write(name, "# expect: \(index)\n")
      // Every third file fails.
      outcomes[name] = ScriptOutcome(stdout: index % 3 == 0 ? "x\n" : "\(index)\n")
      expected.append((index % 3 == 0 ? "FAIL " : "PASS ") + name)
      if index % 3 == 0 { expected.append(#"  line 1: expected "\#(index)", got "x""#) }
    }
    expected.append("26 passed, 14 failed")
    for jobs in [1, 4, 16] {
      let (report, output) = run(TestOptions(jobs: jobs), outcomes)
      XCTAssertEqual(output.standardOutput, expected, "jobs: \(jobs)")
      XCTAssertEqual(
        report.results.map(\.path), (0..<40).map { String(format: "tests/f%02d.anim", $0) })
    }
  }

  func testDurationIsRecorded() throws {
    try directory.write("tests/a.anim")
    let (report, _) = run()
    XCTAssertEqual(report.results.count, 1)
    XCTAssertGreaterThanOrEqual(report.results[0].duration, 0)
    XCTAssertGreaterThanOrEqual(report.duration, report.results[0].duration)
  }

  func testFilesRunAtTheSameTime() throws {
    try directory.write("tests/a.anim")
    try directory.write("tests/b.anim")
    let executor = RendezvousExecutor()
    let report = TestRunner(executor: executor, options: TestOptions(jobs: 2))
      .run(output: CapturedOutput().sink)
    XCTAssertEqual(report.exitCode, 0)
    XCTAssertEqual(executor.timedOut, false)
  }
}

/// An executor whose calls each wait until two calls are under way, which only
/// returns promptly when two files run at once.
private final class RendezvousExecutor: ScriptExecutor, @unchecked Sendable {
  private let lock = NSLock()
  private let bothArrived = DispatchSemaphore(value: 0)
  private var arrivals = 0
  private var didTimeOut = false

  func execute(path: String) -> ScriptOutcome {
    let isSecond = lock.withLock {
      arrivals += 1
      return arrivals == 2
    }
    if isSecond {
      bothArrived.signal()
    } else if bothArrived.wait(timeout: .now() + 10) == .timedOut {
      lock.withLock { didTimeOut = true }
    }
    return ScriptOutcome(stdout: "")
  }

  var timedOut: Bool { lock.withLock { didTimeOut } }
}
