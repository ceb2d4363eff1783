import Foundation
import XCTest

/// `--watch`: a change to a script or to a file it imports runs it again,
/// with a line saying so.
final class WatchTests: XCTestCase {
  /// Reads the child's output until it holds `text`, or fails after 20 s.
  private func wait(for text: String, in output: Pipe, collected: inout String) {
    let deadline = Date().addingTimeInterval(20)
    while !collected.contains(text) && Date() < deadline {
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { break }
      collected += String(decoding: data, as: UTF8.self)
    }
    XCTAssertTrue(collected.contains(text), "no \(text) in: \(collected)")
  }

  private func watch(_ arguments: [String], change: (URL) throws -> Void, expect: [String])
    throws
  {
    let directory = try temporaryDirectory(self)
    let main = directory.appendingPathComponent("main.anim")
    let lib = directory.appendingPathComponent("lib.anim")
    try "import \"lib.anim\"\nprint x  # expect: 1\n".write(
      to: main, atomically: false, encoding: .utf8)
    try "x = 1\n".write(to: lib, atomically: false, encoding: .utf8)
    let process = Process()
    process.executableURL = try animBinary()
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    var collected = ""
    wait(for: expect[0], in: output, collected: &collected)
    try change(directory)
    for text in expect.dropFirst() { wait(for: text, in: output, collected: &collected) }
  }

  func testRunWatchesTheScriptAndItsImports() throws {
    try watch(
      ["run", "--watch", "main.anim"],
      change: { directory in
        try "x = 2\n".write(
          to: directory.appendingPathComponent("lib.anim"), atomically: false, encoding: .utf8)
      }, expect: ["1\n", "lib.anim changed at ", ": running again ──\n2\n"])
  }

  func testTestWatchesTheTestFiles() throws {
    try watch(
      ["test", "--watch", "main.anim"],
      change: { directory in
        try "x = 3\n".write(
          to: directory.appendingPathComponent("lib.anim"), atomically: false, encoding: .utf8)
      },
      expect: [
        "PASS main.anim\n1 passed, 0 failed\n", "lib.anim changed at ",
        "FAIL main.anim\n  line 2: expected \"1\", got \"3\"\n",
      ])
  }
}
