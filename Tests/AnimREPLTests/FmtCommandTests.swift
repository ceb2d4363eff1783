import Foundation
import XCTest

/// `anim fmt` through the built binary: rewriting, `--check`, standard input,
/// and the exit codes.
final class FmtCommandTests: XCTestCase {
  func testFormatsFilesInPlaceAndCheckListsWhatWouldChange() throws {
    let directory = try temporaryDirectory(self)
    let messy = directory.appendingPathComponent("messy.anim")
    let tidy = directory.appendingPathComponent("tidy.anim")
    try "run fade(out,1)*2\n\n\nstep  1 # one\n".write(to: messy, atomically: true, encoding: .utf8)
    try "step 1\n".write(to: tidy, atomically: true, encoding: .utf8)

    let check = try runProcess(
      try animBinary(), ["fmt", "--check", "."], input: "", currentDirectory: directory)
    XCTAssertEqual(check.standardOutput, "messy.anim\n")
    XCTAssertEqual(check.standardError, "")
    XCTAssertEqual(check.status, 1)
    XCTAssertEqual(
      try String(contentsOf: messy, encoding: .utf8), "run fade(out,1)*2\n\n\nstep  1 # one\n")

    let format = try runProcess(
      try animBinary(), ["fmt", "."], input: "", currentDirectory: directory)
    XCTAssertEqual(format.standardOutput, "")
    XCTAssertEqual(format.status, 0)
    XCTAssertEqual(
      try String(contentsOf: messy, encoding: .utf8), "run fade(out, 1) * 2\n\nstep 1  # one\n")

    let again = try runProcess(
      try animBinary(), ["fmt", "--check", "messy.anim", "tidy.anim"], input: "",
      currentDirectory: directory)
    XCTAssertEqual(again.standardOutput, "")
    XCTAssertEqual(again.status, 0)
  }

  func testStandardInputGoesToStandardOutput() throws {
    let result = try runProcess(try animBinary(), ["fmt"], input: "print  1+2")
    XCTAssertEqual(result.standardOutput, "print 1 + 2\n")
    XCTAssertEqual(result.status, 0)
    let check = try runProcess(try animBinary(), ["fmt", "--check", "-"], input: "print  1\n")
    XCTAssertEqual(check.standardOutput, "<stdin>\n")
    XCTAssertEqual(check.status, 1)
  }

  func testASyntaxErrorIsReportedAndTheFileLeftAlone() throws {
    let directory = try temporaryDirectory(self)
    let broken = directory.appendingPathComponent("broken.anim")
    try "run fade(out, 1\n".write(to: broken, atomically: true, encoding: .utf8)
    let named = try runProcess(
      try animBinary(), ["fmt", "broken.anim"], input: "", currentDirectory: directory)
    XCTAssertTrue(
      named.standardError.hasPrefix("broken.anim:1:16: error: expected ')' after arguments"),
      named.standardError)
    XCTAssertEqual(named.status, 65)
    XCTAssertEqual(try String(contentsOf: broken, encoding: .utf8), "run fade(out, 1\n")
    // Found in a folder, it is skipped with a note (test folders hold such scripts).
    let found = try runProcess(
      try animBinary(), ["fmt", "--check", "."], input: "", currentDirectory: directory)
    XCTAssertEqual(
      found.standardError,
      "anim: skipped 1 script with syntax errors found in folders (name a file to see its errors)\n"
    )
    XCTAssertEqual(found.status, 0)
  }

  func testAMissingPathIsExit66() throws {
    let result = try runProcess(try animBinary(), ["fmt", "/nonexistent/x.anim"], input: "")
    XCTAssertEqual(result.standardError, "anim: /nonexistent/x.anim: no such file or directory\n")
    XCTAssertEqual(result.status, 66)
  }
}
