import Foundation
import XCTest

/// The command line around the language (SPEC §15): `anim FILE`, `-e`, `-`,
/// the wording for files that cannot be run, and output that cannot be written.
final class CommandLineTests: XCTestCase {
  private func script(_ text: String, named name: String = "s.anim") throws -> URL {
    let url = try temporaryDirectory(self).appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  func testAFileNameAloneRunsIt() throws {
    let file = try script("print 1 + 1\n")
    let result = try runProcess(try animBinary(), [file.path], input: "")
    XCTAssertEqual(result.standardOutput, "2\n")
    XCTAssertEqual(result.status, 0)
  }

  func testDashERunsTheTextGiven() throws {
    let result = try runProcess(try animBinary(), ["-e", "print 3; expect 1 == 2"], input: "")
    XCTAssertEqual(result.standardOutput, "3\n")
    XCTAssertEqual(
      result.standardError,
      """
      <-e>:1:17: expectation failed: 1 is 1, expected 2 (t=0)
      1 | print 3; expect 1 == 2
        |                 ^~~~~~

      """)
    XCTAssertEqual(result.status, 1)
  }

  func testADashIsStandardInput() throws {
    for arguments in [["-"], ["run", "-"]] {
      let result = try runProcess(try animBinary(), arguments, input: "print 4\n")
      XCTAssertEqual(result.standardOutput, "4\n")
      XCTAssertEqual(result.status, 0)
    }
  }

  func testRunWithNothingToRunIsAUsageError() throws {
    let result = try runProcess(try animBinary(), ["run"], input: "")
    XCTAssertTrue(
      result.standardError.contains(
        "give a script to run: FILE, - for standard input, or -e TEXT"), result.standardError)
    XCTAssertEqual(result.status, 64)
  }

  func testADirectoryIsSaidToBeOne() throws {
    let result = try runProcess(try animBinary(), ["run", "."], input: "")
    XCTAssertEqual(result.standardError, "anim: .: is a directory\n")
    XCTAssertEqual(result.status, 66)
  }

  func testAMissingFileIsWordedAlikeByEveryCommand() throws {
    for arguments in [["run", "nosuch"], ["nosuch"], ["check", "nosuch"], ["test", "nosuch"]] {
      let result = try runProcess(try animBinary(), arguments, input: "")
      XCTAssertEqual(
        result.standardError, "anim: nosuch: no such file or directory\n", "\(arguments)")
      XCTAssertEqual(result.status, 66, "\(arguments)")
    }
  }

  /// `> /dev/full`: every command that prints fails with 74 and says why.
  func testOutputThatCannotBeWrittenIsExit74() throws {
    let file = try script("print 1\n")
    let full = FileHandle(forWritingAtPath: "/dev/full")
    try XCTSkipIf(full == nil, "no /dev/full")
    for (arguments, input) in [
      (["run", file.path], ""), ([file.path], ""), (["test", file.path], ""),
      (["repl"], "print 1\n"), ([], "print 1\n"), (["fmt"], "print 1\n"),
    ] {
      let result = try runProcess(
        try animBinary(), arguments, input: input, standardOutput: full)
      XCTAssertEqual(
        result.standardError, "anim: cannot write standard output: No space left on device\n",
        "\(arguments)")
      XCTAssertEqual(result.status, 74, "\(arguments)")
    }
  }

  /// `anim run x | head -1`: the reader goes away; anim stops at once, quietly.
  func testAClosedPipeEndsQuietly() throws {
    let file = try script("for i in 0..<1000000 { print i }\n")
    let process = Process()
    process.executableURL = try animBinary()
    process.arguments = ["run", file.path]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let first = output.fileHandleForReading.readData(ofLength: 2)
    XCTAssertEqual(String(decoding: first, as: UTF8.self), "0\n")
    try output.fileHandleForReading.close()
    let finished = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      process.waitUntilExit()
      finished.signal()
    }
    if finished.wait(timeout: .now() + 30) == .timedOut {
      process.terminate()
      XCTFail("anim did not stop when its reader went away")
    }
    XCTAssertEqual(errors.fileHandleForReading.readDataToEndOfFile(), Data())
    XCTAssertEqual(process.terminationStatus, 74)
  }

  /// `anim check --json`: one object per diagnostic per line, columns in characters.
  func testCheckJSONWritesOneObjectPerDiagnostic() throws {
    let file = try script("print \"e\u{301}👍🏽\", foo(1)\nx = (\n", named: "j.anim")
    let result = try runProcess(
      try animBinary(), ["check", "--json", "j.anim"], input: "",
      currentDirectory: file.deletingLastPathComponent())
    XCTAssertEqual(
      result.standardOutput,
      """
      {"file": "j.anim", "line": 2, "column": 6, "endLine": 2, "endColumn": 6, \
      "severity": "error", "message": "expected expression", "hint": null}

      """)
    XCTAssertEqual(result.standardError, "")
    XCTAssertEqual(result.status, 65)
    let names = try script("print \"e\u{301}👍🏽\", foo(1)\n", named: "n.anim")
    let unknown = try runProcess(try animBinary(), ["check", "--json", names.path], input: "")
    XCTAssertEqual(
      unknown.standardOutput,
      """
      {"file": "\(names.path)", "line": 1, "column": 13, "endLine": 1, "endColumn": 16, \
      "severity": "error", "message": "unknown function 'foo'", "hint": null}

      """)
  }

  func testTestUpdateWritesEachNewExpectLineWhereItsOutputIsProduced() throws {
    let file = try script(
      """
      print "a"
      # expect: a
      h = run wait(1)
      on h done { print "done" }
      print "b"
      for i in 1...2 {
        print i
      }
      step 2

      """, named: "update.anim")
    let result = try runProcess(try animBinary(), ["test", "--update", file.path], input: "")
    XCTAssertEqual(result.status, 0, result.standardOutput + result.standardError)
    // The handler's line goes after the `step` that fired it, the loop's
    // after the loop.
    XCTAssertEqual(
      try String(contentsOf: file, encoding: .utf8),
      """
      print "a"
      # expect: a
      h = run wait(1)
      on h done { print "done" }
      print "b"
      # expect: b
      for i in 1...2 {
        print i
      }
      # expect: 1
      # expect: 2
      step 2
      # expect: done

      """)
  }
}
